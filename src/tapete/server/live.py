"""One table in play on the server: its match, who sits where, who is watching, and its turn clock.

A :class:`LiveTable` wraps a :class:`~tapete.table.session.TableSession` (``save=False``: the
server's store, not a file, keeps the match) with what a server adds: seats held by tokens,
one or more connections per seat, spectators, and a version that every frame carries: the number
of actions every viewer has been told of, 0 at the start of the match.

An action that declines an optional decision (``game.is_silent``: not singing, keeping the 7) is
told to nobody but its seat (see :mod:`tapete.table.silent`): it is logged and applied like any
other, but it makes no event, no narration and no new version, and no frame of another viewer
changes, since every other viewer's view already showed the decision as declined; the seat that
took it gets its own fresh view, at the same version. ``steps`` counts every action (the log's
sequence); ``version`` only the ones told to everybody.

Every action, a person's or a bot's, goes the same way (:meth:`LiveTable.commit`): checked
(the seat to act, the version the person saw, legality by the engine, with the reason in words
when refused: nothing changes then), written to the action log through the journal, and only
then applied and broadcast. So a frame never shows an action that a crash could lose, and
recovery (:meth:`LiveTable.replay`) rebuilds exactly what the players saw.

A :class:`~tapete.server.driver.Driver` per table plays the bots' turns and runs the turn clock
(a person who does not act in time, or who is gone too long, gets a stand-in bot).

On a node of a cluster (:mod:`tapete.server.cluster`) a table also has a :class:`ClusterLink`: on the
node that drives it (its owner) the link tells the other nodes what was committed and what changed;
on another node that has viewers of it the table is a replica, which applies the owner's actions in
order and forwards its clients' actions to the owner. Without a cluster ``link`` is None and none of
this costs anything.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hmac
import logging
import time
from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from tapete.core.errors import IllegalActionError, StorageError, TapeteError
from tapete.core.words import Say, SeatRef
from tapete.games import GAMES, Game, Match
from tapete.server import protocol as p
from tapete.server.access import TableAccess, may_see_hands, may_view
from tapete.server.clients import CLOSE_POLICY, Client
from tapete.server.config import ServerConfig
from tapete.server.driver import Driver
from tapete.server.errors import ServerError
from tapete.server.journal import Journal
from tapete.server.lang import msg, speaking
from tapete.server.storage.auth import hash_token
from tapete.server.storage.rows import ActionRow, ChatRow, SeatRow, TableRow, utcnow
from tapete.server.wire import (
    DealEnd,
    TableFacts,
    event_banners,
    event_lines,
    narration_names,
    public,
    seat_view,
    spectator_view,
)
from tapete.table.explain import refusal
from tapete.table.narrate import Happened
from tapete.table.session import SeatKind, TableSession
from tapete.table.silent import declines, is_private, settle, silent_choice
from tapete.text.render import seat_label
from tapete.text.translations import LANGUAGES

if TYPE_CHECKING:
    from tapete.server.storage.store import Store

log = logging.getLogger(__name__)

#: Chat lines a newcomer gets on hello.
CHAT_HISTORY: Final = 50


@dataclass
class SeatState:
    """A seat as the table keeps it: its stored row, and whether a stand-in plays it now."""

    row: SeatRow
    away: bool = False
    #: When its last connection closed (monotonic seconds); None while connected.
    gone_since: float | None = None


@dataclass(frozen=True)
class Logged:
    """One applied action as told to clients: ``lines`` (and the ``banners`` it is worth, if any) by
    language, for replays to late-comers."""

    version: int
    seat: int
    action: str
    lines: dict[str, list[str]]
    banners: dict[str, list[str]] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class Pass:
    """A spectator's admission: who asked for it."""

    user_id: str | None
    name: str
    #: The sha256 of the bearer token that asked for the pass (revoking it revokes the pass).
    granted_by: str | None = None


class ClusterLink(Protocol):
    """A table's place in a cluster (:class:`tapete.server.cluster.link.Link`), as the table sees it.

    Written down here so that the live table does not import the cluster: the cluster builds links,
    and the table only calls this surface of it."""

    #: Whether this node drives the table (holds its lease); else the table is a replica.
    owner: bool

    def changed(self) -> None:
        """Seats, status, connections or away flags changed (the owner tells every node; a replica
        tells the owner who is connected here)."""

    def committed(self, seat: int, action: str, logged: Logged | None) -> None:
        """The owner committed and applied an action (the table's ``steps`` counts it; ``logged``: what
        everybody was told of it, None for a declined optional decision)."""

    def chatted(self, line: p.ChatLine) -> None:
        """A chat line was stored here: the other nodes' viewers get it too."""

    def cut(self, token_hashes: Collection[str], why: str) -> None:
        """The owner cut off these tokens' connections: the other nodes cut off theirs."""

    def back(self, seat: int) -> None:
        """A replica's seat said it is here (the owner takes the seat back from its stand-in)."""

    def conflict(self) -> None:
        """A commit was refused by the database (another node may have taken the table)."""

    async def act(self, client: Client, text: str, version: int) -> None:
        """A replica's client's action, sent to the owner; a refusal comes back as a ServerError."""

    async def admit(self, digest: str) -> None:
        """Before a hello: fetch a spectator's pass issued on another node."""

    def remote(self, seat: int) -> bool:
        """Whether ``seat`` has a connection on another node."""

    def remote_spectators(self) -> int:
        """Spectators connected through other nodes."""

    def clock(self) -> tuple[int, float] | None:
        """A replica's turn clock, as its owner last told it: (seat, seconds left)."""

    def behind(self) -> None:
        """A client has seen a later version than this replica: catch up from the database."""


def table_rules(game: Game, row: TableRow) -> Any:
    """The rules a table plays: its preset, options (as strings) and target."""
    rules = game.rules(row.preset, row.options, revision=row.rules_revision)
    if row.target is not None:
        rules = rules.replace(target=row.target)
    return rules


def _settled(task: asyncio.Future[None]) -> None:
    """Mark a task's outcome as seen (a refusal nobody is left to hear of is not an error to log)."""
    if not task.cancelled():
        task.exception()


def seen(game: Game, state: Any) -> Any:
    """What anybody may see of a deal: a spectator's observation, any pending private turn declined."""
    return public(game.observe_deal(settle(game, state), 0), game)


def step(game: Game, match: Match, seat: int, action: int) -> Happened:
    """Apply a legal action of the seat to act; what happened, told from public observations only.

    ``after`` is the same deal after the action (its final position when the action ended it);
    ``record`` is the match's record of that deal when it ended, else None. ``after`` shows any
    pending private turn as declined, so that no narration tells of one; ``before`` does too, but for
    an action taken in its seat's own private turn (a cante, the exchange), which tells of it anyway
    and is told from the position it was taken in (public part only).
    """
    if match.current_player != seat:
        current = match.current_player
        raise IllegalActionError(
            f"it is not seat {seat}'s turn: seat {current} is to act",
            say=Say("error.turn.not_yours", seat=SeatRef(seat), current=SeatRef(current)),
        )
    state = match.deal
    own = silent_choice(game, state) is not None
    before = public(game.observe_deal(state, seat), game) if own else seen(game, state)
    index = len(match.deals) - 1
    match.apply_action(action)
    record = match.deals[index]
    finished = record.result is not None
    after = seen(game, state)
    return Happened(seat, action, before, after, record if finished else None, match.winner)


class LiveTable:
    """A table on the server: waiting for players, in play, or over (see the module docstring)."""

    def __init__(self, row: TableRow, seats: Sequence[SeatRow], store: Store, journal: Journal, config: ServerConfig):
        self.row = row
        self.game: Game = GAMES[row.game]
        self.rules: Any = table_rules(self.game, row)
        self.players = self.game.players(self.rules)
        by_seat = {s.seat: s for s in seats}
        self.seats = [SeatState(by_seat.get(i) or SeatRow(row.id, i, "open", None, "")) for i in range(self.players)]
        self.store = store
        self.journal = journal
        self.config = config
        self.session: TableSession | None = None
        #: Actions told to everybody (what frames carry), and every action applied (the log's sequence).
        self.version = 0
        self.steps = 0
        #: Whether the last action told to everybody completed a trick (the bots' longer pause follows).
        self.after_trick = False
        self.log: list[Logged] = []
        self.ended: DealEnd | None = None
        self.clients: set[Client] = set()
        self.passes: dict[str, Pass] = {}
        self.chat_lines: deque[p.ChatLine] = deque(maxlen=CHAT_HISTORY)
        self.lock = asyncio.Lock()
        self.driver = Driver(self)
        #: The table's place in a cluster (None: a single process).
        self.link: ClusterLink | None = None

    # ------------------------------------------------------------ facts
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    def connected(self, seat: int) -> bool:
        if any(c.role == "seat" and c.seat == seat for c in self.clients):
            return True
        return self.link is not None and self.link.remote(seat)

    def spectators(self) -> int:
        local = sum(1 for c in self.clients if c.role == "spectator")
        return local if self.link is None else local + self.link.remote_spectators()

    def watched(self) -> bool:
        """Whether anybody has a connection open to the table, on this node or (in a cluster) another."""
        if self.clients:
            return True
        link = self.link
        return link is not None and (link.remote_spectators() > 0 or any(link.remote(i) for i in range(self.players)))

    def seat_of_user(self, user_id: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.row.kind == "human" and s.row.user_id == user_id:
                return i
        return None

    def summary(self) -> dict[str, Any]:
        """What the lobby and the table's page show: settings, status, seats (no secrets)."""
        r = self.row
        return {
            "id": r.id,
            "code": r.code,
            "invite": f"/t/{r.code}",
            "game": r.game,
            "title": self.game.title,
            "preset": r.preset,
            "options": dict(r.options),
            "target": self.rules.target,
            "clock_seconds": r.clock_seconds,
            "public": r.public,
            "spectators_see_hands": r.spectators_see_hands,
            "rated": r.rated,
            "owner_id": r.owner_id,
            "status": r.status,
            "players": self.players,
            "version": self.version,
            "spectators": self.spectators(),
            "created_at": r.created_at.isoformat(),
            "started_at": r.started_at.isoformat() if r.started_at else None,
            "finished_at": r.finished_at.isoformat() if r.finished_at else None,
            "seats": [
                {
                    "seat": i,
                    "side": self.game.side_of(self.rules, i),
                    "kind": s.row.kind,
                    "name": s.row.name,
                    "level": s.row.level,
                    "connected": self.connected(i),
                    "away": s.away,
                }
                for i, s in enumerate(self.seats)
            ],
        }

    def clock(self) -> tuple[int, float] | None:
        """The turn clock running now: the seat to act and its seconds left (None: no clock runs)."""
        if self.link is not None and not self.link.owner:
            return self.link.clock() if self.session is not None and self.status == "live" else None
        if self.session is not None and self.status == "live" and not self.session.is_over():
            seat = self.session.public_player
            deadline = self.driver.deadline(seat) if self.driver.needs_person(seat) else None
            if deadline is not None:
                return seat, max(0.0, deadline - time.monotonic())
        return None

    def facts(self) -> TableFacts:
        clock = self.clock()
        return TableFacts(
            names=tuple(s.row.name for s in self.seats),
            kinds=tuple(s.row.kind for s in self.seats),
            connected=tuple(self.connected(i) for i in range(self.players)),
            away=tuple(s.away for s in self.seats),
            version=self.version,
            clock=clock,
            spectators=self.spectators(),
            levels=tuple(s.row.level if s.row.kind == "bot" else None for s in self.seats),
        )

    # ------------------------------------------------------------ the match
    def build_session(self) -> TableSession:
        """A fresh session of this table's match: rules and seed from the row, kinds from the seats."""
        kinds: list[SeatKind] = ["bot" if s.row.kind == "bot" else "human" for s in self.seats]
        levels = [s.row.level if s.row.kind == "bot" else None for s in self.seats]
        match = self.game.new_match(self.rules, seed=self.row.seed)
        return TableSession(self.game, match, kinds, levels, self.row.seed)

    def replay(self, actions: Sequence[ActionRow]) -> None:
        """Rebuild the match from the action log (recovery): the same states, texts and version."""
        self.session = self.build_session()
        for row in actions:
            if row.version != self.steps + 1:
                raise TapeteError(f"table {self.id}: action log jumps from step {self.steps} to {row.version}")
            action = self.game.parse_action(self.rules, row.action)
            if action not in self.session.match.legal_actions():
                raise TapeteError(f"table {self.id}: logged action {row.action!r} (v{row.version}) is not legal")
            self._apply(row.seat, action, broadcast=False)
        now = time.monotonic()
        self.driver.turn_started = now
        for s in self.seats:
            s.gone_since = now

    def _apply(self, seat: int, action: int, broadcast: bool = True) -> Logged | None:
        """Apply a checked (and, when live, logged) action; tell every client; note a finished deal.

        A declined optional decision is told to nobody (None): no version, no event, and the clock and
        the bots' pause still count from the last action everybody saw."""
        session = self.session
        assert session is not None
        happened = step(self.game, session.match, seat, action)
        self.steps += 1
        if happened.record is not None:
            self.ended = DealEnd(happened.record, happened.after)
        if is_private(self.game, self.rules, action, happened.record is not None):
            self.driver.wake()
            return None
        rows = [s.row for s in self.seats]
        names, kinds, levels = [r.name for r in rows], [r.kind for r in rows], [r.level for r in rows]
        told = {lang: narration_names(names, kinds, levels, lang) for lang in LANGUAGES}
        lines = {lang: event_lines(self.game, happened, lang, told[lang]) for lang in LANGUAGES}
        banners = {lang: event_banners(self.game, happened, lang, told[lang]) for lang in LANGUAGES}
        self.version += 1
        self.after_trick = happened.record is not None or len(happened.after.tricks) > len(happened.before.tricks)
        logged = Logged(
            self.version,
            seat,
            self.game.action_str(self.rules, action),
            lines,
            {lang: said for lang, said in banners.items() if said},
        )
        self.log.append(logged)
        self.driver.turn_started = time.monotonic()
        if broadcast:
            self._broadcast_event(logged)
        self.driver.wake()
        return logged

    def follow(
        self, seat: int, action: int, lines: dict[str, list[str]], banners: dict[str, list[str]]
    ) -> Logged | None:
        """Apply an action another node (a cluster's owner of the table) committed and told: its words come
        with it, so the narration's observations before and after are not made again; what this node's
        viewers are sent is what :meth:`_apply` sends them. Returns what it told (None: a declined decision)."""
        session = self.session
        assert session is not None
        match = session.match
        if match.current_player != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn: seat {match.current_player} is to act")
        state = match.deal
        index = len(match.deals) - 1
        match.apply_action(action)
        self.steps += 1
        record = match.deals[index]
        finished = record.result is not None
        if finished:
            self.ended = DealEnd(record, seen(self.game, state))
        if is_private(self.game, self.rules, action, finished):
            return None
        self.version += 1
        logged = Logged(self.version, seat, self.game.action_str(self.rules, action), lines, banners)
        self.log.append(logged)
        self.driver.turn_started = time.monotonic()
        return logged

    async def commit(self, seat: int, action: int) -> None:
        """Log a legal action durably, then apply and broadcast it (the table's lock is held).

        A declined optional decision goes to its seat's own connections only, as a fresh view."""
        assert self.session is not None
        text = self.game.action_str(self.rules, action)
        try:
            await self.journal.append(ActionRow(self.id, self.steps + 1, seat, text, utcnow()))
        except StorageError:
            if self.link is not None:  # another node may have written this version: is the table still ours?
                self.link.conflict()
            raise
        logged = self._apply(seat, action, broadcast=False)
        over = self.session.is_over()
        if over:  # saved before anybody hears of the end, so the record is there when they ask for it
            await self.finish()
        if self.link is not None:
            self.link.committed(seat, text, logged)
        if logged is None:
            self._send_seat(seat)
        else:
            self._broadcast_event(logged)
        if over:
            self.broadcast_table()

    async def commit_turn(self, seat: int, action: int) -> None:
        """``seat``'s checked choice, after the declines of the private turns it closes (see
        :meth:`TableSession.steps_for`), each logged and applied in order (the lock is held)."""
        assert self.session is not None
        for s, a in self.session.steps_for(seat, action):
            await self.commit(s, a)

    # ------------------------------------------------------------ frames
    def _view(self, client: Client, facts: TableFacts) -> dict[str, Any]:
        assert self.session is not None
        match = self.session.match
        if client.role == "seat" and client.seat is not None:
            return seat_view(self.game, match, client.seat, facts, self.ended, client.lang)
        return spectator_view(self.game, match, facts, self.ended, client.lang, hands=self._sees_hands(client))

    def access(self) -> TableAccess:
        """The facts that decide who may see what of this table (:mod:`tapete.server.access`)."""
        return TableAccess.of(self.row, (s.row for s in self.seats))

    def _sees_hands(self, client: Client) -> bool:
        """Spectators see every hand only if the owner allows it and no person sits here, whoever they
        are (:func:`~tapete.server.access.may_see_hands`): no seated person sees a hand from another account."""
        return client.role == "spectator" and may_see_hands(self.access())

    def _state_frames(self, facts: TableFacts | None = None) -> dict[Client, str]:
        """A state frame for every identified client, each view built once per (viewer, language)."""
        if self.session is None:
            return {}
        facts = facts or self.facts()
        cache: dict[tuple[str | None, int | None, str, bool], str] = {}
        out: dict[Client, str] = {}
        for c in self.clients:
            if c.seen > self.version:  # a replica behind what this client saw elsewhere: it is catching up
                continue
            key = (c.role, c.seat, c.lang, self._sees_hands(c))
            if key not in cache:
                cache[key] = p.frame(p.State(version=self.version, view=self._view(c, facts)))
            out[c] = cache[key]
        return out

    def _send_seat(self, seat: int) -> None:
        """A fresh view to every connection of ``seat`` only (after its own declined decision)."""
        mine = [c for c in self.clients if c.role == "seat" and c.seat == seat and c.seen <= self.version]
        if mine and self.session is not None:
            facts = self.facts()
            for c in mine:
                c.send(p.frame(p.State(version=self.version, view=self._view(c, facts))))

    def send_state(self, client: Client) -> None:
        if self.session is not None and client.seen <= self.version:
            client.send(p.frame(p.State(version=self.version, view=self._view(client, self.facts()))))

    def broadcast_state(self) -> None:
        for c, text in self._state_frames().items():
            c.send(text)

    def broadcast_table(self) -> None:
        """The table's summary to every client (and, in a cluster, the change to every node)."""
        self.send_table()
        if self.link is not None:
            self.link.changed()

    def send_table(self) -> None:
        """The table's summary to this node's clients."""
        text = p.frame(p.TableFrame(table=self.summary()))
        for c in self.clients:
            c.send(text)

    def _event_frame(self, logged: Logged, lang: str) -> str:
        lines = logged.lines.get(lang) or logged.lines["en"]
        banners = logged.banners.get(lang) or logged.banners.get("en") or []
        event = p.Event(
            version=logged.version,
            seat=logged.seat,
            action=logged.action,
            text="\n".join(lines),
            lines=lines,
            banners=banners,
        )
        return p.frame(event)

    def _broadcast_event(self, logged: Logged) -> None:
        events = {lang: self._event_frame(logged, lang) for lang in {c.lang for c in self.clients}}
        states = self._state_frames()
        for c, state in states.items():
            if logged.version > c.seen:
                c.send(events[c.lang])
                c.send(state)

    def changed(self) -> None:
        """Seats, connections or away flags changed: everybody gets the new picture."""
        self.show()
        if self.link is not None:
            self.link.changed()
        self.driver.wake()

    def show(self) -> None:
        """This node's clients get the table's summary and their state afresh."""
        if self.session is not None and self.status in ("live", "finished"):
            self.broadcast_state()
        self.send_table()

    # ------------------------------------------------------------ connections
    def connect(self, client: Client, hello: p.Hello) -> None:
        """A client's hello: admit it as a seat or a spectator (or refuse the token), then catch it up."""
        digest = hash_token(hello.token)
        if client.identified and client.token_hash != digest:
            raise ServerError("bad_token", "server.error.hello_again")
        seat = self._seat_for(digest)
        client.lang = hello.lang
        client.token_hash = digest
        if seat is not None:
            client.role, client.seat = "seat", seat
            client.user_id, client.name = self.seats[seat].row.user_id, self.seats[seat].row.name
        else:
            admitted = self.passes.get(digest)
            if admitted is None:
                raise ServerError("bad_token", "server.error.bad_token", http=403)
            if not may_view(self.access(), admitted.user_id):  # a private table is over: its parties' alone
                raise ServerError("bad_token", "server.error.not_allowed", http=403)
            client.role, client.seat = "spectator", None
            client.user_id, client.name = admitted.user_id, admitted.name
        first = client not in self.clients
        self.clients.add(client)
        client.send(p.frame(p.Welcome(role=client.role, seat=client.seat, version=self.version, table_id=self.id)))
        client.send(p.frame(p.TableFrame(table=self.summary())))
        if first:
            for line in self.chat_lines:
                client.send(p.frame(line))
        if hello.since is not None:
            # The missed events, as many as fit the client's queue with room to spare (the state follows anyway).
            for logged in self.log[max(hello.since, len(self.log) - client.limit // 2) :]:
                client.send(self._event_frame(logged, client.lang))
            if self.link is not None:  # a replica may be behind what the client saw on another node
                client.seen = max(client.seen, hello.since)
                if hello.since > self.version:
                    self.link.behind()
        if seat is not None:
            self._back(seat)
        if first:
            self.changed()  # sends this client its state too
        else:
            self.send_state(client)

    def _seat_for(self, digest: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.row.token_hash is not None and hmac.compare_digest(s.row.token_hash, digest):
                return i
        return None

    def _back(self, seat: int) -> None:
        """The person of ``seat`` is here: their own hand again, and a fresh clock if it is their turn."""
        if self.link is not None and not self.link.owner:  # the owner decides (and tells every node)
            self.link.back(seat)
            return
        s = self.seats[seat]
        s.gone_since = None
        if s.away:
            s.away = False
            if self.session is not None and self.session.public_player == seat:
                self.driver.turn_started = time.monotonic()

    def touch(self, client: Client) -> None:
        """Any message from a seat (but a ping) shows its person is there: take the seat back."""
        if client.role == "seat" and client.seat is not None and self.seats[client.seat].away:
            self._back(client.seat)
            self.changed()

    def disconnect(self, client: Client) -> None:
        if client not in self.clients:
            return
        self.clients.discard(client)
        if client.role == "seat" and client.seat is not None and not self.connected(client.seat):
            self.seats[client.seat].gone_since = time.monotonic()
        self.changed()

    def close_all(self, code: int) -> None:
        for c in list(self.clients):
            c.close(code)

    def cut_off(self, token_hashes: Collection[str], why: str) -> None:
        """Close the connections opened with these seat or spectator tokens, telling them ``why``
        (``seat_moved``: a new token was asked for the seat; ``signed_out``: the sign-in behind it ended)."""
        for c in [c for c in self.clients if c.token_hash in token_hashes]:
            error = ServerError(why, f"server.error.{why}", http=403)
            c.send(p.frame(p.Error(code=error.code, message=error.text(c.lang), detail={})))
            c.close(CLOSE_POLICY)
        if self.link is not None and self.link.owner:
            self.link.cut(token_hashes, why)

    async def revoke(self, bearer_hashes: Collection[str]) -> None:
        """These bearer tokens were revoked or expired: the seat tokens and spectator passes asked for
        with them stop working (the seats stay their people's: asking for them again gives new tokens),
        and the connections opened with those are closed."""
        dead = {digest for digest, given in self.passes.items() if given.granted_by in bearer_hashes}
        for digest in dead:
            del self.passes[digest]
        owner = self.link is None or self.link.owner  # a replica's seats are cleared by the owner, who tells it
        if owner and any(s.row.granted_by in bearer_hashes and s.row.token_hash for s in self.seats):
            async with self.lock:
                for s in self.seats:
                    if s.row.granted_by in bearer_hashes and s.row.token_hash is not None:
                        row = dataclasses.replace(s.row, token_hash=None, granted_by=None)
                        await asyncio.to_thread(self.store.set_seat, row)
                        dead.add(s.row.token_hash)
                        s.row = row
            if self.link is not None:
                self.link.changed()
        if dead:
            self.cut_off(dead, "signed_out")

    # ------------------------------------------------------------ what clients ask
    async def act(self, client: Client, text: str, version: int) -> None:
        """A person's action: refused with a reason (nothing changes), or logged, applied and broadcast."""
        if client.role != "seat" or client.seat is None:
            raise ServerError("not_seated", "server.error.not_seated", http=403)
        self.touch(client)
        if self.link is not None and not self.link.owner:  # the owner checks and commits it
            await self.link.act(client, text, version)
            return
        # Once the action is on its way to the log it must be applied too, even if the person's
        # connection goes (which cancels this coroutine): the work runs on in its own task.
        work = asyncio.ensure_future(self._act(client.seat, client.lang, text, version))
        work.add_done_callback(_settled)
        await asyncio.shield(work)

    async def _act(self, seat: int, lang: str, text: str, version: int) -> None:
        async with self.lock:
            self._check_live()
            if self.link is not None and not self.link.owner:  # the table moved to another node meanwhile
                raise ServerError("moved", "server.error.unavailable", http=503)
            assert self.session is not None
            if version != self.version:
                raise ServerError(
                    "stale_version",
                    "server.error.stale_version",
                    detail={"version": self.version},
                    version=self.version,
                )
            rows = [st.row for st in self.seats]
            names = narration_names([r.name for r in rows], [r.kind for r in rows], [r.level for r in rows], lang)
            if declines(self.game, self.session.match.deal, seat) is None:
                current = self.session.public_player
                with speaking(lang):
                    sentence = msg("play.explain.not_your_turn", seat=seat_label(current, names))
                detail = {"current_player": current}
                raise ServerError("not_your_turn", "play.explain.not_your_turn", detail=detail, message=sentence)
            action = self._parse(text, lang)
            obs = self.session.observation(seat)
            if action not in obs.legal_actions:
                why = self.game.explain_illegal(obs, action)
                with speaking(lang):
                    sentence = refusal(self.game, obs, action, names)
                raise ServerError("illegal_action", why.key, detail={"action": text}, message=sentence)
            await self.commit_turn(seat, action)

    def _parse(self, text: str, lang: str) -> int:
        try:
            return self.game.parse_action(self.rules, text)
        except (TapeteError, ValueError):
            with speaking(lang):
                sentence = msg("play.explain.unknown")
            raise ServerError(
                "illegal_action", "play.explain.unknown", detail={"action": text}, message=sentence
            ) from None

    def _check_live(self) -> None:
        if self.status == "waiting":
            raise ServerError("not_started", "server.error.not_started", http=409)
        if self.status != "live" or self.session is None or self.session.is_over():
            raise ServerError("table_closed", "server.error.table_closed", http=409)

    async def chat(self, client: Client, text: str) -> None:
        clean = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
        if not clean:
            raise ServerError("bad_field", "server.error.chat_empty", detail={"field": "text"})
        self.touch(client)
        at = utcnow()
        row = ChatRow(self.id, client.user_id, client.name, clean, at)
        await asyncio.to_thread(self.store.add_chat, row)
        line = p.ChatLine(sender=client.name, text=clean, at=at.isoformat())
        self.say(line)
        if self.link is not None:
            self.link.chatted(line)

    def say(self, line: p.ChatLine) -> None:
        """A chat line to this node's clients (and kept for newcomers)."""
        self.chat_lines.append(line)
        text_frame = p.frame(line)
        for c in self.clients:
            c.send(text_frame)

    def sync(self, client: Client) -> None:
        self.touch(client)
        client.send(p.frame(p.TableFrame(table=self.summary())))
        self.send_state(client)

    # ------------------------------------------------------------ the end
    def record(self) -> dict[str, Any]:
        """The tapete record of the match, with who sat where (names, kinds, bot levels)."""
        assert self.session is not None
        data = self.session.record()
        data["server"] = {
            "table_id": self.id,
            "names": [s.row.name for s in self.seats],
            "kinds": [s.row.kind for s in self.seats],
            "rated": self.row.rated,
        }
        return data

    async def finish(self) -> None:
        """The match is over: save its record, update ratings (rated tables of people only), close it."""
        assert self.session is not None
        now = utcnow()
        self.row = dataclasses.replace(self.row, status="finished", finished_at=now)
        try:
            await asyncio.to_thread(self.store.save_record, self.id, self.record())
            if self.row.rated and all(s.row.kind == "human" for s in self.seats):
                winner = self.session.match.winner
                sides: list[list[str]] = [[] for _ in range(self.game.units(self.rules))]
                for i, s in enumerate(self.seats):
                    sides[self.game.side_of(self.rules, i)].append(s.row.user_id or "")
                # Rated and marked finished in one transaction: recovery never rates a match twice.
                await asyncio.to_thread(
                    functools.partial(self.store.apply_match_result, table_id=self.id, finished_at=now),
                    self.game.name,
                    sides,
                    winner,
                )
            else:
                await asyncio.to_thread(self.store.update_table, self.id, status="finished", finished_at=now)
        except Exception:  # the match stays live in the store: recovery will finish it again
            log.exception("could not save the end of table %s", self.id)
        self.driver.wake()


__all__ = ["ClusterLink", "LiveTable", "Logged", "Pass", "SeatState", "seen", "step", "table_rules"]
