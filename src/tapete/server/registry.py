"""Every table the server holds in memory: creating them, finding them, and bringing them back.

The store is the truth; the registry keeps a :class:`~tapete.server.live.LiveTable` for each
table that is waiting or in play (all of them are loaded at startup by :meth:`TableRegistry.recover`,
which replays each live table's action log), and loads a finished table on demand when
somebody opens it. A table whose log cannot be replayed is reported and left alone: one bad
table must not keep the server from starting.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tapete.core.errors import StorageError, TapeteError
from tapete.games import GAMES
from tapete.server.clients import CLOSE_GOING_AWAY
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.journal import Journal
from tapete.server.live import LiveTable, table_rules
from tapete.server.storage.rows import TableRow, UserRow, new_code, new_id, utcnow

if TYPE_CHECKING:
    from tapete.server.storage.store import Store

log = logging.getLogger(__name__)

#: The longest turn clock an owner may set (seconds); 0 turns the clock off.
MAX_CLOCK = 3600


@dataclass(frozen=True)
class TableSpec:
    """What the owner chooses when creating a table (checked by :meth:`TableRegistry.create`)."""

    game: str
    preset: str | None = None
    options: Mapping[str, str] | None = None
    target: int | None = None
    clock_seconds: int | None = None
    public: bool = True
    spectators_see_hands: bool = False
    rated: bool = False


class TableRegistry:
    """The tables in memory, by id."""

    def __init__(self, store: Store, journal: Journal, config: ServerConfig) -> None:
        self.store = store
        self.journal = journal
        self.config = config
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    # ------------------------------------------------------------ creating
    async def create(self, owner: UserRow, spec: TableSpec) -> LiveTable:
        """A new waiting table; bad rules or settings raise ServerError with the reason."""
        game = GAMES.get(spec.game)
        if game is None:
            raise ServerError("bad_game", "server.error.bad_game", game=spec.game[:40], games=", ".join(GAMES))
        preset = spec.preset or game.default_preset
        options = {str(k): str(v) for k, v in (spec.options or {}).items()}
        clock = self.config.clock_seconds if spec.clock_seconds is None else spec.clock_seconds
        if not 0 <= clock <= MAX_CLOCK:
            raise ServerError("bad_field", "server.error.bad_clock", detail={"field": "clock_seconds"}, limit=MAX_CLOCK)
        row = TableRow(
            id=new_id(),
            code=new_code(),
            game=game.name,
            preset=preset,
            options=options,
            target=spec.target,
            clock_seconds=clock,
            public=spec.public,
            spectators_see_hands=spec.spectators_see_hands,
            rated=spec.rated,
            owner_id=owner.id,
            seed=random.SystemRandom().randrange(2**62),
            status="waiting",
            created_at=utcnow(),
            rules_revision=game.rules_class.REVISION,
        )
        try:
            table_rules(game, row)
        except (TapeteError, ValueError, TypeError) as e:
            raise ServerError("bad_rules", "server.error.bad_rules", detail={"reason": str(e)}, reason=str(e)) from None
        for _ in range(5):  # a clash of invite codes is rare: draw another
            try:
                await asyncio.to_thread(self.store.create_table, row)
                break
            except StorageError:
                row = dataclasses.replace(row, id=new_id(), code=new_code())
        else:
            raise ServerError("storage", "server.error.storage", http=503)
        table = LiveTable(row, [], self.store, self.journal, self.config)
        self.sweep()
        self.tables[row.id] = table
        return table

    # ------------------------------------------------------------ finding
    async def get(self, table_id: str) -> LiveTable:
        """The table ``table_id`` (loaded from the store if needed), else ServerError ``no_table`` (404)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                row = await asyncio.to_thread(self.store.get_table, table_id) if len(table_id) <= 64 else None
                table = await self._load(row) if row is not None else None
        if table is None:
            raise ServerError("no_table", "server.error.no_table", http=404)
        return table

    async def by_code(self, code: str) -> LiveTable:
        row = await asyncio.to_thread(self.store.table_by_code, code[:16])
        if row is None:
            raise ServerError("no_table", "server.error.no_code", http=404, code=code[:16])
        return await self.get(row.id)

    def lobby(self, user_id: str | None = None) -> list[LiveTable]:
        """Public tables waiting or in play, and the private ones where ``user_id`` holds a seat, newest first."""
        self.sweep()
        found = [
            t
            for t in self.tables.values()
            if t.status in ("waiting", "live") and (t.row.public or (user_id and t.seat_of_user(user_id) is not None))
        ]
        return sorted(found, key=lambda t: t.row.created_at, reverse=True)

    # ------------------------------------------------------------ loading and recovery
    async def _load(self, row: TableRow) -> LiveTable | None:
        """Rebuild one table from the store; None (and a log entry) if its log does not replay."""
        seats = await asyncio.to_thread(self.store.seats, row.id)
        table = LiveTable(row, seats, self.store, self.journal, self.config)
        chat = await asyncio.to_thread(self.store.chat, row.id, 50)
        from tapete.server import protocol as p

        for c in chat:
            table.chat_lines.append(p.ChatLine(sender=c.name, text=c.text, at=c.at.isoformat()))
        if row.status in ("live", "finished"):
            actions = await asyncio.to_thread(self.store.actions, row.id)
            try:
                table.replay(actions)
            except (TapeteError, ValueError, KeyError) as e:
                log.error("table %s cannot be rebuilt from its log: %s", row.id, e)
                return None
        self.tables[row.id] = table
        if row.status == "live":
            assert table.session is not None
            if table.session.is_over():  # the server stopped between the last action and saving the end
                async with table.lock:
                    await table.finish()
            else:
                table.driver.start()
        return table

    async def recover(self) -> int:
        """Load every waiting or live table from the store; returns how many came back."""
        rows = await asyncio.to_thread(self.store.tables_to_recover)
        count = 0
        for row in rows:
            if row.id in self.tables:
                continue
            if await self._load(row) is not None:
                count += 1
        return count

    def sweep(self) -> None:
        """Forget every finished or abandoned table nobody is connected to."""
        for table in list(self.tables.values()):
            self.forget(table)

    def forget(self, table: LiveTable) -> None:
        """Drop a finished or abandoned table nobody watches any more (the store keeps it)."""
        if table.status in ("finished", "abandoned") and not table.clients:
            self.tables.pop(table.id, None)

    async def close(self) -> None:
        """Stop every table's bots and clock (the store and the journal stay open)."""
        for table in list(self.tables.values()):
            table.close_all(CLOSE_GOING_AWAY)  # clients reconnect (with since) to the next server
            await table.driver.stop()

    def stats(self) -> dict[str, Any]:
        statuses = [t.status for t in self.tables.values()]
        return {s: statuses.count(s) for s in ("waiting", "live", "finished", "abandoned")}


__all__ = ["MAX_CLOCK", "TableRegistry", "TableSpec"]
