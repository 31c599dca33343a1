"""Who is who (issue 14, finding 8): names, passwords as typed, logout, tokens that expire, cut-off sockets.

Names are cleaned (NFKC, spaces) and must be visible: control, format, zero-width and bidi characters
are refused with a clear error, never stored (a NUL gave 503 on PostgreSQL). Two names that differ only
in case or by look-alike letters are one name, and a guest may not take a registered one. Passwords are
kept to the byte. ``POST /api/logout`` revokes a token, tokens expire when unused, and the sockets opened
with what a revoked or expired token asked for are closed; so are those of a seat token replaced by a
new one for the same seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from tapete.server.app import create_app
from tapete.server.identity import Identity
from tapete.server.identity_names import BadName, clean_name, name_key
from tapete.server.storage import SeatRow, Store, hash_token
from tapete.server.storage.db import make_engine
from tapete.server.storage.models import UTCDateTime
from tests.server.support_server import Api, Closed, Peer, TestClient, config_for, open_table
from tests.server.test_storage import raw, table_row

#: Names that must be refused, with the character the error names.
INVISIBLE = {
    "ana\x00": "U+0000 (a control character)",
    "ana\tlópez": "U+0009 (a control character)",
    "ana\nlópez": "U+000A (a control character)",
    "a\u200bna": "U+200B (ZERO WIDTH SPACE)",
    "a\u200dna": "U+200D (ZERO WIDTH JOINER)",
    "\u202eana": "U+202E (RIGHT-TO-LEFT OVERRIDE)",
    "ana\u2066x\u2069": "U+2066 (LEFT-TO-RIGHT ISOLATE)",
    "\ufeffana": "U+FEFF (ZERO WIDTH NO-BREAK SPACE)",
    "an\u00ada": "U+00AD (SOFT HYPHEN)",
    "\u3164": "U+1160 (HANGUL JUNGSEONG FILLER)",  # NFKC makes the filler U+3164 this one
    "ana\u2028": "U+2028 (LINE SEPARATOR)",
    "ana\ue000": "U+E000 (private use)",
}

#: Spellings that are all the same name as "alice".
ALICES = [
    "ALICE",
    "Alice",
    "\uff41\uff4c\uff49\uff43\uff45",  # fullwidth
    "\u0430lice",  # Cyrillic a
    "alic\u0435",  # Cyrillic ie
    "\u0391LICE",  # Greek capital alpha
    "AL1CE",  # digit one for I
    "ALlCE",  # small L for I
]


class Wall:
    """A UTC clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@contextmanager
def served(store: Store, wall: Wall | None = None, **changes: Any) -> Iterator[TestClient]:
    config = config_for(store, **changes)
    app = create_app(config, store)
    app.state.identity = Identity(config, store, app.state.server.registry, wall=wall or Wall())
    with TestClient(app) as client:
        client.peers = []  # type: ignore[attr-defined]
        try:
            yield client
        finally:
            for peer in client.peers:  # type: ignore[attr-defined]
                peer.close()


def post(client: TestClient, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(path, json=body, headers=headers)


def users(store: Store) -> int:
    return int(raw(store, "SELECT count(*) FROM users")[0][0])  # type: ignore[call-overload]


# ---------------------------------------------------------------------- names


def test_names_are_shown_cleaned() -> None:
    assert clean_name("  \uff21\uff4e\uff41   L\u00f3pez\u00a0 ") == "Ana López"
    assert clean_name("Jos\u0065\u0301") == "José"  # one spelling of an accent, whatever was typed
    assert clean_name("\u2764\ufe0f Ana") == "\u2764\ufe0f Ana"  # an emoji with its selector is fine
    with pytest.raises(BadName, match="at most 64"):
        clean_name("x" * 65)
    with pytest.raises(BadName, match="visible"):
        clean_name(" \u3000 ")


def test_look_alike_names_share_a_key_and_others_do_not() -> None:
    assert {name_key(n) for n in [*ALICES, "alice"]} == {name_key("alice")}
    assert name_key("Ian") == name_key("lan")  # capital I and small l look the same
    assert name_key("rnary") == name_key("mary")
    assert name_key("STRASSE") == name_key("Straße")
    different = ["alice", "alicia", "José", "Jose", "Ana López", "AnaLópez", "ana-lopez", "Bob", "Rob"]
    assert len({name_key(n) for n in different}) == len(different)


def test_invisible_and_control_characters_are_refused(store: Store) -> None:
    """On PostgreSQL a NUL in a name answered 503; every backend now answers a clear 400."""
    with served(store) as client:
        for name, char in INVISIBLE.items():
            for path, body in (("/api/guest", {"name": name}), ("/api/register", {"name": name, "password": "p" * 12})):
                r = client.post(path, json=body)
                assert r.status_code == 400, (name, r.text)
                error = r.json()["error"]
                assert error["code"] == "bad_name" and error["detail"] == {"field": "name", "char": char}, error
                assert error["message"] == (
                    f"A name cannot contain control, invisible or direction-changing characters: {char}."
                )
        r = client.post("/api/guest?lang=es", json={"name": "\u200b\u200b"})
        assert r.json()["error"]["message"].startswith("Un nombre no puede contener caracteres de control")
    assert users(store) == 0


def test_long_names_are_refused_in_words(sqlite_store: Store) -> None:
    with served(sqlite_store) as client:
        fits = "  " + "x" * 64 + "  "
        assert post(client, "/api/guest", {"name": fits}).json()["user"]["name"] == "x" * 64
        r = post(client, "/api/guest?lang=fr", {"name": "x" * 65})
        assert r.status_code == 400 and r.json()["error"] == {
            "code": "bad_name",
            "message": "Un nom compte au plus 64 caractères.",
            "detail": {"field": "name"},
        }
        assert post(client, "/api/guest", {"name": " \u3000 "}).json()["error"]["code"] == "bad_name"
    assert users(sqlite_store) == 1


def test_a_name_is_registered_once_whatever_its_case_or_look_alikes(store: Store) -> None:
    with served(store) as client:
        alice = post(client, "/api/register", {"name": "alice", "password": "alice's password"})
        assert alice.status_code == 200
        for twin in ALICES:
            for path, body in (
                ("/api/register", {"name": twin, "password": "another password"}),
                ("/api/guest", {"name": twin}),  # nor may a guest pass for her
            ):
                r = post(client, path, body)
                assert r.status_code == 409, (twin, path, r.text)
                assert r.json()["error"]["code"] == "name_taken"
        # She signs in under any spelling of her name, as herself.
        r = post(client, "/api/login", {"name": "ALICE", "password": "alice's password"})
        assert r.status_code == 200 and r.json()["user"] == alice.json()["user"]
        # Guests may still share a name that nobody registered, and registering it later is allowed.
        assert post(client, "/api/guest", {"name": "Bob"}).status_code == 200
        assert post(client, "/api/guest", {"name": "bob"}).status_code == 200
        assert post(client, "/api/register", {"name": "BOB", "password": "bob's password"}).status_code == 200
        assert post(client, "/api/guest", {"name": "b0b"}).status_code == 409
    assert int(raw(store, "SELECT count(*) FROM users WHERE registered")[0][0]) == 2  # type: ignore[call-overload]


def test_passwords_are_kept_to_the_byte(store: Store) -> None:
    with served(store) as client:
        spaced = "  pass word  "
        assert post(client, "/api/register", {"name": "eva", "password": spaced}).status_code == 200
        assert post(client, "/api/login", {"name": "eva", "password": "pass word"}).status_code == 401
        assert post(client, "/api/login", {"name": "eva", "password": spaced.strip() + "  "}).status_code == 401
        assert post(client, "/api/login", {"name": "eva", "password": spaced}).status_code == 200
        # The name around it is still cleaned.
        assert post(client, "/api/login", {"name": "  EVA ", "password": spaced}).status_code == 200


# ---------------------------------------------------------------------- tokens


def test_logout_revokes_the_token(store: Store) -> None:
    with served(store) as client:
        first = post(client, "/api/register", {"name": "luis", "password": "a long password"}).json()["token"]
        second = post(client, "/api/login", {"name": "luis", "password": "a long password"}).json()["token"]
        me = {"Authorization": f"Bearer {first}"}
        assert client.get("/api/me", headers=me).status_code == 200
        r = post(client, "/api/logout", {}, first)
        assert r.status_code == 200 and r.json() == {"ok": True, "revoked": True}
        assert client.get("/api/me", headers=me).json()["error"]["code"] == "bad_auth"
        assert post(client, "/api/logout", {}, first).json() == {"ok": True, "revoked": False}
        assert post(client, "/api/logout", {}).json()["error"]["code"] == "no_auth"
        # Other sign-ins of the same person go on.
        assert client.get("/api/me", headers={"Authorization": f"Bearer {second}"}).status_code == 200
        guest = post(client, "/api/guest", {"name": "ana"}).json()["token"]
        assert post(client, "/api/logout", {}, guest).json()["revoked"] is True


def test_tokens_expire_when_unused_and_each_use_renews_them(store: Store) -> None:
    wall = Wall()
    day = 86400.0
    with served(store, wall, token_lifetime=10 * day, token_touch=day, token_sweep=0) as client:
        used = post(client, "/api/guest", {"name": "ana"}).json()["token"]
        idle = post(client, "/api/guest", {"name": "bea"}).json()["token"]
        for _ in range(4):  # ana comes back every 6 days: 24 days on, her token lives
            wall.now += timedelta(days=6)
            assert client.get("/api/me", headers={"Authorization": f"Bearer {used}"}).status_code == 200
        r = client.get("/api/me", headers={"Authorization": f"Bearer {idle}"})
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_auth"
        assert int(raw(store, "SELECT count(*) FROM tokens")[0][0]) == 2  # type: ignore[call-overload]
        # The sweep deletes what expired (and cuts off what it granted: see below).
        swept = client.portal.call(client.app.state.identity.sweep)  # type: ignore[attr-defined]
        assert swept == 1
        assert [h for (h,) in raw(store, "SELECT token_hash FROM tokens")] == [hash_token(used)]
        wall.now += timedelta(days=10)
        assert client.get("/api/me", headers={"Authorization": f"Bearer {used}"}).status_code == 401


# ---------------------------------------------------------------------- sockets


def test_logout_closes_the_sockets_of_the_seats_and_passes_it_asked_for(store: Store) -> None:
    with served(store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones", {0: ana, 1: bea})
        seat = Peer(client, setup.id)
        assert seat.hello(setup.tokens[0])["type"] == "welcome"
        pass_token = bea.post(f"/api/tables/{setup.id}/watch")["spectator_token"]
        other_seat = Peer(client, setup.id)
        assert other_seat.hello(setup.tokens[1])["type"] == "welcome"
        watcher = Peer(client, setup.id)
        assert watcher.hello(pass_token)["type"] == "welcome"

        ana.post("/api/logout")
        frame = seat.until(lambda f: f["type"] == "error")
        assert frame["code"] == "signed_out"
        with pytest.raises(Closed) as closed:
            seat.until(lambda f: False)
        assert closed.value.code == 1008
        # The seat token is dead (the seat stays hers: signed in again, she asks for a new one).
        again = Peer(client, setup.id)
        assert again.hello(setup.tokens[0])["code"] == "bad_token"
        [row] = [s for s in store.seats(setup.id) if s.seat == 0]
        assert row.user_id == ana.user["id"] and row.token_hash is None
        # Bea's seat and pass were asked for with her own token: untouched.
        other_seat.send({"type": "sync"})
        assert other_seat.until(lambda f: f["type"] in ("state", "error"))["type"] == "state"

        bea.post("/api/logout")
        for peer in (other_seat, watcher):
            assert peer.until(lambda f: f["type"] == "error")["code"] == "signed_out"
        assert Peer(client, setup.id).hello(pass_token)["code"] == "bad_token"


def test_an_expired_token_cuts_off_its_sockets_at_the_sweep(store: Store) -> None:
    wall = Wall()
    with served(store, wall, token_lifetime=3600.0, token_sweep=0) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, "guinote", "aragones", {0: ana}, start=False)
        seat = Peer(client, setup.id)
        assert seat.hello(setup.tokens[0])["type"] == "welcome"
        wall.now += timedelta(hours=2)
        assert client.portal.call(client.app.state.identity.sweep) == 1  # type: ignore[attr-defined]
        assert seat.until(lambda f: f["type"] == "error")["code"] == "signed_out"


def test_a_new_seat_token_closes_the_old_ones_socket(store: Store) -> None:
    with served(store) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, "guinote", "aragones", {0: ana})
        old = Peer(client, setup.id)
        assert old.hello(setup.tokens[0])["type"] == "welcome"
        spectator = Peer(client, setup.id)
        assert spectator.hello(ana.post(f"/api/tables/{setup.id}/watch")["spectator_token"])["type"] == "welcome"

        fresh = ana.post(f"/api/tables/{setup.id}/seats/0")["seat_token"]  # another device asks for the seat
        error = old.until(lambda f: f["type"] == "error")
        assert error["code"] == "seat_moved"
        assert error["message"] == ("This seat was opened again on another page or device: this connection is closed.")
        with pytest.raises(Closed):
            old.until(lambda f: False)
        assert Peer(client, setup.id).hello(setup.tokens[0])["code"] == "bad_token"
        new = Peer(client, setup.id)
        assert new.hello(fresh)["type"] == "welcome"
        # Watching the same table with another token is not a seat: left alone.
        spectator.send({"type": "sync"})
        assert spectator.until(lambda f: f["type"] in ("state", "error"))["type"] == "state"


# ---------------------------------------------------------------------- the migration


def test_migration_keys_old_names_and_keeps_everything(store: Store) -> None:
    """Migration 0003 on a database of 0002: keys for old names (a clash set apart), tokens and seats kept."""
    store.downgrade("0002")
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    users_0002 = sa.table(
        "users",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("registered", sa.Boolean),
        sa.column("created_at", UTCDateTime),
    )
    tokens_0002 = sa.table(
        "tokens",
        sa.column("token_hash", sa.String),
        sa.column("user_id", sa.String),
        sa.column("created_at", UTCDateTime),
    )
    engine = make_engine(store.url)
    try:
        with engine.begin() as conn:
            for i, (name, registered) in enumerate([("Ana", True), ("ANA", True), ("ana", False), ("Luis", True)]):
                values = {
                    "id": f"u{i}",
                    "name": name,
                    "registered": registered,
                    "created_at": t0 + timedelta(minutes=i),
                }
                conn.execute(sa.insert(users_0002).values(values))
            conn.execute(sa.insert(tokens_0002).values(token_hash=hash_token("old token"), user_id="u3", created_at=t0))
    finally:
        engine.dispose()
    store.upgrade()
    keys = dict(raw(store, "SELECT id, name_key FROM users"))
    assert keys == {"u0": "ana", "u1": "ana#u1", "u2": "ana", "u3": "luls"}
    assert store.user_by_token("old token") is not None
    assert raw(store, "SELECT count(*) FROM tokens") == [(1,)]
    # A seat of Luis survives the migration back and forth (no table copy cascaded into it).
    row = table_row("u3")
    store.create_table(row)
    store.set_seat(SeatRow(row.id, 0, "human", "u3", "Luis", None, hash_token("seat"), hash_token("old token")))
    store.downgrade("0002")
    store.upgrade()
    [seat] = store.seats(row.id)
    assert seat.user_id == "u3" and seat.token_hash == hash_token("seat") and seat.granted_by is None
    assert store.user_by_token("old token") is not None
