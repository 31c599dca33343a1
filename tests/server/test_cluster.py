"""Several ``tapete serve`` nodes as one server (issue 15): PostgreSQL and Redis, real processes, kill -9.

The nodes are subprocesses of ``tapete serve --database postgresql+psycopg://... --redis redis://...`` on
loopback ports. Every game is checked against the same match played without interruption (the reference of
tests/server/test_recovery.py: same seed, same bots, the people's first legal choice), every viewer's events
must be 1, 2, 3, ... with none missing, repeated or out of order (across its reconnections), viewers of one
language must read the same texts, and every frame any node sent must pass the leak check of
tests/server/test_security.py against the engine's true hands.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tapete.server.storage import Store
from tests.server.conftest import postgres_url, wipe
from tests.server.support_cluster import (
    CuttableProxy,
    NodeProc,
    Person,
    PrivateRedis,
    RedisTap,
    Viewer,
    check_events,
    check_redis_carries_no_secret,
    cluster,
    reconnecting,
    redis_url,
)
from tests.server.support_server import Recipient, check_no_leak
from tests.server.test_recovery import check_same_as_reference

pytestmark = pytest.mark.postgres


@pytest.fixture
def database() -> Iterator[str]:
    url = postgres_url()
    wipe(url)
    yield url


# ---------------------------------------------------------------- the lease, on a real Redis
def test_a_lease_has_one_holder_renewed_until_it_expires_or_is_given_up() -> None:
    import redis.asyncio as aioredis

    from tapete.server.cluster.lease import Leases

    async def main() -> None:
        client = aioredis.from_url(redis_url())
        prefix = f"leasetest{time.monotonic_ns()}"
        a = Leases(client, prefix, "a", 0.3)
        b = Leases(client, prefix, "b", 0.3)
        try:
            assert await a.acquire("t1")
            assert not await b.acquire("t1")  # held
            assert await a.acquire("t1")  # a holds it already
            assert await a.holders(["t1", "t2"]) == {"t1": "a", "t2": None}
            await client.sadd(f"{prefix}:open", "t1", "t2")
            assert await b.free(f"{prefix}:open") == ["t2"]  # the open tables nobody drives
            for _ in range(4):  # renewed past its first lifetime
                await asyncio.sleep(0.15)
                assert await a.renew(["t1"]) == set()
            assert await b.holder("t1") == "a"
            await asyncio.sleep(0.45)  # a stops renewing (dead): the lease expires and b may take it
            assert await b.acquire("t1")
            assert await a.renew(["t1"]) == {"t1"}  # a learns it lost the table
            await b.release("t1")
            await a.release("t1")  # not a's to give: nothing happens
            assert await a.holder("t1") is None
            await client.delete(a.key("t2"))
            assert await a.renew(["t2"]) == set()  # a lease that vanished (Redis restarted) is taken back
            assert await b.holder("t2") == "a"
            assert await b.alive(["a", "b", "c"]) == {"a"}
            await b.renew([])
            assert await a.alive(["a", "b", "c"]) == {"a", "b"}
            await a.leave()
            assert await b.alive(["a", "b"]) == {"b"}
        finally:
            keys = [k async for k in client.scan_iter(f"{prefix}:*")]
            if keys:
                await client.delete(*keys)
            await client.aclose()

    asyncio.run(main())


# ---------------------------------------------------------------- playing across nodes
def turn_of(viewer: Viewer, seat: int) -> bool:
    s = viewer.state
    return bool(s and not s["match_over"] and s["current_player"] == seat and s["seat"] == seat and s["legal"])


class Game:
    """A table of two people (seats 0 and 1, first legal choice each turn) and two bots, its viewers on
    chosen nodes; the people's turns are played as the browser would, through kills and outages."""

    def __init__(self, nodes: list[NodeProc], home: NodeProc, where: dict[str, NodeProc], start: bool = True) -> None:
        self.nodes = nodes
        owner = Person(home, "owner")
        bea = Person(where["bea"], "bea")
        table = owner.call(home, "POST", "/api/tables", json={"game": "guinote", "preset": "aragones"})
        self.id = tid = table["id"]
        # Seats, bots and the start asked of other nodes than the owner's: forwarded to it.
        t0 = owner.call(where["ana"], "POST", f"/api/tables/{tid}/seats/0")["seat_token"]
        t1 = bea.call(where["bea"], "POST", f"/api/tables/{tid}/seats/1")["seat_token"]
        for seat in (2, 3):
            done = owner.call(where["bea"], "POST", f"/api/tables/{tid}/bots/{seat}", json={"level": "easy"})
            assert done["table"]["seats"][seat]["kind"] == "bot"  # the asking node's answer shows the change
        eve = Person(where["eve"], "eve")
        watch = eve.call(home, "POST", f"/api/tables/{tid}/watch")["spectator_token"]
        # Everybody reads English: the leak check reads card names in the texts, and Spanish words such as
        # "Se" (acabó la mano) look like a card's string to it.
        self.people = {0: Viewer(tid, t0), 1: Viewer(tid, t1)}
        self.spectator = Viewer(tid, watch)
        for seat, name in ((0, "ana"), (1, "bea")):
            assert self.people[seat].connect(where[name])["type"] == "welcome"
        assert self.spectator.connect(where["eve"])["type"] == "welcome"  # a pass given on another node
        self.owner = owner
        self.acted: set[tuple[int, int, tuple[str, ...]]] = set()
        self.moves = 0
        self.by_seat = {0: 0, 1: 0}
        self.errors: list[dict[str, Any]] = []
        if start:
            self.start(where["eve"])

    def start(self, node: NodeProc) -> None:
        started = self.owner.call(node, "POST", f"/api/tables/{self.id}/start")
        assert started["table"]["status"] == "live"

    @property
    def viewers(self) -> list[Viewer]:
        return [*self.people.values(), self.spectator]

    def pump(self) -> None:
        for v in self.viewers:
            reconnecting(v, self.nodes, lambda v=v: v.drain())

    def where(self) -> str:
        """Each viewer's node and last version, whose turn it saw, and the errors: what a stuck game shows."""
        seen = [(v.node and v.node.port, v.version, v.state and v.state["current_player"]) for v in self.viewers]
        return f"viewers {seen}, moves {self.by_seat}, errors {[e['code'] for e in self.errors][-5:]}"

    def over(self) -> bool:
        return all(v.state is not None and v.state["match_over"] for v in self.viewers)

    def due(self, seat: int) -> bool:
        """Whether ``seat``'s page shows its turn, and it has not played it yet."""
        v = self.people[seat]
        if not turn_of(v, seat):
            return False
        assert v.state is not None
        return (seat, v.state["version"], tuple(c["action"] for c in v.state["legal"])) not in self.acted

    def actionable(self) -> list[int]:
        """The people whose turn is due and who act now: not on an optional decision while a bot is to act,
        which the bot's card closes, as in the reference (acting on it would race the bot)."""
        if self.spectator.state is None:
            return []
        public = self.spectator.state["current_player"]
        return [seat for seat in self.people if self.due(seat) and (seat == public or public in self.people)]

    def step(self) -> bool:
        """Play one person's turn if one is due; whether one was.

        As the reference does: only once every viewer shows the same version (none is catching up), and
        when both people may act, first the one deciding something nobody else sees (a cante, the exchange:
        its page shows its own turn while the spectator's shows the other's), else the two would race; and
        never such a decision while a bot is to act."""
        states = [v.state for v in self.viewers]
        if any(state is None for state in states) or len({state["version"] for state in states if state}) != 1:
            return False
        assert self.spectator.state is not None
        public = self.spectator.state["current_player"]
        ready = [s for s in self.people if turn_of(self.people[s], s) and (s == public or public in self.people)]
        if not ready:
            return False
        seat = next((s for s in ready if s != public), ready[0])
        if not self.due(seat):  # its action is on its way (or was refused, and its page looks again): wait
            return False
        v = self.people[seat]
        assert v.state is not None
        self.acted.add((seat, v.state["version"], tuple(c["action"] for c in v.state["legal"])))
        message = {"type": "act", "action": v.state["legal"][0]["action"], "version": v.state["version"]}
        reconnecting(v, self.nodes, lambda: v.send(message))
        self.moves += 1
        self.by_seat[seat] += 1
        return True

    def answer_errors(self) -> None:
        """A stale click looks again (``sync``, as the page does); an unreachable owner is asked again."""
        for seat, v in self.people.items():
            for frame in v.frames[getattr(v, "_seen_errors", 0) :]:
                if frame["type"] != "error":
                    continue
                self.errors.append(frame)
                assert frame["code"] in ("stale_version", "unavailable", "storage"), frame
                self.acted = {k for k in self.acted if k[0] != seat}
                if frame["code"] != "stale_version":  # a person waits a moment before clicking again
                    time.sleep(0.05)
                reconnecting(v, self.nodes, lambda v=v: v.send({"type": "sync"}))
            v._seen_errors = len(v.frames)  # type: ignore[attr-defined]

    def play(self, until: Any = None, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while not self.over():
            assert time.monotonic() < deadline, f"the game did not get there: {self.where()}"
            self.pump()
            self.answer_errors()
            if until is not None and until(self):
                return
            if not self.step():
                time.sleep(0.01)

    def finish(self, store: Store) -> None:
        for _ in range(100):  # the end is saved before it is told; the viewers' last frames may still travel
            row = store.get_table(self.id)
            if row is not None and row.status == "finished":
                break
            time.sleep(0.05)
        for v in self.viewers:
            reconnecting(v, self.nodes, lambda v=v: v.drain(0.3))
            v.close()

    def end(self, database: str) -> None:
        """Wait for the end and check it (:meth:`finish`, :meth:`check`) on a store of ``database``."""
        store = Store(database)
        try:
            self.finish(store)
            self.check(store)
        finally:
            store.close()

    def check(self, store: Store) -> None:
        """The same match as without any interruption; every viewer's events exact; no card leaked."""
        check_same_as_reference(store, self.id)
        final = max(v.state["version"] for v in self.viewers if v.state)
        for v in self.viewers:
            check_events(v, final)
        # Every viewer, on whichever nodes it was, read the same events in the same words.
        assert self.people[0].events == self.people[1].events == self.spectator.events
        row = store.get_table(self.id)
        assert row is not None
        recipients = [Recipient(0, self.people[0]), Recipient(1, self.people[1]), Recipient(None, self.spectator)]
        assert check_no_leak(row, store.actions(self.id), recipients) > 100  # type: ignore[arg-type]


def owner_of(nodes: list[NodeProc], table_id: str, redis: str) -> NodeProc | None:
    """The node whose lease the table is under now (None: nobody's)."""
    import redis as sync_redis

    client = sync_redis.Redis.from_url(redis)
    try:
        holder = client.get(f"{nodes[0].prefix}:lease:{table_id}")
    finally:
        client.close()
    return next((n for n in nodes if holder is not None and n.name == holder.decode()), None)


def test_a_game_across_three_nodes_survives_its_owner_killed_mid_trick(database: str) -> None:
    """Players on different nodes; the node that drives the table is killed (-9) with a card on the table
    and the next person to play on another node: a survivor takes the table over from the action log,
    the person's action reaches it, the bots go on, the killed node's clients come back on other nodes,
    and the match ends exactly as an uninterrupted one."""
    with cluster(database, redis_url(), 3) as nodes:
        a, b, c = nodes
        tap = RedisTap(redis_url(), a.prefix)  # every message between the nodes, for the secrets check
        game = Game(nodes, home=a, where={"ana": a, "bea": b, "eve": c})
        assert owner_of(nodes, game.id, redis_url()) is a

        # Seat 0 (on the owner's node) has just played the first card of a trick; seat 1 (on b) plays next.
        def mid_trick(g: Game) -> bool:
            s = g.people[1].state
            return bool(g.moves >= 10 and s and g.due(1) and len(s["trick"]) == 1)

        game.play(until=mid_trick)
        seen = max(v.version or 0 for v in game.viewers)
        a.kill()
        killed = time.monotonic()
        game.play(until=lambda g: max(v.version or 0 for v in g.viewers) > seen)
        resumed = time.monotonic() - killed
        game.play()
        store = Store(database)
        try:
            game.finish(store)
            game.check(store)
            tap.close()
            row = store.get_table(game.id)
            assert row is not None
            assert check_redis_carries_no_secret(row, store.actions(game.id), tap.messages) > 50
        finally:
            tap.close()
            store.close()
        assert game.people[0].reconnects >= 1  # ana's node died: she came back on another
        print(f"kill to resume: {resumed:.2f} s")


def test_a_redis_restart_mid_game_loses_nothing(database: str) -> None:
    """Redis stops in the middle of a game (its data gone) and comes back: the owner's players play on
    meanwhile, the others are told to try again, and afterwards every node catches up from the database
    and the match ends as an uninterrupted one, every event told once, in order."""
    redis = PrivateRedis()
    redis.start()
    try:
        with cluster(database, redis.url, 3) as nodes:
            a, b, c = nodes
            game = Game(nodes, home=a, where={"ana": a, "bea": b, "eve": c})
            game.play(until=lambda g: g.moves >= 8 and g.due(0))
            redis.stop()
            before = dict(game.by_seat)
            # Ana, on the owner's node, plays on; bea's actions on b cannot reach the owner and are refused.
            game.play(until=lambda g: g.by_seat[0] > before[0] and any(e["code"] == "unavailable" for e in g.errors))
            redis.start()
            game.play()
            for node in nodes:  # every node lost its subscription and came back
                health = httpx.get(f"{node.base}/api/health", timeout=5).json()["tables"]["cluster"]
                assert health["connections"] >= 2 and health["redis"], health
            game.end(database)
    finally:
        redis.close()


def test_a_table_moves_to_the_node_where_all_its_viewers_are(database: str) -> None:
    """A table created through node a whose people and spectator are all connected through node b (as a load
    balancer that hashes the table's id would send them) is handed to b, which then drives it alone, and the
    match ends as an uninterrupted one."""
    with cluster(database, redis_url(), 2) as nodes:
        a, b = nodes
        game = Game(nodes, home=a, where={"ana": b, "bea": b, "eve": b}, start=False)
        assert owner_of(nodes, game.id, redis_url()) is a
        # b's lobby lists the table a drives, with its seats as they are.
        deadline = time.monotonic() + 10
        while True:
            listed = {t["id"]: t for t in httpx.get(f"{b.base}/api/lobby", timeout=10).json()["tables"]}
            if game.id in listed and listed[game.id]["seats"][1]["name"] == "bea":
                break
            assert time.monotonic() < deadline, listed
            time.sleep(0.2)
        deadline = time.monotonic() + 30
        while owner_of(nodes, game.id, redis_url()) is not b:
            assert time.monotonic() < deadline, "the table stayed on a"
            time.sleep(0.1)
        game.start(a)  # asked of a, done by b
        game.play(until=lambda g: g.moves >= 10)
        assert owner_of(nodes, game.id, redis_url()) is b
        game.play()
        game.end(database)


def test_the_redis_check_catches_a_hidden_card() -> None:
    """The check of what crosses Redis can fail: a message naming a card in a hand is caught."""
    from tapete.core.cards import spanish
    from tapete.games import GAMES
    from tapete.server.live import table_rules
    from tapete.server.storage.rows import TableRow, utcnow
    from tests.server.support_server import hidden_from

    row = TableRow(id="t", code="ABCDEFGH", game="guinote", preset="aragones", options={}, target=None,
                   clock_seconds=0, public=True, spectators_see_hands=False, rated=False, owner_id="o", seed=7,
                   status="live", created_at=utcnow())  # fmt: skip
    game = GAMES["guinote"]
    card = min(hidden_from(game, game.new_match(table_rules(game, row), seed=7), None))
    fine = ("p:t:t", '{"k": "meta", "s": 0, "status": "live"}')
    assert check_redis_carries_no_secret(row, [], [fine]) == 1
    leak = ("p:t:t", f'{{"k": "meta", "s": 0, "note": "{spanish.card_str(card)}"}}')
    with pytest.raises(AssertionError, match="names"):
        check_redis_carries_no_secret(row, [], [leak])
    with pytest.raises(AssertionError, match="carries hand"):
        check_redis_carries_no_secret(row, [], [("p:t:t", '{"k": "meta", "s": 0, "hand": []}')])


def test_the_database_unreachable_for_a_while_refuses_clearly_and_recovers(database: str) -> None:
    """PostgreSQL cut off in the middle of a game (every connection dropped, new ones refused): the people's
    actions are refused with ``storage`` (nothing changed), the bots wait, and once the database is back
    the match goes on and ends as an uninterrupted one."""
    from sqlalchemy.engine import make_url

    url = make_url(database)
    proxy = CuttableProxy(url.host or "127.0.0.1", url.port or 5432)
    try:
        with cluster(proxy.url(database), redis_url(), 2) as nodes:
            a, b = nodes
            game = Game(nodes, home=a, where={"ana": a, "bea": b, "eve": b})
            game.play(until=lambda g: g.moves >= 6 and bool(g.actionable()))  # a person is about to act
            proxy.cut()
            game.play(until=lambda g: any(e["code"] == "storage" for e in g.errors))
            proxy.restore()
            game.play()
            game.end(database)
    finally:
        proxy.close()
