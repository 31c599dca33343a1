"""A node's connection to Redis: messages out in order, messages in through one subscription, requests.

**Out.** Every command a node sends that need not be answered (a ``PUBLISH``, a lobby entry's
``HSET``) goes through one outbox: :meth:`Bus.send` queues it, synchronously and in call order, and
one task sends what has gathered in one pipeline. So the messages of one table reach every other
node in the order its owner made them (Redis keeps the order of one connection's commands, and
delivers a channel's messages to a subscriber in that order), and a burst of actions costs one round
trip. While Redis is away what is queued is dropped, not kept: the truth is in PostgreSQL, and every
node catches up from there when Redis is back (the ``on_up`` callback).

**In.** One subscriber connection listens to this node's own channel (requests and replies), the
channel every node hears (``all``) and the channel of every table this node holds. Messages are
handed to ``on_message`` in the order they arrive. When the connection breaks (Redis restarted, the
network) the bus says so (``up`` is False), reconnects with a growing pause, subscribes again to
every channel it had and calls ``on_up``: messages published meanwhile were lost, and the node
makes up for them from the database.

**Requests.** :meth:`Bus.request` sends a message to another node's channel with a fresh id and
returns a future that :meth:`Bus.reply` on that node resolves (a reply is a message too, so it comes
after every message the answering node sent before it). A request that could not be sent, or whose
reply can no longer come (the subscription broke), fails at once with :class:`Unreachable`.

Messages are JSON objects (UTF-8 bytes on the wire). A channel's name starts with the cluster's
``prefix``, so several clusters may share one Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger(__name__)

#: The most commands sent in one pipeline.
MAX_PIPELINE: Final = 1000
#: Pauses before reconnecting to Redis, growing to the last one.
RECONNECT_PAUSES: Final = (0.1, 0.2, 0.5, 1.0)

Message = dict[str, Any]


class Unreachable(ConnectionError):
    """A request's reply cannot come: Redis was away when it was sent, or while it was awaited."""


def connect(url: str, timeout: float = 2.0) -> aioredis.Redis:
    """A Redis client that fails fast: one retry at once on a fresh connection (after a Redis restart the
    pooled connections are stale, and the first use of each fails), then the node decides what a failure
    means."""
    client: aioredis.Redis = aioredis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        retry=Retry(NoBackoff(), 1),
        health_check_interval=0,
    )
    return client


def encode(message: Message) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


class Bus:
    """One node's Redis: the command client, the outbox, the subscription, requests and replies."""

    def __init__(
        self,
        url: str,
        node: str,
        prefix: str,
        on_message: Callable[[str, Message], None],
        on_up: Callable[[], Awaitable[None]],
        timeout: float = 2.0,
    ) -> None:
        self.url = url
        self.node = node
        self.prefix = prefix
        self.on_message = on_message
        self.on_up = on_up
        #: Commands (leases, lookups): answered, so not through the outbox.
        self.redis = connect(url, timeout)
        self._out = connect(url, timeout)
        self._sub = connect(url, timeout)
        #: Commands to send, each with the id of the request it carries (None for anything else).
        self._queue: asyncio.Queue[tuple[tuple[Any, ...], str | None]] = asyncio.Queue()
        self._channels: set[str] = {self.node_channel(node), self.all_channel}
        self._pubsub: Any = None
        self._subscribing = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._ids = itertools.count(1)
        self._waiting: dict[str, asyncio.Future[Message]] = {}
        #: Whether the subscription is connected (messages are arriving).
        self.up = False
        #: Times the subscription came (back) up; messages published, and commands dropped while down.
        self.connections = 0
        self.sent = 0
        self.dropped = 0
        self._ready = asyncio.Event()

    # ------------------------------------------------------------ names
    def node_channel(self, node: str) -> str:
        return f"{self.prefix}:node:{node}"

    @property
    def all_channel(self) -> str:
        return f"{self.prefix}:all"

    def table_channel(self, table_id: str) -> str:
        """What a table's owner tells its replicas (its actions, its facts): the replicas listen, not the owner."""
        return f"{self.prefix}:t:{table_id}"

    def chat_channel(self, table_id: str) -> str:
        """A table's chat: every node that holds the table listens, its owner too."""
        return f"{self.prefix}:c:{table_id}"

    def key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    # ------------------------------------------------------------ life
    async def start(self, wait: float = 5.0) -> bool:
        """Start listening and sending; whether the subscription came up within ``wait`` seconds (it
        keeps trying either way)."""
        if not self._tasks:
            self._tasks = [
                asyncio.create_task(self._listen(), name="cluster-listen"),
                asyncio.create_task(self._send_loop(), name="cluster-send"),
            ]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(wait):
                await self._ready.wait()
        return self.up

    async def close(self) -> None:
        """Send what is queued (briefly), then stop and close the connections."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                while not self._queue.empty() and self.up:
                    await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        for future in self._waiting.values():
            if not future.done():
                future.cancel()
        self._waiting.clear()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        for client in (self.redis, self._out, self._sub):
            with contextlib.suppress(Exception):
                await client.aclose()

    def broken(self) -> None:
        """A command failed as if Redis were away: have the subscription check (and reconnect)."""
        pubsub = self._pubsub
        if pubsub is not None and self.up:
            self.up = False
            connection = getattr(pubsub, "connection", None)
            if connection is not None:
                with contextlib.suppress(Exception):
                    asyncio.get_running_loop().create_task(connection.disconnect())

    # ------------------------------------------------------------ out
    def send(self, *command: Any) -> None:
        """Queue one Redis command (``"PUBLISH", channel, data``, ``"HSET", ...``), sent in order."""
        self._queue.put_nowait((command, None))

    def publish(self, channel: str, message: Message) -> None:
        self.send("PUBLISH", channel, encode(message))

    async def _send_loop(self) -> None:
        connection: Any = None
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < MAX_PIPELINE:
                batch.append(self._queue.get_nowait())
            # One connection of its own, written to directly, that Redis does not answer (CLIENT REPLY OFF: the
            # answers would say nothing the node needs, and reading them would wake the node once more per
            # batch): the commands of a batch go in one write. One retry on a fresh connection (after a Redis
            # restart the first write finds the old connection closed).
            for attempt in (1, 2):
                try:
                    if connection is None:
                        pool: Any = self._out.connection_pool
                        connection = await pool.get_connection()
                        await connection.send_command("CLIENT", "REPLY", "OFF", check_health=False)
                    await connection.send_packed_command(
                        connection.pack_commands([command for command, _ in batch]), check_health=False
                    )
                    self.sent += len(batch)
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as e:  # Redis away: the truth is in PostgreSQL, and nodes catch up when it is back
                    if connection is not None:
                        with contextlib.suppress(Exception):
                            await connection.disconnect()
                    connection = None
                    if attempt == 1:
                        continue
                    self.dropped += len(batch)
                    log.warning("cluster: %d messages not sent (%s)", len(batch), e)
                    for _, rid in batch:
                        if rid is not None:
                            self._fail(rid)
                    self.broken()

    # ------------------------------------------------------------ requests
    def request(self, node: str, message: Message) -> asyncio.Future[Message]:
        """Send ``message`` to ``node``; the future is its reply (the caller decides how long to wait,
        and should :meth:`forget` it if it gives up)."""
        rid = f"{self.node}/{next(self._ids)}"
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = future
        data = encode({**message, "rid": rid, "from": self.node})
        self._queue.put_nowait((("PUBLISH", self.node_channel(node), data), rid))
        return future

    def answered(self, rid: str, answer: Message) -> None:
        """Resolve one of this node's requests with ``answer`` (an answer that came another way than a reply)."""
        future = self._waiting.pop(rid, None)
        if future is not None and not future.done():
            future.set_result(answer)

    def _fail(self, rid: str) -> None:
        future = self._waiting.pop(rid, None)
        if future is not None and not future.done():
            future.set_exception(Unreachable("Redis is away"))

    def forget(self, future: asyncio.Future[Message]) -> None:
        for rid, waiting in list(self._waiting.items()):
            if waiting is future:
                del self._waiting[rid]

    def reply(self, request: Message, answer: Message) -> None:
        """Answer a request (to the node it came from)."""
        sender, rid = request.get("from"), request.get("rid")
        if isinstance(sender, str) and isinstance(rid, str):
            self.publish(self.node_channel(sender), {**answer, "op": "reply", "rid": rid})

    # ------------------------------------------------------------ in
    async def subscribe(self, channel: str) -> None:
        async with self._subscribing:
            if channel in self._channels:
                return
            self._channels.add(channel)
            if self._pubsub is not None and self.up:
                try:
                    await self._pubsub.subscribe(channel)
                except Exception:  # the reconnection subscribes to every channel of the set
                    self.broken()

    async def unsubscribe(self, channel: str) -> None:
        async with self._subscribing:
            if channel not in self._channels:
                return
            self._channels.discard(channel)
            if self._pubsub is not None and self.up:
                try:
                    await self._pubsub.unsubscribe(channel)
                except Exception:
                    self.broken()

    async def _listen(self) -> None:
        failures = 0
        while True:
            pubsub: Any = self._sub.pubsub(ignore_subscribe_messages=True)
            try:
                async with self._subscribing:
                    await pubsub.subscribe(*self._channels)
                    self._pubsub = pubsub
                    self.up = True
                self.connections += 1
                failures = 0
                if self.connections > 1:
                    log.warning("cluster: Redis is back; catching up from the database")
                await self.on_up()
                self._ready.set()
                while self.up:  # a blocking read: broken() closes the connection to wake it
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=None)
                    if message is not None and message.get("type") == "message":
                        self._deliver(message)
                raise ConnectionError("the subscription was reported broken")
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self.up or failures == 0:
                    log.warning("cluster: Redis subscription lost (%s); reconnecting", e)
                self.up = False
                self._pubsub = None
                for rid in list(self._waiting):  # their replies can no longer come
                    self._fail(rid)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(RECONNECT_PAUSES[min(failures, len(RECONNECT_PAUSES) - 1)])
                failures += 1

    def _deliver(self, message: dict[str, Any]) -> None:
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else str(channel)
        try:
            data = json.loads(message["data"])
        except (ValueError, TypeError):
            log.warning("cluster: a message on %s is not JSON", channel)
            return
        if not isinstance(data, dict):
            return
        if data.get("op") == "reply":
            future = self._waiting.pop(str(data.get("rid")), None)
            if future is not None and not future.done():
                future.set_result(data)
            return
        try:
            self.on_message(channel, data)
        except Exception:  # one bad message must not stop the node's listening
            log.exception("cluster: message on %s failed", channel)


__all__ = ["Bus", "Message", "Unreachable", "connect", "encode"]
