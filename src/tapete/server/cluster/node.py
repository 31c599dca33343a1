"""One node of a cluster: its tables' leases, the tables nobody drives, requests from other nodes.

A :class:`Node` is made by :func:`tapete.server.app.create_app` when the settings name a Redis
(``redis_url``); the registry then asks it about every table it holds (:meth:`Node.before_load`,
:meth:`Node.after_load`), and the REST routes and the websockets send what must run on a table's
owner through :meth:`Node.on_owner`.

**Who drives what.** The node that creates a table takes its lease. A table nobody holds (its node
died or stopped, or the cluster restarted) is taken by the first node to look: every node looks at
the set of open tables (``<prefix>:open``, filled from PostgreSQL at start and whenever Redis comes
back) every quarter of ``lease_seconds``, and claims up to ``CLAIMS_PER_LOOK`` free ones each time,
in random order, so that a dead node's tables spread over the survivors. A claimed table is
rebuilt from PostgreSQL after its lease is taken (never before: the old owner's last commits are in),
its bots and its clock resume, and it tells every node its facts.

**Asking the owner.** An action, a seat taken, left or filled with a bot, a start or a give-up
that arrives at a node that does not drive the table goes to the lease holder's channel; a table
whose lease nobody holds is claimed on the spot. The caller waits while the owner is alive; if the
owner dies meanwhile the request goes to the next one (an action that had been committed after all
is then refused as stale: the client sees its event and looks again). A refusal comes back in the
client's words. With Redis away such a request is refused at once as ``unavailable`` (503).

**Redis away and back.** While Redis is unreachable every node keeps driving the tables it holds
(nobody can take them: taking needs Redis) and commits to PostgreSQL as ever; the clients connected
to the owner's node play on, the others follow the game from PostgreSQL (each replica with viewers
reads it at every look) and their actions are refused as ``unavailable``.
When Redis is back (the same or a restarted one, empty) each node renews its leases (taking back any
that vanished), refills the set of open tables from PostgreSQL, publishes its tables' facts, brings
every replica up to date from PostgreSQL and tells each owner again who is connected through it:
nothing was lost, since nothing is told before it is committed, and no table stays without an owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import random
import secrets
import socket
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Collection
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from tapete.core.errors import StorageError
from tapete.server import seating
from tapete.server.access import OPEN_STATUSES
from tapete.server.clients import CLOSE_TRY_AGAIN
from tapete.server.cluster.bus import Bus, Message, Unreachable
from tapete.server.cluster.lease import Leases
from tapete.server.cluster.link import MOVED, SERVING, Link, error_from, error_json, unavailable
from tapete.server.cluster.lobby import ListedTable, listing
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.live import LiveTable, Pass
from tapete.server.storage.rows import TableRow, UserRow, utcnow

if TYPE_CHECKING:
    from tapete.server.registry import TableRegistry
    from tapete.server.storage.store import Store

log = logging.getLogger(__name__)

#: Free tables one node claims at each look (a dead node's tables spread over the survivors), and at once.
CLAIMS_PER_LOOK: Final = 200
CLAIMS_AT_ONCE: Final = 8
#: Seconds a replica with no client here is kept before it is dropped (it is loaded again when asked for).
IDLE_REPLICA: Final = 60.0
#: Every how many looks the node gives up the waiting tables it drives that were left empty too long.
EMPTY_EVERY: Final = 40
#: Seconds a spectator's pass is kept in Redis after it was last given (passes die with their table anyway).
PASS_SECONDS: Final = 7 * 86400

#: What a table's owner does when another node asks: the seating routes' own functions.
SEATING: Final[dict[str, Callable[..., Awaitable[Any]]]] = {
    "sit": seating.sit,
    "leave": seating.leave,
    "add_bot": seating.add_bot,
    "start": seating.start,
    "abandon": seating.abandon,
}


def node_name(config: ServerConfig) -> str:
    """This node's name: ``node_name`` if set, else the host, the port, the process and a random part."""
    if config.node_name:
        return config.node_name
    return f"{socket.gethostname()}:{config.port}:{os.getpid()}:{secrets.token_hex(3)}"


def user_json(user: UserRow) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "registered": user.registered, "created_at": user.created_at.isoformat()}


def user_from(data: dict[str, Any]) -> UserRow:
    return UserRow(str(data["id"]), str(data["name"]), bool(data["registered"]),
                   datetime.fromisoformat(str(data["created_at"])))  # fmt: skip


def _settled(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


class Node:
    """This process as one node of a cluster (see the module docstring)."""

    def __init__(self, config: ServerConfig, store: Store, registry: TableRegistry) -> None:
        assert config.redis_url, "a node needs a Redis"
        self.config = config
        self.store = store
        self.registry = registry
        self.name = node_name(config)
        self.prefix = config.cluster_prefix
        self.bus = Bus(config.redis_url, self.name, self.prefix, self._heard, self._up)
        self.leases = Leases(self.bus.redis, self.prefix, self.name, config.lease_seconds)
        self.links: dict[str, Link] = {}
        #: Messages for tables being loaded, applied once they are.
        self._loading: dict[str, list[Message]] = {}
        self._task: asyncio.Task[None] | None = None
        self._jobs: set[asyncio.Task[Any]] = set()
        #: No claims before this (monotonic): after Redis comes back, owners first take their leases back.
        self._claim_after = 0.0
        #: Tables claimed, and requests served for other nodes (what /api/health shows).
        self.claimed = 0
        self.served = 0
        self.handed = 0
        self._looks = 0
        #: The longest the event loop was late waking the node's looks (seconds): a sign of blocking work.
        self.lag = 0.0
        #: Messages heard, by kind (what /api/health shows).
        self.heard: Counter[str] = Counter()
        registry.node = self

    # ------------------------------------------------------------ keys
    @property
    def open_key(self) -> str:
        return self.bus.key("open")

    @property
    def lobby_key(self) -> str:
        return self.bus.key("lobby")

    def passes_key(self, table_id: str) -> str:
        return self.bus.key("passes", table_id)

    def revoked_key(self, bearer_hash: str) -> str:
        return self.bus.key("revoked", bearer_hash)

    # ------------------------------------------------------------ life
    @property
    def look_every(self) -> float:
        return max(0.05, self.config.lease_seconds / 4)

    async def start(self) -> None:
        if not await self.bus.start():
            log.warning("cluster: Redis does not answer at %s yet; this node keeps trying", self.config.redis_url)
        self._task = asyncio.create_task(self._look_forever(), name="cluster-look")

    async def close(self) -> None:
        """Stop looking, give every lease up (another node takes the tables at once) and leave."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for job in list(self._jobs):
            job.cancel()
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2.0):
                for table_id, link in list(self.links.items()):
                    if link.owner:
                        link.owner = False
                        await self.leases.release(table_id)
                await self.leases.leave()
        await self.bus.close()

    def _job(self, coro: Awaitable[Any], name: str) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        task.set_name(name)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)
        task.add_done_callback(_settled)

    async def _up(self) -> None:
        """Redis is (back) up: take the leases back, refill what was lost, catch up (see the module docstring)."""
        again = self.bus.connections > 1
        owned = [t for t, link in self.links.items() if link.owner]
        lost = await self.leases.renew(owned)
        for table_id in lost:
            self._job(self.demote(table_id), f"demote-{table_id}")
        await self.seed()
        for link in list(self.links.values()):
            if link.owner:
                self.bus.send("SADD", self.open_key, link.id)
                link.flush()
            else:
                link.owner_node = None
                link._catch_up_soon()
        if again:
            self._claim_after = time.monotonic() + self.config.lease_seconds

    async def seed(self) -> None:
        """Put every open table of the database in the set the nodes claim from."""
        try:
            ids = await asyncio.to_thread(self.store.open_table_ids)
        except StorageError as e:
            log.warning("cluster: cannot read the open tables (%s); the next reconnection tries again", e)
            return
        for start in range(0, len(ids), 1000):
            await self.bus.redis.sadd(self.open_key, *ids[start : start + 1000])

    # ------------------------------------------------------------ looking around
    async def _look_forever(self) -> None:
        while True:
            asleep = time.monotonic()
            await asyncio.sleep(self.look_every)
            # How late the event loop woke this task: what blocked it (a long computation, a full collection).
            self.lag = max(self.lag, time.monotonic() - asleep - self.look_every)
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # Redis away, say: the bus reconnects, the next look tries again
                if self.bus.up:
                    log.warning("cluster: look failed (%s)", e)
                self.bus.broken()
            if not self.bus.up:  # no messages come: the replicas' viewers follow the game from the database
                for link in list(self.links.values()):
                    if not link.owner and link.table.clients:
                        link._catch_up_soon()

    async def look(self) -> None:
        """Renew this node's leases, claim free tables, follow owners' changes, forget dead nodes and idle replicas."""
        owned = [t for t, link in self.links.items() if link.owner]
        for table_id in await self.leases.renew(owned):
            await self.demote(table_id)
        if not self.bus.up:
            return
        if time.monotonic() >= self._claim_after:
            free = await self.leases.free(self.open_key)  # Redis looks through the open tables: only free ones come
            random.shuffle(free)
            if free:  # several at once: each waits mostly on the database
                gate = asyncio.Semaphore(CLAIMS_AT_ONCE)

                async def claim(table_id: str) -> None:
                    async with gate:
                        await self.claim(table_id)

                await asyncio.gather(*(claim(t) for t in free[:CLAIMS_PER_LOOK]))
        await self._follow_owners()
        await self._forget_dead_nodes()
        await self._hand_over()
        self._drop_idle()
        self._looks += 1
        if self._looks % EMPTY_EVERY == 0:  # tables left empty are given up by their owners (see the registry)
            await self.registry.drop_empty()

    async def _hand_over(self) -> None:
        """Give each open table this node drives, but nobody here watches, to the one node through which all
        its viewers are connected, once that has lasted ``lease_seconds``: that node then does the table's
        work alone, with no action forwarded and no replica to keep (a load balancer that keeps a table's
        requests on one node makes this the rule; nothing depends on it)."""
        now = time.monotonic()
        for link in [link for link in self.links.values() if link.owner]:
            table = link.table
            viewers = [n for n, (seats, count) in link.presence.items() if n != self.name and (seats or count)]
            if table.clients or table.status not in OPEN_STATUSES or len(viewers) != 1:
                link.handing = None
                continue
            target = viewers[0]
            if link.handing is None or link.handing[0] != target:
                link.handing = (target, now)
            elif now - link.handing[1] >= self.config.lease_seconds:
                await self.hand_over(link, target)

    async def hand_over(self, link: Link, target: str) -> None:
        """Stop driving a table and ask ``target`` to take it (it claims the lease this node gives up)."""
        table = link.table
        async with table.lock:  # between two commits
            if not link.owner:
                return
            link.owner = False
            link.owner_node = target
            link.handing = None
            await table.driver.stop()
            await self.listen(table.id, False)  # before the new owner can say anything
            await self.leases.release(table.id)
        self.handed += 1
        self.bus.publish(self.bus.node_channel(target), {"op": "take", "t": table.id, "from": self.name})
        log.info("cluster: gave table %s to %s, where its viewers are", table.id, target)

    async def _follow_owners(self) -> None:
        """Replicas whose owner is unknown, or on a node that is gone: ask who holds their lease now (a new
        owner tells its facts anyway, but a message may have been lost)."""
        replicas = [link for link in self.links.values() if not link.owner and link.table.status in OPEN_STATUSES]
        owners = sorted({link.owner_node for link in replicas if link.owner_node is not None})
        alive = await self.leases.alive(owners) if owners else set()
        lost = [link for link in replicas if link.owner_node is None or link.owner_node not in alive]
        if not lost:
            return
        holders = await self.leases.holders([link.id for link in lost])
        for link in lost:
            holder = holders.get(link.id)
            if holder is not None and holder != link.owner_node:
                link.owner_node = holder
                link.retell()
                self.bus.publish(self.bus.node_channel(holder), {"op": "meta", "t": link.id, "from": self.name})
            elif holder is None:
                link.owner_node = None

    async def _forget_dead_nodes(self) -> None:
        owned = [link for link in self.links.values() if link.owner and link.presence]
        nodes = sorted({n for link in owned for n in link.presence})
        if not nodes:
            return
        alive = await self.leases.alive(nodes)
        for link in owned:
            gone = [n for n in link.presence if n not in alive]
            for n in gone:
                link.set_presence(n, None)
            if gone:
                link.table.changed()

    def _drop_idle(self) -> None:
        now = time.monotonic()
        for table_id, link in list(self.links.items()):
            table = link.table
            if link.owner or table.clients:
                link.used = now if table.clients else link.used
                continue
            if now - link.used >= IDLE_REPLICA or table.status not in OPEN_STATUSES:
                self.registry.tables.pop(table_id, None)
                self.detach(table)

    # ------------------------------------------------------------ owning
    async def claim(self, table_id: str) -> bool:
        """Take a free table's lease and drive it (rebuilt from the database); whether this node drives it now."""
        link = self.links.get(table_id)
        if link is not None and link.owner:
            return True
        try:
            if not await self.leases.acquire(table_id):
                return False
        except Exception:
            self.bus.broken()
            return False
        self.claimed += 1
        link = self.links.get(table_id)
        if link is not None:
            await self.promote(link)
            return True
        try:
            row = await asyncio.to_thread(self.store.get_table, table_id)
            table = await self.registry.load_owned(row) if row is not None else None
        except Exception:
            log.exception("cluster: cannot take table %s over", table_id)
            table = None
        if table is None or table.status not in OPEN_STATUSES:
            self.bus.send("SREM", self.open_key, table_id)
            self.bus.send("HDEL", self.lobby_key, table_id)
            await self.leases.release(table_id)
            if table is not None and table.link is not None:
                table.link.owner = False
            return False
        log.info("cluster: took table %s over", table_id)
        return True

    async def promote(self, link: Link) -> None:
        """A replica becomes the owner (this node took its lease): brought up to date from the database,
        then its bots and clock resume, and every node hears its facts."""
        table = link.table
        await link.catch_up()
        async with table.lock:
            row = await asyncio.to_thread(self.store.get_table, table.id)
            seats = await asyncio.to_thread(self.store.seats, table.id)
            if row is not None:
                table.row = row
                by_seat = {s.seat: s for s in seats}
                for i, state in enumerate(table.seats):
                    state.row = by_seat.get(i) or state.row
            actions = await asyncio.to_thread(self.store.actions, table.id, table.steps)
            for action in actions:
                if action.version == table.steps + 1:
                    link._apply(action.seat, action.action)
            link.owner = True
            link.owner_node = self.name
            link.presence.pop(self.name, None)  # what it was told of itself as a replica: its clients say it now
            now = time.monotonic()
            table.driver.turn_started = now
            for i, state in enumerate(table.seats):
                state.gone_since = None if table.connected(i) else now
        self.bus.send("SADD", self.open_key, table.id)
        await self.started(table)
        link.flush()
        await self.listen(table.id, True)
        log.info("cluster: took table %s over", table.id)

    async def started(self, table: LiveTable) -> None:
        """An owned table's match goes on: its bots and clock (or its end saved, if it ended unsaved).

        The bots' pause and the turn clock count from the last action as it was logged, not from now: a
        table taken over from a dead node goes on as soon as it is rebuilt, and nobody's clock starts again."""
        if table.status == "live" and table.session is not None:
            if table.session.is_over():
                async with table.lock:
                    await table.finish()
                table.broadcast_table()
            else:
                if table.steps > 0:
                    with contextlib.suppress(StorageError):
                        last = await asyncio.to_thread(self.store.actions, table.id, table.steps - 1)
                        if last:
                            elapsed = max(0.0, (utcnow() - last[-1].at).total_seconds())
                            table.driver.turn_started = time.monotonic() - elapsed
                table.driver.start()

    async def demote(self, table_id: str) -> None:
        """Another node holds this table's lease now: stop driving it and follow the new owner."""
        link = self.links.get(table_id)
        if link is None or not link.owner:
            return
        log.warning("cluster: table %s is driven by another node now", table_id)
        link.owner = False
        link.owner_node = None
        await link.table.driver.stop()
        await self.listen(table_id, False)
        link.retell()
        link._catch_up_soon()

    def check_owner(self, table_id: str) -> None:
        """Something says another node drove a table this node thinks it owns (a message from it, or a
        commit the database refused): ask Redis, and the database."""

        async def check() -> None:
            holder = await self.leases.holder(table_id)
            if holder != self.name:
                await self.demote(table_id)
                return
            link = self.links.get(table_id)
            if link is None or not link.owner:
                return
            # The lease is ours (again), but did another node write while it was not? Then start afresh.
            last = await asyncio.to_thread(self.store.last_version, table_id)
            if last > link.table.steps:
                await self.demote(table_id)
                if await self.leases.acquire(table_id):
                    await self.promote(link)

        self._job(check(), f"check-{table_id}")

    def rebuild_soon(self, table_id: str) -> None:
        """A replica that cannot follow (a log it cannot apply): drop it; its clients reconnect and load it anew."""
        link = self.links.get(table_id)
        if link is None or link.owner:
            return
        table = link.table
        self.registry.tables.pop(table_id, None)
        self.detach(table)
        table.close_all(CLOSE_TRY_AGAIN)

    # ------------------------------------------------------------ the registry's tables
    async def before_load(self, row: TableRow, owner: bool | None) -> bool:
        """About to load ``row`` from the database: listen to its channel first (what comes meanwhile is
        kept), and take its lease if it is open and free (``owner`` None) ; whether this node drives it."""
        self._loading.setdefault(row.id, [])
        if owner is None:
            owner = False
            if row.status in OPEN_STATUSES and self.bus.up:
                try:
                    owner = await self.leases.acquire(row.id)
                except Exception:
                    self.bus.broken()
        await self.listen(row.id, owner)
        return owner

    async def listen(self, table_id: str, owner: bool) -> None:
        """Listen to a table's channels: its chat always, and what its owner tells only on a replica (an
        owner does not hear its own messages back)."""
        await self.bus.subscribe(self.bus.chat_channel(table_id))
        if owner:
            await self.bus.unsubscribe(self.bus.table_channel(table_id))
        else:
            await self.bus.subscribe(self.bus.table_channel(table_id))

    async def deafen(self, table_id: str) -> None:
        await self.bus.unsubscribe(self.bus.table_channel(table_id))
        await self.bus.unsubscribe(self.bus.chat_channel(table_id))

    def load_failed(self, table_id: str) -> None:
        self._loading.pop(table_id, None)
        if table_id not in self.links:
            self._job(self.deafen(table_id), f"unsubscribe-{table_id}")

    async def after_load(self, table: LiveTable, owner: bool) -> None:
        """The loaded table joins the cluster: as its owner (its facts told, its match resumed by the
        caller) or as a replica (the messages that came during the load applied, the owner asked for its facts)."""
        link = Link(self, table, owner)
        self.links[table.id] = link
        waiting = self._loading.pop(table.id, [])
        if owner:
            if table.status in OPEN_STATUSES:
                self.bus.send("SADD", self.open_key, table.id)
            link.flush()
            return
        for message in waiting:
            link.feed(message)
        if table.status in OPEN_STATUSES:
            holder = await self.leases.holder(table.id) if self.bus.up else None
            link.owner_node = holder
            if holder is not None:
                self.bus.publish(self.bus.node_channel(holder), {"op": "meta", "t": table.id, "from": self.name})

    async def created(self, table: LiveTable) -> None:
        """A table this node just created: it drives it."""
        await self.listen(table.id, True)
        try:
            owner = await self.leases.acquire(table.id)
        except Exception:
            self.bus.broken()
            owner = True  # nobody else can hold a new id's lease; renewing takes it when Redis is back
        link = Link(self, table, owner)
        self.links[table.id] = link
        self.bus.send("SADD", self.open_key, table.id)
        link.flush()

    def detach(self, table: LiveTable) -> None:
        """The node lets a table go (finished and unwatched, or an idle replica)."""
        link = self.links.pop(table.id, None)
        if link is None:
            return
        table.link = None
        self._job(self.deafen(table.id), f"unsubscribe-{table.id}")

    def listed(self, table: LiveTable) -> None:
        """An owned table's entry in the lobby every node shows (gone once it is over, and its lease too)."""
        if table.status in OPEN_STATUSES:
            data = json.dumps(listing(table), separators=(",", ":"), ensure_ascii=False)
            self.bus.send("HSET", self.lobby_key, table.id, data)
            return
        self.bus.send("HDEL", self.lobby_key, table.id)
        self.bus.send("SREM", self.open_key, table.id)
        link = self.links.get(table.id)
        if link is not None and link.owner:
            link.owner = False
            link.owner_node = None
            self._job(self.leases.release(table.id), f"release-{table.id}")

    async def lobby(self) -> list[ListedTable]:
        """Every node's open tables, as their owners listed them."""
        try:
            entries = await self.bus.redis.hgetall(self.lobby_key)
        except Exception as e:
            raise unavailable() from e
        out = []
        for value in entries.values():
            with contextlib.suppress(ValueError, KeyError, TypeError):
                out.append(ListedTable.of(json.loads(value)))
        return out

    # ------------------------------------------------------------ spectators' passes and revoked tokens
    async def share_pass(self, table_id: str, digest: str, given: Pass) -> None:
        """Keep a spectator's pass where every node finds it (the hello may reach any node)."""
        data = json.dumps(dataclasses.asdict(given))
        try:
            async with self.bus.redis.pipeline(transaction=False) as pipe:
                pipe.hset(self.passes_key(table_id), digest, data)
                pipe.expire(self.passes_key(table_id), PASS_SECONDS)
                await pipe.execute()
        except Exception as e:
            raise unavailable() from e

    async def pass_of(self, table_id: str, digest: str) -> Pass | None:
        """A pass given on any node, unless the sign-in that asked for it was revoked since."""
        try:
            data = await self.bus.redis.hget(self.passes_key(table_id), digest)
            if data is None:
                return None
            found = Pass(**json.loads(data))
            if found.granted_by is not None and await self.bus.redis.exists(self.revoked_key(found.granted_by)):
                return None
            return found
        except Exception:
            return None

    async def revoked(self, bearer_hashes: Collection[str]) -> None:
        """Bearer tokens revoked or expired here: every other node cuts off what they granted too."""
        hashes = sorted(bearer_hashes)
        ms = int(self.config.token_lifetime * 1000)
        for digest in hashes:
            self.bus.send("SET", self.revoked_key(digest), "1", "PX", ms)
        self.bus.publish(self.bus.all_channel, {"op": "revoke", "hashes": hashes, "n": self.name})

    # ------------------------------------------------------------ asking the owner
    async def on_owner(self, link: Link, message: Message, lang: str = "en") -> Any:
        """Run ``message`` (an action, a seating change) on the table's owner, wherever it is; its
        result, or its refusal raised as a ServerError (see the module docstring)."""
        deadline = time.monotonic() + self.config.forward_timeout
        table_id = link.id
        holder = link.owner_node  # as far as this node knows: asked of Redis when unknown or gone
        while True:
            if link.owner:
                return await self.run(link.table, message)
            if not self.bus.up:
                raise unavailable()
            if holder is None:
                try:
                    holder = await self.leases.holder(table_id)
                except Exception as e:
                    self.bus.broken()
                    raise unavailable() from e
            if holder is None:
                if link.table.status not in OPEN_STATUSES:
                    return await self.run(link.table, message)  # refused there, as on one node
                await self.claim(table_id)
            elif holder == self.name:
                await asyncio.sleep(0.02)  # being promoted
            else:
                link.owner_node = holder
                reply = await self._ask(holder, {**message, "lang": lang}, deadline)
                if reply is not None:
                    if "error" not in reply:
                        return reply.get("result")
                    error = error_from(reply["error"])
                    if error.code != MOVED:
                        raise error
                    await asyncio.sleep(0.02)
            holder = None  # ask Redis again
            if time.monotonic() > deadline:
                raise unavailable()

    async def _ask(self, node: str, message: Message, deadline: float) -> Message | None:
        """Send a request and wait for its reply while ``node`` lives; None if it died or time ran out."""
        future = self.bus.request(node, message)
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                try:
                    async with asyncio.timeout(min(left, self.config.lease_seconds)):
                        return await asyncio.shield(future)
                except Unreachable:
                    return None
                except TimeoutError:
                    if not self.bus.up or not await self.leases.alive([node]):
                        return None
        finally:
            self.bus.forget(future)

    async def run(self, table: LiveTable, message: Message) -> Any:
        """What a request asks, done here (on the owner)."""
        op = message.get("op")
        if op == "act":
            seat = int(message["seat"])
            if not 0 <= seat < table.players:
                raise ServerError("bad_seat", "server.error.bad_seat", seat=seat, last=table.players - 1)
            if table.status == "live" and table.seats[seat].away:  # any message from a person takes the seat back
                table._back(seat)
                table.changed()
            # Its own task already (a request served, or a client's action on this node, shielded there).
            await table._act(seat, str(message["lang"]), str(message["text"]), int(message["version"]))
            return None
        if op == "seating":
            act = SEATING.get(str(message.get("fn")))
            if act is None:
                raise ServerError("internal", "server.error.internal", http=500)
            return await act(table, user_from(message["user"]), **message.get("args", {}))
        raise ServerError("internal", "server.error.internal", http=500)

    async def _serve(self, message: Message) -> None:
        """Another node's request for a table this node drives (or not any more: ``moved``)."""
        link = self.links.get(str(message.get("t")))
        lang = str(message.get("lang") or "en")
        if link is None or not link.owner:
            self.bus.reply(message, {"error": {"code": MOVED}})
            return
        self.served += 1
        serving: dict[str, Any] = {"rid": message.get("rid"), "told": False}
        SERVING.set(serving if message.get("op") == "act" and isinstance(message.get("rid"), str) else None)
        try:
            result = await self.run(link.table, message)
            answer: Message = {"result": result}
            if serving["told"]:  # its action, published on the table's channel, answered it
                return
        except ServerError as e:
            answer = {"error": error_json(e, lang)}
        except StorageError as e:
            log.warning("table %s: storage error: %s", link.id, e)
            answer = {"error": error_json(ServerError("storage", "server.error.storage", http=503), lang)}
        except Exception:
            log.exception("table %s: a request from %s failed", link.id, message.get("from"))
            answer = {"error": error_json(ServerError("internal", "server.error.internal", http=500), lang)}
        if link.owner and link.flush_due:
            link.flush()  # the table's new facts reach the asking node before the answer
        self.bus.reply(message, answer)

    # ------------------------------------------------------------ hearing
    def _heard(self, channel: str, message: Message) -> None:
        self.heard[str(message.get("k") or message.get("op"))] += 1
        tables, chats = self.bus.table_channel(""), self.bus.chat_channel("")
        if channel.startswith(tables) or channel.startswith(chats):
            table_id = channel[len(tables) :]
            link = self.links.get(table_id)
            if link is not None:
                link.feed(message)
            elif table_id in self._loading:
                self._loading[table_id].append(message)
            return
        op = message.get("op")
        if op in ("act", "seating"):
            self._job(self._serve(message), f"serve-{message.get('t')}")
        elif op == "presence":
            link = self.links.get(str(message.get("t")))
            if link is not None and link.owner:
                link.heard_presence(message)
        elif op == "meta":
            link = self.links.get(str(message.get("t")))
            if link is not None and link.owner:
                link.flush()
        elif op == "take":  # another node gave this one a table whose viewers are all here
            self._job(self.claim(str(message.get("t"))), f"take-{message.get('t')}")
        elif op == "revoke" and message.get("n") != self.name:
            hashes = {str(h) for h in message.get("hashes") or ()}
            self._job(self.registry.revoke_here(hashes), "revoke")

    def stats(self) -> dict[str, Any]:
        owned = sum(1 for link in self.links.values() if link.owner)
        return {
            "node": self.name,
            "redis": self.bus.up,
            "owned": owned,
            "replicas": len(self.links) - owned,
            "connections": self.bus.connections,
            "claimed": self.claimed,
            "handed": self.handed,
            "served": self.served,
            "sent": self.bus.sent,
            "dropped": self.bus.dropped,
            "heard": dict(self.heard),
            "lag_ms": round(self.lag * 1000, 1),
        }


__all__ = ["CLAIMS_PER_LOOK", "SEATING", "Node", "node_name"]
