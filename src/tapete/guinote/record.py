"""Guiñote match records: a match to a JSON-ready dict and back, exactly.

>>> m = GuinoteMatch(GuinoteRules.preset("aragones"), seed=11)
>>> for _ in range(30):
...     m.apply_action(m.legal_actions()[-1])
>>> again = match_from_record(match_to_record(m))
>>> again.deal.hands == m.deal.hands and again.scores == m.scores
True
"""

from __future__ import annotations

from typing import Any

from tapete.core import record_file as records
from tapete.core import record_replay as match_records
from tapete.core.cards.spanish import cards_str, parse_cards
from tapete.guinote.actions import action_str, parse_action
from tapete.guinote.match import GuinoteMatch
from tapete.guinote.results import DealResult
from tapete.guinote.rules import GuinoteRules

GAME = "guinote"


def _points(result: DealResult) -> list[int]:
    return list(result.totals)


def match_to_record(match: GuinoteMatch) -> dict[str, Any]:
    """The record of a match, finished or not."""
    body = match_records.match_body(match, action_str, cards_str, _points, partidas=list(match.partidas))
    # Each deal says which partida it was played in.
    body["deals"] = [{"partida": d.partida, **entry} for d, entry in zip(match.deals, body["deals"], strict=True)]
    return records.envelope(GAME, body)


def match_from_record(data: Any) -> GuinoteMatch:
    """Replay a record; any inconsistency raises :class:`RecordError` naming where."""
    data = records.check_envelope(data, GAME)
    rules, seed, dealer, deals = match_records.read_header(data, GuinoteRules, lambda r: r.players)
    decks = match_records.read_decks(deals, parse_cards, 40)
    match = GuinoteMatch(rules, seed=seed, dealer=dealer, decks=decks)
    match_records.replay(match, data, deals, parse_action, _points)
    return match
