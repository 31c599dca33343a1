"""A finished match, frame by frame, for the browser's replayer (``GET /api/replay/{table_id}``).

The match is rebuilt from the table's rules and seed and its action log (the same mechanism
as recovery), and each frame is the view a spectator allowed to see every hand would have
had: the match is over, so nothing is secret any more. Frame 0 is the position before the
first action; frame k follows the k-th action everybody saw at the table (version k, as the live
table numbered it) and carries its narration; the frame of an action that ended a deal also carries
that deal's last trick (``ended_trick``), since its view is already the next deal's. Declined
optional decisions (``game.is_silent``) have no frame, as they had none at the table: the hands show
what a seat could have done, and the downloaded record keeps every action. How the cards are drawn and
named (``faces``, ``cards``, ``suits``) is sent once for the whole replay, not in every frame.

A finished match never changes, so its replay is computed once per language and kept, as the
JSON it is sent as, in a :class:`ReplayCache` (least recently used first out, bounded in bytes);
requests for one replay that arrive while it is being computed wait for that one computation.
Who may see a replay is still checked on every request, before the cache is asked.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from tapete.games import GAMES
from tapete.server.deck import deck_words
from tapete.server.lang import speaking
from tapete.server.live import step, table_rules
from tapete.server.storage.rows import ActionRow, SeatRow, TableRow
from tapete.server.wire import DealEnd, TableFacts, event_lines, last_trick, narration_names, spectator_view
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
        frame = {
            "version": version,
            "seat": entry.seat,
            "action": entry.action,
            "text": "\n".join(lines),
            "lines": lines,
            "view": _view(game, match, facts(version), ended, lang),
        }
        if happened.record is not None:  # the view is the next deal's: the last trick of this one, to show it
            frame["ended_trick"] = last_trick(game, happened.after)
        frames.append(frame)
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


def replay_json(row: TableRow, seats: Sequence[SeatRow], actions: Sequence[ActionRow], lang: str) -> bytes:
    """:func:`replay_frames` as the JSON bytes sent to the browser."""
    return json.dumps(replay_frames(row, seats, actions, lang), ensure_ascii=False, separators=(",", ":")).encode()


class ReplayCache:
    """Computed replays (JSON bytes) by key, the least recently used dropped past ``max_bytes``.

    >>> cache = ReplayCache(max_bytes=10)
    >>> asyncio.run(cache.get("a", lambda: b"12345678")), cache.size
    (b'12345678', 8)
    >>> asyncio.run(cache.get("b", lambda: b"123")), list(cache.entries), cache.size
    (b'123', ['b'], 3)
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.entries: OrderedDict[Hashable, bytes] = OrderedDict()
        self.size = 0
        #: Computations under way, by key: a second request waits for the first one's.
        self.pending: dict[Hashable, asyncio.Future[bytes]] = {}
        #: How many times a replay was computed (for tests and curiosity).
        self.computed = 0

    async def get(self, key: Hashable, compute: Callable[[], bytes]) -> bytes:
        """The cached value of ``key``, or ``compute()`` run in a worker thread (once, however many ask)."""
        hit = self.entries.get(key)
        if hit is not None:
            self.entries.move_to_end(key)
            return hit
        task = self.pending.get(key)
        if task is None:
            self.computed += 1
            task = self.pending[key] = asyncio.ensure_future(asyncio.to_thread(compute))
            task.add_done_callback(lambda done: self._settle(key, done))
        # Shielded: a client that goes away does not cancel what the others wait for.
        return await asyncio.shield(task)

    def _settle(self, key: Hashable, task: asyncio.Future[bytes]) -> None:
        del self.pending[key]
        if task.cancelled() or task.exception() is not None:  # the failure reached whoever asked
            return
        value = task.result()
        if len(value) > self.max_bytes:
            return
        self.entries[key] = value
        self.size += len(value)
        while self.size > self.max_bytes:
            _, dropped = self.entries.popitem(last=False)
            self.size -= len(dropped)


__all__ = ["ReplayCache", "replay_frames", "replay_json"]
