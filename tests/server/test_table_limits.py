"""Table spam (issue 14, finding 6): open tables per person, creation rates per person and per address,
a paged lobby computed once for every reader, and waiting tables left empty given up.

Every limit is counted, never timed: the registry's clock is replaced by a number the test moves.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tapete.server.registry import TableRegistry
from tapete.server.storage import Store
from tests.server.support_server import Api, Peer, running

if TYPE_CHECKING:
    from starlette.testclient import TestClient

TABLE = {"game": "guinote", "preset": "aragones-2p"}


def _registry(client: TestClient) -> TableRegistry:
    registry: TableRegistry = client.app.state.server.registry  # type: ignore[attr-defined]
    return registry


def _clock(client: TestClient) -> list[float]:
    """A clock for the registry that moves only when the test moves it (``now[0] += seconds``)."""
    now = [1000.0]
    _registry(client).clock = lambda: now[0]
    return now


def _from(client: TestClient, host: str) -> None:
    """Send the client's next requests from ``host`` (the per-address limits' key)."""
    client._transport.client = (host, 50000)  # type: ignore[attr-defined]


def _stored(store: Store) -> int:
    return len(store.list_tables(public_only=False, statuses=("waiting", "live", "finished", "abandoned")))


def _lobby(client: TestClient, asker: Api | None = None, query: str = "") -> dict[str, Any]:
    r = client.get(f"/api/lobby{query}", headers=asker.headers if asker else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


# ---------------------------------------------------------------- open tables and creation rates
def test_a_person_owns_at_most_max_open_tables(store: Store) -> None:
    with running(store, max_open_tables=3, table_burst_per_person=100) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        ids = [ana.post("/api/tables", json=TABLE)["id"] for _ in range(3)]
        stored = _stored(store)
        error = ana.post("/api/tables", json=TABLE, expect=409)["error"]
        assert error["code"] == "too_many_tables" and error["detail"] == {"limit": 3}
        assert error["message"] == (
            "You already have 3 open tables (waiting or in play): start, finish or give one up before creating another."
        )
        assert ana.post("/api/tables?lang=fr", json=TABLE, expect=409)["error"]["message"].startswith(
            "Vous avez déjà 3 tables ouvertes"
        )
        assert _stored(store) == stored  # nothing was made
        assert bea.post("/api/tables", json=TABLE)["owner"]  # another person is not held up
        # Giving one up (or finishing it) makes room.
        ana.delete(f"/api/tables/{ids[0]}")
        assert ana.post("/api/tables", json=TABLE)["status"] == "waiting"


def test_creating_tables_is_throttled_per_person_and_per_address(store: Store) -> None:
    limits = {
        "max_open_tables": 0,
        "table_burst_per_person": 2,
        "tables_per_minute_per_person": 1.0,
        "table_burst_per_address": 3,
        "tables_per_minute_per_address": 2.0,
    }
    with running(store, **limits) as client:
        now = _clock(client)
        _from(client, "203.0.113.7")
        ana, bea, cruz = Api(client, "ana"), Api(client, "bea"), Api(client, "cruz")
        ana.post("/api/tables", json=TABLE)
        ana.post("/api/tables", json=TABLE)
        stored = _stored(store)
        r = client.post("/api/tables", json=TABLE, headers=ana.headers)
        assert r.status_code == 429 and r.headers["retry-after"] == "60"  # one a minute
        error = r.json()["error"]
        assert error["code"] == "creating_too_fast" and error["detail"] == {"retry_after": 60, "scope": "person"}
        assert error["message"] == "You are creating tables too fast: try again in 60 s."
        # Bea, from the same address: its third table is hers, its fourth waits for the address.
        bea.post("/api/tables", json=TABLE)
        r = client.post("/api/tables?lang=es", json=TABLE, headers=bea.headers)
        assert r.status_code == 429 and r.headers["retry-after"] == "30"  # two a minute
        error = r.json()["error"]
        assert error["detail"] == {"retry_after": 30, "scope": "address"}
        assert (
            error["message"]
            == "Se están creando demasiadas mesas desde tu dirección: vuelve a intentarlo dentro de 30 s."
        )
        assert _stored(store) == stored + 1  # the refusals made nothing
        # Another address is not held up; time refills both.
        _from(client, "198.51.100.9")
        cruz.post("/api/tables", json=TABLE)
        _from(client, "203.0.113.7")
        now[0] += 30
        bea.post("/api/tables", json=TABLE)
        assert client.post("/api/tables", json=TABLE, headers=ana.headers).status_code == 429  # ana: 60 s
        now[0] += 30
        ana.post("/api/tables", json=TABLE)


def test_a_flood_of_tables_from_one_address_stops_at_its_limit(sqlite_store: Store) -> None:
    """The attack: guests made one after another, each creating tables as fast as it can."""
    with running(sqlite_store) as client:  # the defaults: 5 open per person, 5 then 2 a minute each,
        _clock(client)  # 30 then 10 a minute per address, and the time does not move
        answers: list[int] = []
        for i in range(10):
            guest = Api(client, f"spam{i}")
            answers += [client.post("/api/tables", json=TABLE, headers=guest.headers).status_code for _ in range(6)]
        assert answers.count(200) == 30 and set(answers) == {200, 409, 429}
        assert answers[:6] == [200] * 5 + [409]  # one person: five open tables
        assert answers[-24:] == [429] * 24  # the address: thirty in all
        assert _stored(sqlite_store) == 30


# ---------------------------------------------------------------- the lobby
def test_the_lobby_comes_in_pages(store: Store) -> None:
    with running(store, lobby_page=4, lobby_page_max=5) as client:
        _clock(client)
        ana, bea, cruz = Api(client, "ana"), Api(client, "bea"), Api(client, "cruz")
        made = [who.post("/api/tables", json=TABLE)["id"] for who in (ana, bea, cruz, ana, bea, cruz, ana)]
        private = ana.post("/api/tables", json={**TABLE, "public": False})["id"]
        bea.post(f"/api/tables/{private}/seats/1")
        # Fuller tables: two seats taken at the oldest, one at the second.
        ana.post(f"/api/tables/{made[0]}/bots/0", json={"level": "easy"})
        ana.post(f"/api/tables/{made[0]}/bots/1", json={"level": "easy"})
        bea.post(f"/api/tables/{made[1]}/seats/0")
        newest = list(reversed(made))

        first = _lobby(client)
        assert [t["id"] for t in first["tables"]] == newest[:4]
        assert (first["order"], first["offset"], first["limit"], first["total"], first["next"]) == (
            "newest", 0, 4, 7, 4,
        )  # fmt: skip
        last = _lobby(client, query="?offset=4")
        assert [t["id"] for t in last["tables"]] == newest[4:] and last["next"] is None
        assert _lobby(client, query="?offset=40")["tables"] == []
        fullest = _lobby(client, query="?order=fullest&limit=3")
        assert [t["id"] for t in fullest["tables"]] == [made[0], made[1], made[6]]
        assert _lobby(client, query="?limit=1000")["limit"] == 5 and _lobby(client, query="?limit=0")["limit"] == 1

        # A signed-in reader's first page puts their own private tables first, marked as theirs.
        mine = _lobby(client, bea)
        assert [t["id"] for t in mine["tables"]] == [private, *newest[:4]] and mine["tables"][0]["my_seat"] == 1
        assert [t["id"] for t in _lobby(client, bea, "?offset=4")["tables"]] == newest[4:]
        assert [t["id"] for t in _lobby(client, cruz)["tables"]] == newest[:4]  # not hers

        r = client.get("/api/lobby?order=oldest")
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_field"
        assert r.json()["error"]["detail"]["field"] == "order"
        assert client.get("/api/lobby?limit=many").json()["error"]["code"] == "bad_field"


def test_the_lobby_is_computed_once_for_every_reader_within_its_lifetime(store: Store) -> None:
    with running(store, lobby_cache_seconds=1.0) as client:
        now = _clock(client)
        ana, eve = Api(client, "ana"), Api(client, "eve")
        tid = ana.post("/api/tables", json=TABLE)["id"]
        before = client.get("/api/lobby").content
        assert json.loads(before)["tables"][0]["spectators"] == 0
        shared = _registry(client)._lobby
        # A spectator arrives: within the second, every reader still gets the page as it was computed.
        Peer(client, tid).hello(eve.post(f"/api/tables/{tid}/watch")["spectator_token"])
        assert client.get("/api/lobby").content == before and _registry(client)._lobby is shared
        assert client.get("/api/lobby", headers=eve.headers).content == before  # not hers: the same bytes
        now[0] += 1.0
        assert _lobby(client)["tables"][0]["spectators"] == 1
        # A new table is in the next lobby at once (creating renews it).
        newer = eve.post("/api/tables", json=TABLE)["id"]
        assert [t["id"] for t in _lobby(client)["tables"]] == [newer, tid]


def test_the_lobby_of_a_flood_stays_one_page(sqlite_store: Store) -> None:
    with running(sqlite_store, max_open_tables=0, table_burst_per_person=1000, table_burst_per_address=1000) as client:
        spam = Api(client, "spam")
        for _ in range(120):
            spam.post("/api/tables", json=TABLE)
        r = client.get("/api/lobby")
        data = r.json()
        assert len(data["tables"]) == 50 and data["total"] == 120 and data["next"] == 50
        assert len(r.content) < 100_000


# ---------------------------------------------------------------- empty tables
def test_a_waiting_table_left_empty_is_given_up(store: Store) -> None:
    with running(store, empty_table_minutes=10) as client:
        now = _clock(client)
        start = now[0]
        ana, bea, cruz, eve = (Api(client, name) for name in ("ana", "bea", "cruz", "eve"))
        empty = ana.post("/api/tables", json=TABLE)["id"]
        ana.post(f"/api/tables/{empty}/bots/1", json={"level": "easy"})  # bots are nobody
        seated = bea.post("/api/tables", json=TABLE)["id"]
        bea.post(f"/api/tables/{seated}/seats/0")
        left = cruz.post("/api/tables", json=TABLE)["id"]
        cruz.post(f"/api/tables/{left}/seats/0")
        watched = eve.post("/api/tables", json=TABLE)["id"]
        Peer(client, watched).hello(eve.post(f"/api/tables/{watched}/watch")["spectator_token"])
        now[0] = start + 5 * 60
        cruz.delete(f"/api/tables/{left}/seats/0")
        assert len(_lobby(client)["tables"]) == 4  # her table is seen empty from now on

        now[0] = start + 10 * 60 - 1
        assert len(_lobby(client)["tables"]) == 4
        now[0] = start + 10 * 60
        assert {t["id"] for t in _lobby(client)["tables"]} == {seated, left, watched}
        assert store.get_table(empty).status == "abandoned"  # type: ignore[union-attr]
        assert ana.get(f"/api/tables/{empty}")["status"] == "abandoned"
        assert bea.post(f"/api/tables/{empty}/seats/0", expect=409)["error"]["code"] == "not_waiting"
        now[0] = start + 15 * 60
        assert {t["id"] for t in _lobby(client)["tables"]} == {seated, watched}
        assert store.get_table(left).status == "abandoned"  # type: ignore[union-attr]
        assert store.get_table(seated).status == store.get_table(watched).status == "waiting"  # type: ignore[union-attr]
