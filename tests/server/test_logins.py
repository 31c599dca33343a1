"""Signing in without stalling the tables (issue 14, finding 1).

A password check is slow on purpose (scrypt), so it must never run while a database transaction is
open (on SQLite that transaction holds the only write lock, and every table's journal waits behind
it), nor on the event loop's shared default threads; failed sign-ins are throttled per account and
per address; registration wants a password of a sensible length. Throttles are tested by counting
attempts on an injected clock, never by sleeping.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tapete.server.app import create_app
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.identity import Identity
from tapete.server.storage import Store, auth
from tapete.server.throttle import Throttle, address_key, retry_after
from tests.server.support_server import TestClient, config_for
from tests.server.test_storage import raw


class Clock:
    """A monotonic clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def served(store: Store, clock: Clock | None = None, **changes: Any) -> Iterator[TestClient]:
    """The app on ``store`` with its sign-in desk on ``clock``."""
    config = config_for(store, **changes)
    app = create_app(config, store)
    app.state.identity = Identity(config, store, app.state.server.registry, clock=clock or Clock())
    with TestClient(app) as client:
        yield client


def register(client: TestClient, name: str = "luis", password: str = "correct horse") -> dict[str, Any]:
    r = client.post("/api/register", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def login(client: TestClient, name: str, password: str, lang: str = "en") -> Any:
    return client.post(f"/api/login?lang={lang}", json={"name": name, "password": password})


# ---------------------------------------------------------------------- no transaction, own threads


class Spy:
    """Wraps the password functions to see, while each one runs, what else is held."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.seen: list[dict[str, Any]] = []

    def look(self) -> dict[str, Any]:
        seen: dict[str, Any] = {
            "thread": threading.current_thread().name,
            # A connection checked out of the store's pool is a transaction in progress.
            "connections": self.store._engine.pool.checkedout(),  # type: ignore[attr-defined]
        }
        if self.store.dialect == "sqlite":
            # Could another writer (the journal) write now? It could not inside BEGIN IMMEDIATE.
            other = sqlite3.connect(str(self.store.url.database), timeout=0, isolation_level=None)
            try:
                other.execute("BEGIN IMMEDIATE")
                other.execute("ROLLBACK")
                seen["writable"] = True
            except sqlite3.OperationalError:
                seen["writable"] = False
            finally:
                other.close()
        self.seen.append(seen)
        return seen

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def spied(*args: Any, **kwargs: Any) -> Any:
            self.look()
            return fn(*args, **kwargs)

        return spied


@pytest.fixture
def spy(store: Store, monkeypatch: pytest.MonkeyPatch) -> Spy:
    watcher = Spy(store)
    for name in ("check_password", "hash_password", "burn_password_time"):
        monkeypatch.setattr(auth, name, watcher.wrap(getattr(auth, name)))
    return watcher


def test_the_store_checks_passwords_outside_any_transaction(store: Store, spy: Spy) -> None:
    """Finding 1: Store.login ran scrypt inside BEGIN IMMEDIATE, holding the write lock."""
    user, _ = store.create_user("luis", "correct horse")
    assert store.login("luis", "wrong horse") is None
    assert store.login("nobody", "correct horse") is None
    found = store.login("luis", "correct horse")
    assert found is not None and found[0] == user
    assert len(spy.seen) == 4  # one hash at registration, three checks (one of them burnt time)
    assert all(s["connections"] == 0 for s in spy.seen), spy.seen
    assert all(s.get("writable", True) for s in spy.seen), spy.seen


def test_the_server_hashes_on_its_own_threads_outside_transactions(store: Store, spy: Spy) -> None:
    with served(store) as client:
        register(client)
        assert login(client, "luis", "wrong horse").status_code == 401
        assert login(client, "nobody", "wrong horse").status_code == 401
        assert login(client, "luis", "correct horse").status_code == 200
    assert len(spy.seen) == 4
    for seen in spy.seen:
        assert seen["thread"].startswith("tapete-passwords"), seen  # not asyncio's shared default threads
        # No write lock held while hashing (SQLite: another writer could begin). The pool's count of
        # checked-out connections is not asserted here: the server's own background work (the lobby,
        # the token sweep) may hold one at that instant; the store-level test above checks it.
        assert seen.get("writable", True), seen


def test_password_work_waits_in_a_bounded_line() -> None:
    """More password jobs than threads and places in line: the rest are refused at once as busy."""
    config = ServerConfig(database_url="sqlite://", password_workers=1, password_queue=1)
    desk = Identity(config, Store("sqlite://"), None)  # type: ignore[arg-type]
    gate = threading.Event()

    async def scenario() -> list[str]:
        running = [asyncio.create_task(desk.password_work(gate.wait, 10.0)) for _ in range(2)]
        await asyncio.sleep(0)
        outcomes = []
        try:
            await desk.password_work(lambda: None)
        except ServerError as e:
            outcomes.append(f"{e.code} {e.http} {e.headers}")
        gate.set()
        outcomes += [str(r) for r in await asyncio.gather(*running)]
        await desk.password_work(lambda: None)  # room again
        await desk.close()
        return outcomes

    assert asyncio.run(scenario()) == ["busy 503 {'Retry-After': '1'}", "True", "True"]


# ---------------------------------------------------------------------- throttles


def test_failed_logins_are_throttled_per_account(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    checks: list[str] = []
    real = auth.check_password
    monkeypatch.setattr(auth, "check_password", lambda pw, stored: checks.append(pw) or real(pw, stored))
    with served(store, clock, login_failures_per_account=3, login_window=90.0) as client:
        register(client)
        for attempt in range(3):
            assert login(client, "luis", f"guess {attempt}").status_code == 401
        # The fourth failure in a row is refused before any password work, even with the right password.
        refused = login(client, "LUIS", "correct horse", lang="es")
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "30"
        assert refused.json()["error"] == {
            "code": "too_many_attempts",
            "message": "Demasiados intentos: vuelve a probar dentro de 30 s.",
            "detail": {"retry_after": 30},
        }
        assert len(checks) == 3
        # Another account from the same address is not held back by this one.
        register(client, "bea", "otra buena clave")
        assert login(client, "bea", "otra buena clave").status_code == 200
        # One attempt comes back every window / limit seconds.
        clock.now += 29
        assert login(client, "luis", "correct horse").json()["error"]["detail"] == {"retry_after": 1}
        clock.now += 1
        assert login(client, "luis", "correct horse").status_code == 200
        # A success gives its attempt back: only failures count.
        for _ in range(5):
            assert login(client, "luis", "correct horse").status_code == 200
        assert login(client, "luis", "nope nope").status_code == 401


def test_failed_logins_are_throttled_per_address_and_names_need_not_exist(store: Store) -> None:
    clock = Clock()
    config = config_for(store, login_failures_per_address=4, login_window=60.0)
    desk = Identity(config, store, None, clock=clock)  # type: ignore[arg-type]

    async def attempt(name: str, host: str) -> str:
        try:
            await desk.login(name, "wrong password", host)
        except ServerError as e:
            return e.code
        return "ok"

    async def scenario() -> list[str]:
        out = [await attempt(f"nobody{i}", "203.0.113.7") for i in range(5)]
        out.append(await attempt("someone else", "203.0.113.8"))  # another address
        out.append(await attempt("someone else", "2001:db8::1"))
        out += [await attempt(f"v6 {i}", f"2001:db8::{i + 2}") for i in range(4)]  # the same /64
        await desk.close()
        return out

    # Four from one address, then refused; the next address, and an IPv6 /64, each have their own four.
    expected = ["bad_login"] * 4 + ["too_many_attempts"] + ["bad_login"] * 5 + ["too_many_attempts"]
    assert asyncio.run(scenario()) == expected


def test_the_throttle_counts_refills_and_forgets() -> None:
    clock = Clock()
    throttle = Throttle(limit=3, window=30.0, now=clock, max_keys=2)
    assert [throttle.take("a") for _ in range(4)] == [0.0, 0.0, 0.0, 10.0]
    assert throttle.wait("a") == 10.0
    clock.now += 5
    assert throttle.take("a") == 5.0
    throttle.give_back("a")
    assert throttle.take("a") == 0.0
    throttle.take("b")
    throttle.take("c")  # past max_keys: the least recently touched key ("a") is forgotten, so forgiven
    assert len(throttle) == 2 and throttle.wait("a") == 0.0
    clock.now += 30
    assert throttle.take("b") == 0.0 and throttle.take("b") == 0.0
    with pytest.raises(ValueError):
        Throttle(limit=0, window=1.0)
    assert retry_after(0.2) == 1 and retry_after(30.0) == 30 and retry_after(30.01) == 31
    assert address_key(None) == "?" and address_key("testclient") == "testclient"
    assert address_key("2001:db8:1:2:3::9") == "2001:db8:1:2::/64"


# ---------------------------------------------------------------------- password length


def test_registration_wants_a_sensible_password(sqlite_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    hashed: list[int] = []
    real = auth.hash_password
    monkeypatch.setattr(auth, "hash_password", lambda pw: hashed.append(len(pw)) or real(pw))
    with served(sqlite_store, password_min=10, password_max=64) as client:
        short = client.post("/api/register?lang=fr", json={"name": "ana", "password": "123456789"})
        assert short.status_code == 400
        assert short.json()["error"] == {
            "code": "bad_password",
            "message": "Un mot de passe doit compter au moins 10 caractères.",
            "detail": {"field": "password"},
        }
        long = client.post("/api/register", json={"name": "ana", "password": "x" * 65})
        assert long.status_code == 400 and long.json()["error"]["message"] == "A password has at most 64 characters."
        huge = client.post("/api/register", json={"name": "ana", "password": "x" * 1_000_000})
        assert 400 <= huge.status_code < 500
        # A password too long to have been registered is refused at login without hashing it either.
        assert login(client, "ana", "y" * 1_000).status_code == 401
        assert hashed == []
        assert client.post("/api/register", json={"name": "ana", "password": "1234567890"}).status_code == 200
        assert hashed == [10]
    # Nothing was stored by the refusals.
    assert sqlite_store.credentials("ana") is not None
    assert raw(sqlite_store, "SELECT count(*) FROM users") == [(1,)]


def test_default_password_limits() -> None:
    config = ServerConfig(database_url="sqlite://")
    assert config.password_min == 8 and config.password_max == 256
    assert config.login_failures_per_account == 5 and config.login_failures_per_address == 20


def test_guests_from_one_address_are_throttled(store: Store) -> None:
    """A loop of guest names from one address would grow the users table for nothing: past the burst the
    server answers 429 with Retry-After, and one more comes back after window / burst seconds."""
    clock = Clock()
    with served(store, clock, guests_per_address=3, guest_window=60.0) as client:
        for i in range(3):
            assert client.post("/api/guest", json={"name": f"guest{i}"}).status_code == 200
        refused = client.post("/api/guest", json={"name": "guest3"})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_attempts"
        assert int(refused.headers["Retry-After"]) == 20
        clock.now += 20
        assert client.post("/api/guest", json={"name": "guest3"}).status_code == 200
