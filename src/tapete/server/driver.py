"""What moves a table when no person does: the bots' turns, and the turn clock with its stand-in.

One :class:`Driver` per live table runs one background task. It looks at whose turn it is:
a bot's (or a person's who is away) is played ``bot_delay`` seconds after the last action everybody
saw (``trick_pause`` after a completed trick), so that people can follow; a person's is waited
for, until the turn clock runs out (``clock_seconds`` of the table) or until their connections
have all been gone for ``away_grace`` seconds. Then the person is marked away and a stand-in bot
(level ``easy``) plays for them until they come back. Bots think in a worker thread on an
observation (immutable), with the table's lock held, so nothing changes under them and the event
loop stays free; their moves go through the same :meth:`DrivenTable.commit_turn` as people's (the
live table's; this module does not import it, see :class:`DrivenTable`).

Optional decisions that nobody else may learn of (see :mod:`tapete.table.silent`) take no visible
time: a bot's (or a stand-in's) is taken at once, with no pause before it, and the pause before the
next public action counts from the last action everybody saw, so it is the same with a declined
decision as with none. Whose turn it is, for the clock and the bots, is the seat to act as everybody
sees it: a bot to act in public does not wait for a person's private decision (its action closes it,
as the lead ends the time to sing at a real table), and a person's private decision has no clock of
its own. After a trick the bots wait ``trick_pause``, whether or not anybody may decide anything, so
that a person who may sing or exchange has the time to.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Sequence
from typing import Final, Protocol

from tapete.bots.base import Bot
from tapete.bots.levels import make_bot
from tapete.server.config import ServerConfig
from tapete.server.storage.rows import SeatRow, TableRow
from tapete.table.session import TableSession

log = logging.getLogger(__name__)

#: The bot that plays for a person who is away.
STAND_IN_LEVEL: Final = "easy"


class DrivenSeat(Protocol):
    """A seat as the driver reads it (:class:`tapete.server.live.SeatState`)."""

    row: SeatRow
    away: bool
    gone_since: float | None


class DrivenTable(Protocol):
    """What the driver needs of its table (:class:`tapete.server.live.LiveTable` is one).

    Written down here so that the driver does not import the live table: ``live`` builds a
    driver, and the driver only sees this surface of it.
    """

    row: TableRow
    config: ServerConfig
    session: TableSession | None
    version: int
    steps: int
    after_trick: bool
    lock: asyncio.Lock

    @property
    def id(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> Sequence[DrivenSeat]: ...

    def connected(self, seat: int) -> bool: ...

    def changed(self) -> None: ...

    async def commit(self, seat: int, action: int) -> None: ...

    async def commit_turn(self, seat: int, action: int) -> None: ...


class Driver:
    """The background task of one table."""

    def __init__(self, table: DrivenTable) -> None:
        self.table = table
        #: When the seat to act got its turn (monotonic seconds): where its clock starts.
        self.turn_started = time.monotonic()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stand_ins: dict[int, Bot] = {}

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.table.id}")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def wake(self) -> None:
        """Something changed (an action, a connection, an away flag): look again."""
        self._wake.set()

    # ------------------------------------------------------------ whose turn, and until when
    def needs_person(self, seat: int) -> bool:
        seats = self.table.seats
        return seat >= 0 and seats[seat].row.kind == "human" and not seats[seat].away

    def deadline(self, seat: int) -> float | None:
        """When the stand-in takes over the person to act: the turn clock, or the grace after leaving."""
        table = self.table
        limits = []
        if table.row.clock_seconds > 0:
            limits.append(self.turn_started + table.row.clock_seconds)
        gone = table.seats[seat].gone_since
        if gone is not None and not table.connected(seat):
            limits.append(gone + table.config.away_grace)
        return min(limits) if limits else None

    def plan(self) -> tuple[str, int]:
        """What to do next: ``stop``, a bot's (or stand-in's) ``private`` decision at once, play a
        ``bot`` turn, or ``wait`` for a person (the seat to act as everybody sees it)."""
        session = self.table.session
        if session is None or self.table.status != "live" or session.is_over():
            return "stop", -1
        seat = session.current_player
        if session.private_turn() and not self.needs_person(seat):
            return "private", seat
        seat = session.public_player
        return ("wait", seat) if self.needs_person(seat) else ("bot", seat)

    def pause(self) -> float:
        """How long after the last action everybody saw a bot acts: longer after a trick."""
        config = self.table.config
        return config.trick_pause if self.table.after_trick else config.bot_delay

    # ------------------------------------------------------------ the task
    async def _run(self) -> None:
        while True:
            try:
                if not await self._step():
                    return
            except asyncio.CancelledError:
                raise
            except Exception:  # never let one table's trouble stop it for good, nor the server
                log.exception("table %s: driver failed; retrying", self.table.id)
                await asyncio.sleep(1.0)

    async def _step(self) -> bool:
        table = self.table
        self._wake.clear()
        kind, seat = self.plan()
        version = table.steps
        if kind == "stop":
            return False
        if kind in ("private", "bot"):
            wait = self.turn_started + self.pause() - time.monotonic() if kind == "bot" else 0.0
            if wait > 0:
                await asyncio.sleep(wait)
            async with table.lock:
                if table.steps == version and self.plan() == (kind, seat):
                    await self._bot_move(seat, kind)
            return True
        deadline = self.deadline(seat)
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except TimeoutError:
            late = self.deadline(seat)
            if table.steps == version and self.plan() == ("wait", seat) and late is not None:
                if late <= time.monotonic() + 0.005:
                    table.seats[seat].away = True
                    table.changed()
        return True

    async def _bot_move(self, seat: int, kind: str) -> None:
        table = self.table
        session = table.session
        assert session is not None
        obs = session.observation(seat)
        bot = session.bots.get(seat) if table.seats[seat].row.kind == "bot" else None
        if bot is None:
            bot = self._stand_ins.get(seat) or self._stand_ins.setdefault(seat, make_bot(STAND_IN_LEVEL))
        # The session's own generator for this position: a recovered table's bots choose as before.
        rng = session._bot_rng()
        try:
            action = await asyncio.to_thread(bot.act, obs, rng)
        except Exception:
            log.exception("table %s: bot of seat %s failed; playing a random legal action", table.id, seat)
            action = -1
        if self.plan() != (kind, seat):  # the person came back while the stand-in was thinking
            return
        if action not in obs.legal_actions:
            action = random.Random(table.steps).choice(obs.legal_actions)
        await table.commit_turn(seat, action)


__all__ = ["STAND_IN_LEVEL", "Driver"]
