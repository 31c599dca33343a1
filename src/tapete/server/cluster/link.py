"""One table's place in a cluster: its owner tells, its replicas follow and forward.

The node that holds a table's lease (its **owner**) is the only one that checks and commits actions,
runs the bots and the turn clock, and writes the table's seats and status. After each commit it
publishes the action on the table's channel (``act``: the log's sequence number, the seat, the
action's string and the turn clock), and after any other change the table's facts (``meta``: status,
seats, away flags, who is connected through which node, the clock). Both go out after PostgreSQL
has the change, through the node's ordered outbox.

Another node with viewers of the table holds a **replica**: the same :class:`~tapete.server.live.LiveTable`,
rebuilt from the action log, that applies each published action in sequence order and computes its
own viewers' frames from it, exactly as the owner does for its own viewers (the same states, events,
texts and versions, since the match is a function of its seed and its actions). An action already
applied is ignored; a gap (messages lost while Redis was away, a replica loaded while actions were
on their way) is filled from PostgreSQL, where everything published is already committed. So
every viewer on every node gets every event once, in order, and hidden cards never cross Redis:
an action says only what its seat played, which everybody sees, and each node draws its own
viewers' hands from its own replica.

A replica sends its clients' actions to the owner (:meth:`Link.act`) and tells the owner who is
connected through it (``presence``, with the seats that just said hello: the owner takes them back
from their stand-ins); the owner's answer to an action is nothing (the event comes on the channel)
or a refusal, relayed to the client in its own words.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import deque
from collections.abc import Collection
from contextvars import ContextVar
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from tapete.core.errors import StorageError, TapeteError
from tapete.server import protocol as p
from tapete.server.clients import CLOSE_GOING_AWAY, Client
from tapete.server.errors import ServerError
from tapete.server.live import LiveTable, Logged, SeatState
from tapete.server.storage.rows import SeatRow

if TYPE_CHECKING:
    from tapete.server.cluster.bus import Message
    from tapete.server.cluster.node import Node

log = logging.getLogger(__name__)

#: Codes of refusals by which an owner says it is not (or no longer) the table's owner: ask again.
MOVED: Final = "moved"
#: The request from another node an owner is serving now (in this task): its first committed action
#: carries the request's id, and answers it (no reply of its own is sent then).
SERVING: ContextVar[dict[str, Any] | None] = ContextVar("SERVING", default=None)


def error_json(error: ServerError, lang: str) -> dict[str, Any]:
    """A refusal as a reply carries it: in the client's words already."""
    return {
        "code": error.code,
        "key": error.key,
        "message": error.text(lang),
        "detail": error.detail,
        "http": error.http,
        "headers": error.headers,
    }


def error_from(data: Any) -> ServerError:
    """The refusal a reply carries (a malformed one: ``internal``)."""
    if not isinstance(data, dict) or not isinstance(data.get("code"), str):
        return ServerError("internal", "server.error.internal", http=500)
    return ServerError(
        data["code"],
        str(data.get("key") or "server.error.internal"),
        http=int(data.get("http") or 400),
        detail=data.get("detail") if isinstance(data.get("detail"), dict) else None,
        message=data.get("message") if isinstance(data.get("message"), str) else None,
        headers=data.get("headers") if isinstance(data.get("headers"), dict) else None,
    )


def unavailable() -> ServerError:
    return ServerError("unavailable", "server.error.unavailable", http=503, headers={"Retry-After": "1"})


def _when(text: Any) -> datetime | None:
    return datetime.fromisoformat(text) if isinstance(text, str) else None


def _settled(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


def seat_json(state: SeatState) -> list[Any]:
    r = state.row
    return [r.kind, r.user_id, r.name, r.level, r.token_hash, r.granted_by, state.away]


class Link:
    """One table on one node of a cluster: the owner's or a replica's side (see the module docstring)."""

    def __init__(self, node: Node, table: LiveTable, owner: bool) -> None:
        self.node = node
        self.table = table
        self.owner = owner
        #: The node that drives the table, as far as this one knows (itself when ``owner``).
        self.owner_node: str | None = node.name if owner else None
        #: Who is connected through each other node: (seats, spectators). On the owner, as each node
        #: told it; on a replica, as the owner last told every node.
        self.presence: dict[str, tuple[frozenset[int], int]] = {}
        #: The owner's count of the facts it published; a replica's last one seen.
        self.meta_seq = 0
        #: A replica's turn clock: (seat, monotonic deadline), from the owner's last message.
        self._clock: tuple[int, float] | None = None
        self._back: set[int] = set()
        #: Whether a change waits to be told (at the next turn of the event loop).
        self.flush_due = False
        self._inbox: deque[Message] = deque()
        self._busy = False
        #: When the table last had a client here (monotonic seconds): idle replicas are dropped.
        self.used = time.monotonic()
        #: What this node last told the owner of its connections (to send only changes).
        self._told: tuple[frozenset[int], int] | None = None
        #: The owner's plan to give the table to the node where all its viewers are: (node, since when).
        self.handing: tuple[str, float] | None = None
        #: Whether this replica has had a viewer since it last caught up (the owner sends actions only to
        #: nodes with viewers).
        self._watched = False
        table.link = self

    @property
    def id(self) -> str:
        return self.table.id

    # ------------------------------------------------------------ what the table asks (ClusterLink)
    def remote(self, seat: int) -> bool:
        me = self.node.name
        return any(seat in seats for node, (seats, _) in self.presence.items() if node != me)

    def watched_elsewhere(self) -> bool:
        """Whether another node has told the owner of a viewer of the table there."""
        me = self.node.name
        return any(node != me and (seats or count) for node, (seats, count) in self.presence.items())

    def remote_spectators(self) -> int:
        me = self.node.name
        return sum(count for node, (_, count) in self.presence.items() if node != me)

    def clock(self) -> tuple[int, float] | None:
        if self._clock is None:
            return None
        seat, deadline = self._clock
        return seat, max(0.0, deadline - time.monotonic())

    def changed(self) -> None:
        self._schedule()

    def behind(self) -> None:
        if not self.owner:
            self._catch_up_soon()

    def back(self, seat: int) -> None:
        self._back.add(seat)
        self._told = None
        self._schedule()

    def committed(self, seat: int, action: str, logged: Logged | None) -> None:
        request = SERVING.get()
        if not self.watched_elsewhere() and request is None:
            # Nobody watches the table through another node: nobody needs the action now. A replica that gets
            # a viewer again catches up from the database first (:meth:`_tell_presence`).
            return
        message = {"k": "act", "t": self.id, "n": self.node.name, "s": self.table.steps, "seat": seat, "a": action,
                   "c": self._owner_clock()}  # fmt: skip
        if request is not None and not request.get("told"):  # the asking node takes this for the answer
            message["r"] = request["rid"]
            request["told"] = True
        if logged is not None:  # the event's words, public by construction: the replicas need not make them again
            message["l"] = logged.lines
            message["b"] = logged.banners
            message["at"] = self.table.after_trick
        self.node.bus.publish(self.node.bus.table_channel(self.id), message)

    def chatted(self, line: p.ChatLine) -> None:
        self.node.bus.publish(
            self.node.bus.chat_channel(self.id),
            {"k": "chat", "t": self.id, "n": self.node.name, "line": line.model_dump()},
        )

    def cut(self, token_hashes: Collection[str], why: str) -> None:
        self.node.bus.publish(
            self.node.bus.table_channel(self.id),
            {"k": "cut", "t": self.id, "n": self.node.name, "hashes": sorted(token_hashes), "why": why},
        )

    def conflict(self) -> None:
        self.node.check_owner(self.id)

    async def admit(self, digest: str) -> None:
        table = self.table
        if digest in table.passes or any(s.row.token_hash == digest for s in table.seats):
            return
        found = await self.node.pass_of(self.id, digest)
        if found is not None:
            table.passes[digest] = found

    async def act(self, client: Client, text: str, version: int) -> None:
        assert client.seat is not None
        message = {"op": "act", "t": self.id, "seat": client.seat, "lang": client.lang, "text": text,
                   "version": version}  # fmt: skip
        # In a task of its own, as on one node: if this node takes the table over meanwhile and commits the
        # action itself, the client's connection going away must not stop it between the log and the table.
        work = asyncio.ensure_future(self.node.on_owner(self, message, client.lang))
        work.add_done_callback(_settled)
        await asyncio.shield(work)

    # ------------------------------------------------------------ telling
    def _schedule(self) -> None:
        if not self.flush_due:
            self.flush_due = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Publish what changed now (the owner's facts, or this replica's connections)."""
        self.flush_due = False
        if self.owner:
            self._publish_meta()
        else:
            self._tell_presence()

    def _owner_clock(self) -> list[float] | None:
        clock = self.table.clock()
        return [clock[0], round(clock[1], 3)] if clock is not None else None

    def local_presence(self) -> tuple[frozenset[int], int]:
        clients = self.table.clients
        seats = frozenset(c.seat for c in clients if c.role == "seat" and c.seat is not None)
        return seats, sum(1 for c in clients if c.role == "spectator")

    def meta(self) -> Message:
        """The table's facts as its owner publishes them."""
        table = self.table
        row = table.row
        presence = {node: [sorted(seats), count] for node, (seats, count) in self.presence.items()}
        seats, count = self.local_presence()
        presence[self.node.name] = [sorted(seats), count]
        self.meta_seq += 1
        return {
            "k": "meta",
            "t": self.id,
            "n": self.node.name,
            "q": self.meta_seq,
            "s": table.steps,
            "status": row.status,
            "started_at": row.started_at.isoformat() if row.started_at else None,
            "finished_at": row.finished_at.isoformat() if row.finished_at else None,
            "seats": [seat_json(s) for s in table.seats],
            "presence": presence,
            "c": self._owner_clock(),
        }

    def _publish_meta(self) -> None:
        bus = self.node.bus
        bus.publish(bus.table_channel(self.id), self.meta())
        self.node.listed(self.table)

    def _tell_presence(self) -> None:
        seats, count = self.local_presence()
        if self.table.clients:
            self.used = time.monotonic()
            if not self._watched:  # a first viewer here: the owner told nobody here of its actions meanwhile
                self._watched = True
                self._catch_up_soon()
                if self.owner_node is not None:
                    bus = self.node.bus
                    bus.publish(bus.node_channel(self.owner_node), {"op": "meta", "t": self.id, "from": self.node.name})
        else:
            self._watched = False
        now = (seats, count)
        if now == self._told and not self._back:
            return
        owner = self.owner_node
        if owner is None:  # found by the next look at the leases, which tells it again
            return
        self._told = now
        message = {"op": "presence", "t": self.id, "n": self.node.name, "seats": sorted(seats), "spect": count,
                   "back": sorted(self._back)}  # fmt: skip
        self._back.clear()
        bus = self.node.bus
        bus.publish(bus.node_channel(owner), message)

    def retell(self) -> None:
        """Tell the owner again who is connected here (it is new, or messages were lost)."""
        self._told = None
        if not self.owner:
            self._tell_presence()

    # ------------------------------------------------------------ the owner hears
    def heard_presence(self, message: Message) -> None:
        """A node told the owner who is connected through it."""
        node = message.get("n")
        if not isinstance(node, str) or node == self.node.name:
            return
        seats = frozenset(int(s) for s in message.get("seats") or () if 0 <= int(s) < self.table.players)
        count = max(0, int(message.get("spect") or 0))
        self.set_presence(node, (seats, count) if seats or count else None)
        for seat in message.get("back") or ():
            if 0 <= int(seat) < self.table.players and self.table.status == "live":
                self.table._back(int(seat))
        self.table.changed()

    def set_presence(self, node: str, now: tuple[frozenset[int], int] | None) -> None:
        """Record (or, None, forget) who is connected through ``node``; a seat's last connection gone
        starts its away grace, as a local disconnection does."""
        table = self.table
        before = [table.connected(i) for i in range(table.players)]
        if now is None:
            self.presence.pop(node, None)
        else:
            self.presence[node] = now
        clock = time.monotonic()
        for i, was in enumerate(before):
            is_now = table.connected(i)
            if was and not is_now:
                table.seats[i].gone_since = clock
            elif is_now:
                table.seats[i].gone_since = None

    # ------------------------------------------------------------ a replica hears
    def feed(self, message: Message) -> None:
        """A message on the table's channel, applied in arrival order (a gap is filled from the database first)."""
        if message.get("n") == self.node.name:
            return
        kind = message.get("k")
        rid = message.get("r")
        if isinstance(rid, str) and rid.startswith(self.node.name + "/"):  # this node's request: done
            self.node.bus.answered(rid, {"result": None})
        if kind == "chat":
            line = message.get("line")
            if isinstance(line, dict):
                with contextlib.suppress(ValueError):
                    self.table.say(p.ChatLine.model_validate(line))
            return
        if self.owner:
            if kind in ("act", "meta"):  # somebody else drives this table: is it still ours?
                self.node.check_owner(self.id)
            return
        if self._busy:
            self._inbox.append(message)
            return
        try:
            handled = self._handle(message)
        except Exception:  # a log this replica cannot apply: start it afresh from the database
            log.exception("table %s: the replica cannot follow; rebuilding it", self.id)
            self.node.rebuild_soon(self.id)
            return
        if not handled:
            self._inbox.appendleft(message)
            self._catch_up_soon()

    def _handle(self, message: Message) -> bool:
        """Apply one message; False when the database must be read first (a gap, or no match yet)."""
        kind = message.get("k")
        if kind == "act":
            return self._heard_act(message)
        if kind == "meta":
            return self._heard_meta(message)
        if kind == "cut":
            hashes = {str(h) for h in message.get("hashes") or ()}
            self.table.cut_off(hashes, str(message.get("why") or "signed_out"))
        return True

    def _heard_act(self, message: Message) -> bool:
        table = self.table
        steps = int(message.get("s") or 0)
        if steps <= table.steps:
            return True  # applied already (from the database, say)
        if steps != table.steps + 1 or table.session is None:
            return False
        lines, banners = message.get("l"), message.get("b")
        told = (lines, banners or {}) if isinstance(lines, dict) and "en" in lines else None
        self._apply(int(message["seat"]), str(message["a"]), told)
        self.table.after_trick = bool(message.get("at"))
        clock = message.get("c")
        self._clock = (int(clock[0]), time.monotonic() + float(clock[1])) if clock else None
        return True

    def _apply(self, seat: int, text: str, told: tuple[Any, Any] | None = None) -> None:
        """One logged action, applied and told to this node's viewers as the owner told its own."""
        table = self.table
        assert table.session is not None
        action = table.game.parse_action(table.rules, text)
        if action not in table.session.match.legal_actions():
            raise TapeteError(f"table {table.id}: action {text!r} at step {table.steps + 1} is not legal here")
        if told is None:  # from the database: the words are made here
            logged = table._apply(seat, action, broadcast=False)
        else:
            logged = table.follow(seat, action, told[0], told[1])
        if logged is None:
            table._send_seat(seat)
        else:
            table._broadcast_event(logged)

    def _heard_meta(self, message: Message) -> bool:
        table = self.table
        node = message.get("n")
        seq = int(message.get("q") or 0)
        if node == self.owner_node and seq <= self.meta_seq:
            return True  # an older picture than the one shown
        if isinstance(node, str) and node != self.owner_node:
            self.owner_node = node
            self.retell()  # a new owner: tell it who is connected here
        self.meta_seq = seq
        status = str(message.get("status") or table.row.status)
        table.row = dataclasses.replace(
            table.row,
            status=status,
            started_at=_when(message.get("started_at")) or table.row.started_at,
            finished_at=_when(message.get("finished_at")) or table.row.finished_at,
        )
        seats = message.get("seats") or []
        if len(seats) == table.players:
            for i, (kind, user_id, name, level, token_hash, granted_by, away) in enumerate(seats):
                row = SeatRow(table.id, i, kind, user_id, name, level, token_hash, granted_by)
                table.seats[i].row = row
                table.seats[i].away = bool(away)
        presence = message.get("presence") or {}
        self.presence = {str(n): (frozenset(int(s) for s in v[0]), int(v[1])) for n, v in presence.items()}
        clock = message.get("c")
        self._clock = (int(clock[0]), time.monotonic() + float(clock[1])) if clock else None
        self._close_stale()
        if table.session is None and status in ("live", "finished"):
            table.session = table.build_session()
        if int(message.get("s") or 0) > table.steps:
            return False  # actions to fetch first; the picture follows them
        table.show()
        return True

    def _close_stale(self) -> None:
        """Close this node's connections of a seat whose token changed (the person left it, or opened it
        elsewhere: the owner tells its reason first, in a ``cut``)."""
        table = self.table
        for c in list(table.clients):
            if c.role == "seat" and c.seat is not None and c.token_hash != table.seats[c.seat].row.token_hash:
                c.close(CLOSE_GOING_AWAY)
                table.clients.discard(c)

    def _catch_up_soon(self) -> None:
        if not self._busy:
            self._busy = True
            asyncio.get_running_loop().create_task(self._drain(), name=f"catch-up-{self.id}")

    async def _drain(self) -> None:
        try:
            while True:
                try:
                    await self.catch_up()
                except (StorageError, OSError) as e:  # the database is away: try again shortly
                    log.warning("table %s: cannot catch up from the database (%s); retrying", self.id, e)
                    await asyncio.sleep(1.0)
                    continue
                while self._inbox:
                    message = self._inbox.popleft()
                    if not self._handle(message):
                        self._inbox.appendleft(message)
                        break
                else:
                    return
        except Exception:
            log.exception("table %s: the replica cannot follow; rebuilding it", self.id)
            self.node.rebuild_soon(self.id)
        finally:
            self._busy = False

    async def catch_up(self) -> None:
        """Apply what the database has that this replica has not (and the table's row and seats when it
        has no match yet), telling this node's viewers as it goes."""
        table = self.table
        store = table.store
        async with table.lock:
            if table.session is None:
                row = await asyncio.to_thread(store.get_table, table.id)
                if row is None:
                    return
                seats = await asyncio.to_thread(store.seats, table.id)
                table.row = row
                by_seat = {s.seat: s for s in seats}
                for i, state in enumerate(table.seats):
                    state.row = by_seat.get(i) or state.row
                if row.status in ("live", "finished"):
                    table.session = table.build_session()
            if table.session is None:
                return
            actions = await asyncio.to_thread(store.actions, table.id, table.steps)
            for action in actions:
                if action.version == table.steps + 1:
                    self._apply(action.seat, action.action)
            if actions:
                table.show()


__all__ = ["MOVED", "SERVING", "Link", "error_from", "error_json", "unavailable"]
