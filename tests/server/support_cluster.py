"""Helpers for the cluster's tests: real ``tapete serve`` nodes (subprocesses) on one PostgreSQL and one Redis,
and websocket viewers that keep every frame across reconnections to any node.

Redis comes from ``$TAPETE_TEST_REDIS_URL`` (CI starts Debian's redis-server and exports it; locally:
``redis-server --port 6379 --save '' --daemonize yes`` and ``export TAPETE_TEST_REDIS_URL=redis://127.0.0.1:6379/0``),
PostgreSQL from ``$TAPETE_TEST_POSTGRES_URL``. Without them the tests skip, except under ``$CI``, where they fail.
Tests that restart Redis start a private ``redis-server`` of their own on a free port.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.conftest import in_ci

ROOT = Path(__file__).resolve().parents[2]
REDIS_ENV = "TAPETE_TEST_REDIS_URL"


def redis_url() -> str:
    """The test Redis; skips (or fails under $CI) when none is configured."""
    url = os.environ.get(REDIS_ENV, "").strip()
    if not url:
        how = f"start redis-server and export {REDIS_ENV}=redis://127.0.0.1:6379/0"
        if in_ci():
            pytest.fail(f"${REDIS_ENV} is not set, and under $CI the cluster tests must run: {how}")
        pytest.skip(f"no Redis: {how}")
    return url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivateRedis:
    """A redis-server of the test's own on a free port (no persistence), which the test may stop and restart."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            if in_ci():
                pytest.fail("redis-server is not installed, and under $CI the cluster tests must run")
            pytest.skip("no redis-server to start")
        self.binary = binary
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="tapete-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                   "--dir", str(self.folder)]  # fmt: skip
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class NodeProc:
    """One ``tapete serve`` node."""

    port: int
    proc: subprocess.Popen[bytes]
    log: Path
    #: The cluster's key prefix in Redis.
    prefix: str

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def name(self) -> str:
        return f"node-{self.port}"

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """kill -9: no goodbye, no lease given back."""
        if self.alive():
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def start_node(database: str, redis: str, prefix: str, folder: Path, **settings: Any) -> NodeProc:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TAPETE_HOME": str(folder)}
    command = [sys.executable, "-m", "tapete.cli", "serve", "--port", str(port), "--database", database,
               "--redis", redis, "--bot-delay", str(settings.pop("bot_delay", 0)), "--lang", "en",
               "--set", f"node_name=node-{port}", "--set", f"cluster_prefix={prefix}"]  # fmt: skip
    defaults = {"clock_seconds": 0, "away_grace": 600, "journal_linger": 0, "rate": 10000, "burst": 10000,
                "tables_per_minute_per_address": 0, "guests_per_address": 0, "lease_seconds": 2}  # fmt: skip
    for name, value in {**defaults, **settings}.items():
        command += ["--set", f"{name}={value}"]
    log = folder / f"node-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    return NodeProc(port, proc, log, prefix)


def wait_healthy(node: NodeProc, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(httpx.HTTPError):
            r = httpx.get(f"{node.base}/api/health", timeout=1)
            if r.status_code == 200 and r.json()["tables"].get("cluster", {}).get("redis"):
                return
        assert node.alive(), node.output()
        assert time.monotonic() < deadline, f"node {node.port} did not start:\n{node.output()}"
        time.sleep(0.1)


@contextmanager
def cluster(database: str, redis: str, count: int = 3, **settings: Any) -> Iterator[list[NodeProc]]:
    """``count`` nodes on one database and one Redis (a fresh key prefix each time), killed at the end."""
    from tapete.server.storage import Store

    store = Store(database)  # the schema first, so that the nodes start on a migrated database
    store.upgrade()
    store.close()
    folder = Path(tempfile.mkdtemp(prefix="tapete-cluster-"))
    prefix = f"test{uuid.uuid4().hex[:8]}"
    nodes = [start_node(database, redis, prefix, folder, **settings) for _ in range(count)]
    try:
        for node in nodes:
            wait_healthy(node)
        yield nodes
        for node in nodes:  # whatever happened, no node failed where it should not
            assert "Traceback" not in node.output(), f"node {node.port} logged an error:\n{node.output()}"
    finally:
        for node in nodes:
            if node.alive():
                node.proc.terminate()
        for node in nodes:
            try:
                node.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                node.kill()
        keep = os.environ.get("TAPETE_CLUSTER_LOGS")
        if keep:
            for node in nodes:
                shutil.copy(node.log, Path(keep) / node.log.name)
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- REST
class Person:
    """A guest talking to any node over HTTP."""

    def __init__(self, node: NodeProc, name: str) -> None:
        r = httpx.post(f"{node.base}/api/guest", json={"name": name}, timeout=10)
        assert r.status_code == 200, r.text
        self.token: str = r.json()["token"]
        self.user = r.json()["user"]

    def call(self, node: NodeProc, method: str, path: str, expect: int = 200, **kwargs: Any) -> Any:
        r = httpx.request(method, f"{node.base}{path}", headers={"Authorization": f"Bearer {self.token}"},
                          timeout=30, **kwargs)  # fmt: skip
        assert r.status_code == expect, f"{method} {path} on {node.port}: {r.status_code} {r.text}"
        return r.json()


# ---------------------------------------------------------------- websockets
@dataclass
class Viewer:
    """One person or spectator at a table, connected to one node at a time; every frame it ever got is kept
    (``raw``, ``frames``: what the leak check reads), and its events by version."""

    table_id: str
    token: str
    lang: str = "en"
    raw: list[str] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    events: list[tuple[int, str]] = field(default_factory=list)
    state: dict[str, Any] | None = None
    version: int | None = None
    ws: ClientConnection | None = None
    node: NodeProc | None = None
    reconnects: int = 0

    def connect(self, node: NodeProc) -> dict[str, Any]:
        self.close()
        self.node = node
        self.ws = connect(f"{node.ws}/ws/{self.table_id}", open_timeout=10, max_size=2**22).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "since": self.version, "lang": self.lang}))
        return self.until(lambda f: f["type"] in ("welcome", "error"))

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
        self.ws = None

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        assert self.ws is not None
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        frame: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.frames.append(frame)
        if frame["type"] == "event":
            self.events.append((frame["version"], frame["text"]))
            self.version = frame["version"]
        elif frame["type"] == "state":
            self.state = frame["view"]
            self.version = frame["version"]
        return frame

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.01, deadline - time.monotonic()))
            if pred(frame):
                return frame

    def drain(self, wait: float = 0.0) -> None:
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(wait)

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(message))


def reconnecting(viewer: Viewer, nodes: list[NodeProc], fn: Callable[[], Any]) -> Any:
    """Run ``fn``; when the viewer's node went away, connect it to the next live node (with ``since``) and
    run it again, as the browser does."""
    while True:
        try:
            return fn()
        except (ConnectionClosed, OSError):
            viewer.reconnects += 1
            live = [n for n in nodes if n.alive() and n is not viewer.node] or [n for n in nodes if n.alive()]
            assert live, "no node left"
            for node in live:
                with contextlib.suppress(OSError, ConnectionClosed):
                    viewer.connect(node)
                    break
            else:
                time.sleep(0.2)


def check_events(viewer: Viewer, final: int) -> None:
    """Every event from 1 to ``final``, each once, in order."""
    versions = [v for v, _ in viewer.events]
    assert versions == list(range(1, final + 1)), f"events seen: {versions}"


# ---------------------------------------------------------------- what crosses Redis
class RedisTap:
    """Every message published on a cluster's channels, kept (a pattern subscription in a thread)."""

    def __init__(self, url: str, prefix: str) -> None:
        import threading

        import redis as sync_redis

        self.client = sync_redis.Redis.from_url(url)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.pubsub.psubscribe(f"{prefix}:*")
        self.messages: list[tuple[str, str]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(Exception):
                message = self.pubsub.get_message(timeout=0.2)
                if message and message["type"] == "pmessage":
                    self.messages.append((message["channel"].decode(), message["data"].decode()))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        with contextlib.suppress(Exception):
            self.pubsub.close()
            self.client.close()


def check_redis_carries_no_secret(row: Any, actions: list[Any], messages: list[tuple[str, str]]) -> int:
    """No message between nodes names a card hidden from a spectator when it was sent (a table's channels:
    actions as played, the events' words, facts, chat), and none carries a hand or a seed; the requests a
    node sends the owner carry only the action a person chose (their own card, which the owner may refuse).
    Returns how many messages were checked."""
    from tapete.games import GAMES
    from tapete.server.live import table_rules
    from tests.server.support_server import cards_named, hidden_from

    game = GAMES[row.game]
    match = game.new_match(table_rules(game, row), seed=row.seed)
    hidden = [hidden_from(game, match, None)]
    ended = [False]
    for action in actions:
        deals = len(match.deals)
        match.apply_action(game.parse_action(match.rules, action.action))
        ended.append(len(match.deals) != deals or match.is_terminal())
        hidden.append(hidden_from(game, match, None))
    checked = 0
    for channel, text in messages:
        data = json.loads(text)
        for key in ("hand", "hands", "seed", "known", "view"):
            assert key not in data, f"{channel} carries {key}: {text[:300]}"
        if data.get("op") in ("act", "reply"):
            continue  # a person's own chosen action on its way to the owner, and the owner's answer
        step = data.get("s")
        if not isinstance(step, int) or not 0 <= step < len(hidden):
            continue
        if data.get("k") == "act":  # the action of log step ``step``: the played card is public from then on
            played = game.parse_action(match.rules, data["a"])
            before = hidden[step - 1]
            secret = before - {played} if ended[step] else before & hidden[step]
        else:
            secret = hidden[step]
        # The words in English only: the card-name check reads Spanish words such as "Se" (acabó la mano) as
        # cards; the other languages say the same things.
        for words in ("l", "b"):
            if isinstance(data.get(words), dict):
                data[words] = {"en": data[words].get("en")}
        leaked = cards_named(game, json.dumps(data, ensure_ascii=False)) & secret
        assert not leaked, f"{channel} names {leaked}, hidden at step {step}: {text[:300]}"
        checked += 1
    return checked


# ---------------------------------------------------------------- a database that goes away
class CuttableProxy:
    """A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, new ones refused
    at once) and restore: the database "unreachable for a while" without stopping the shared server."""

    def __init__(self, host: str, port: int) -> None:
        import threading

        self.target = (host, port)
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = int(self.server.getsockname()[1])
        self.cut_off = threading.Event()
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, database: str) -> str:
        """``database`` (a PostgreSQL URL) through this proxy."""
        from sqlalchemy.engine import make_url

        return make_url(database).set(host="127.0.0.1", port=self.port).render_as_string(hide_password=False)

    def _accept(self) -> None:
        import threading

        while not self._closed:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            if self.cut_off.is_set():
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while True:
                data = a.recv(65536)
                if not data:
                    break
                b.sendall(data)
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.cut_off.set()
        with self._lock:
            for s in self._open:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
            self._open = []

    def restore(self) -> None:
        self.cut_off.clear()

    def close(self) -> None:
        self._closed = True
        self.cut()
        with contextlib.suppress(OSError):
            self.server.close()
