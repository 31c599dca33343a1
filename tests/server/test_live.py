"""Live tables over websockets: whole matches, spectators, reconnecting, the turn clock and stand-ins, chat."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tapete.core.errors import StorageError
from tapete.games import GAMES
from tapete.server.clients import Client
from tapete.server.journal import Journal
from tapete.server.protocol import Hello
from tapete.server.storage import Store
from tapete.server.storage.rows import ActionRow, TableRow, new_code, new_id, utcnow
from tapete.server.wire import legal
from tests.server.support_server import Api, Peer, advance, open_table, play_out, running, told


def _finished(store: Store, table_id: str) -> tuple[TableRow, list[ActionRow], dict[str, object]]:
    row = store.get_table(table_id)
    assert row is not None and row.status == "finished" and row.finished_at is not None
    actions = store.actions(table_id)
    assert [a.version for a in actions] == list(range(1, len(actions) + 1))
    record = store.record(table_id)
    assert record is not None
    return row, actions, record


def _events(peer: Peer) -> list[tuple[int, int, str]]:
    return [(f["version"], f["seat"], f["action"]) for f in peer.frames if f["type"] == "event"]


@pytest.mark.parametrize(("game", "preset"), [("guinote", "aragones"), ("belote", "classique")])
def test_one_person_and_three_bots_play_a_whole_match(sqlite_store: Store, game: str, preset: str) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, game, preset, {0: ana}, level="random")
        peer = Peer(client, setup.id)
        assert peer.hello(setup.tokens[0]) == {
            "type": "welcome", "role": "seat", "seat": 0, "version": peer.frames[0]["version"], "table_id": setup.id,
        }  # fmt: skip
        final = play_out({0: peer})
        peer.drain()
    row, actions, record = _finished(sqlite_store, setup.id)
    assert final["match_over"] and final["winner"] is not None and final["breakdown"]
    public = told(row, actions)  # a declined optional decision is logged, but told to nobody
    assert final["version"] == len(public)
    # The record is a tapete record of exactly this match, with who sat where.
    replayed = GAMES[game].from_record(record)
    assert replayed.is_terminal() and replayed.winner == final["winner"]
    assert record["server"]["names"][0] == "ana" and record["server"]["kinds"] == ["human", "bot", "bot", "bot"]
    assert final["levels"] == [None, "random", "random", "random"]
    # The person saw every action once, in order, each followed by a state.
    seen = [v for v, _, _ in _events(peer)]
    assert seen == sorted(set(seen)) and seen[-1] == len(public)
    assert [a for a in public if a[0] >= seen[0]] == _events(peer)
    after = [peer.frames[i + 1]["type"] for i, f in enumerate(peer.frames) if f["type"] == "event"]
    assert set(after) == {"state"}


@pytest.mark.parametrize(("game", "preset", "settings"), [
    ("guinote", "clasico", {}),
    ("belote", "coinche", {"target": 500}),
])  # fmt: skip
def test_four_people_play_a_whole_match(store: Store, game: str, preset: str, settings: dict[str, int]) -> None:
    with running(store) as client:
        people = {seat: Api(client, name) for seat, name in enumerate(["ana", "bea", "cruz", "dani"])}
        setup = open_table(people[0], game, preset, people, **settings)
        peers = {seat: Peer(client, setup.id) for seat in people}
        for seat, peer in peers.items():
            peer.hello(setup.tokens[seat])
        final = play_out(peers, seed=1)
        time.sleep(0.05)
        for peer in peers.values():
            peer.drain()
    row, actions, _ = _finished(store, setup.id)
    public = told(row, actions)
    assert final["match_over"] and final["version"] == len(public)
    logs = [_events(p) for p in peers.values()]
    assert all(log == logs[0] for log in logs)  # everybody saw the same match
    assert logs[0] == public
    for seat, peer in peers.items():
        assert peer.state is not None and peer.state["seat"] == seat and peer.state["match_over"]


@pytest.mark.parametrize(("game", "preset", "humans"), [
    ("guinote", "aragones-2p", (0, 1)),
    ("belote", "trois-joueurs", (1,)),
    ("belote", "belote-a-deux", (0,)),
    ("belote", "decouverte", (0, 1)),
])  # fmt: skip
def test_tables_of_two_and_three(sqlite_store: Store, game: str, preset: str, humans: tuple[int, ...]) -> None:
    with running(sqlite_store) as client:
        people = {seat: Api(client, f"p{seat}") for seat in humans}
        setup = open_table(
            people[humans[0]], game, preset, people, level="easy", target=300 if game == "belote" else None
        )
        peers = {seat: Peer(client, setup.id) for seat in humans}
        for seat, peer in peers.items():
            peer.hello(setup.tokens[seat])
        final = play_out(peers, seed=2)
    _finished(sqlite_store, setup.id)
    assert final["players"] == len(final["names"]) == (3 if preset == "trois-joueurs" else 2)


def test_spectators_follow_the_match_without_hands(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, eve = Api(client, "ana"), Api(client, "eve")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana})
        token = eve.post(f"/api/tables/{setup.id}/watch")["spectator_token"]
        watcher = Peer(client, setup.id)
        assert watcher.hello(token, lang="es")["role"] == "spectator"
        player = Peer(client, setup.id)
        player.hello(setup.tokens[0])
        play_out({0: player})
        watcher.until(lambda f: f["type"] == "state" and f["view"]["match_over"])
    states = [f["view"] for f in watcher.frames if f["type"] == "state"]
    assert states and all(v["hand"] == [] and v["legal"] == [] and v["seat"] is None for v in states)
    assert all("hands" not in v for v in states)
    events = [f for f in watcher.frames if f["type"] == "event"]
    assert events[-1]["version"] == states[-1]["version"]
    assert any("jugó" in e["text"] for e in events)  # narrated in the spectator's language


def test_reconnecting_with_since_replays_the_missed_events_then_the_state(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones", {0: ana, 1: bea})
        a, b = Peer(client, setup.id), Peer(client, setup.id)
        a.hello(setup.tokens[0])
        b.hello(setup.tokens[1])
        advance({0: a, 1: b}, lambda s: s["current_player"] == 0 and s["version"] >= 6)
        b.drain()
        assert b.state is not None
        seen = b.state["version"]
        b.close()
        # Seat 0 plays on; the bots too; the table then waits for seat 1 (no clock, a long grace).
        now = advance({0: a}, lambda s: s["current_player"] == 1 and s["version"] > seen)
        back = Peer(client, setup.id)
        back.hello(setup.tokens[1], since=seen)
        back.until(lambda f: f["type"] == "state")
        kinds = [f["type"] for f in back.frames]
        assert kinds[:2] == ["welcome", "table"]
        events = [f for f in back.frames if f["type"] == "event"]
        assert [e["version"] for e in events] == list(range(seen + 1, now["version"] + 1))
        assert kinds.index("state") > max(i for i, k in enumerate(kinds) if k == "event")
        assert back.state is not None and back.state["version"] == now["version"] and back.state["legal"]
        row = sqlite_store.get_table(setup.id)
        assert row is not None
        logged = [a for a in told(row, sqlite_store.actions(setup.id)) if a[0] > seen]
        assert logged == [(e["version"], e["seat"], e["action"]) for e in events]


def test_a_person_gone_too_long_gets_a_stand_in_and_takes_the_seat_back(sqlite_store: Store) -> None:
    with running(sqlite_store, away_grace=0.3) as client:
        ana, eve = Api(client, "ana"), Api(client, "eve")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana})
        watcher = Peer(client, setup.id)
        watcher.hello(eve.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
        # Ana never connects: after the grace, the stand-in plays her seat and she is shown away.
        watcher.until(lambda f: f["type"] == "event" and f["seat"] == 0, timeout=10)
        assert watcher.state is not None and watcher.state["away"][0]
        player = Peer(client, setup.id)
        player.hello(setup.tokens[0])
        watcher.until(lambda f: f["type"] == "state" and not f["view"]["away"][0], timeout=10)
        # A stand-in move already being written when she came back still lands; then the table waits for her
        # (no clock), however long she thinks.
        player.until(lambda f: f["type"] == "state" and f["view"]["current_player"] == 0)
        time.sleep(0.3)
        player.drain()
        assert player.state is not None and player.state["current_player"] == 0
        version = player.state["version"]
        time.sleep(0.6)
        player.drain()
        assert player.state["version"] == version and not player.state["away"][0]
        player.send({"type": "act", "action": player.state["legal"][0]["action"], "version": version})
        player.until(lambda f: f["type"] == "event" and f["version"] == version + 1)


def test_the_turn_clock_hands_a_silent_seat_to_the_stand_in(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana}, clock_seconds=1)
        player = Peer(client, setup.id)
        player.hello(setup.tokens[0])
        state = player.until(lambda f: f["type"] == "state" and f["view"]["current_player"] == 0)["view"]
        assert state["clock"]["seat"] == 0 and 0 < state["clock"]["seconds_left"] <= 1
        start = time.monotonic()
        event = player.until(lambda f: f["type"] == "event" and f["seat"] == 0, timeout=10)
        assert time.monotonic() - start >= 0.5
        assert player.state is not None
        player.until(lambda f: f["type"] == "state")
        assert player.state["away"][0] and event["version"] >= 1
        player.send({"type": "sync"})
        player.until(lambda f: f["type"] == "state" and not f["view"]["away"][0])


def test_chat_reaches_everybody_and_is_kept(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: bea}, start=False)
        a, b = Peer(client, setup.id), Peer(client, setup.id)
        a.hello(setup.tokens[0])
        b.hello(setup.tokens[1])
        a.send({"type": "chat", "text": "  hola\n\tguapa  "})
        line = b.until(lambda f: f["type"] == "chat")
        assert line["from"] == "ana" and line["text"] == "hola guapa" and line["at"]
        a.send({"type": "chat", "text": " \n "})
        assert a.until(lambda f: f["type"] == "error")["code"] == "bad_field"
        late = Peer(client, setup.id)
        late.hello(setup.tokens[1])
        assert late.until(lambda f: f["type"] == "chat")["text"] == "hola guapa"
    assert [c.text for c in sqlite_store.chat(setup.id)] == ["hola guapa"]


def test_a_waiting_table_shows_seats_filling_then_the_start(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana}, start=False, bots=False)
        a = Peer(client, setup.id)
        a.hello(setup.tokens[0])
        a.drain()
        assert a.state is None  # no match yet: no state
        bea.post(f"/api/tables/{setup.id}/seats/1")
        table = a.until(lambda f: f["type"] == "table" and f["table"]["seats"][1]["kind"] == "human")["table"]
        assert table["seats"][1]["name"] == "bea" and table["status"] == "waiting"
        a.send({"type": "act", "action": "1o", "version": 0})
        assert a.until(lambda f: f["type"] == "error")["code"] == "not_started"
        ana.post(f"/api/tables/{setup.id}/start")
        a.until(lambda f: f["type"] == "table" and f["table"]["status"] == "live")
        assert a.until(lambda f: f["type"] == "state")["view"]["version"] == 0


# ---------------------------------------------------------------- the journal
def _table(store: Store) -> str:
    row = TableRow(new_id(), new_code(), "guinote", "aragones", {}, None, 0, True, False, False, "owner", 1,
                   "live", utcnow())  # fmt: skip
    user, _ = store.create_user("owner")
    store.create_table(TableRow(**{**row.__dict__, "owner_id": user.id}))
    return row.id


def _run_journal(store: Store, rows: list[ActionRow], linger: float) -> tuple[list[object], Journal]:
    journal = Journal(store, linger=linger)

    async def main() -> list[object]:
        return await asyncio.gather(*(journal.append(r) for r in rows), return_exceptions=True)

    try:
        return asyncio.run(main()), journal
    finally:
        journal.close()


def test_the_journal_commits_actions_that_arrive_together_in_one_transaction(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'j.db'}")
    store.upgrade()
    tables = [_table(store) for _ in range(20)]
    results, journal = _run_journal(store, [ActionRow(t, 1, 0, "1o", utcnow()) for t in tables], linger=0.05)
    assert results == [None] * 20
    assert all(store.last_version(t) == 1 for t in tables)
    assert journal.rows == 20 and journal.commits < 20


def test_a_bad_action_fails_alone(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'j.db'}")
    store.upgrade()
    tables = [_table(store) for _ in range(3)]
    rows = [ActionRow(t, 1, 0, "1o", utcnow()) for t in tables]
    rows.append(ActionRow(tables[0], 5, 0, "1o", utcnow()))  # a gap: version 5 after 1
    results, journal = _run_journal(store, rows, linger=0.05)
    assert results[:3] == [None] * 3 and isinstance(results[3], StorageError)
    assert [store.last_version(t) for t in tables] == [1, 1, 1]
    assert journal.rows == 3


def test_an_action_on_its_way_to_the_log_is_applied_even_if_its_connection_goes(sqlite_store: Store) -> None:
    """Cancelling a person's act (their socket closed) while the journal writes it must not leave the
    log ahead of the table: the action is applied and broadcast all the same."""
    with running(sqlite_store, journal_linger=0.1) as client:
        ana, eve = Api(client, "ana"), Api(client, "eve")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: Api(client, "bea")})
        watcher = Peer(client, setup.id)
        watcher.hello(eve.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
        server = client.app.state.server  # type: ignore[attr-defined]

        async def act_then_vanish() -> tuple[int, int]:
            table = await server.registry.get(setup.id)
            seat = table.session.current_player
            person = Client()
            table.connect(person, Hello(type="hello", token=setup.tokens[seat]))
            action = legal(table.game, table.session.observation(seat))[0]["action"]
            before = table.version
            task = asyncio.ensure_future(table.act(person, action, before))
            await asyncio.sleep(0.02)  # now waiting for the journal
            task.cancel()
            table.disconnect(person)
            await asyncio.sleep(0.3)
            return before, table.version

        before, after = client.portal.call(act_then_vanish)  # type: ignore[union-attr]
        assert after == before + 1 == sqlite_store.last_version(setup.id)
        assert watcher.until(lambda f: f["type"] == "event")["version"] == after


@pytest.mark.slow
def test_soak_many_tables_at_once(sqlite_store: Store) -> None:
    """Thirty tables of bots and five with a person play to the end side by side; the journal groups
    their actions into fewer transactions than actions, and every log is gapless."""
    # One owner opens every bot table: the spam limits of a real server (issue 14) are lifted here.
    limits = {"max_open_tables": 0, "tables_per_minute_per_person": 0, "tables_per_minute_per_address": 0}
    with running(sqlite_store, journal_linger=0.005, **limits) as client:
        owner = Api(client, "owner")
        ids = [open_table(owner, "belote", "coinche", {}, level="easy", target=1000).id for _ in range(30)]
        people = {}
        for i in range(5):
            person = Api(client, f"p{i}")
            setup = open_table(person, "guinote", "aragones", {0: person})
            peer = Peer(client, setup.id)
            peer.hello(setup.tokens[0])
            people[setup.id] = peer
            ids.append(setup.id)
        for peer in people.values():
            play_out({0: peer}, timeout=120)
        deadline = time.monotonic() + 600
        while any(owner.get(f"/api/tables/{t}")["status"] != "finished" for t in ids):
            assert time.monotonic() < deadline
            time.sleep(0.5)
        journal = client.app.state.server.journal  # type: ignore[attr-defined]
    for table_id in ids:
        _finished(sqlite_store, table_id)
    assert journal.commits < journal.rows
