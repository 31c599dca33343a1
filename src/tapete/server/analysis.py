"""What each card of a finished match cost, for the browser's replay: ``/api/replay/{table_id}/analysis``.

The analysis (:mod:`tapete.analysis`: each card's cost against the best legal move with every hand
known, and the expert's view from the player's own information) is computed in the background and
saved in the table's stored record as its ``analysis`` block, so that it is computed once, is in the
record people download, and any node of a cluster finds it in the database:

- ``GET`` answers at once: ``ready`` with the costs when the stored record holds them, else
  ``running`` with the progress when this node is computing them, ``failed`` when it could not,
  else ``none``.
- ``POST`` asks for them: it answers as ``GET`` does when there is something to say, else starts the
  work here and answers ``running``. In a cluster the polls that follow may reach another node, which
  answers ``none`` until the work is saved: the page keeps waiting after it asked.

Who may see it is the replay's rule (:func:`tapete.server.access.may_see_record`, asked by the route
before anything here): the analysis knows every hand, and so does the replay of a finished match;
nothing of a table in play is ever analysed.

The work is bounded: at most ``analysis_workers`` analyses run at once on a node, in worker
processes (``analysis_processes``), with ``analysis_queue`` more waiting (past that: 503
``analysis_busy``); a match of more than ``analysis_max_cards`` cards is refused; each client address
may ask for ``analysis_burst`` at once, then ``analyses_per_minute``; each card's search stops at
``analysis_max_nodes`` (the card is then "not analysed"), and positions beyond the game's solver reach
are not searched at all. A match is analysed a deal at a time (the progress counts the deals' cards).

The answer has no words: card strings, seats and numbers, which the page puts into the viewer's
language. ``frame`` is the replay frame that shows the card played (frames count the actions everybody
saw: a declined optional decision has none, see :mod:`tapete.server.replay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import multiprocessing
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from tapete.analysis import Limits, MatchAnalysis, count_cards, from_block, record_deal_block, with_block
from tapete.analysis.block import VERSION, move_entry
from tapete.core.errors import RecordError
from tapete.games import game_of_record
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.registry import throttle
from tapete.server.storage.store import Store
from tapete.server.throttle import Throttle, address_key, retry_after
from tapete.table.silent import is_private

log = logging.getLogger(__name__)

#: Ready answers kept in memory (a stored analysis never changes), least recently asked first out.
READY_KEPT: Final = 256


@dataclass
class Job:
    """An analysis under way on this node: its progress in cards, or why it failed."""

    table_id: str
    total: int
    done: int = 0
    failed: bool = False
    task: asyncio.Task[None] | None = None

    def status(self) -> dict[str, Any]:
        if self.failed:
            return {"status": "failed"}
        return {"status": "running", "done": self.done, "total": self.total}


def limits_of(config: ServerConfig) -> Limits:
    """The limits this server analyses every card under."""
    own = config.analysis_own_nodes > 0 and config.analysis_own_samples > 0
    return Limits(
        max_nodes=max(1, config.analysis_max_nodes),
        own=own,
        own_samples=max(1, config.analysis_own_samples),
        own_nodes=max(1, config.analysis_own_nodes),
    )


def ready_json(record: dict[str, Any]) -> dict[str, Any] | None:
    """The answer for a stored record whose analysis is there and matches it; None when it has none
    (or one that does not match its record, which is then computed again)."""
    if record.get("analysis") is None:
        return None
    try:
        game = game_of_record(record)
        match = game.from_record(record)
        analysis = from_block(game, match, record["analysis"])
    except RecordError:
        return None
    return costs_json(game, match, analysis)


def costs_json(game: Any, match: Any, analysis: MatchAnalysis) -> dict[str, Any]:
    """Every card's cost with the replay frame it shows in, and each seat's totals: JSON, no words."""
    rules = match.rules
    players = game.players(rules)
    frames: dict[tuple[int, int], int] = {}
    version = 0
    for d, deal in enumerate(match.deals):
        last = len(deal.actions) - 1
        for k, action in enumerate(deal.actions):
            ended = k == last and deal.result is not None
            if not is_private(game, rules, action, ended):
                version += 1
                frames[d, k] = version
    moves = []
    for m in analysis.moves():
        moves.append(move_entry(game, rules, m, frame=frames[m.deal, m.step], deal=m.deal))
    done, left = analysis.counts()
    return {
        "status": "ready",
        "players": players,
        "moves": moves,
        "lost": analysis.lost(players),
        "own_lost": analysis.own_lost(players) if analysis.has_own else None,
        "analysed": done,
        "cards": done + left,
    }


class Analyses:
    """The analyses of one node: those under way, the ready answers kept, the workers and the limits."""

    def __init__(self, config: ServerConfig, store: Store, now: Callable[[], float] | None = None) -> None:
        self.config = config
        self.store = store
        self.limits = limits_of(config)
        self.jobs: dict[str, Job] = {}
        self.ready: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.asks: Throttle | None = throttle(config.analyses_per_minute, config.analysis_burst, now or time.monotonic)
        self._slots = asyncio.Semaphore(max(1, config.analysis_workers))
        self._pool: Executor | None = None
        #: How many analyses this node started (for tests and curiosity).
        self.started = 0

    # ------------------------------------------------------------ answers
    async def status(self, table_id: str) -> dict[str, Any]:
        """What ``GET`` answers (the caller checked who asks)."""
        kept = self._kept(table_id)
        if kept is not None:
            return kept
        job = self.jobs.get(table_id)
        if job is not None:
            return job.status()
        _, ready = await asyncio.to_thread(self._stored, table_id)
        return self._keep(table_id, ready) or {"status": "none"}

    async def ask(self, table_id: str, host: str | None) -> dict[str, Any]:
        """What ``POST`` answers: the costs or the work under way, else the work started here."""
        kept = self._kept(table_id)
        if kept is not None:
            return kept
        job = self.jobs.get(table_id)
        if job is not None and not job.failed:
            return job.status()
        if self.config.analysis_workers <= 0:
            raise ServerError("analysis_off", "server.error.analysis_off", http=503)
        record, ready = await asyncio.to_thread(self._stored, table_id)
        if record is None:
            raise ServerError("no_record", "server.error.no_record", http=404)
        if ready is not None:
            return self._keep(table_id, ready) or ready
        game = game_of_record(record)
        match = await asyncio.to_thread(game.from_record, record)
        total = count_cards(game, match)
        if total > self.config.analysis_max_cards:
            raise ServerError("analysis_too_long", "server.error.analysis_too_long", http=422,
                              detail={"cards": total, "limit": self.config.analysis_max_cards},
                              cards=total, limit=self.config.analysis_max_cards)  # fmt: skip
        job = self.jobs.get(table_id)
        if job is not None and not job.failed:  # asked twice at once: the other request started it meanwhile
            return job.status()
        waiting = sum(1 for j in self.jobs.values() if not j.failed)
        if waiting >= max(1, self.config.analysis_workers) + self.config.analysis_queue:
            raise ServerError("analysis_busy", "server.error.analysis_busy", http=503,
                              detail={"retry_after": 60}, headers={"Retry-After": "60"})  # fmt: skip
        self._count_ask(host)
        job = self.jobs[table_id] = Job(table_id, total)
        self.started += 1
        job.task = asyncio.create_task(self._run(job, record, len(match.deals)))
        return job.status()

    def _count_ask(self, host: str | None) -> None:
        wait = 0.0 if self.asks is None else self.asks.take(address_key(host))
        if wait > 0:
            seconds = retry_after(wait)
            raise ServerError("too_many_analyses", "server.error.too_many_analyses", http=429,
                              detail={"retry_after": seconds}, headers={"Retry-After": str(seconds)},
                              seconds=seconds)  # fmt: skip

    def _kept(self, table_id: str) -> dict[str, Any] | None:
        kept = self.ready.get(table_id)
        if kept is not None:
            self.ready.move_to_end(table_id)
        return kept

    def _stored(self, table_id: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The stored record and its ready answer (None without an analysis): in a worker thread, since
        reading the analysis back replays the match."""
        record = self.store.record(table_id)
        return record, ready_json(record) if record is not None else None

    def _keep(self, table_id: str, ready: dict[str, Any] | None) -> dict[str, Any] | None:
        """Keep a ready answer for the next asker (the least recently asked out first); ``ready`` back."""
        if ready is not None:
            self.ready[table_id] = ready
            while len(self.ready) > READY_KEPT:
                self.ready.popitem(last=False)
        return ready

    # ------------------------------------------------------------ the work
    async def _run(self, job: Job, record: dict[str, Any], deals: int) -> None:
        """Analyse the record a deal at a time in a worker, then save the block in the stored record."""
        limits = dataclasses.asdict(self.limits)
        try:
            async with self._slots:
                block_deals = []
                for deal in range(deals):
                    entries = await self._call(record_deal_block, record, deal, limits)
                    block_deals.append(entries)
                    job.done += len(entries)
            block = {"version": VERSION, "limits": limits, "deals": block_deals}
            self._keep(job.table_id, await asyncio.to_thread(self._save, job.table_id, block))
            del self.jobs[job.table_id]
        except asyncio.CancelledError:
            self.jobs.pop(job.table_id, None)
            raise
        except Exception:
            log.exception("could not analyse table %s", job.table_id)
            job.failed = True

    def _save(self, table_id: str, block: dict[str, Any]) -> dict[str, Any] | None:
        """Put the block in the stored record (read again: the record people download keeps its other fields)
        and give the ready answer; in a worker thread."""
        stored = self.store.record(table_id)
        if stored is None:
            raise RecordError(f"the record of table {table_id} is gone")
        stored = with_block(stored, block)
        self.store.save_record(table_id, stored)
        return ready_json(stored)

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        if not self.config.analysis_processes:
            return await asyncio.to_thread(fn, *args)
        if self._pool is None:
            # Spawned, not forked: the server's threads and sockets stay out of the workers.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=max(1, self.config.analysis_workers), mp_context=context)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def close(self) -> None:
        """Stop the work under way (nothing half done is saved) and the workers."""
        for job in list(self.jobs.values()):
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await job.task
        if self._pool is not None:
            # The deal a worker is on would finish first (and hold up the server's exit): stop the workers.
            workers = list(getattr(self._pool, "_processes", {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                process.terminate()
            self._pool = None


__all__ = ["Analyses", "Job", "costs_json", "limits_of", "ready_json"]
