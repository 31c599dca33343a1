"""Brisca's words for the table: labels, narration, the score of a deal, why a choice is refused.

Everything here reads observations (never a full deal) and returns
:class:`~tapete.core.words.Say` values, which the text layer puts into the
reader's language; cards are named with the Spanish faces. Brisca has no duty
to follow suit, so the only choice that can be refused for a rule (not for a
card not in hand) is taking the muestra.

>>> from tapete.brisca.game import GAME
>>> match = GAME.new_match(GAME.rules("brisca-2p"), seed=3)
>>> seat = match.current_player
>>> before = GAME.observe(match, seat)
>>> card = before.legal_actions[0]
>>> match.apply_action(card)
>>> [s.key for s in narrate(before, card, GAME.observe(match, seat), seat)]
['event.card']
>>> explain_illegal(before, 39 if 39 not in before.hand else 0).key
'play.explain.not_in_hand'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tapete.brisca.actions import EXCHANGE, N_ACTIONS
from tapete.brisca.tables import tables_for
from tapete.core.duty_explain import not_allowed
from tapete.core.tricks import beats
from tapete.core.words import CardRef, CardsRef, Say, SeatRef, SideRef

FACES = "spanish"


def card_ref(card: int) -> CardRef:
    return CardRef(FACES, card)


def give_card(obs: Any) -> int:
    """The trump that takes the muestra now, or -1 (none, or the muestra is gone)."""
    return tables_for(obs.rules).exchanger[obs.muestra] if obs.muestra >= 0 else -1


def action_label(obs: Any, action: int) -> Say:
    """A choice as a button names it: a card by its name, the exchange as ``give 7 for the muestra``."""
    if 0 <= action < 40:
        return Say("label.card", card=card_ref(action))
    return Say("brisca.label.exchange", give=card_ref(give_card(obs)), card=card_ref(obs.muestra))


def hand_order(obs: Any, cards: Iterable[int]) -> list[int]:
    """By suit, strongest first (as, 3, rey, caballo, sota, 7 ... 2)."""
    strength = tables_for(obs.rules).strength
    return sorted(cards, key=lambda c: (c // 10, -strength[c]))


def trick_best(obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
    t = tables_for(obs.rules).trick
    best_seat, best = plays[0]
    for seat, c in plays[1:]:
        if beats(c, best, obs.trump, t):
            best_seat, best = seat, c
    return best_seat, best


def announcements(obs: Any) -> list[Say]:
    """The exchanges of the muestra in this deal, in order."""
    return [
        Say("brisca.label.exchanged", seat=SeatRef(seat), give=card_ref(give), card=card_ref(took))
        for seat, give, took in obs.exchanges
    ]


def narrate(before: Any, action: int, after: Any, seat: int) -> list[Say]:
    """The events of ``seat`` taking ``action`` (``before``/``after``: one viewer's observations)."""
    who = SeatRef(seat)
    lines: list[Say] = []
    if 0 <= action < 40:
        lines.append(Say("event.card", seat=who, card=card_ref(action)))
        if len(after.tricks) > len(before.tricks):
            _, winner, cards = after.tricks[-1]
            points = sum(tables_for(before.rules).points[c] for c in cards)
            lines.append(Say("event.trick", count=points, seat=SeatRef(winner), points=points))
    elif action == EXCHANGE:
        lines.append(
            Say("brisca.event.exchange", seat=who, give=card_ref(give_card(before)), card=card_ref(before.muestra))
        )
    if after.stock_size < before.stock_size and after.phase != "over":
        if after.muestra < 0:
            n = before.rules.players
            drawer = (after.tricks[-1][1] + n - 1) % n
            card = before.muestra
            lines.append(Say("brisca.event.stock_gone", seat=SeatRef(drawer), card=card_ref(card)))
            if after.partner_shown and not before.partner_shown:
                lines.append(Say("brisca.event.partners_shown"))
        else:
            lines.append(Say("event.draw", count=after.stock_size))
    return lines


def deal_breakdown(rules: Any, record: Any, final: Any = None) -> list[Say]:
    """The card points of each side, who won the deal (or the 60-60 tie) and the match after it."""
    r, st = record.result, record.settlement
    n = rules.players
    lines = [Say("play.deal.over")]
    for side in (0, 1):
        lines.append(
            Say("brisca.result.side", count=r.tricks[side], side=SideRef(n, side), points=r.card_points[side],
                tricks=r.tricks[side])
        )  # fmt: skip
    if r.winner >= 0:
        lines.append(Say("brisca.result.won", side=SideRef(n, r.winner)))
    else:
        lines.append(Say("brisca.result.tie"))
    a, b = st.scores_after
    key = "brisca.match.deals" if rules.match_by == "deals" else "brisca.match.points"
    lines.append(Say(key, a=a, b=b, target=rules.deals_to_win if rules.match_by == "deals" else rules.target))
    return lines


def explain_illegal(obs: Any, action: int) -> Say:
    """Why ``action`` is refused to ``obs.seat``; a legal action raises :class:`ValueError`."""
    if action in obs.legal_actions:
        raise ValueError(f"action {action} is legal: nothing to explain")
    if obs.current_player < 0 or obs.phase == "over":
        return Say("play.explain.deal_over")
    if obs.current_player != obs.seat:
        return Say("play.explain.not_your_turn", seat=SeatRef(obs.current_player))
    if not 0 <= action < N_ACTIONS:
        return Say("play.explain.unknown")
    if action < 40:
        return Say("play.explain.not_in_hand", card=card_ref(action))
    return _exchange(obs)


def _exchange(obs: Any) -> Say:
    rules = obs.rules
    if rules.exchange_card == "none":
        return Say("brisca.explain.no_exchange")
    if obs.muestra < 0:
        return Say("brisca.explain.muestra_gone")
    give = give_card(obs)
    if give < 0:
        return Say("brisca.explain.nothing_takes", card=card_ref(obs.muestra))
    if give not in obs.hand:
        return Say("brisca.explain.need_card", card=card_ref(give), muestra=card_ref(obs.muestra))
    if obs.stock_size - 1 < rules.exchange_min_stock:
        return Say("brisca.explain.stock_low", count=rules.exchange_min_stock)
    if rules.exchange_timing == "when_leading" and obs.trick:
        return Say("brisca.explain.when_leading")
    if rules.exchange_needs_trick and not any(w % 2 == obs.seat % 2 for _, w, _ in obs.tricks):
        return Say("brisca.explain.needs_trick")
    cards = tuple(a for a in obs.legal_actions if a < 40)
    return not_allowed((CardsRef(FACES, cards),) if cards else ())


__all__ = [
    "action_label",
    "announcements",
    "card_ref",
    "deal_breakdown",
    "explain_illegal",
    "give_card",
    "hand_order",
    "narrate",
    "trick_best",
]
