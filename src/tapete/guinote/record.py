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

from tapete import records
from tapete.cards.spanish import cards_str, parse_cards
from tapete.errors import CardParseError, IllegalActionError, RecordError, RulesError
from tapete.guinote.actions import action_str, parse_action
from tapete.guinote.match import GuinoteMatch
from tapete.guinote.rules import GuinoteRules

GAME = "guinote"


def match_to_record(match: GuinoteMatch) -> dict[str, Any]:
    """The record of a match, finished or not."""
    deals = []
    for d in match.deals:
        entry: dict[str, Any] = {
            "partida": d.partida,
            "dealer": d.dealer,
            "deck": cards_str(d.deck),
            "actions": [action_str(a) for a in d.actions],
        }
        if d.result is not None:
            entry["points"] = list(d.result.totals)
        deals.append(entry)
    body: dict[str, Any] = {
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "deals": deals,
        "finished": match.is_terminal(),
        "winner": match.winner,
        "partidas": list(match.partidas),
    }
    return records.envelope(GAME, body)


def match_from_record(data: Any) -> GuinoteMatch:
    """Replay a record; any inconsistency raises :class:`RecordError` naming where."""
    data = records.check_envelope(data, GAME)
    try:
        rules = GuinoteRules.from_dict(data.get("rules"))
    except RulesError as e:
        raise RecordError(f"record rules: {e}") from None
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RecordError('record "seed" must be a whole number or null')
    dealer = data.get("first_dealer")
    if not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise RecordError(f'record "first_dealer" must be a seat 0..{rules.players - 1}')
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError('record "deals" must be a non-empty list')
    decks: list[list[int]] = []
    for i, d in enumerate(deals):
        if not isinstance(d, dict) or not isinstance(d.get("deck"), str) or not isinstance(d.get("actions"), list):
            raise RecordError(f'record deal {i + 1}: expected an object with "dealer", "deck" and "actions"')
        try:
            deck = parse_cards(d["deck"])
        except CardParseError as e:
            raise RecordError(f"record deal {i + 1} deck: {e}") from None
        if sorted(deck) != list(range(40)):
            raise RecordError(f"record deal {i + 1} deck: expected the 40 cards, each once")
        decks.append(deck)
    match = GuinoteMatch(rules, seed=seed, dealer=dealer, decks=decks)
    for i, d in enumerate(deals):
        current = match.deals[-1]
        if current.dealer != d.get("dealer"):
            raise RecordError(f"record deal {i + 1}: dealer {d.get('dealer')!r} but the rules make it {current.dealer}")
        for j, text in enumerate(d["actions"]):
            if not isinstance(text, str):
                raise RecordError(f"record deal {i + 1} action {j + 1}: expected an action string")
            try:
                match.apply_action(parse_action(text))
            except IllegalActionError as e:
                raise RecordError(f"record deal {i + 1} action {j + 1} ({text}): {e}") from None
        done = match.deals[i]
        if i + 1 < len(deals) and match.is_terminal():
            raise RecordError(f"record deal {i + 1}: the match ended here but the record goes on")
        if (i + 1 < len(deals) or "points" in d) and done.result is None:
            raise RecordError(f"record deal {i + 1}: the deal is not finished but the record goes on")
        if "points" in d and done.result is not None and list(done.result.totals) != d["points"]:
            raise RecordError(f"record deal {i + 1}: recorded points {d['points']} do not match the replay")
    if data.get("finished") is True and not match.is_terminal():
        raise RecordError("record says the match is finished but its replay is not")
    return match
