"""Builders for Belote positions used by the rule tests.

Everything goes through the public engine surface: a deck order is arranged so
that :meth:`BeloteState.new_deal` deals the hands a test asks for, then the
taking (or the auction) and the tricks are *played* with ``apply_action``.

Conventions (the engine's): seats are numbered in playing order, seat ``s + 1``
plays after seat ``s``; teams are ``seat % 2``. The tests deal with dealer 3 by
default, so seat 0 (the dealer's right) receives first, speaks first and leads
the first trick. Cards are French: ``Jh`` is the jack of hearts, ``Ts`` (or
``10s``) the ten of spades (see :mod:`tapete.core.cards.french`). Contracts are
``s h d c`` (a trump suit), ``sa`` (sans-atout) and ``ta`` (tout-atout).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tapete.belote.actions import action_str
from tapete.belote.rules import BeloteRules
from tapete.belote.state import _FIELDS, PLAY, BeloteState
from tapete.core.cards.deck import cards_of
from tapete.core.cards.french import card_str, parse_card, parse_cards

ALL = frozenset(range(32))
CONTRACTS = ("s", "h", "d", "c", "sa", "ta")
DEALER = 3  # seat 0 receives first, speaks first and leads

# --------------------------------------------------------------------- basics


def rules(preset: str = "classique", **options: Any) -> BeloteRules:
    """A preset with some options changed."""
    r = BeloteRules.preset(preset)
    return r.replace(**options) if options else r


def C(text: str) -> int:
    return parse_card(text)


def cards(text: str | Iterable[int]) -> list[int]:
    return parse_cards(text) if isinstance(text, str) else list(text)


def mask(text: str | Iterable[int]) -> int:
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def S(text: str) -> set[str]:
    """A set of card strings, normalised (``"10h Jh"`` -> ``{"Th", "Jh"}``)."""
    return {card_str(c) for c in parse_cards(text)} if text.strip() else set()


def hand_str(state: BeloteState, seat: int) -> str:
    return " ".join(card_str(c) for c in cards_of(state.hands[seat]))


def hand_set(state: BeloteState, seat: int) -> set[str]:
    return {card_str(c) for c in cards_of(state.hands[seat])}


def legal(state: BeloteState) -> set[str]:
    """Every legal action of the current seat, as strings."""
    return set(state.legal_action_strings())


def legal_cards(state: BeloteState) -> set[str]:
    return {action_str(state.rules, a) for a in state.legal_actions() if a < 32}


def contract_id(name: str) -> int:
    return CONTRACTS.index(name)


def play_all(state: BeloteState, actions: str) -> None:
    """Apply space-separated actions (``"pass take:h Jh 7h"``)."""
    for a in actions.split():
        state.play(a)


# ------------------------------------------------------------------ snapshots


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def snapshot(state: BeloteState) -> dict[str, Any]:
    """Every field of the position (``tapete.belote.state._FIELDS``) plus what the queries answer."""
    snap = {name: _frozen(getattr(state, name)) for name in _FIELDS}
    snap["rules"] = state.rules
    snap["legal_actions"] = tuple(state.legal_actions())
    snap["current_player"] = state.current_player
    snap["terminal"] = state.is_terminal()
    snap["result"] = state.result() if state.is_terminal() else None
    return snap


# ------------------------------------------------------------------ decks


def packet_sizes(r: BeloteRules) -> list[int]:
    """004 "Preparación" 2: packets of 3 then 2 ("o 3-3 en algunas regiones"; 2 then 3 is common practice) before
    the taking; the auction deals all eight, the last packet making eight (3-2-3, 2-3-3, 3-3-2)."""
    sizes = {"3-2": [3, 2], "2-3": [2, 3], "3-3": [3, 3]}[r.deal_packets]
    return sizes + [8 - sum(sizes)] if r.bidding == "auction" else sizes


def deck_order(
    r: BeloteRules,
    initial: Sequence[str],
    retourne: str = "",
    completion: Sequence[str] = ("", "", "", ""),
    dealer: int = DEALER,
) -> list[int]:
    """The deck order (``deck[0]`` dealt first) that deals ``initial[seat]`` to each seat (in packets, from the
    dealer's right), then turns ``retourne`` up, then gives ``completion[seat]`` to each seat after the taking
    (seats in order from the dealer's right). With the auction there is no retourne nor completion: ``initial``
    are the eight-card hands."""
    first = (dealer + 1) % 4
    hs = [cards(h) for h in initial]
    order: list[int] = []
    taken = [0, 0, 0, 0]
    for size in packet_sizes(r):
        for i in range(4):
            p = (first + i) % 4
            order += hs[p][taken[p] : taken[p] + size]
            taken[p] += size
    if any(taken[p] != len(hs[p]) for p in range(4)):
        raise ValueError(f"each initial hand must have {sum(packet_sizes(r))} cards")
    if r.bidding == "taking":
        order.append(C(retourne))
        for i in range(4):
            order += cards(completion[(first + i) % 4])
    elif retourne or any(completion):
        raise ValueError("the auction has no retourne and no completion")
    if sorted(order) != list(range(32)):
        missing = [card_str(c) for c in sorted(ALL - set(order))]
        raise ValueError(f"the arranged deck is not the 32 cards once each (missing {missing})")
    return order


def fill_hands(partial: Sequence[str], sizes: Sequence[int] = (8, 8, 8, 8), exclude: str = "") -> list[list[int]]:
    """Complete each hand to its size with the unused cards, dealt round-robin in id order to the short seats."""
    hs = [cards(h) for h in partial]
    used = [c for h in hs for c in h] + cards(exclude)
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice")
    spare = [c for c in range(32) if c not in used]
    # deal the spare cards round-robin in id order to the seats still short: neighbouring ranks of a suit
    # go to different seats, so the filling seldom makes a sequence or a king-queen pair
    while spare:
        short = [p for p in range(4) if len(hs[p]) < sizes[p]]
        if not short:
            break
        for p in short:
            if spare:
                hs[p].append(spare.pop(0))
    return hs


def _s(cs: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cs)


def dealt(
    r: BeloteRules,
    hands: Sequence[str],
    contract: str,
    taker: int,
    dealer: int = DEALER,
    retourne: str = "",
    bid: str = "",
    fill: bool = True,
    window: str = "pass pass",
) -> BeloteState:
    """A deal in play with ``hands[seat]`` the eight cards of each seat (missing cards filled in id order) and
    ``contract`` chosen by ``taker``, nobody else speaking up.

    Taking: a trump suit is taken in round 1 on a retourne of that suit from the taker's hand; another
    contract in round 2, on a retourne (default: a card of the taker of another suit). Auction: the
    taker bids ``bid:BID:CONTRACT`` (default: the lowest bid) and the others pass. The first-trick leader
    (dealer's right) is to play. With ``classic_coinche`` the calls ``window`` follow the take (default: both
    opponents pass); if they leave the coinche window open, the state is returned there."""
    hs = fill_hands(hands) if fill else [cards(h) for h in hands]
    first = (dealer + 1) % 4
    k = contract_id(contract)
    if r.bidding == "auction":
        state = BeloteState.new_deal(r, deck_order(r, [_s(h) for h in hs], dealer=dealer), dealer=dealer)
        seat = first
        while seat != taker:
            state.play("pass")
            seat = (seat + 1) % 4
        state.play(f"bid:{bid or r.min_bid}:{contract}")
        for _ in range(3):
            state.play("pass")
    else:
        th = hs[taker]
        if retourne:
            ret = C(retourne)
        elif k < 4 and _round(r, k, th) == 1:
            ret = [c for c in th if c // 8 == k][-1]
        else:
            ret = [c for c in th if c // 8 != k][-1]
        round_ = 1 if k < 4 and ret // 8 == k else 2
        first_cards = sum(packet_sizes(r))
        initial = []
        completion = []
        for p in range(4):
            own = [c for c in hs[p] if c != ret]
            initial.append(_s(own[:first_cards]))
            completion.append(_s(own[first_cards:]))
        state = BeloteState.new_deal(r, deck_order(r, initial, card_str(ret), completion, dealer), dealer=dealer)
        if round_ == 2:
            for _ in range(4):
                state.play("pass")
        seat = first
        while seat != taker:
            state.play("pass")
            seat = (seat + 1) % 4
        state.play(f"take:{contract}")
        if r.classic_coinche != "none":
            play_all(state, window)
            if state.phase != PLAY:
                return state
    assert state.phase == PLAY and state.current_player == first
    assert [set(cards_of(h)) for h in state.hands] == [set(h) for h in hs]
    return state


def _round(r: BeloteRules, k: int, hand: list[int]) -> int:
    return 1 if any(c // 8 == k for c in hand) else 2


def position(
    r: BeloteRules, hands: Sequence[str], contract: str, taker: int = 0, played: str = "", **kw: Any
) -> BeloteState:
    """:func:`dealt`, then ``played`` applied (cards and ``declare``)."""
    state = dealt(r, hands, contract, taker, **kw)
    play_all(state, played)
    return state


def random_playout(state: BeloteState, rng: Any) -> list[int]:
    """Random legal actions to the end of the deal; returns them."""
    done = []
    while not state.is_terminal():
        acts = state.legal_actions()
        a = acts[rng.randrange(len(acts))]
        state.apply_action(a)
        done.append(a)
    return done


def lowest_playout(state: BeloteState) -> None:
    """Play the first legal card (never declaring) to the end."""
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])


def choose(acts: Sequence[int], rng: Any) -> int:
    """A random legal action with useful odds: declare when offered (70%), pass often in the bidding (so that
    round 2, redeals and long auctions occur), coinche and surcoinche sometimes; otherwise uniform."""
    from tapete.belote.actions import BID, COINCHE, DECLARE, PASS, SURCOINCHE

    if DECLARE in acts and rng.random() < 0.7:
        return DECLARE
    if PASS in acts:
        if SURCOINCHE in acts:
            return SURCOINCHE if rng.random() < 0.3 else PASS
        if COINCHE in acts and rng.random() < 0.15:
            return COINCHE
        bids = [a for a in acts if a >= BID]
        if bids:
            high = bids[0] != BID  # the lowest bid on offer is not the first level: someone has bid
            if rng.random() < (0.75 if high else 0.45):
                return PASS
            return bids[min(int(rng.expovariate(0.15)), len(bids) - 1)]
        others = [a for a in acts if a != PASS]
        if not others or rng.random() < 0.55:
            return PASS
        return rng.choice(others)
    return acts[rng.randrange(len(acts))]


# ------------------------------------------------------- 2 and 3 players, découverte


def pack(r: BeloteRules) -> list[int]:
    """The cards of the rules' pack: 32, or 24 without the 7s and 8s (E3, F3)."""
    return [c for c in range(32) if r.deck == "32" or card_str(c)[0] not in "78"]


def deck_n(
    r: BeloteRules,
    initial: Sequence[str],
    retourne: str,
    completion: Sequence[str],
    dealer: int,
    tail: str = "",
) -> list[int]:
    """:func:`deck_order` for any number of players: ``initial[seat]`` dealt in the rules' packets from the
    dealer's right, ``retourne`` turned up, ``completion[seat]`` given in playing order after the taking, then
    ``tail`` and the pack's other cards in id order (what stays out of play; its last card is the bergère)."""
    n = r.players
    first = (dealer + 1) % n
    hs = [cards(h) for h in initial]
    order: list[int] = []
    taken = [0] * n
    for size in {"3-2": [3, 2], "2-3": [2, 3], "3-3": [3, 3]}[r.deal_packets]:
        for i in range(n):
            p = (first + i) % n
            order += hs[p][taken[p] : taken[p] + size]
            taken[p] += size
    if any(taken[p] != len(hs[p]) for p in range(n)):
        raise ValueError("an initial hand does not match the packets")
    order.append(C(retourne))
    for i in range(n):
        order += cards(completion[(first + i) % n])
    order += cards(tail)
    order += [c for c in pack(r) if c not in order]
    if sorted(order) != pack(r):
        raise ValueError("the arranged deck is not the pack once each")
    return order


def dealt_n(r: BeloteRules, hands: Sequence[str], trump: str, taker: int, dealer: int) -> BeloteState:
    """A 2- or 3-player deal in play: ``hands[seat]`` the whole hand of each seat (``hand_size`` cards), the
    taker taking ``trump`` in round 1 on a retourne of that suit (his own card when he takes it, else one
    left out of play), the seats before him passing."""
    n = r.players
    first = (dealer + 1) % n
    hs = [cards(h) for h in hands]
    k = contract_id(trump)
    n_first = {"3-2": 5, "2-3": 5, "3-3": 6}[r.deal_packets]
    used = {c for h in hs for c in h}
    if r.taker_takes_retourne:
        ret = [c for c in hs[taker] if c // 8 == k][-1]
    else:
        ret = next(c for c in pack(r) if c // 8 == k and c not in used)
    own = [[c for c in h if c != ret] for h in hs]
    state = BeloteState.new_deal(
        r,
        deck_n(r, [_s(h[:n_first]) for h in own], card_str(ret), [_s(h[n_first:]) for h in own], dealer),
        dealer=dealer,
    )
    seat = first
    while seat != taker:
        state.play("pass")
        seat = (seat + 1) % n
    state.play(f"take:{trump}")
    assert state.phase == PLAY and state.current_player == first
    assert [set(cards_of(h)) for h in state.hands] == [set(h) for h in hs]
    return state


def layout_deck(up: Sequence[str], down: Sequence[str], dealer: int) -> list[int]:
    """Découverte (JD, E2): the deck that lays ``up[seat][k]`` face up on ``down[seat][k]`` in slot k (8 each):
    per row of four slots, 4 face down to the non-dealer, 4 to the dealer, then the face-up cards in the same
    order. The last card, ``up[dealer][7]``, proposes trumps."""
    first = (dealer + 1) % 2
    u = [cards(x) for x in up]
    d = [cards(x) for x in down]
    order: list[int] = []
    for row in range(2):
        for part in (d, u):
            for p in (first, dealer):
                order += part[p][4 * row : 4 * row + 4]
    if sorted(order) != list(range(32)):
        raise ValueError("the layout is not the 32 cards once each")
    return order
