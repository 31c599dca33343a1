"""Issue 17, goal 5: the browser replay's analysis, ``/api/replay/{id}/analysis`` (tapete.server.analysis).

The analysis knows every hand: it follows the replay's rule (a finished table, public or the asker's),
is computed in the background within bounds (workers and a queue, a size limit, a rate per address),
saved in the stored record (so every node of a cluster and the downloaded record have it) and mapped
onto the replay's frames. The costs themselves are checked in tests/test_analysis.py.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

import pytest

import tapete.server.analysis as server_analysis
from tapete.games import GAMES
from tapete.server.analysis import Analyses
from tapete.server.storage import Store
from tests.server.support_server import Api, Peer, open_table, play_out, running

if TYPE_CHECKING:
    from starlette.testclient import TestClient

#: A quick analysis for the tests: few nodes a card, no own view, in a thread of the test's process.
QUICK: dict[str, Any] = {"analysis_max_nodes": 200_000, "analysis_own_nodes": 0, "analysis_processes": False}


def bots_only(owner: Api, public: bool = True) -> str:
    """A table of two bots played to its end (Brisca at two, to 1 point: one deal, but for a tie)."""
    setup = open_table(owner, "brisca", "brisca-2p", {}, public=public, target=1)
    deadline = time.monotonic() + 60
    while owner.get(f"/api/tables/{setup.id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return setup.id


def wait_ready(api: Api | TestClient, path: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        answer = api.get(path) if isinstance(api, Api) else api.get(path).json()
        if answer["status"] == "ready":
            return dict(answer)
        assert answer["status"] in ("running", "none"), answer
        assert time.monotonic() < deadline, "the analysis did not end"
        time.sleep(0.05)


def analyses(client: TestClient) -> Analyses:
    found: Analyses = client.app.state.analyses  # type: ignore[attr-defined]
    return found


def test_the_analysis_follows_the_replays_rule(sqlite_store: Store) -> None:
    with running(sqlite_store, **QUICK) as client:
        ana, eve = Api(client, "ana"), Api(client, "eve")
        setup = open_table(ana, "brisca", "brisca-2p", {0: ana}, public=False)
        path = f"/api/replay/{setup.id}/analysis"
        # In play: not even its parties (the analysis knows every hand).
        assert ana.get(path, expect=409)["error"]["code"] == "not_finished"
        assert ana.post(path, expect=409)["error"]["code"] == "not_finished"
        player = Peer(client, setup.id)
        player.hello(setup.tokens[0])
        play_out({0: player})
        # Finished and private: its parties only; an outsider, signed in or not, is refused before anything.
        for refused in (eve.get(path, expect=403), eve.post(path, expect=403)):
            assert refused["error"]["code"] == "not_allowed"
        assert client.get(path).status_code == 403 and client.post(path).status_code == 403
        assert analyses(client).started == 0
        assert ana.get(path) == {"status": "none"}
        assert ana.post(path)["status"] in ("running", "ready")
        assert wait_ready(ana, path)["players"] == 2
        assert eve.get(path, expect=403)["error"]["code"] == "not_allowed", "still refused once it is known"
        assert client.get("/api/replay/nope/analysis").status_code == 404


def test_computed_once_saved_in_the_record_and_mapped_onto_the_frames(sqlite_store: Store) -> None:
    with running(sqlite_store, **QUICK) as client:
        ana, bea = Api(client, "ana"), Api(client, "bea")
        tid = bots_only(ana)
        path = f"/api/replay/{tid}/analysis"
        assert bea.get(path) == {"status": "none"}
        started = bea.post(path)
        assert started["status"] in ("running", "ready")
        ready = wait_ready(client, path)  # anybody may see a finished public table's replay
        assert bea.post(path) == ready and analyses(client).started == 1, "asked again: nothing computed"
        frames = ana.get(f"/api/replay/{tid}")["frames"]
        record = ana.get(f"/api/records/{tid}")
        assert record["analysis"]["version"] == 1, "the downloaded record carries the analysis"
        game = GAMES["brisca"]
        rules = game.from_record(record).rules
        cards = [a for d in record["deals"] for a in d["actions"] if game.is_card(rules, game.parse_action(rules, a))]
        assert ready["cards"] == len(ready["moves"]) == len(cards) >= 40
        assert 0 < ready["analysed"] < ready["cards"], "the first tricks are out of the solver's reach"
        lost = [0, 0]
        for move in ready["moves"]:
            frame = frames[move["frame"]]
            assert (frame["action"], frame["seat"]) == (move["card"], move["seat"])
            assert (move["cost"] is None) == ("note" in move and move["note"] != "forced")
            lost[move["seat"]] += move["cost"] or 0
        assert ready["lost"] == lost and ready["own_lost"] is None
    # Another server on the same database (another node of a cluster) answers from the stored record.
    with running(sqlite_store, **QUICK) as other:
        assert wait_ready(other, path, timeout=5) == ready and analyses(other).started == 0


def test_the_work_is_bounded(sqlite_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = server_analysis.record_deal_block

    def held(*args: Any) -> Any:  # the work waits until the test lets it go
        release.wait(30)
        return real(*args)

    monkeypatch.setattr(server_analysis, "record_deal_block", held)
    limits = {**QUICK, "analysis_queue": 0, "analysis_burst": 2, "analyses_per_minute": 0.01}
    try:
        with running(sqlite_store, **limits) as client:
            ana = Api(client, "ana")
            first, second, third = bots_only(ana), bots_only(ana), bots_only(ana)
            assert ana.post(f"/api/replay/{first}/analysis")["status"] == "running"
            # One worker, no queue: a second analysis must wait for the first.
            busy = client.post(f"/api/replay/{second}/analysis")
            assert busy.status_code == 503 and busy.json()["error"]["code"] == "analysis_busy"
            assert busy.headers["Retry-After"] == "60"
            assert ana.post(f"/api/replay/{first}/analysis")["status"] == "running", "asking again is free"
            release.set()
            wait_ready(ana, f"/api/replay/{first}/analysis")
            ana.post(f"/api/replay/{second}/analysis")
            wait_ready(ana, f"/api/replay/{second}/analysis")
            # The burst of two from this address is spent: the third waits its turn.
            slow = client.post(f"/api/replay/{third}/analysis")
            assert slow.status_code == 429 and slow.json()["error"]["code"] == "too_many_analyses"
            assert int(slow.headers["Retry-After"]) > 0
    finally:
        release.set()
    with running(sqlite_store, **{**QUICK, "analysis_max_cards": 39}) as client:
        ana = Api(client, "ana")
        tid = bots_only(ana)
        refused = ana.post(f"/api/replay/{tid}/analysis", expect=422)["error"]
        assert refused["code"] == "analysis_too_long" and refused["detail"]["limit"] == 39
    with running(sqlite_store, **{**QUICK, "analysis_workers": 0}) as client:
        ana = Api(client, "ana")
        tid = bots_only(ana)
        assert ana.post(f"/api/replay/{tid}/analysis", expect=503)["error"]["code"] == "analysis_off"
        assert ana.get(f"/api/replay/{tid}/analysis") == {"status": "none"}


def test_a_failed_analysis_is_said_and_may_be_asked_again(sqlite_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("no luck")

    real = server_analysis.record_deal_block
    monkeypatch.setattr(server_analysis, "record_deal_block", broken)
    with running(sqlite_store, **QUICK) as client:
        ana = Api(client, "ana")
        tid = bots_only(ana)
        path = f"/api/replay/{tid}/analysis"
        ana.post(path)
        deadline = time.monotonic() + 10
        while ana.get(path)["status"] != "failed":
            assert time.monotonic() < deadline
            time.sleep(0.02)
        monkeypatch.setattr(server_analysis, "record_deal_block", real)
        assert ana.post(path)["status"] in ("running", "ready")
        assert wait_ready(ana, path)["cards"] >= 40


def test_worker_processes_do_the_work(sqlite_store: Store) -> None:
    """The server's default: the analysis in spawned worker processes, never in the server's own."""
    with running(sqlite_store, **{**QUICK, "analysis_processes": True}) as client:
        ana = Api(client, "ana")
        tid = bots_only(ana)
        ana.post(f"/api/replay/{tid}/analysis")
        assert wait_ready(ana, f"/api/replay/{tid}/analysis")["cards"] >= 40
        pool = analyses(client)._pool
        assert pool is not None
        workers = list(pool._processes.values())  # type: ignore[attr-defined]
        assert workers
    for process in workers:  # the server stopped: so did its workers
        process.join(timeout=10)
        assert not process.is_alive()
