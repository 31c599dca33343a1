"""Brisca match records: a match to a JSON-ready dict and back, exactly.

>>> from tapete.brisca.rules import BriscaRules
>>> m = BriscaMatch(BriscaRules.preset("brisca"), seed=11)
>>> for _ in range(30):
...     m.apply_action(m.legal_actions()[-1])
>>> again = match_from_record(match_to_record(m))
>>> again.deal.hands == m.deal.hands and again.scores == m.scores
True
"""

from __future__ import annotations

from typing import Any

from tapete.brisca.actions import action_str, parse_action
from tapete.brisca.match import BriscaMatch
from tapete.brisca.results import DealResult
from tapete.brisca.rules import BriscaRules
from tapete.core import record_file as records
from tapete.core import record_replay as match_records
from tapete.core.cards.spanish import cards_str, parse_cards

GAME = "brisca"


def _points(result: DealResult) -> list[int]:
    return list(result.card_points)


def match_to_record(match: BriscaMatch) -> dict[str, Any]:
    """The record of a match, finished or not."""
    body = match_records.match_body(match, action_str, cards_str, _points, scores=list(match.scores))
    return records.envelope(GAME, body)


def match_from_record(data: Any) -> BriscaMatch:
    """Replay a record; any inconsistency raises :class:`RecordError` naming where."""
    data = records.check_envelope(data, GAME)
    rules, seed, dealer, deals = match_records.read_header(data, BriscaRules, lambda r: r.players)
    decks = match_records.read_decks(deals, parse_cards, 40)
    match = BriscaMatch(rules, seed=seed, dealer=dealer, decks=decks)
    match_records.replay(match, data, deals, parse_action, _points)
    return match
