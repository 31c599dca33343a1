"""A deal told as public events, for narrators, logs and replays.

Replaying a recorded deal through the engine yields what everybody at the
table saw happen, in order: each card played, each trick taken, cantes,
exchanges, claims and passes. Hidden cards never appear except in the
``deal`` event, which a narrator may show or not.

>>> from tapete.guinote.match import GuinoteMatch
>>> m = GuinoteMatch(seed=4)
>>> while len(m.deals) == 1:
...     m.apply_action(m.legal_actions()[0])
>>> [e.kind for e in deal_events(m.rules, m.deals[0])][:3]
['deal', 'play', 'play']
"""

from __future__ import annotations

from dataclasses import dataclass

from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE
from tapete.guinote.match import DealRecord
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``kind`` is one of: ``deal``, ``play``,
    ``trick``, ``sing``, ``tute``, ``exchange``, ``claim``, ``pass``."""

    kind: str
    seat: int = -1
    card: int = -1
    suit: int = -1
    points: int = 0
    ok: bool = False
    hands: tuple[int, ...] = ()


def deal_events(rules: GuinoteRules, record: DealRecord) -> list[Event]:
    """The events of one recorded deal, by replaying it."""
    state = GuinoteState.new_deal(
        rules, record.deck, dealer=record.dealer, scores_before=record.scores_before, vueltas=record.vueltas
    )
    out = [Event("deal", seat=record.dealer, card=state.indicator, suit=state.trump, hands=tuple(state.hands))]
    for action in record.actions:
        seat = state.current_player
        before_tricks = state.tricks_played
        before_points = list(state.card_points)
        indicator = state.indicator
        state.apply_action(action)
        if action < 40:
            out.append(Event("play", seat=seat, card=action))
            if state.tricks_played > before_tricks:
                winner = state.last_winner
                team = winner % 2
                out.append(Event("trick", seat=winner, points=state.card_points[team] - before_points[team]))
        elif SING <= action < SING + 4:
            suit = action - SING
            pts = rules.cante_points_trump if suit == state.trump else rules.cante_points_plain
            out.append(Event("sing", seat=seat, suit=suit, points=pts))
        elif action == TUTE:
            out.append(Event("tute", seat=seat, points=rules.tute_points))
        elif action == EXCHANGE:
            out.append(Event("exchange", seat=seat, card=indicator))
        elif action == CLAIM:
            out.append(Event("claim", seat=seat, ok=state.claim_ok))
        elif action == PASS:
            out.append(Event("pass", seat=seat))
    return out
