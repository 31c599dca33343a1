"""Belote match records: a match to a JSON-ready dict and back, exactly.

The envelope and the replay are the ones Guiñote records use
(:mod:`tapete.core.record_file`, :mod:`tapete.core.record_replay`); the body holds the
rules, the seed, the first dealer and each deal's dealer, deck and actions
(and its scores once over), then whether the match is finished, its winner,
its scores and the points held in litige.

Every preset is recorded the same way: a deck lists the rules' pack (all 32
cards, or the 24 of ``deck=24`` in ``trois-joueurs``) in dealing order, so a
belote à deux deck holds the talon left out of play and its bergère, and a
découverte deck the face-down cards under the face-up ones; the scores have
one entry per scoring unit (the two teams at four players, else each player),
and each deal's dealer follows from the rules (``next_dealer``) on replay.

>>> m = BeloteMatch(BeloteRules.preset("coinche"), seed=11)
>>> for _ in range(30):
...     m.apply_action(m.legal_actions()[-1])
>>> again = match_from_record(match_to_record(m))
>>> again.deal.hands == m.deal.hands and again.scores == m.scores
True
"""

from __future__ import annotations

from typing import Any

from tapete.belote.actions import action_str, parse_action
from tapete.belote.match import BeloteMatch
from tapete.belote.rules import BeloteRules
from tapete.belote.scoring import BeloteResult
from tapete.belote.state import pack_of
from tapete.core import record_file as records
from tapete.core import record_replay as match_records
from tapete.core.cards.french import cards_str, parse_cards
from tapete.core.errors import RecordError

GAME = "belote"


def _points(result: BeloteResult) -> list[int]:
    return list(result.scores)


def _read_decks(deals: list[Any], rules: BeloteRules) -> list[list[int]]:
    """Each deal's deck, checked to hold every card of the rules' pack once."""
    note = "" if rules.deck == "32" else f"deck={rules.deck}: no 7s or 8s"
    return match_records.read_decks(deals, parse_cards, 32, pack_of(rules), note)


def match_to_record(match: BeloteMatch) -> dict[str, Any]:
    """The record of a match, finished or not."""
    rules = match.rules
    body = match_records.match_body(
        match, lambda a: action_str(rules, a), cards_str, _points, scores=list(match.scores), litige=match.litige
    )
    return records.envelope(GAME, body)


def match_from_record(data: Any) -> BeloteMatch:
    """Replay a record; any inconsistency raises :class:`RecordError` naming where."""
    data = records.check_envelope(data, GAME)
    rules, seed, dealer, deals = match_records.read_header(data, BeloteRules, lambda r: r.players)
    decks = _read_decks(deals, rules)
    match = BeloteMatch(rules, seed=seed, dealer=dealer, decks=decks)
    match_records.replay(match, data, deals, lambda text: parse_action(rules, text), _points)
    if "scores" in data and data["scores"] != match.scores:
        raise RecordError(f'record "scores" {data["scores"]} do not match the replay {match.scores}')
    return match
