"""Issue 14, finding 9: security headers on every answer, a client that runs under its CSP, cached replays.

The browser side of the CSP (the pages work under it, no violation reported) is checked in Chromium by
tests/e2e; here: which headers each kind of answer carries, that the client's files hold nothing a strict
policy blocks (inline script or style, ``eval``, style attributes), and that a finished match's replay is
computed once per language, the rule of who may see it still asked every time.
"""

from __future__ import annotations

import asyncio
import re
import threading
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():  # as in support_server: Starlette 1.x suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tapete.server.app import STATIC, create_app
from tapete.server.headers import ALWAYS, OTHER_POLICY, page_policy
from tapete.server.replay import ReplayCache
from tapete.server.storage import Store
from tests.server.support_server import Api, Peer, config_for, play_out, running


def assert_secure(headers: Any, page: bool = False) -> None:
    for name, value in ALWAYS.items():
        assert headers[name] == value, name
    policy = headers["content-security-policy"]
    if page:
        assert "script-src 'self';" in policy and "style-src 'self';" in policy
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy and "base-uri 'none'" in policy
        assert "unsafe" not in policy and "*" not in policy and "data:" not in policy
    else:
        assert policy == OTHER_POLICY


def test_every_kind_of_answer_carries_the_security_headers(sqlite_store: Store) -> None:
    app = create_app(config_for(sqlite_store, max_body_bytes=1000), sqlite_store)

    async def boom() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/api/boom", boom)
    with TestClient(app, raise_server_exceptions=False) as client:
        page = client.get("/", headers={"host": "tapete.example:8000"})
        assert page.status_code == 200
        assert_secure(page.headers, page=True)
        assert (
            "connect-src 'self' ws://tapete.example:8000 wss://tapete.example:8000"
            in page.headers["content-security-policy"]
        )
        assert "strict-transport-security" not in page.headers  # plain http: no HSTS
        for path in ("/static/app.js", "/static/app.css", "/api/health", "/api/games", "/api/nowhere"):
            r = client.get(path)
            assert_secure(r.headers)
        assert_secure(client.head("/").headers, page=True)
        assert_secure(client.post("/api/guest", content=b"x" * 2000).headers)  # 413, from the transport
        boom_answer = client.get("/api/boom")
        assert boom_answer.status_code == 500 and boom_answer.json()["error"]["code"] == "internal"
        assert_secure(boom_answer.headers)
        # A 304 gets no policy: its headers would replace the cached page's.
        again = client.get("/", headers={"if-none-match": page.headers["etag"]})
        assert again.status_code == 304 and "content-security-policy" not in again.headers


def test_hsts_only_over_https(sqlite_store: Store) -> None:
    app = create_app(config_for(sqlite_store), sqlite_store)
    with TestClient(app, base_url="https://tapete.example") as client:
        assert client.get("/api/health").headers["strict-transport-security"] == "max-age=31536000"
    app = create_app(config_for(sqlite_store, hsts_seconds=0), sqlite_store)
    with TestClient(app, base_url="https://tapete.example") as client:
        assert "strict-transport-security" not in client.get("/api/health").headers


def test_a_hostile_host_header_does_not_reach_the_policy() -> None:
    for host in ("evil'; script-src *", "a b", "x;y", "<x>", ""):
        assert page_policy(host).count("connect-src 'self';") == 1


def test_the_web_client_has_nothing_a_strict_policy_blocks() -> None:
    """No inline script or style, no event-handler or style attributes, no eval: all of it CSP would refuse."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline script"
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", html, re.IGNORECASE), "an inline style or handler"
    for path in sorted(STATIC.glob("*.js")):
        code = path.read_text(encoding="utf-8")
        for pattern in (
            r"\beval\s*\(",
            r"\bnew\s+Function\b",
            r"set(?:Timeout|Interval)\s*\(\s*['\"`]",
            r"setAttribute\(\s*['\"]style['\"]",
            r"['\"`][^'\"`]*\sstyle=",  # markup with a style attribute, for innerHTML
            r"<style\b",
            r"['\"`][^'\"`]*\son[a-z]+=['\"]",  # markup with an event-handler attribute
            r"javascript:",
        ):
            assert not re.search(pattern, code), (path.name, pattern)
    for path in sorted(STATIC.glob("*.svg")):
        assert not re.search(r"<script\b|\son[a-z]+=", path.read_text(encoding="utf-8")), path.name


# ---------------------------------------------------------------- replays computed once
def finished_table(client: TestClient, public: bool = True) -> tuple[Api, str]:
    ana = Api(client, "ana")
    table = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones-2p", "public": public})
    tid = table["id"]
    token = ana.post(f"/api/tables/{tid}/seats/0")["seat_token"]
    ana.post(f"/api/tables/{tid}/bots/1", json={"level": "random"})
    ana.post(f"/api/tables/{tid}/start")
    peer = Peer(client, tid)
    peer.hello(token)
    play_out({0: peer})
    return ana, tid


def test_a_replay_is_computed_once_per_language_and_still_guarded(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, tid = finished_table(client, public=False)
        cache: ReplayCache = client.app.state.replays  # type: ignore[attr-defined]
        first = client.get(f"/api/replay/{tid}?lang=es", headers=ana.headers)
        assert first.status_code == 200 and first.json()["table_id"] == tid and first.json()["frames"]
        assert first.headers["content-type"] == "application/json"
        for _ in range(5):
            again = client.get(f"/api/replay/{tid}?lang=es", headers=ana.headers)
            assert again.content == first.content
        assert cache.computed == 1
        french = client.get(f"/api/replay/{tid}?lang=fr", headers=ana.headers)
        assert french.status_code == 200 and cache.computed == 2 and french.content != first.content
        # The cache answers only those the rule lets through: an outsider is refused, warm cache or not.
        bea = Api(client, "bea")
        assert bea.get(f"/api/replay/{tid}?lang=es", expect=403)["error"]["code"] == "not_allowed"
        assert client.get(f"/api/replay/{tid}?lang=es").status_code == 403


def test_the_replay_cache_is_bounded_and_computes_each_key_once() -> None:
    async def go() -> None:
        cache = ReplayCache(max_bytes=25)
        computed: list[str] = []
        gate = threading.Event()

        def make(key: str, size: int) -> Any:
            def compute() -> bytes:
                gate.wait(10)
                computed.append(key)
                return key.encode() * size

            return compute

        # Ten requests at once for one replay: one computation, ten answers.
        gate.clear()
        many = [asyncio.create_task(cache.get("a", make("a", 10))) for _ in range(10)]
        await asyncio.sleep(0.01)
        gate.set()
        assert {await task for task in many} == {b"a" * 10} and computed == ["a"]
        await cache.get("b", make("b", 10))
        await cache.get("a", make("a", 10))  # a hit: "a" is now the most recently used
        await cache.get("c", make("c", 10))  # over 25 bytes: "b", the least recently used, goes
        assert list(cache.entries) == ["a", "c"] and cache.size == 20 and computed == ["a", "b", "c"]
        await cache.get("huge", make("h", 100))  # larger than the whole cache: answered, not kept
        assert list(cache.entries) == ["a", "c"]

        def fails() -> bytes:
            raise OSError("database gone")

        with pytest.raises(OSError):
            await cache.get("d", fails)
        assert "d" not in cache.entries and not cache.pending  # a failure is not cached

    asyncio.run(go())
