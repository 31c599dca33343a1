"""Issue 14, findings 2, 3 and 7: what one request, one connection and one address may take.

- Request bodies are bounded before any route sees them: over ``max_body_bytes`` by Content-Length,
  413 without a byte read; chunked, counted as it comes; too slow, 408; JSON nested too deep, 400.
- A websocket that does not say hello in time is closed; HTTP requests plus websockets per address
  are capped (429 / close 1013); below the application, ``tapete serve``'s own HTTP protocol closes
  connections whose headers are late and caps open sockets per peer address (a real uvicorn here).
- Deeply nested JSON is bad input (``bad_json``), never a traceback, on a websocket and over REST.
- ``tapete serve`` raises its limit of open files, and ``--set`` changes any setting.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from tapete.cli.command import UsageError
from tapete.cli.serve import settings
from tapete.server import protocol as p
from tapete.server.config import ServerConfig
from tapete.server.limits import BodyLimit, ConnectionCap
from tapete.server.listener import raise_file_limit, uvicorn_config
from tapete.server.storage import Store
from tests.server.support_server import Api, Closed, Peer, running

NESTED = '{"type":' + "[" * 1500 + "]" * 1500 + "}"  # under 4 KB, and deeper than Python's recursion limit


# ---------------------------------------------------------------- ASGI helpers
class Recorder:
    """An ASGI ``send`` that keeps what was sent, and a ``receive`` that counts what it gave."""

    def __init__(self, chunks: list[bytes] | None = None, hang: bool = False) -> None:
        self.sent: list[dict[str, Any]] = []
        self.chunks = list(chunks or [])
        self.given = 0
        self.hang = hang

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    async def receive(self) -> dict[str, Any]:
        if not self.chunks:
            if self.hang:
                await asyncio.Event().wait()
            return {"type": "http.disconnect"}
        self.given += 1
        chunk = self.chunks.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(self.chunks) or self.hang}

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def headers(self) -> dict[bytes, bytes]:
        return dict(self.sent[0]["headers"])

    @property
    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(b"".join(m.get("body", b"") for m in self.sent[1:]))
        return out


def http_scope(headers: dict[str, str], method: str = "POST", query: str = "") -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": "/api/guest",
        "query_string": query.encode(),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("192.0.2.7", 5000),
    }


class Inner:
    """The application behind a middleware: records whether it was reached and the body it read."""

    def __init__(self) -> None:
        self.calls = 0
        self.body = b""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls += 1
        if scope["type"] == "http":
            message = await receive()
            self.body = message.get("body", b"")
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})


# ---------------------------------------------------------------- finding 2: request bodies
def test_a_body_over_the_limit_is_refused_by_its_length_before_it_is_read() -> None:
    inner = Inner()
    limit = BodyLimit(inner, max_bytes=65536, timeout=30)
    rec = Recorder([b"x" * 1000] * 300)
    asyncio.run(limit(http_scope({"content-length": str(300 * 1000)}, query="lang=fr"), rec.receive, rec.send))
    assert rec.status == 413 and rec.given == 0 and inner.calls == 0  # not a byte read, no route reached
    assert rec.headers[b"connection"] == b"close"  # and the rest is not drained either
    assert rec.body["error"]["code"] == "body_too_large" and rec.body["error"]["detail"] == {"limit": 65536}
    assert "65536" in rec.body["error"]["message"] and "octets" in rec.body["error"]["message"]


def test_a_chunked_body_is_counted_as_it_comes_and_refused_past_the_limit() -> None:
    inner = Inner()
    limit = BodyLimit(inner, max_bytes=65536, timeout=30)
    rec = Recorder([b"x" * 1024] * 10_000)  # 10 MB announced by nobody
    asyncio.run(limit(http_scope({"transfer-encoding": "chunked"}), rec.receive, rec.send))
    assert rec.status == 413 and inner.calls == 0
    assert rec.given == 65  # read up to the first chunk past 64 KB, no further


def test_a_body_within_the_limit_reaches_the_route_whole() -> None:
    inner = Inner()
    limit = BodyLimit(inner, max_bytes=65536, timeout=30)
    rec = Recorder([b'{"name":', b' "ana"}'])
    asyncio.run(limit(http_scope({"transfer-encoding": "chunked"}), rec.receive, rec.send))
    assert rec.status == 200 and inner.body == b'{"name": "ana"}'
    rec = Recorder()
    asyncio.run(limit(http_scope({}, method="GET"), rec.receive, rec.send))  # no body: passed through untouched
    assert rec.status == 200 and inner.calls == 2


def test_a_body_that_trickles_in_is_refused_when_its_time_is_up() -> None:
    inner = Inner()
    limit = BodyLimit(inner, max_bytes=65536, timeout=0.05)
    rec = Recorder([b'{"name":'], hang=True)  # one chunk, then nothing more
    asyncio.run(limit(http_scope({"content-length": "15"}), rec.receive, rec.send))
    assert rec.status == 408 and inner.calls == 0 and rec.body["error"]["code"] == "body_timeout"
    assert rec.headers[b"connection"] == b"close"


def test_the_app_refuses_a_large_body_before_the_route_and_changes_nothing(sqlite_store: Store) -> None:
    assert ServerConfig().max_body_bytes == 64 * 1024
    with running(sqlite_store) as client:
        r = client.post("/api/guest?lang=es", content=b'{"name": "' + b"a" * 70_000 + b'"}')
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
        assert "65536" in r.json()["error"]["message"]
        assert r.headers["x-content-type-options"] == "nosniff"  # a refusal is an answer like any other
        # Under the limit the route answers, as before: a name too long is its refusal, not the transport's.
        r = client.post("/api/guest", content=b'{"name": "' + b"a" * 60_000 + b'"}')
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_field"
    with running(sqlite_store, max_body_bytes=100) as client:
        assert client.post("/api/guest", json={"name": "x" * 200}).status_code == 413
        assert client.post("/api/guest", json={"name": "ana"}).status_code == 200


# ---------------------------------------------------------------- finding 7: nesting
def test_deeply_nested_json_is_bad_json_not_a_recursion_error() -> None:
    for text in (NESTED, "[" * 3000, '{"type":"act","action":' + "{" * 2000, NESTED.encode()):
        with pytest.raises(p.ProtocolError) as info:
            p.parse_client(text, 4096)
        assert info.value.code == "bad_json" and info.value.detail == {"depth": p.MAX_DEPTH}
        assert all(info.value.text(lang) for lang in ("en", "es", "fr"))
    # Brackets inside strings are text, not nesting.
    assert p.parse_client('{"type":"chat","text":"' + "[" * 200 + '"}', 4096) == p.Chat(type="chat", text="[" * 200)
    assert not p.too_deep("[" * 32 + "]" * 32) and p.too_deep("[" * 33 + "]" * 33)


def test_nested_json_on_a_websocket_gets_an_error_and_the_connection_stays(
    sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        table = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones"})
        token = ana.post(f"/api/tables/{table['id']}/seats/0")["seat_token"]
        peer = Peer(client, table["id"])
        assert peer.hello(token)["type"] == "welcome"
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            for _ in range(3):
                peer.send_text(NESTED)
                error = peer.until(lambda f: f["type"] == "error")
                assert error["code"] == "bad_json" and error["detail"] == {"depth": p.MAX_DEPTH}
            peer.send({"type": "ping"})
            assert peer.until(lambda f: f["type"] in ("pong", "error"))["type"] == "pong"  # still open
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text  # no traceback


def test_nested_json_in_a_rest_body_is_bad_json(sqlite_store: Store, caplog: pytest.LogCaptureFixture) -> None:
    with running(sqlite_store) as client, caplog.at_level(logging.WARNING):
        ana = Api(client, "ana")
        body = '{"game": "guinote", "options": {"a": ' + "[" * 1500 + "]" * 1500 + "}}"
        r = client.post("/api/tables", content=body, headers={**ana.headers, "content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
        assert r.json()["error"]["detail"] == {"depth": p.MAX_DEPTH}
        assert client.get("/api/lobby").json()["tables"] == []  # nothing made
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


# ---------------------------------------------------------------- finding 3: websockets and addresses
def test_a_websocket_that_does_not_say_hello_in_time_is_closed(sqlite_store: Store) -> None:
    with running(sqlite_store, hello_timeout=0.2) as client:
        ana = Api(client, "ana")
        table = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones"})
        silent = Peer(client, table["id"], lang="es")
        error = silent.recv()
        assert error["type"] == "error" and error["code"] == "hello_timeout" and "0.2" in error["message"]
        with pytest.raises(Closed) as closed:
            silent.recv()
        assert closed.value.code == 1008
        # Pings are not a hello: they do not keep an unidentified socket open.
        pinger = Peer(client, table["id"])
        deadline = time.monotonic() + 10
        with pytest.raises(Closed):
            while time.monotonic() < deadline:
                pinger.send({"type": "ping"})
                pinger.recv()
                time.sleep(0.02)
        assert pinger.errors()[-1]["code"] == "hello_timeout"
        # A socket that said hello in time stays open past the deadline.
        token = ana.post(f"/api/tables/{table['id']}/seats/0")["seat_token"]
        player = Peer(client, table["id"])
        assert player.hello(token)["type"] == "welcome"
        time.sleep(0.4)
        player.send({"type": "ping"})
        assert player.until(lambda f: f["type"] == "pong")


def test_connections_per_address_are_capped(sqlite_store: Store) -> None:
    with running(sqlite_store, max_connections_per_address=2) as client:
        ana = Api(client, "ana")
        table = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones"})
        first, second = Peer(client, table["id"]), Peer(client, table["id"])
        third = Peer(client, table["id"], lang="fr")
        error = third.recv()
        assert error["code"] == "too_many_connections" and error["detail"] == {"limit": 2} and "2" in error["message"]
        with pytest.raises(Closed) as closed:
            third.recv()
        assert closed.value.code == 1013  # try again later (the page does, backing off)
        r = client.get("/api/health")  # HTTP counts too
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_connections"
        assert r.headers["retry-after"] == "10"
        first.close()
        for _ in range(100):  # the server lets go of the socket as soon as its handler has ended
            if client.get("/api/health").status_code == 200:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("a closed websocket still counts")
        second.close()


def test_the_cap_counts_by_address_and_spares_trusted_proxies() -> None:
    async def go() -> None:
        inner = Inner()
        cap = ConnectionCap(inner, limit=1, trusted=["127.0.0.1"])
        release = asyncio.Event()

        async def held(scope: Any, receive: Any, send: Any) -> None:
            await release.wait()
            await inner(scope, receive, send)

        cap.app = held
        scope = http_scope({}, method="GET")
        busy = asyncio.create_task(cap(scope, Recorder().receive, Recorder().send))
        await asyncio.sleep(0)
        assert cap.open == {"192.0.2.7": 1}
        refused = Recorder()
        await cap(scope, refused.receive, refused.send)
        assert refused.status == 429
        other, local = Recorder(), Recorder()
        others = asyncio.create_task(cap({**scope, "client": ("192.0.2.8", 1)}, other.receive, other.send))
        locals_ = [asyncio.create_task(cap({**scope, "client": ("127.0.0.1", i)}, local.receive, local.send))
                   for i in range(3)]  # fmt: skip
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(busy, others, *locals_)
        assert other.status == 200 and [m["status"] for m in local.sent if "status" in m] == [200] * 3
        assert cap.open == {}

    asyncio.run(go())


# ---------------------------------------------------------------- finding 3: below the application (real uvicorn)
async def echo_app(scope: Any, receive: Any, send: Any) -> None:
    """A plain ASGI app: HTTP answers "ok", a websocket echoes."""
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})
    elif scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": message.get("text") or ""})


@contextlib.contextmanager
def uvicorn_serving(**changes: Any) -> Iterator[int]:
    """``tapete serve``'s uvicorn settings on a free port, serving :func:`echo_app`, in a thread."""
    import uvicorn

    config = ServerConfig(database_url="sqlite://", **changes)
    server = uvicorn.Server(uvicorn_config(echo_app, config, port=0, lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            time.sleep(0.01)
        assert server.started
        yield int(server.servers[0].sockets[0].getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def raw(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    return sock


def answer(sock: socket.socket) -> bytes:
    data = b""
    with contextlib.suppress(ConnectionError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def test_serve_closes_connections_whose_headers_are_late() -> None:
    with uvicorn_serving(header_timeout=0.3) as port:
        silent, slow, prompt = raw(port), raw(port), raw(port)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # ... and the rest never comes
        prompt.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert answer(prompt).startswith(b"HTTP/1.1 200")
        assert answer(silent) == b"" and answer(slow) == b""  # closed by the server, with nothing said
        # A websocket's handshake is a request like any other; once upgraded, the timer is gone.
        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            time.sleep(0.5)
            ws.send("still here")
            assert ws.recv(timeout=10) == "still here"
        for sock in (silent, slow, prompt):
            sock.close()


def test_serve_caps_open_sockets_per_address_idle_ones_included() -> None:
    with uvicorn_serving(max_sockets_per_address=3, trusted_proxies=(), header_timeout=0) as port:
        idle = [raw(port) for _ in range(3)]
        over = raw(port)
        refused = answer(over)
        head, _, body = refused.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 429") and b"retry-after: 10" in head
        assert json.loads(body)["error"]["code"] == "too_many_connections"
        idle.pop().close()
        for _ in range(200):  # once the server has seen it closed, there is room again
            sock = raw(port)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            if answer(sock).startswith(b"HTTP/1.1 200"):
                break
            time.sleep(0.02)
        else:
            raise AssertionError("a closed connection still counts")
        for sock in idle:
            sock.close()
    # A trusted proxy speaks for many clients: its own address is not capped (they are, by forwarded address).
    with uvicorn_serving(max_sockets_per_address=1, trusted_proxies=("127.0.0.1",)) as port:
        socks = [raw(port) for _ in range(3)]
        for sock in socks:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert answer(sock).startswith(b"HTTP/1.1 200")
            sock.close()


class FakeResource:
    """A stand-in for the resource module: limits, and what setrlimit accepts."""

    RLIMIT_NOFILE = 7
    RLIM_INFINITY = -1

    def __init__(self, soft: int, hard: int, most: int | None = None) -> None:
        self.limits = (soft, hard)
        self.most = most

    def getrlimit(self, which: int) -> tuple[int, int]:
        return self.limits

    def setrlimit(self, which: int, limits: tuple[int, int]) -> None:
        if self.most is not None and limits[0] > self.most:
            raise ValueError("not allowed")
        self.limits = limits


def test_serve_raises_its_limit_of_open_files_where_it_can() -> None:
    linux = FakeResource(1024, 524288)
    assert raise_file_limit(linux) == (1024, 524288) and linux.limits == (524288, 524288)
    assert raise_file_limit(linux) is None  # already as high as it goes
    mac = FakeResource(256, -1, most=10240)  # "unlimited", but the system says no above OPEN_MAX
    assert raise_file_limit(mac) == (256, 10240) and mac.limits == (10240, -1)
    stuck = FakeResource(1024, 1024)
    assert raise_file_limit(stuck) is None and stuck.limits == (1024, 1024)


def test_serve_set_changes_settings_and_refuses_nonsense() -> None:
    got = settings(["max_body_bytes=131072", "hello_timeout=2.5", "trusted_proxies="])
    assert got == {"max_body_bytes": 131072, "hello_timeout": 2.5, "trusted_proxies": ()}
    assert ServerConfig(**got).max_body_bytes == 131072
    assert settings(["trick_delay=none"]) == {"trick_delay": None}
    for bad, words in (
        ("max_body_bytes", "NAME=VALUE"),
        ("nonsense=1", "max_body_bytes"),
        ("port=80", "no setting port"),
        ("max_body_bytes=-1", "0 or more"),
        ("max_body_bytes=lots", "whole number"),
        ("hello_timeout=nan", "a number"),
    ):
        with pytest.raises(UsageError) as info:
            settings([bad])
        assert words in str(info.value), (bad, str(info.value))


def test_serve_refuses_a_bad_set_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tapete.cli.main import main

    assert main(["serve", "--set", "max_body_bytes=-5", "--port", "8799"]) == 2
    err = capsys.readouterr().err
    assert "--set max_body_bytes=-5" in err and "0 or more" in err and "Traceback" not in err
