"""The ``analysis`` block of a record: a match's verdicts as JSON, and reading them back checked.

A record (:mod:`tapete.core.record_file`) may carry one optional top-level ``analysis`` object;
records without it load as ever, and tapete versions that do not know it ignore it (a record's
readers skip fields they do not use). Its shape (version 1)::

    "analysis": {
      "version": 1,
      "limits": {"max_nodes": 2000000, "reach": 0, "own": true, "own_samples": 64,
                 "own_nodes": 600000, "seed": 0},
      "deals": [                       # one list per deal of the record, in order
        [                              # one entry per card played in that deal, in order
          {"step": 4, "seat": 1, "card": "3o", "cost": 12, "best": "1o", "value": 40,
           "own": 3.5, "own_best": "1o"},
          {"step": 9, "seat": 2, "card": "Rc", "cost": 0, "best": "Rc", "note": "forced"},
          {"step": 0, "seat": 3, "card": "1e", "cost": null, "note": "reach"}
        ]
      ]
    }

``step`` is the card's index among the deal's actions (from 0), ``card`` and ``best`` action
strings of the game, ``cost`` the points lost every card known (null: not analysed, ``note`` says
why: ``reach``, ``nodes``, ``solver``), ``value`` the best move's worth to the mover's side, ``own``
and ``own_best`` the expert's view from the seat's own information (absent where not judged). Read
back, every entry must name the card the record has at that step, played by that seat: an analysis
that does not match its record is refused (:class:`RecordError`), never shown beside other cards.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from tapete.analysis.match import MatchAnalysis, analyse_match
from tapete.analysis.moves import FORCED, NOTES, Limits, MoveAnalysis
from tapete.core.errors import RecordError
from tapete.core.game import Game, Match
from tapete.games import game_of_record

#: The version of the block's shape written here and the only one read.
VERSION: Final = 1
#: The record's field that holds the block.
FIELD: Final = "analysis"


def move_entry(game: Game, rules: Any, m: MoveAnalysis, **head: Any) -> dict[str, Any]:
    """One card's analysis, JSON-ready (cards as their strings; fields without a value left out),
    after the fields of ``head``: what the record's block and the server's answer say of a card."""
    entry: dict[str, Any] = {**head, "seat": m.seat, "card": game.action_str(rules, m.action), "cost": m.cost}
    if m.best is not None:
        entry["best"] = game.action_str(rules, m.best)
    if m.value is not None:
        entry["value"] = m.value
    if m.note:
        entry["note"] = m.note
    if m.own is not None:
        entry["own"] = m.own
    if m.own_best is not None:
        entry["own_best"] = game.action_str(rules, m.own_best)
    return entry


def to_block(game: Game, match: Match, analysis: MatchAnalysis) -> dict[str, Any]:
    """The block of an analysis of ``match``, JSON-ready."""
    rules = match.rules
    deals = [[move_entry(game, rules, m, step=m.step) for m in moves] for moves in analysis.deals]
    return {"version": VERSION, "limits": dataclasses.asdict(analysis.limits), "deals": deals}


def with_block(record: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``record`` carrying ``block`` (any earlier analysis replaced)."""
    return {**record, FIELD: block}


def read_analysis(game: Game, match: Match, record: dict[str, Any]) -> MatchAnalysis | None:
    """The record's analysis of ``match`` (the match the record replays to), None when it has none;
    a block that is malformed or does not match the record raises :class:`RecordError`."""
    block = record.get(FIELD)
    return None if block is None else from_block(game, match, block)


def from_block(game: Game, match: Match, block: Any) -> MatchAnalysis:
    """The analysis a block holds, checked against ``match``'s cards and the seats that played them."""
    if not isinstance(block, dict):
        raise RecordError('record "analysis" must be an object')
    if block.get("version") != VERSION:
        raise RecordError(f'record "analysis": unsupported version {block.get("version")!r}, expected {VERSION}')
    limits = _limits(block.get("limits"))
    deals = block.get("deals")
    if not isinstance(deals, list) or len(deals) != len(match.deals):
        raise RecordError(f'record "analysis": expected a list of {len(match.deals)} deals')
    return MatchAnalysis(tuple(_deal(game, match, d, entries) for d, entries in enumerate(deals)), limits)


def _limits(data: Any) -> Limits:
    if not isinstance(data, dict):
        raise RecordError('record "analysis": "limits" must be an object')
    fields = {f.name: f for f in dataclasses.fields(Limits)}
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in fields:
            raise RecordError(f'record "analysis": unknown limit {name!r}')
        kind = bool if name == "own" else int
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(
                f'record "analysis": limit {name!r} must be {"true or false" if kind is bool else "a whole number"}'
            )
        values[name] = value
    return Limits(**values)


def _deal(game: Game, match: Match, deal: int, entries: Any) -> tuple[MoveAnalysis, ...]:
    """One deal's verdicts, checked against the record: one entry per card, in order, by the right seat."""
    where = f'record "analysis" deal {deal + 1}'
    rules = match.rules
    actions = match.deals[deal].actions
    state = game.deal_from_record(rules, match.deals[deal])
    seats: list[int] = []
    for action in actions:
        seats.append(int(state.current_player))
        state.apply_action(action)
    cards = [k for k, a in enumerate(actions) if game.is_card(rules, a)]
    if not isinstance(entries, list) or (entries and len(entries) != len(cards)):
        raise RecordError(f"{where}: expected one entry for each of its {len(cards)} cards")
    out = []
    for entry, step in zip(entries, cards, strict=False):
        if not isinstance(entry, dict):
            raise RecordError(f"{where}: each entry must be an object")
        card = entry.get("card")
        if (
            entry.get("step") != step
            or card != game.action_str(rules, actions[step])
            or entry.get("seat") != seats[step]
        ):
            raise RecordError(f"{where}: entry for action {step + 1} does not match the record; analyse it again")
        cost, value, note, own = entry.get("cost"), entry.get("value"), entry.get("note", ""), entry.get("own")
        if not _whole(cost, none=True) or (cost is not None and cost < 0) or not _whole(value, none=True):
            raise RecordError(f"{where} action {step + 1}: cost and value must be whole numbers (cost 0 or more)")
        if note and note not in NOTES:
            raise RecordError(f"{where} action {step + 1}: unknown note {note!r}")
        if (cost is None) != (note not in ("", FORCED)) or (note == FORCED and cost != 0):
            raise RecordError(f"{where} action {step + 1}: a card not analysed says why (note), a forced one costs 0")
        if own is not None and (isinstance(own, bool) or not isinstance(own, int | float) or own < 0):
            raise RecordError(f"{where} action {step + 1}: own must be a number, 0 or more")
        best = _action(game, rules, entry.get("best"), where)
        own_best = _action(game, rules, entry.get("own_best"), where)
        own_cost = None if own is None else float(own)
        out.append(MoveAnalysis(deal, step, seats[step], actions[step], cost, best, value, note, own_cost, own_best))
    return tuple(out)


def _whole(value: Any, none: bool = False) -> bool:
    return (none and value is None) or (isinstance(value, int) and not isinstance(value, bool))


def _action(game: Game, rules: Any, text: Any, where: str) -> int | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise RecordError(f"{where}: a best move must be an action string")
    try:
        return game.parse_action(rules, text)
    except ValueError as e:
        raise RecordError(f"{where}: best move {text!r}: {e}") from None


def record_deal_block(record: dict[str, Any], deal: int, limits: dict[str, Any]) -> list[dict[str, Any]]:
    """Deal ``deal`` of a parsed record analysed under ``limits`` (:class:`Limits` fields), as the block's
    entries for that deal: plain data in and out, so that another process may do the work (the server's)."""
    game = game_of_record(record)
    match = game.from_record(record)
    analysis = analyse_match(game, match, _limits(limits), deals=[deal])
    entries: list[dict[str, Any]] = to_block(game, match, analysis)["deals"][deal]
    return entries


__all__ = [
    "FIELD",
    "VERSION",
    "from_block",
    "move_entry",
    "read_analysis",
    "record_deal_block",
    "to_block",
    "with_block",
]
