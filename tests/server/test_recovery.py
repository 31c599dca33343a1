"""Restarts: a server stopped, or killed, in the middle of matches continues them exactly.

The reference is the same match played without interruption by a plain TableSession: same seed,
same bots, and the people's same choices (always the first legal action the view offers). A
restarted server must end with the very same actions, scores and winner.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tapete.games import GAMES
from tapete.server.live import table_rules
from tapete.server.storage import Store
from tapete.server.storage.rows import ActionRow, SeatRow, TableRow, utcnow
from tapete.server.wire import legal
from tapete.table.session import SeatKind, TableSession
from tapete.table.silent import silent_choice
from tests.server.support_server import Api, Peer, open_table, running

ROOT = Path(__file__).resolve().parents[2]


def reference(row: TableRow, seats: list[SeatRow]) -> tuple[list[str], Any]:
    """The uninterrupted match: every action string, and the final match."""
    game = GAMES[row.game]
    rules = table_rules(game, row)
    kinds: list[SeatKind] = ["bot" if s.kind == "bot" else "human" for s in seats]
    session = TableSession(game, game.new_match(rules, seed=row.seed), kinds, [s.level for s in seats], row.seed)
    actions = []
    while not session.is_over():
        seat = session.current_player
        decline = silent_choice(game, session.match.deal)
        if kinds[seat] == "human" and decline is not None and kinds[session.public_player] == "bot":
            # A bot to act next waits its pause (none here), not for a person's optional decision, which
            # its action then closes (issue 12 §1): the person's turn is declined.
            session.play(seat, decline)
            action = decline
        elif kinds[seat] == "bot":
            step = session.bot_step()
            assert step is not None
            action = step[1]
        else:
            action = game.parse_action(rules, legal(game, session.observation(seat))[0]["action"])
            session.play(seat, action)
        actions.append(game.action_str(rules, action))
    return actions, session.match


def first_choice(peer: Peer, seat: int, moves: int) -> None:
    """Play ``moves`` of the person's turns, always the first legal action offered."""
    for _ in range(moves):
        state = peer.until(
            lambda f: f["type"] == "state" and (f["view"]["current_player"] == seat or f["view"]["match_over"])
        )["view"]
        if state["match_over"]:
            return
        version = state["version"]
        peer.send({"type": "act", "action": state["legal"][0]["action"], "version": version})
        peer.until(lambda f, v=version: f["type"] == "event" and f["version"] == v + 1)


def play_to_end(peer: Peer, seat: int) -> dict[str, Any]:
    peer.drain()
    state = peer.state or peer.until(lambda f: f["type"] == "state")["view"]
    while True:
        if state["match_over"]:
            return state
        if state["current_player"] == seat and state["legal"]:
            version = state["version"]
            peer.send({"type": "act", "action": state["legal"][0]["action"], "version": version})
            peer.until(lambda f, v=version: f["type"] == "event" and f["version"] == v + 1)
        state = peer.until(lambda f: f["type"] == "state")["view"]


def check_same_as_reference(store: Store, table_id: str) -> None:
    row = store.get_table(table_id)
    assert row is not None and row.status == "finished"
    expected, match = reference(row, store.seats(table_id))
    assert [a.action for a in store.actions(table_id)] == expected
    record = store.record(table_id)
    assert record is not None and record["winner"] == match.winner
    assert GAMES[row.game].from_record(record).scores == match.scores


@pytest.mark.parametrize(("game", "preset", "level"), [("guinote", "aragones", "easy"), ("belote", "coinche", "easy")])
def test_a_stopped_server_continues_its_matches_exactly(store: Store, game: str, preset: str, level: str) -> None:
    with running(store) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, game, preset, {0: ana}, level=level, target=300 if game == "belote" else None)
        waiting = ana.post("/api/tables", json={"game": "belote", "preset": "trois-joueurs"})
        ana.post(f"/api/tables/{waiting['id']}/seats/2")
        peer = Peer(client, setup.id)
        peer.hello(setup.tokens[0])
        first_choice(peer, 0, 12)
        peer.drain()
        assert peer.state is not None
        seen, hand = peer.state["version"], peer.state["hand"]
    # A new app on the same database: the tables come back, the seat token still opens the seat.
    with running(store) as client:
        again = Peer(client, setup.id)
        again.hello(setup.tokens[0], since=seen)
        state = again.until(lambda f: f["type"] == "state")["view"]
        assert state["version"] >= seen
        if state["version"] == seen:
            assert state["hand"] == hand
        assert [f["version"] for f in again.frames if f["type"] == "event"] == list(
            range(seen + 1, state["version"] + 1)
        )
        play_to_end(again, 0)
        table = Api(client, "bea").get(f"/api/tables/{waiting['id']}")
        assert table["status"] == "waiting" and table["seats"][2]["name"] == "ana"
    check_same_as_reference(store, setup.id)


def test_a_finished_match_whose_end_was_not_saved_is_finished_at_startup(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana}, rated=False)
        peer = Peer(client, setup.id)
        peer.hello(setup.tokens[0])
        play_to_end(peer, 0)
    # As if the server had died between the last action and saving the end.
    sqlite_store.update_table(setup.id, status="live", finished_at=None)
    with running(sqlite_store) as client:
        assert Api(client, "x").get(f"/api/tables/{setup.id}")["status"] == "finished"
    check_same_as_reference(sqlite_store, setup.id)


def test_a_table_whose_log_does_not_replay_is_left_alone(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        good = open_table(ana, "guinote", "aragones-2p", {0: ana})
        bad = open_table(ana, "guinote", "aragones-2p", {0: ana})
        p = Peer(client, good.id)
        p.hello(good.tokens[0])
        first_choice(p, 0, 2)
    # The log of one table ends with an action its position does not allow (a record from another game, say).
    last = sqlite_store.last_version(bad.id)
    sqlite_store.append_actions([ActionRow(bad.id, last + 1, 0, "tute", utcnow())])
    with running(sqlite_store) as client:
        api = Api(client, "x")
        assert api.get(f"/api/tables/{good.id}")["status"] == "live"
        api.get(f"/api/tables/{bad.id}", expect=404)


# ---------------------------------------------------------------- a real kill
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(database: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``tapete serve`` in its own process, on a free port; killed at the end if still running."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "tapete.cli", "serve", "--port", str(port), "--database", database,
               "--bot-delay", "0", "--lang", "en"]  # fmt: skip
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield proc, base
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        if proc.stdout:
            proc.stdout.close()


def _frames(ws: ClientConnection, until: Any, timeout: float = 15) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        if until(frame):
            return frame


def test_a_killed_server_loses_no_action_anybody_saw(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'kill.db'}"
    with serve(database) as (proc, base):
        http = httpx.Client(base_url=base, timeout=10)
        r = http.post("/api/guest", json={"name": "ana"}).json()
        auth = {"Authorization": f"Bearer {r['token']}"}
        table = http.post("/api/tables", json={"game": "guinote", "preset": "aragones"}, headers=auth).json()
        tid = table["id"]
        token = http.post(f"/api/tables/{tid}/seats/0", headers=auth).json()["seat_token"]
        for seat in (1, 2, 3):
            http.post(f"/api/tables/{tid}/bots/{seat}", json={"level": "easy"}, headers=auth)
        http.post(f"/api/tables/{tid}/start", headers=auth)
        seen = 0
        with connect(f"{base.replace('http', 'ws')}/ws/{tid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            for _ in range(15):
                state = _frames(ws, lambda f: f["type"] == "state" and f["view"]["current_player"] == 0)["view"]
                version = state["version"]
                ws.send(json.dumps({"type": "act", "action": state["legal"][0]["action"], "version": version}))
                seen = _frames(ws, lambda f, v=version: f["type"] == "event" and f["version"] == v + 1)["version"]
            # Kill it while the bots are answering the last move.
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        http.close()
    store = Store(database)
    assert store.last_version(tid) >= seen  # every action the person saw was durable
    with serve(database) as (_, base):
        with connect(f"{base.replace('http', 'ws')}/ws/{tid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "since": seen}))
            while True:
                state = _frames(ws, lambda f: f["type"] == "state")["view"]
                if state["match_over"]:
                    break
                if state["current_player"] == 0:
                    version = state["version"]
                    ws.send(json.dumps({"type": "act", "action": state["legal"][0]["action"], "version": version}))
                    _frames(ws, lambda f, v=version: f["type"] == "event" and f["version"] == v + 1)
        for _ in range(50):  # the end is saved just before it is announced; give the store a moment anyway
            row = store.get_table(tid)
            if row is not None and row.status == "finished":
                break
            time.sleep(0.1)
    check_same_as_reference(store, tid)
    store.close()
