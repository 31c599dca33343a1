"""Coming and going (issue 13): "Back to my seat" in the lobby, leaving a table, a bot in one's place."""

from __future__ import annotations

import pytest

from tapete.server.storage import Store
from tests.server.support_server import Api, Closed, Peer, advance, open_table, running


def test_the_lobby_marks_my_tables_and_lists_my_private_ones(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        public = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones-2p"})["id"]
        private = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones-2p", "public": False})["id"]
        ana.post(f"/api/tables/{private}/seats/1")
        mine = {t["id"]: t for t in ana.get("/api/lobby")["tables"]}
        assert mine[private]["my_seat"] == 1 and not mine[private]["replaced"]
        assert mine[public]["my_seat"] is None
        # Nobody else sees the private table; an anonymous visitor sees the public one, unmarked.
        assert [t["id"] for t in bea.get("/api/lobby")["tables"]] == [public]
        assert [(t["id"], t["my_seat"]) for t in client.get("/api/lobby").json()["tables"]] == [(public, None)]


def test_leaving_a_waiting_table_frees_the_seat(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        tid = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones-2p"})["id"]
        bea.post(f"/api/tables/{tid}/seats/1")
        left = bea.delete(f"/api/tables/{tid}/seats/1")["table"]
        assert left["my_seat"] is None and left["seats"][1]["kind"] == "open"
        assert bea.delete(f"/api/tables/{tid}/seats/1", expect=409)["error"]["code"] == "seat_open"


def test_leaving_a_live_table_hands_the_seat_to_a_bot_until_one_takes_it_back(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: bea})
        tid = setup.id
        a, b = Peer(client, tid), Peer(client, tid)
        a.hello(setup.tokens[0])
        b.hello(setup.tokens[1])
        # Nobody frees another's seat once the match is live, the owner included.
        assert ana.delete(f"/api/tables/{tid}/seats/1", expect=409)["error"]["code"] == "not_waiting"
        gone = bea.delete(f"/api/tables/{tid}/seats/1")["table"]
        assert gone["my_seat"] == 1 and gone["replaced"] and gone["seats"][1]["away"]
        with pytest.raises(Closed):  # her page at the table is closed, and her old token is worthless
            b.until(lambda f: False, timeout=5)
        again = Peer(client, tid)
        with pytest.raises(Closed):
            again.hello(setup.tokens[1])
            again.until(lambda f: False, timeout=5)
        lobby = {t["id"]: t for t in bea.get("/api/lobby")["tables"]}
        assert lobby[tid]["my_seat"] == 1 and lobby[tid]["replaced"]
        # The bot plays her turns: ana's game goes on alone (every trick has a card of each seat).
        start = a.until(lambda f: f["type"] == "state")["view"]["version"]
        assert advance({0: a}, lambda state: state["version"] >= start + 4)["version"] >= start + 4
        # She takes her seat back: a new token, her hand, no bot.
        back = bea.post(f"/api/tables/{tid}/seats/1")
        assert back["table"]["my_seat"] == 1
        peer = Peer(client, tid)
        welcome = peer.hello(back["seat_token"])
        assert welcome["role"] == "seat" and welcome["seat"] == 1
        assert not bea.get(f"/api/tables/{tid}")["replaced"]
