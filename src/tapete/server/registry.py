"""Every table the server holds in memory: creating them, finding them, and bringing them back.

The store is the truth; the registry keeps a :class:`~tapete.server.live.LiveTable` for each
table that is waiting or in play (all of them are loaded at startup by :meth:`TableRegistry.recover`,
which replays each live table's action log), and loads a finished table on demand when
somebody opens it. A table whose log cannot be replayed is reported and left alone: one bad
table must not keep the server from starting.

The registry also keeps tables from being spammed (docs/server.md, "Who may see a table, and
table spam"): a person owns at most ``max_open_tables`` waiting or live tables, creations are
throttled per person and per client address, a waiting table left with no person seated and no
connection for ``empty_table_minutes`` is given up, and the lobby is computed at most once per
``lobby_cache_seconds`` (a :class:`Lobby`, shared by every reader) instead of once per request.
Its clock (:attr:`TableRegistry.clock`, monotonic seconds) is injectable for tests.

On a node of a cluster (:attr:`TableRegistry.node` set, :mod:`tapete.server.cluster`) the registry
holds only the tables this node drives or has viewers of: a table is loaded when asked for (as its
owner if nobody drives it, else as a replica), tables nobody drives are claimed by the node's looks
rather than all loaded at startup, the lobby lists every node's open tables from Redis, and the
limit of open tables per person counts them in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tapete.core.errors import StorageError, TapeteError
from tapete.games import GAMES
from tapete.server.access import OPEN_STATUSES, TableAccess, is_party
from tapete.server.clients import CLOSE_GOING_AWAY
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.journal import Journal
from tapete.server.live import LiveTable, SeatState, table_rules
from tapete.server.storage.rows import TableRow, UserRow, new_code, new_id, utcnow
from tapete.server.throttle import Throttle, address_key, retry_after

if TYPE_CHECKING:
    from tapete.server.cluster.node import Node
    from tapete.server.storage.store import Store

log = logging.getLogger(__name__)

#: The longest turn clock an owner may set (seconds); 0 turns the clock off.
MAX_CLOCK = 3600
#: What a typed invite code may carry besides the code: spaces and dashes ("ABCD-EFGH").
_CODE_NOISE = re.compile(r"[\s-]+")
#: The lobby's orders: newest tables first, or the fullest (most seats taken) first.
LOBBY_ORDERS = ("newest", "fullest")


def throttle(per_minute: float, burst: int, now: Callable[[], float]) -> Throttle | None:
    """A :class:`~tapete.server.throttle.Throttle` of ``burst`` events at once, then ``per_minute`` a
    minute; None (no limit) when ``per_minute`` is 0 or less."""
    if per_minute <= 0:
        return None
    burst = max(1, burst)
    return Throttle(burst, 60.0 * burst / per_minute, now=now)


def _wait(limit: Throttle | None, key: str) -> float:
    return 0.0 if limit is None else limit.wait(key)


def _take(limit: Throttle | None, key: str) -> float:
    return 0.0 if limit is None else limit.take(key)


class Listing(Protocol):
    """A table as the lobby reads it: a :class:`LiveTable`, or in a cluster a
    :class:`~tapete.server.cluster.lobby.ListedTable` of another node's."""

    row: TableRow

    @property
    def id(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatState]: ...

    def summary(self) -> dict[str, Any]: ...

    def seat_of_user(self, user_id: str) -> int | None: ...

    def access(self) -> TableAccess: ...


def taken(table: Listing) -> int:
    """Seats held by a person or a bot."""
    return sum(1 for s in table.seats if s.row.kind != "open")


@dataclass
class Lobby:
    """The open tables as the lobby shows them, computed once and shared until it is ``made`` too long ago.

    ``orders`` holds the public open tables in each order; ``people`` each person's own open tables
    (owned or seated, public or private); ``pages`` is where the routes keep what they made of it
    (a page's JSON), so that readers within its lifetime share that too."""

    made: float
    orders: dict[str, list[Listing]]
    people: dict[str, list[Listing]]
    pages: dict[Any, Any] = field(default_factory=dict)


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
        #: Monotonic seconds: every limit below reads it (tests put a fake clock here).
        self.clock: Callable[[], float] = time.monotonic
        now = lambda: self.clock()  # noqa: E731 - read at each call, so that a test may swap the clock
        self.code_lookups = throttle(config.code_lookups_per_minute, config.code_lookup_burst, now)
        self.creations_by_person = throttle(config.tables_per_minute_per_person, config.table_burst_per_person, now)
        self.creations_by_address = throttle(config.tables_per_minute_per_address, config.table_burst_per_address, now)
        #: Tables being created (between their checks and their arrival in ``tables``), by owner.
        self._creating: Counter[str] = Counter()
        #: Since when (clock) each waiting table has had no person seated and no connection.
        self._empty_since: dict[str, float] = {}
        self._lobby: Lobby | None = None
        self._dropping = False
        #: This process as a node of a cluster (set by the node itself), or None.
        self.node: Node | None = None

    # ------------------------------------------------------------ creating
    async def create(self, owner: UserRow, spec: TableSpec, host: str | None = None) -> LiveTable:
        """A new waiting table; bad rules or settings raise ServerError with the reason, and so do the
        limits (checked after the rules, before anything is stored): ``too_many_tables`` (409) when
        ``owner`` already owns ``max_open_tables`` open tables, ``creating_too_fast`` (429, with
        ``retry_after`` seconds in its detail and a Retry-After header) past the creation rate of the owner
        or of the client address ``host``."""
        await self.drop_empty()
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
        # A cluster's nodes each hold some tables: the database counts them all.
        owned = None if self.node is None else await asyncio.to_thread(self.store.open_tables_of, owner.id)
        self._admit(owner.id, address_key(host), owned)  # no await since the checks: nothing slips between them
        self._creating[owner.id] += 1
        try:
            for _ in range(5):  # a clash of invite codes is rare: draw another
                try:
                    await asyncio.to_thread(self.store.create_table, row)
                    break
                except StorageError:
                    row = dataclasses.replace(row, id=new_id(), code=new_code())
            else:
                raise ServerError("storage", "server.error.storage", http=503)
        finally:
            self._creating[owner.id] -= 1
            if self._creating[owner.id] <= 0:
                del self._creating[owner.id]
        table = LiveTable(row, [], self.store, self.journal, self.config)
        self.sweep()
        self.tables[row.id] = table
        self._empty_since[row.id] = self.clock()
        if self.node is not None:
            await self.node.created(table)
        self.changed()
        return table

    def open_tables_of(self, owner_id: str, stored: int | None = None) -> int:
        """How many waiting or live tables ``owner_id`` owns (counting those being created); ``stored``:
        the database's count, in place of the tables in memory (a cluster's)."""
        if stored is None:
            stored = sum(1 for t in self.tables.values() if t.row.owner_id == owner_id and t.status in OPEN_STATUSES)
        return stored + self._creating[owner_id]

    def _admit(self, owner_id: str, address: str, stored: int | None = None) -> None:
        """Check the limits of one more table for ``owner_id`` from ``address``, and count it (or refuse)."""
        limit = self.config.max_open_tables
        if limit > 0 and self.open_tables_of(owner_id, stored) >= limit:
            raise ServerError("too_many_tables", "server.error.too_many_tables", http=409,
                              detail={"limit": limit}, limit=limit)  # fmt: skip
        waits = {
            "person": _wait(self.creations_by_person, owner_id),
            "address": _wait(self.creations_by_address, address),
        }
        scope, wait = max(waits.items(), key=lambda kv: kv[1])
        if wait > 0:
            seconds = retry_after(wait)
            raise ServerError(
                "creating_too_fast",
                f"server.error.creating_too_fast.{scope}",
                http=429,
                detail={"retry_after": seconds, "scope": scope},
                headers={"Retry-After": str(seconds)},
                seconds=seconds,
            )
        _take(self.creations_by_person, owner_id)
        _take(self.creations_by_address, address)

    def count_code_lookup(self, host: str | None) -> None:
        """Count one invite-code lookup from the client address ``host``, or refuse it: 429
        ``too_many_lookups`` with ``retry_after`` seconds in its detail and a Retry-After header."""
        wait = _take(self.code_lookups, address_key(host))
        if wait > 0:
            seconds = retry_after(wait)
            raise ServerError(
                "too_many_lookups",
                "server.error.too_many_lookups",
                http=429,
                detail={"retry_after": seconds},
                headers={"Retry-After": str(seconds)},
                seconds=seconds,
            )

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
        """The table of an invite code (any case; spaces and dashes ignored), else ``no_table`` (404).

        Who may see what it finds is the caller's to check (:mod:`tapete.server.access`)."""
        clean = _CODE_NOISE.sub("", code)[:16]
        row = await asyncio.to_thread(self.store.table_by_code, clean) if clean else None
        if row is None:
            raise ServerError("no_table", "server.error.no_code", http=404, code=code[:16])
        return await self.get(row.id)

    # ------------------------------------------------------------ the lobby
    def changed(self) -> None:
        """A table was created, or changed seats or status: the next lobby is computed afresh."""
        self._lobby = None

    async def lobby(self) -> Lobby:
        """The open tables as the lobby shows them (see :class:`Lobby`): computed at most once per
        ``lobby_cache_seconds``, after giving up the tables left empty too long."""
        now = self.clock()
        found = self._lobby
        if found is not None and now - found.made < self.config.lobby_cache_seconds:
            return found
        await self.drop_empty()
        self.sweep()
        public: list[Listing] = []
        people: dict[str, list[Listing]] = {}
        tables: Sequence[Listing] = list(self.tables.values())
        if self.node is not None:
            with contextlib.suppress(ServerError):  # Redis away: this node's own tables, until it is back
                tables = await self.node.lobby()
        for t in tables:
            if t.status not in OPEN_STATUSES:
                continue
            if t.row.public:
                public.append(t)
            parties = {t.row.owner_id} | {s.row.user_id for s in t.seats if s.row.kind == "human" and s.row.user_id}
            for person in parties:
                people.setdefault(person, []).append(t)
        newest = sorted(public, key=lambda t: t.row.created_at, reverse=True)
        fullest = sorted(newest, key=taken, reverse=True)  # stable: the newest first among equally full
        for mine in people.values():
            mine.sort(key=lambda t: t.row.created_at, reverse=True)
        self._lobby = Lobby(now, {"newest": newest, "fullest": fullest}, people)
        return self._lobby

    def mine(self, lobby: Lobby, user_id: str) -> list[Listing]:
        """``user_id``'s own open tables of ``lobby`` that still are (owned or seated), newest first."""
        return [t for t in lobby.people.get(user_id, ()) if t.status in OPEN_STATUSES and is_party(t.access(), user_id)]

    # ------------------------------------------------------------ empty tables
    async def drop_empty(self) -> int:
        """Give up every waiting table that has had no person seated and no connection for
        ``empty_table_minutes`` (status ``abandoned``, in the store first); how many were."""
        limit = self.config.empty_table_minutes * 60.0
        if self.config.empty_table_minutes <= 0 or self._dropping:
            return 0
        self._dropping = True
        try:
            now = self.clock()
            expired = []
            for t in list(self.tables.values()):
                if t.link is not None and not t.link.owner:  # its owner gives it up
                    continue
                if t.status != "waiting" or not self._is_empty(t):
                    self._empty_since.pop(t.id, None)
                    continue
                since = self._empty_since.setdefault(t.id, now)
                if now - since >= limit:
                    expired.append(t)
            dropped = 0
            for t in expired:
                async with t.lock:
                    if t.status != "waiting" or not self._is_empty(t):  # somebody came meanwhile
                        continue
                    await asyncio.to_thread(self.store.update_table, t.id, status="abandoned")
                    t.row = dataclasses.replace(t.row, status="abandoned")
                self._empty_since.pop(t.id, None)
                t.broadcast_table()
                self.forget(t)
                dropped += 1
            if dropped:
                log.info("gave up %d waiting tables left empty", dropped)
                self.changed()
            return dropped
        finally:
            self._dropping = False

    @staticmethod
    def _is_empty(table: LiveTable) -> bool:
        """No person seated (bots do not count) and no connection open."""
        return not table.watched() and all(s.row.kind != "human" for s in table.seats)

    # ------------------------------------------------------------ loading and recovery
    async def _load(self, row: TableRow, owner: bool | None = None) -> LiveTable | None:
        """Rebuild one table from the store; None (and a log entry) if its log does not replay.

        On a node of a cluster, the table is driven here if ``owner`` (its lease taken already), or, with
        ``owner`` None, if its lease was free; else it is a replica of the node that drives it."""
        node = self.node
        if node is not None:
            owner = await node.before_load(row, owner)
            if owner:  # the lease is ours now: read the table afresh, with every action its last owner wrote
                fresh = await asyncio.to_thread(self.store.get_table, row.id)
                row = fresh if fresh is not None else row
        try:
            table = await self._rebuild(row)
        except BaseException:
            if node is not None:
                node.load_failed(row.id)
            raise
        if table is None:
            if node is not None:
                node.load_failed(row.id)
            return None
        self.tables[row.id] = table
        if node is not None:
            await node.after_load(table, bool(owner))
            if owner:
                await node.started(table)
            return table
        if row.status == "live":
            assert table.session is not None
            if table.session.is_over():  # the server stopped between the last action and saving the end
                async with table.lock:
                    await table.finish()
            else:
                table.driver.start()
        return table

    async def _rebuild(self, row: TableRow) -> LiveTable | None:
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
        return table

    async def load_owned(self, row: TableRow) -> LiveTable | None:
        """A table whose lease this node just took (a cluster's): loaded and driven here."""
        async with self._loading:
            table = self.tables.get(row.id)
            if table is not None:
                return table
            return await self._load(row, owner=True)

    async def recover(self) -> int:
        """Load every waiting or live table from the store; returns how many came back.

        On a node of a cluster: none here; the node's looks claim the tables nobody drives."""
        if self.node is not None:
            return 0
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
            self._empty_since.pop(table.id, None)
            if self.node is not None:
                self.node.detach(table)

    async def revoke(self, bearer_hashes: Collection[str]) -> None:
        """Bearer tokens were revoked or expired: cut off what they granted, here and on every node."""
        await self.revoke_here(bearer_hashes)
        if self.node is not None and bearer_hashes:
            await self.node.revoked(bearer_hashes)

    async def revoke_here(self, bearer_hashes: Collection[str]) -> None:
        for table in list(self.tables.values()):
            await table.revoke(bearer_hashes)

    async def close(self) -> None:
        """Stop every table's bots and clock (the store and the journal stay open)."""
        for table in list(self.tables.values()):
            table.close_all(CLOSE_GOING_AWAY)  # clients reconnect (with since) to the next server
            await table.driver.stop()

    def stats(self) -> dict[str, Any]:
        statuses = [t.status for t in self.tables.values()]
        out: dict[str, Any] = {s: statuses.count(s) for s in ("waiting", "live", "finished", "abandoned")}
        if self.node is not None:
            out["cluster"] = self.node.stats()
        return out


__all__ = ["LOBBY_ORDERS", "MAX_CLOCK", "Listing", "Lobby", "TableRegistry", "TableSpec", "taken", "throttle"]
