"""Who may see a table (issue 14, findings 4 and 5): one rule, asked at every door.

The doors: the table's page (``GET /api/tables/{id}``), the invite code (``GET /api/code/{code}``),
watching (``POST .../watch``) and the websocket's hello with its ``since`` replay of events and chat,
records and replays, the lobby, my games. A finished private table is its parties' alone, whatever
door an outsider knocks at; code lookups are throttled per address; and no seated person sees
another's hand through any account: every hand goes to spectators only at tables of bots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tapete.server.access import (
    TableAccess,
    is_party,
    listed,
    may_see_hands,
    may_see_record,
    may_view,
    may_watch,
)
from tapete.server.registry import TableRegistry, throttle
from tapete.server.storage import Store
from tapete.server.storage.rows import CODE_ALPHABET, CODE_LENGTH, TableRow, new_id, utcnow
from tests.server.support_server import Api, Closed, Peer, Recipient, check_no_leak, open_table, play_out, running

if TYPE_CHECKING:
    from starlette.testclient import TestClient


def _registry(client: TestClient) -> TableRegistry:
    registry: TableRegistry = client.app.state.server.registry  # type: ignore[attr-defined]
    return registry


def _from(client: TestClient, host: str) -> None:
    """Send the client's next requests from ``host`` (the per-address limits' key)."""
    client._transport.client = (host, 50000)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the rule itself
def _facts(public: bool, status: str, people: tuple[str, ...] = ("ana",), hands: bool = False) -> TableAccess:
    return TableAccess(public, status, "olga", frozenset(people), hands)


@pytest.mark.parametrize("status", ["waiting", "live", "finished", "abandoned"])
@pytest.mark.parametrize("public", [True, False])
def test_the_rule_of_who_sees_a_table(public: bool, status: str) -> None:
    facts = _facts(public, status)
    is_open = status in ("waiting", "live")
    for person in ("ana", "olga"):  # a seated person, the owner: parties see everything of their table
        assert is_party(facts, person) and may_view(facts, person) and may_see_record(facts, person)
        assert listed(facts, person) == is_open
        assert may_watch(facts, person) == (status != "abandoned")
    for outsider in ("eve", None):
        assert not is_party(facts, outsider)
        # Public: anybody. Private: whoever knows it while it is open, nobody once it is over.
        assert may_view(facts, outsider) == (public or is_open)
        assert may_watch(facts, outsider) == ((public or is_open) and status != "abandoned")
        assert may_see_record(facts, outsider) == public
        assert listed(facts, outsider) == (public and is_open)


def test_hands_go_to_spectators_only_at_tables_of_bots_whose_owner_allowed_it() -> None:
    assert may_see_hands(_facts(True, "live", people=(), hands=True))
    assert not may_see_hands(_facts(True, "live", people=(), hands=False))
    # One person seated (or keeping a seat they left) and nobody sees a hand: not even a stranger, who
    # cannot be told apart from that person's second account.
    assert not may_see_hands(_facts(True, "live", people=("ana",), hands=True))
    assert not may_see_hands(_facts(False, "live", people=("ana",), hands=True))


def test_a_limit_is_a_burst_then_so_many_a_minute() -> None:
    """The table limits' settings (a burst, then a rate a minute) as a tapete.server.throttle.Throttle."""
    now = [0.0]
    limit = throttle(per_minute=30, burst=3, now=lambda: now[0])
    assert limit is not None
    assert [limit.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.take("a") == pytest.approx(2.0)  # 30 a minute: one every 2 s
    assert limit.take("b") == 0.0  # per key
    now[0] = 2.0
    assert limit.take("a") == 0.0 and limit.take("a") > 0
    assert throttle(per_minute=0, burst=3, now=lambda: now[0]) is None  # 0: no limit


# ---------------------------------------------------------------- finding 4: every door
def test_a_finished_private_table_is_its_parties_alone_at_every_door(store: Store) -> None:
    with running(store) as client:
        olga, ana, eve = Api(client, "olga"), Api(client, "ana"), Api(client, "eve")
        setup = open_table(olga, "guinote", "aragones-2p", {0: ana}, public=False)
        tid, code = setup.id, setup.table["code"]
        # While it is in play, whoever has the invite may see it and watch it: eve got the code.
        assert eve.get(f"/api/code/{code}")["id"] == tid
        early_pass = eve.post(f"/api/tables/{tid}/watch")["spectator_token"]
        player = Peer(client, tid)
        player.hello(setup.tokens[0])
        player.send({"type": "chat", "text": "buenas tardes"})
        play_out({0: player})
        assert ana.get(f"/api/tables/{tid}")["status"] == "finished"

        # An outsider, signed in or not, learns nothing of it: each door answers as for no table at all.
        unknown = eve.get("/api/code/ZZZZZZZZ", expect=404)["error"]
        for asker in (eve, None):

            def get(path: str, expect: int, asker: Api | None = asker) -> Any:
                r = client.get(path, headers=asker.headers if asker else {})
                assert r.status_code == expect, (path, r.text)
                return r.json()

            assert get(f"/api/tables/{tid}", 404)["error"]["code"] == "no_table"
            refused = get(f"/api/code/{code}", 404)["error"]
            assert refused["code"] == unknown["code"] == "no_table"
            assert refused["message"] == unknown["message"].replace("ZZZZZZZZ", code)
            assert get(f"/api/replay/{tid}", 403)["error"]["code"] == "not_allowed"
            assert get(f"/api/records/{tid}", 403)["error"]["code"] == "not_allowed"
        assert eve.post(f"/api/tables/{tid}/watch", expect=404)["error"]["code"] == "no_table"
        assert eve.post(f"/api/tables/{tid}/seats/1", expect=404)["error"]["code"] == "no_table"
        assert tid not in [t["id"] for t in eve.get("/api/lobby")["tables"]]
        assert eve.get("/api/me/games")["games"] == []
        # The pass she had while it was in play no longer opens it: no event, no chat, the socket closed.
        peer = Peer(client, tid)
        refused = peer.hello(early_pass, since=0)
        assert refused["type"] == "error" and refused["code"] == "bad_token"
        with pytest.raises(Closed):
            peer.until(lambda f: False, timeout=5)
        assert not [f for f in peer.frames if f["type"] in ("event", "chat", "state", "table", "welcome")]

        # Its parties see it all: the seated player and the owner who did not sit.
        for party in (ana, olga):
            assert party.get(f"/api/tables/{tid}")["status"] == "finished"
            assert party.get(f"/api/code/{code}")["id"] == tid
            assert party.get(f"/api/replay/{tid}")["frames"]
            assert party.get(f"/api/records/{tid}")["game"] == "guinote"
            watcher = Peer(client, tid)
            assert watcher.hello(party.post(f"/api/tables/{tid}/watch")["spectator_token"], since=0)["type"] == (
                "welcome"
            )
            final = watcher.until(lambda f: f["type"] == "state")["view"]
            assert final["match_over"]
            assert any(f["type"] == "chat" and f["text"] == "buenas tardes" for f in watcher.frames)
            assert any(f["type"] == "event" for f in watcher.frames)
        assert [g["id"] for g in ana.get("/api/me/games")["games"]] == [tid]


def test_a_private_table_in_play_is_open_to_whoever_has_its_invite(store: Store) -> None:
    with running(store) as client:
        ana, eve = Api(client, "ana"), Api(client, "eve")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana}, public=False)
        found = client.get(f"/api/code/{setup.table['code']}").json()  # anonymous: the link is the invitation
        assert found["id"] == setup.id and found["my_seat"] is None
        watcher = Peer(client, setup.id)
        assert watcher.hello(eve.post(f"/api/tables/{setup.id}/watch")["spectator_token"])["role"] == "spectator"
        view = watcher.until(lambda f: f["type"] == "state")["view"]
        assert view["hand"] == [] and "hands" not in view
        # Not listed, though, and its record is not anybody's.
        assert setup.id not in [t["id"] for t in eve.get("/api/lobby")["tables"]]
        assert eve.get(f"/api/replay/{setup.id}", expect=403)["error"]["code"] == "not_allowed"


def test_a_finished_public_table_is_anybody_s(store: Store) -> None:
    with running(store) as client:
        ana, eve = Api(client, "ana"), Api(client, "eve")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana})
        player = Peer(client, setup.id)
        player.hello(setup.tokens[0])
        play_out({0: player})
        assert client.get(f"/api/code/{setup.table['code']}").json()["status"] == "finished"
        watcher = Peer(client, setup.id)
        assert watcher.hello(eve.post(f"/api/tables/{setup.id}/watch")["spectator_token"], since=0)["type"] == (
            "welcome"
        )
        watcher.until(lambda f: f["type"] == "state" and f["view"]["match_over"])
        assert any(f["type"] == "event" for f in watcher.frames)
        assert client.get(f"/api/replay/{setup.id}").status_code == 200


def test_invite_codes_are_long_and_old_short_ones_still_work(store: Store) -> None:
    with running(store) as client:
        ana = Api(client, "ana")
        code = ana.post("/api/tables", json={"game": "guinote"})["code"]
        assert len(code) == CODE_LENGTH == 8 and set(code) <= set(CODE_ALPHABET)
        # Typed by hand: any case, with a dash or spaces in the middle.
        assert ana.get(f"/api/code/{code[:4].lower()}-{code[4:]}")["code"] == code
        assert ana.get(f"/api/code/{code[:4]}%20{code[4:]}")["code"] == code
        # A table made when codes had 6 symbols keeps its code, and it still finds the table.
        old = TableRow(new_id(), "ABC234", "guinote", "aragones", {}, None, 0, True, False, False,
                       ana.user["id"], 1, "waiting", utcnow())  # fmt: skip
        store.create_table(old)
        assert ana.get("/api/code/abc234")["id"] == old.id


def test_code_lookups_are_throttled_per_address(store: Store) -> None:
    with running(store, code_lookup_burst=5, code_lookups_per_minute=6) as client:
        now = [1000.0]
        _registry(client).clock = lambda: now[0]
        ana = Api(client, "ana")
        code = ana.post("/api/tables", json={"game": "guinote"})["code"]
        _from(client, "203.0.113.7")
        answers = [client.get(f"/api/code/{guess}").status_code for guess in ("AAAAAAAA", "BBBBBBBB", code, "CC", "D")]
        assert answers == [404, 404, 200, 404, 404]  # every lookup counts, found or not
        r = client.get(f"/api/code/{code}")
        assert r.status_code == 429 and r.headers["retry-after"] == "10"  # 6 a minute: one every 10 s
        error = r.json()["error"]
        assert error["code"] == "too_many_lookups" and error["detail"] == {"retry_after": 10}
        assert error["message"] == "Too many invite codes tried from your address: try again in 10 s."
        es = client.get(f"/api/code/{code}?lang=es").json()["error"]["message"]
        assert es.startswith("Demasiados códigos de invitación")
        # Another address is not held up; the first gets one more lookup once the time has passed.
        _from(client, "198.51.100.9")
        assert client.get(f"/api/code/{code}").status_code == 200
        _from(client, "203.0.113.7")
        now[0] += 10
        assert client.get(f"/api/code/{code}").status_code == 200
        assert client.get(f"/api/code/{code}").status_code == 429


# ---------------------------------------------------------------- finding 5: hands
def test_no_account_sees_a_hand_at_a_table_where_a_person_sits(sqlite_store: Store) -> None:
    """The owner let spectators see the hands, and a person sits: her second account (a free guest) and
    a stranger alike see what any spectator sees, through the whole match, checked against the real hands."""
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana}, spectators_see_hands=True)
        assert setup.table["spectators_see_hands"]
        second, stranger = Api(client, "ana again"), Api(client, "eve")
        watchers = []
        for account in (second, stranger, ana):
            peer = Peer(client, setup.id)
            peer.hello(account.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
            watchers.append(peer)
        player = Peer(client, setup.id)
        player.hello(setup.tokens[0])
        play_out({0: player})
        for peer in watchers:
            peer.until(lambda f: f["type"] == "state" and f["view"]["match_over"])
    row = sqlite_store.get_table(setup.id)
    assert row is not None
    for peer in watchers:
        states = [f["view"] for f in peer.frames if f["type"] == "state"]
        assert states and all("hands" not in v and v["hand"] == [] for v in states)
    assert check_no_leak(row, sqlite_store.actions(setup.id), [Recipient(None, w) for w in watchers]) > 50
    # Once the match is over, its replay shows every hand to whoever may see it.
    with running(sqlite_store) as client:
        frames = client.get(f"/api/replay/{setup.id}").json()["frames"]
        assert all(frames[0]["view"]["hands"])


def test_every_hand_is_shown_at_a_table_of_bots_if_the_owner_allowed_it(sqlite_store: Store) -> None:
    with running(sqlite_store, bot_delay=60.0) as client:  # the bots wait: the first deal's hands are whole
        ana, eve = Api(client, "ana"), Api(client, "eve")
        shown = open_table(ana, "guinote", "aragones-2p", {}, spectators_see_hands=True)
        hidden = open_table(ana, "guinote", "aragones-2p", {})
        for setup, sees in ((shown, True), (hidden, False)):
            for account in (eve, ana):  # a stranger, the owner: the same
                peer = Peer(client, setup.id)
                peer.hello(account.post(f"/api/tables/{setup.id}/watch")["spectator_token"])
                view = peer.until(lambda f: f["type"] == "state")["view"]
                assert ("hands" in view) == sees
                if sees:
                    assert [len(h) for h in view["hands"]] == view["hand_sizes"] and all(view["hands"])
