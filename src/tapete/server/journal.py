"""The action log's writer: every applied action is committed before anybody is told of it.

A table applies an action only after ``await journal.append(row)`` returns, and broadcasts
it after that, so a crash can lose an action only if nobody ever saw it: recovery replays the
log and the table continues exactly where its players left it. Committing one transaction per
action would cap the whole server at the disk's fsync rate, so one writer thread gathers the
actions that arrive together (from many tables) into one :meth:`Store.append_actions`
transaction (group commit) and then resolves every waiting caller at once.

A batch that fails as a whole is retried row by row, so one bad row (a version already
written, say) fails only its own caller; the others still commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tapete.server.storage.rows import ActionRow

if TYPE_CHECKING:
    from tapete.server.storage.store import Store

log = logging.getLogger(__name__)

#: The most rows committed in one transaction.
MAX_BATCH = 500


@dataclass
class _Pending:
    row: ActionRow
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class JournalClosed(RuntimeError):
    """The journal was closed: no more actions can be made durable."""


class Journal:
    """A group-commit writer thread in front of :meth:`Store.append_actions`."""

    def __init__(self, store: Store, linger: float = 0.002) -> None:
        self.store = store
        self.linger = linger
        self._queue: queue.Queue[_Pending | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._closed = False
        #: Transactions committed and rows written: how well batching works (tests, logs).
        self.commits = 0
        self.rows = 0

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tapete-journal", daemon=True)
            self._thread.start()

    async def append(self, row: ActionRow) -> None:
        """Return once ``row`` is committed; raise what the store raised if it could not be."""
        if self._closed:
            raise JournalClosed("the journal is closed")
        self.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Pending(row, future, loop))
        await asyncio.shield(future)

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        if self._closed:
            return
        self._closed = True
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    # ------------------------------------------------------------ the writer thread
    def _run(self) -> None:
        stop = False
        while not stop:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            deadline = time.monotonic() + self.linger
            while len(batch) < MAX_BATCH:
                left = deadline - time.monotonic()
                try:
                    item = self._queue.get(timeout=left) if left > 0 else self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: Sequence[_Pending]) -> None:
        try:
            self.store.append_actions([p.row for p in batch])
        except Exception as error:
            if len(batch) == 1:
                log.warning("could not write action %s v%s: %s", batch[0].row.table_id, batch[0].row.version, error)
                self._settle(batch[0], error)
                return
            for p in batch:  # one by one: only the rows that cannot be written fail
                self._commit([p])
            return
        self.commits += 1
        self.rows += len(batch)
        for p in batch:
            self._settle(p, None)

    @staticmethod
    def _settle(p: _Pending, error: BaseException | None) -> None:
        def resolve() -> None:
            if p.future.done():
                return
            if error is None:
                p.future.set_result(None)
            else:
                p.future.set_exception(error)

        # RuntimeError: the caller's loop is gone (server shutting down): nobody waits any more.
        with contextlib.suppress(RuntimeError):
            p.loop.call_soon_threadsafe(resolve)


__all__ = ["Journal", "JournalClosed"]
