"""Builders for Guiñote positions used by the rule tests.

Everything here goes through the public engine surface (``GuinoteState.from_hands``
and ``apply_action``): positions in arrastre are reached by *playing out* phase 1
with a stock arranged so that every seat ends up holding the cards the test asks
for. Nothing pokes at the engine's private attributes.

Conventions (the engine's): seats are numbered in playing order, seat ``s + 1``
plays after seat ``s``; teams are ``seat % 2``; card strings are Spanish
(``Rc`` = rey de copas) or French (``K♥``), see :mod:`tapete.core.cards.spanish`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tapete.core.cards.spanish import card_str, cards_of, parse_card, parse_cards
from tapete.guinote.actions import CLAIM, PASS, TUTE, action_str
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import PLAY, PREDRAW, WINDOW, GuinoteState

ALL_CARDS = frozenset(range(40))

# --------------------------------------------------------------------- basics


def rules(preset: str = "aragones", **options: Any) -> GuinoteRules:
    """A preset with some options changed."""
    r = GuinoteRules.preset(preset)
    return r.replace(**options) if options else r


def C(text: str) -> int:
    """One card id from its string (``C("Rc")``)."""
    return parse_card(text)


def cards(text: str) -> list[int]:
    """Card ids from a space-separated string."""
    return parse_cards(text)


def mask(text: str | Iterable[int]) -> int:
    m = 0
    for c in parse_cards(text) if isinstance(text, str) else text:
        m |= 1 << c
    return m


def hand_set(state: GuinoteState, seat: int) -> set[int]:
    return set(cards_of(state.hands[seat]))


def hand_str(state: GuinoteState, seat: int) -> str:
    return " ".join(card_str(c) for c in cards_of(state.hands[seat]))


def legal_cards(state: GuinoteState) -> set[str]:
    """The legal card plays of the current seat, as card strings."""
    return {action_str(a) for a in state.legal_actions() if a < 40}


def legal(state: GuinoteState) -> set[str]:
    """All legal actions of the current seat, as strings."""
    return set(state.legal_action_strings())


def team_of(seat: int) -> int:
    return seat % 2


# ------------------------------------------------------------------ snapshots

#: Public attributes of GuinoteState that together make up the whole position.
STATE_FIELDS = (
    "dealer", "phase", "cur", "leader", "hands", "stock", "indicator", "trump", "trick",
    "trick_best", "trick_best_seat", "taken", "card_points", "cante_points", "tricks_won",
    "tricks_played", "last_winner", "sung", "cantes", "window_count", "window_open", "known",
    "arrastre", "exchanged_by", "claim_team", "claim_ok", "tute_team", "tricks",
    "scores_before", "vueltas",
)  # fmt: skip


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def snapshot(state: GuinoteState) -> dict[str, Any]:
    """A deep, immutable picture of everything observable about a state."""
    snap = {name: _frozen(getattr(state, name)) for name in STATE_FIELDS}
    snap["rules"] = state.rules
    snap["legal_actions"] = tuple(state.legal_actions())
    snap["current_player"] = state.current_player
    snap["terminal"] = state.is_terminal()
    snap["stock_size"] = state.stock_size()
    snap["deal_points"] = state.deal_points()
    return snap


# ------------------------------------------------------------------ deals


def other_cards(used: Iterable[int]) -> list[int]:
    used = set(used)
    return [c for c in range(40) if c not in used]


def deal(
    rules_: GuinoteRules,
    hands: Sequence[str],
    indicator: str,
    stock: str = "",
    dealer: int = 0,
    scores_before: tuple[int, int] = (0, 0),
    vueltas: bool = False,
) -> GuinoteState:
    """A deal about to start: ``hands[s]`` is seat ``s``'s hand.

    ``stock`` lists the first cards to be drawn, in draw order; the rest of the
    stock is filled with the remaining cards in id order.
    """
    hs = [cards(h) for h in hands]
    ind = C(indicator)
    head = cards(stock)
    used = [c for h in hs for c in h] + [ind] + head
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice in the requested deal")
    full_stock = head + other_cards(used)
    return GuinoteState.from_hands(
        rules_, hs, ind, full_stock, dealer=dealer, scores_before=scores_before, vueltas=vueltas
    )


def first_leader(rules_: GuinoteRules, dealer: int = 0) -> int:
    return GuinoteState.first_receiver(rules_, dealer)


def play_all(state: GuinoteState, actions: str) -> None:
    """Apply space-separated actions (``"1o 3o pass sing:c"``)."""
    for a in actions.split():
        state.play(a)


def pass_specials(state: GuinoteState) -> None:
    """Decline any WINDOW/PREDRAW turn so that the next seat to act plays a card."""
    while state.phase in (WINDOW, PREDRAW):
        state.apply_action(PASS)


# -------------------------------------------------------------- the reference

#: Trick strength, low to high, by rank index (0 as, 1 dos, 2 tres, 3..6 cuatro..siete,
#: 7 sota, 8 caballo, 9 rey), written out from the seeds rather than taken from the engine.
_ORDER = {
    "sota_high": ["2", "4", "5", "6", "7", "C", "S", "R", "3", "1"],  # 002 §02
    "caballo_high": ["2", "4", "5", "6", "7", "S", "C", "R", "3", "1"],  # 001 "Card Deck", 003
}


def strength(rules_: GuinoteRules, c: int) -> int:
    """Strength of a card within its suit (0 = dos .. 9 = as), from the seed order."""
    letter = card_str(c)[:-1]
    return _ORDER[rules_.figure_order].index(letter)


def trick_winner_index(rules_: GuinoteRules, trick: Sequence[int], trump: int) -> int:
    """Index in ``trick`` of the winning card: highest trump, else highest of the suit led."""
    best = 0
    for i, c in enumerate(trick[1:], 1):
        b = trick[best]
        if c // 10 == b // 10:
            if strength(rules_, c) > strength(rules_, b):
                best = i
        elif c // 10 == trump:
            best = i
    return best


# ------------------------------------------------------------ arrastre builder


def _replay_build(rules_, seqs, ind, dealer, orders, guess, k, plays) -> GuinoteState:
    """The deal whose stock gives each seat the next card of its sequence, drawn in ``orders``
    (``guess`` for the tricks not played yet), replayed through ``plays``."""
    layout = orders + [guess] * (k - len(orders))
    stock = [seqs[s][6 + j] for j, order in enumerate(layout) for s in order]
    if stock[-1] != ind:
        raise BuildError("the indicator would not be drawn last")
    st = GuinoteState.from_hands(rules_, [q[:6] for q in seqs], ind, stock[:-1], dealer=dealer)
    for a in plays:
        pass_specials(st)
        st.apply_action(a)
    pass_specials(st)
    return st


class BuildError(ValueError):
    pass


def reach_arrastre(
    rules_: GuinoteRules,
    final_hands: Sequence[str],
    indicator: str,
    leader: int | None = None,
    dealer: int | None = None,
    seed: int = 0,
    tries: int = 3000,
    phase1_team: int | None = None,
) -> GuinoteState:
    """Play phase 1 out so that the first arrastre trick starts with ``final_hands``.

    ``final_hands[s]`` (6 cards each) is what seat ``s`` holds when the stock is
    gone; ``indicator`` (a card in one of them) fixes the trump suit and must be
    held by the seat that plays just before the arrastre leader (the last drawer).
    The other cards are discarded in phase 1 tricks, every special turn
    (cantes, the 7 exchange) declined. A seeded search arranges the discards
    so that the trick winners make the draws come out right, and checks the result.

    With ``strict_from_first_trick`` the phase-1 obligations usually make such an
    arrangement impossible; arrastre obligations do not depend on that option, so
    build arrastre positions with it off. ``phase1_team`` asks that this team
    win every phase-1 trick.
    """
    n = rules_.players
    finals = [cards(h) for h in final_hands]
    if len(finals) != n or any(len(h) != 6 for h in finals):
        raise BuildError(f"expected {n} final hands of 6 cards")
    ind = C(indicator)
    holders = [s for s in range(n) if ind in finals[s]]
    if len(holders) != 1:
        raise BuildError("the indicator must be in exactly one final hand")
    holder = holders[0]
    want_leader = (holder + 1) % n
    if leader is not None and leader != want_leader:
        raise BuildError(f"the arrastre leader must be seat {want_leader}, the seat after the indicator's holder")
    used = [c for h in finals for c in h]
    if len(set(used)) != len(used):
        raise BuildError("a card appears twice in the final hands")
    pool = other_cards(used)
    k = len(pool) // n  # tricks with drawing: 4 with 4 players, 14 with 2
    rng = random.Random(seed)
    dealers = [dealer] if dealer is not None else list(range(n))
    for _ in range(tries):
        rng.shuffle(pool)
        d = dealers[rng.randrange(len(dealers))]
        disc = [set(pool[s * k : (s + 1) * k]) for s in range(n)]
        # Each seat's cards in the order it gets them: its discards, then its
        # final cards, the indicator last (it is the last card drawn).
        seqs = []
        for s in range(n):
            fin = [c for c in finals[s] if c != ind]
            rng.shuffle(fin)
            seqs.append(sorted(disc[s]) + fin + ([ind] if s == holder else []))
        first = GuinoteState.first_receiver(rules_, d)
        guess = [(holder + 1 + i) % n for i in range(n)]  # draw order with the holder last
        orders: list[list[int]] = []
        plays: list[int] = []

        def build(orders=orders, seqs=seqs, d=d, plays=plays, guess=guess) -> GuinoteState:
            return _replay_build(rules_, seqs, ind, d, orders, guess, k, plays)

        try:
            state = build()
            for _j in range(k):
                for _ in range(n):
                    pass_specials(state)
                    seat = state.current_player
                    opts = [c for c in cards_of(state.legal_card_mask()) if c in disc[seat]]
                    if not opts:
                        raise BuildError("an obligation forces a final card")
                    a = opts[rng.randrange(len(opts))]
                    state.apply_action(a)
                    plays.append(a)
                w = state.tricks[-1][1]
                if phase1_team is not None and w % 2 != phase1_team:
                    raise BuildError("a phase-1 trick went to the other team")
                orders.append([(w + i) % n for i in range(n)])
                if orders[-1] != guess:
                    state = build()
            pass_specials(state)
        except BuildError:
            continue
        if state.first_receiver(rules_, d) != first:  # pragma: no cover - sanity
            continue
        if not state.in_arrastre() or state.current_player != want_leader:
            continue
        if [set(cards_of(h)) for h in state.hands] != [set(h) for h in finals]:
            continue
        return state
    raise BuildError("could not arrange phase 1 to reach the requested arrastre hands")


def arrastre_trick(
    rules_: GuinoteRules,
    final_hands: Sequence[str],
    indicator: str,
    played: str = "",
    **kw: Any,
) -> GuinoteState:
    """An arrastre position, then the given cards played to its first trick."""
    state = reach_arrastre(rules_, final_hands, indicator, **kw)
    play_all(state, played)
    return state


def random_playout(state: GuinoteState, rng: random.Random, full: bool = True) -> list[int]:
    """Play random legal actions to the end; return them.

    With ``full`` the deal is played to its last trick: claims and tutes
    (which end a deal early) are never chosen.
    """
    done = []
    while not state.is_terminal():
        acts = state.legal_actions()
        if full:
            acts = [a for a in acts if a not in (CLAIM, TUTE)] or acts
        a = acts[rng.randrange(len(acts))]
        state.apply_action(a)
        done.append(a)
    return done


__all__ = [
    "ALL_CARDS", "PLAY", "BuildError", "C", "arrastre_trick", "cards", "deal", "first_leader",
    "hand_set", "hand_str", "legal", "legal_cards", "mask", "other_cards", "pass_specials",
    "play_all", "random_playout", "reach_arrastre", "rules", "snapshot", "strength",
    "trick_winner_index",
]  # fmt: skip


def others_lose(state: GuinoteState) -> None:
    """Every following seat plays a card of neither the suit led nor trumps (the leader wins)."""
    led = state.trick[0] // 10
    while state.trick:
        options = [c for c in cards_of(state.legal_card_mask()) if c // 10 not in (led, state.trump)]
        state.apply_action(options[0])


def lead_and_win(state: GuinoteState, card: str) -> None:
    """Lead ``card`` (after passing any pending optional turns) and let the others lose the trick."""
    pass_specials(state)
    leader = state.current_player
    state.play(card)
    others_lose(state)
    assert state.tricks[-1][1] == leader
