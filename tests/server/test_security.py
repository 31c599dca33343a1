"""What nobody may see or do: the leak test over whole matches, tokens, refusals that change nothing."""

from __future__ import annotations

import json
import time

import pytest

from tapete.server.storage import Store
from tests.server.support_server import Api, Closed, Peer, Recipient, check_no_leak, open_table, play_out, running

LEAK_TABLES = [
    ("guinote", "aragones", {}),
    ("guinote", "aragones-2p", {}),
    ("belote", "classique", {"target": 500}),
    ("belote", "coinche", {"target": 500}),
    ("belote", "decouverte", {"target": 300}),
]


@pytest.mark.parametrize("people", [1, "all"])
@pytest.mark.parametrize(("game", "preset", "settings"), LEAK_TABLES)
def test_no_frame_shows_a_card_hidden_from_its_recipient(
    sqlite_store: Store, game: str, preset: str, settings: dict[str, int], people: int | str
) -> None:
    """THE LEAK TEST: every frame sent to every person and spectator through a whole match is checked
    against the engine's true hands at that frame's version: no card hidden from the recipient may
    be named in it (as a card string or as a label), and spectators get no hand."""
    with running(sqlite_store) as client:
        owner = Api(client, "owner")
        table = owner.post("/api/tables", json={"game": game, "preset": preset, **settings})
        n = table["players"]
        humans = {s: Api(client, f"p{s}") for s in (range(n) if people == "all" else [0])}
        setup = open_table(owner, game, preset, humans, **settings)
        peers = {seat: Peer(client, setup.id) for seat in humans}
        watcher = Peer(client, setup.id)
        watcher.hello(owner.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
        for seat, peer in peers.items():
            peer.hello(setup.tokens[seat])
        play_out(peers, seed=3)
        watcher.until(lambda f: f["type"] == "state" and f["view"]["match_over"])
        time.sleep(0.05)
        for peer in peers.values():
            peer.drain()
    row = sqlite_store.get_table(setup.id)
    assert row is not None
    recipients = [Recipient(seat, peer) for seat, peer in peers.items()] + [Recipient(None, watcher)]
    checked = check_no_leak(row, sqlite_store.actions(setup.id), recipients)
    assert checked > 100
    assert all(f["view"]["hand"] == [] and "hands" not in f["view"] for f in watcher.frames if f["type"] == "state")


def test_the_leak_check_catches_a_leak(sqlite_store: Store) -> None:
    """The check can fail: a frame naming another seat's card (as a spectator with every hand has, at a
    table of bots: tests/server/test_access.py) is caught."""
    with running(sqlite_store, bot_delay=60.0) as client:  # the bots wait: the hands are whole when seen
        owner = Api(client, "owner")
        setup = open_table(owner, "guinote", "aragones-2p", {}, spectators_see_hands=True)
        outsider = Api(client, "eve")
        watcher = Peer(client, setup.id)
        watcher.hello(outsider.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
        state = watcher.until(lambda f: f["type"] == "state")
    assert state["view"]["hands"] and all(state["view"]["hands"])
    row = sqlite_store.get_table(setup.id)
    assert row is not None
    with pytest.raises(AssertionError, match="leaks"):
        check_no_leak(row, sqlite_store.actions(setup.id), [Recipient(None, watcher)])


def test_tokens_open_only_their_own_seat_and_table(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: bea})
        other = open_table(ana, "guinote", "aragones-2p", {0: ana})
        # Bea cannot get a token for Ana's seat.
        assert bea.post(f"/api/tables/{setup.id}/seats/0", expect=409)["error"]["code"] == "seat_taken"
        # A seat token of another table, a user's bearer token, a made-up token: refused, and the socket closed.
        for token in (other.tokens[0], ana.token, "x" * 43):
            peer = Peer(client, setup.id)
            error = peer.hello(token)
            assert error["type"] == "error" and error["code"] == "bad_token"
            with pytest.raises(Closed) as closed:
                peer.recv(5)
            assert closed.value.code == 1008
        # A seat token acts for its own seat only: Bea's socket cannot play when Ana is to act.
        b = Peer(client, setup.id)
        assert b.hello(setup.tokens[1])["seat"] == 1
        state = b.until(lambda f: f["type"] == "state")["view"]
        if state["current_player"] == 1:
            b.send({"type": "act", "action": state["legal"][0]["action"], "version": state["version"]})
            state = b.until(lambda f: f["type"] == "state" and f["view"]["current_player"] == 0)["view"]
        a = Peer(client, setup.id)
        a.hello(setup.tokens[0])
        ana_state = a.until(lambda f: f["type"] == "state")["view"]
        b.send({"type": "act", "action": ana_state["legal"][0]["action"], "version": ana_state["version"]})
        error = b.until(lambda f: f["type"] == "error")
        assert error["code"] == "not_your_turn" and error["detail"] == {"current_player": 0}
        # Spectators cannot play at all.
        s = Peer(client, setup.id)
        s.hello(bea.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
        s.send({"type": "act", "action": ana_state["legal"][0]["action"], "version": ana_state["version"]})
        assert s.until(lambda f: f["type"] == "error")["code"] == "not_seated"
        assert sqlite_store.last_version(setup.id) == ana_state["version"]


def test_refused_messages_get_their_error_and_change_nothing(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: bea})
        a, b = Peer(client, setup.id), Peer(client, setup.id)
        a.send({"type": "sync"})
        assert a.until(lambda f: f["type"] == "error")["code"] == "hello_first"
        a.hello(setup.tokens[0], lang="es")
        b.hello(setup.tokens[1])
        state = a.until(lambda f: f["type"] == "state")["view"]
        if state["current_player"] != 0:  # let Bea lead, so that Ana is to act
            bs = b.until(lambda f: f["type"] == "state")["view"]
            b.send({"type": "act", "action": bs["legal"][0]["action"], "version": bs["version"]})
            state = a.until(lambda f: f["type"] == "state" and f["view"]["current_player"] == 0)["view"]
        b.drain()
        version = state["version"]
        in_hand = {c["card"] for c in state["legal"] if c["card"]}
        not_mine = next(c for c in ("1o", "2o", "3o", "4o", "1c", "2c", "3c") if c not in state["hand"])
        illegal = [c for c in state["hand"] if c not in in_hand]
        cases = [
            ("{not json", "bad_json"),
            ("[]", "bad_json"),
            (json.dumps({"type": "dance"}), "unknown_type"),
            (json.dumps({"type": "act", "action": "1o", "version": "1"}), "bad_field"),
            (json.dumps({"type": "act", "action": "1o", "version": version, "extra": 1}), "bad_field"),
            (json.dumps({"type": "chat", "text": "x" * 5000}), "too_large"),
            (json.dumps({"type": "act", "action": state["legal"][0]["action"], "version": version + 1}),
             "stale_version"),
            (json.dumps({"type": "act", "action": "nonsense", "version": version}), "illegal_action"),
            (json.dumps({"type": "act", "action": not_mine, "version": version}), "illegal_action"),
            *[(json.dumps({"type": "act", "action": c, "version": version}), "illegal_action") for c in illegal[:1]],
        ]  # fmt: skip
        for text, code in cases:
            a.send_text(text)
            error = a.until(lambda f: f["type"] == "error")
            assert error["code"] == code, (text, error)
            assert error["message"] and error["message"] != code
        # A card that is not in the hand is explained in words, in Ana's language (Spanish).
        a.send({"type": "act", "action": not_mine, "version": version})
        assert "no está en tu mano" in a.until(lambda f: f["type"] == "error")["message"]
        # Nothing changed: no event anywhere, the same version in the log, the socket still answers.
        a.send({"type": "ping"})
        assert a.until(lambda f: f["type"] in ("pong", "event"))["type"] == "pong"
        assert not [f for f in b.drain() if f["type"] == "event"]
        assert sqlite_store.last_version(setup.id) == version
        # The right move still goes through.
        a.send({"type": "act", "action": state["legal"][0]["action"], "version": version})
        assert a.until(lambda f: f["type"] in ("event", "error"))["type"] == "event"


def test_rest_checks_who_asks(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        table = ana.post("/api/tables", json={"game": "guinote", "preset": "aragones-2p", "public": False})
        tid = table["id"]
        assert client.post("/api/tables", json={"game": "guinote"}).status_code == 401
        r = client.post("/api/tables", json={"game": "guinote"}, headers={"Authorization": "Bearer nope"})
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_auth"
        assert bea.post(f"/api/tables/{tid}/bots/1", json={"level": "easy"}, expect=403)["error"]["code"] == "not_owner"
        assert bea.post(f"/api/tables/{tid}/start", expect=403)["error"]["code"] == "not_owner"
        assert bea.delete(f"/api/tables/{tid}", expect=403)["error"]["code"] == "not_owner"
        ana.post(f"/api/tables/{tid}/seats/0")
        assert bea.delete(f"/api/tables/{tid}/seats/0", expect=403)["error"]["code"] == "not_owner"
        # Records and replays: only finished games, and a private one only for who played it (an outsider
        # is refused before the game ends too, learning nothing of it).
        assert ana.get(f"/api/replay/{tid}", expect=409)["error"]["code"] == "not_finished"
        assert bea.get(f"/api/records/{tid}", expect=403)["error"]["code"] == "not_allowed"
        assert bea.get(f"/api/replay/{tid}", expect=403)["error"]["code"] == "not_allowed"
        assert client.get(f"/api/replay/{tid}").status_code == 403
        ana.post(f"/api/tables/{tid}/bots/1", json={"level": "random"})
        ana.post(f"/api/tables/{tid}/start")
        peer = Peer(client, tid)
        peer.hello(ana.post(f"/api/tables/{tid}/seats/0")["seat_token"])  # a fresh token for her own seat
        play_out({0: peer})
        assert bea.get(f"/api/records/{tid}", expect=403)["error"]["code"] == "not_allowed"
        assert bea.get(f"/api/replay/{tid}", expect=403)["error"]["code"] == "not_allowed"
        assert client.get(f"/api/records/{tid}").status_code == 403
        assert ana.get(f"/api/records/{tid}")["game"] == "guinote"
        assert ana.get(f"/api/replay/{tid}")["frames"]
        refused = bea.get(f"/api/replay/{tid}", expect=403)["error"]["message"]
        assert refused == "This game was private: only the people who played it may see it."
        # The lobby lists public tables only.
        assert tid not in [t["id"] for t in ana.get("/api/lobby")["tables"]]


def test_the_server_survives_garbage_on_every_route(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        for method, path, body in [
            ("POST", "/api/guest", {"name": ""}),
            ("POST", "/api/guest", {"name": "x" * 65}),
            ("POST", "/api/guest", {"nom": "x"}),
            ("POST", "/api/tables", {"game": "chess"}),
            ("POST", "/api/tables", {"game": "guinote", "preset": "nope"}),
            ("POST", "/api/tables", {"game": "guinote", "options": {"players": 5}}),
            ("POST", "/api/tables", {"game": "guinote", "options": {"no_such": 1}}),
            ("POST", "/api/tables", {"game": "guinote", "clock_seconds": -1}),
            ("POST", "/api/tables", {"game": "guinote", "target": "many"}),
            ("GET", "/api/tables/" + "z" * 300, None),
            ("GET", "/api/code/ZZZZZZ", None),
            ("GET", "/api/ratings?game=chess", None),
            ("GET", "/api/ratings?kind=trio", None),
            ("GET", "/api/i18n/de", None),
            ("POST", "/api/tables/nope/seats/0", None),
        ]:
            r = client.request(method, path, json=body, headers=ana.headers)
            assert 400 <= r.status_code < 500, (path, r.status_code, r.text)
            error = r.json()["error"]
            assert error["code"] and error["message"], (path, error)
        r = client.post("/api/guest", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_field"
        assert client.get("/api/health").json()["ok"]


def test_an_action_the_database_refuses_is_not_played(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: bea})
        peers = {0: Peer(client, setup.id), 1: Peer(client, setup.id)}
        for seat, peer in peers.items():
            peer.hello(setup.tokens[seat])
        state = peers[0].until(lambda f: f["type"] == "state")["view"]
        mover = peers[state["current_player"]]
        mover.drain()
        assert mover.state is not None
        version = mover.state["version"]
        sqlite_store.delete_table(setup.id)  # the log can no longer take this table's actions
        mover.send({"type": "act", "action": mover.state["legal"][0]["action"], "version": version})
        error = mover.until(lambda f: f["type"] in ("error", "event"))
        assert error["type"] == "error" and error["code"] == "storage"
        mover.send({"type": "sync"})
        assert mover.until(lambda f: f["type"] == "state")["version"] == version
        assert not [f for p in peers.values() for f in p.drain() if f["type"] == "event"]
