"""A finished match, frame by frame, for the browser's replayer (``GET /api/replay/{table_id}``).

The match is rebuilt from the table's rules and seed and its action log (the same mechanism
as recovery), and each frame is the view a spectator allowed to see every hand would have
had: the match is over, so nothing is secret any more. Frame 0 is the position before the
first action; frame k follows the k-th action everybody saw at the table (version k, as the live
table numbered it) and carries its narration. Declined optional decisions (``game.is_silent``) have
no frame, as they had none at the table: the hands show what a seat could have done, and the
downloaded record keeps every action. How the cards are drawn and
named (``faces``, ``cards``, ``suits``) is sent once for the whole replay, not in every frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tapete.games import GAMES
from tapete.server.deck import deck_words
from tapete.server.lang import speaking
from tapete.server.live import step, table_rules
from tapete.server.storage.rows import ActionRow, SeatRow, TableRow
from tapete.server.wire import DealEnd, TableFacts, event_lines, narration_names, spectator_view
from tapete.table.silent import is_private


def replay_frames(row: TableRow, seats: Sequence[SeatRow], actions: Sequence[ActionRow], lang: str) -> dict[str, Any]:
    """Every position of the match with all hands, and what each action did, in ``lang``."""
    game = GAMES[row.game]
    rules = table_rules(game, row)
    n = game.players(rules)
    by_seat = {s.seat: s for s in seats}
    names = tuple(by_seat[i].name if i in by_seat else "" for i in range(n))
    kinds = tuple(by_seat[i].kind if i in by_seat else "open" for i in range(n))
    levels = tuple(by_seat[i].level if i in by_seat and by_seat[i].kind == "bot" else None for i in range(n))
    match = game.new_match(rules, seed=row.seed)
    ended: DealEnd | None = None

    def facts(version: int) -> TableFacts:
        nobody = tuple(False for _ in range(n))
        return TableFacts(names, kinds, nobody, nobody, version, levels=levels)

    told = narration_names(names, kinds, levels, lang)
    frames: list[dict[str, Any]] = [
        {"version": 0, "seat": None, "action": None, "text": "", "view": _view(game, match, facts(0), ended, lang)}
    ]
    version = 0
    for entry in actions:
        action = game.parse_action(rules, entry.action)
        happened = step(game, match, entry.seat, action)
        if happened.record is not None:
            ended = DealEnd(happened.record, happened.after)
        if is_private(game, rules, action, happened.record is not None):
            continue
        version += 1
        lines = event_lines(game, happened, lang, told)
        frames.append(
            {
                "version": version,
                "seat": entry.seat,
                "action": entry.action,
                "text": "\n".join(lines),
                "lines": lines,
                "view": _view(game, match, facts(version), ended, lang),
            }
        )
    with speaking(lang):
        words = deck_words(game, rules)
    return {
        **words,
        "table_id": row.id,
        "game": row.game,
        "preset": row.preset,
        "names": list(names),
        "winner": match.winner if match.winner >= 0 else None,
        "frames": frames,
    }


def _view(game: Any, match: Any, facts: TableFacts, ended: DealEnd | None, lang: str) -> dict[str, Any]:
    view = spectator_view(game, match, facts, ended, lang, hands=True)
    for key in ("faces", "cards", "suits"):
        view.pop(key, None)
    return view


__all__ = ["replay_frames"]
