"""The REST side of the app: people, games, creating and filling tables, the lobby, finished games, pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tapete.games import GAMES
from tapete.server.app import STATIC
from tapete.server.storage import Store
from tapete.text.catalog_web import MESSAGES as WEB
from tests.server.support_server import Api, Peer, open_table, play_out, running


def test_guests_and_registered_users(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        guest = Api(client, "  Ana  ")
        assert guest.user["name"] == "Ana" and not guest.user["registered"]
        assert guest.get("/api/me")["user"]["id"] == guest.user["id"]
        r = client.post("/api/register", json={"name": "bea", "password": "secreto1"})
        assert r.status_code == 200 and r.json()["user"]["registered"]
        again = client.post("/api/register", json={"name": "bea", "password": "otra clave"})
        assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"
        login = client.post("/api/login", json={"name": "bea", "password": "secreto1"})
        assert login.status_code == 200 and login.json()["user"]["id"] == r.json()["user"]["id"]
        assert login.json()["token"] != r.json()["token"]
        bad = client.post("/api/login?lang=fr", json={"name": "bea", "password": "faux"})
        assert bad.status_code == 401 and bad.json()["error"] == {
            "code": "bad_login", "message": "Nom ou mot de passe incorrect.", "detail": {},
        }  # fmt: skip
        assert client.get("/api/me").json()["error"]["code"] == "no_auth"


def test_games_lists_presets_and_options_in_the_askers_language(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        en = client.get("/api/games").json()
        es = client.get("/api/games", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()
    assert [g["name"] for g in en["games"]] == list(GAMES)
    guinote = en["games"][0]
    assert guinote["default_preset"] == GAMES["guinote"].default_preset
    assert {p["name"] for p in guinote["presets"]} == set(GAMES["guinote"].presets)
    players = {p["name"]: p["players"] for p in guinote["presets"]}
    assert players["aragones"] == 4 and players["aragones-2p"] == 2
    decks = {p["name"]: p["deck"] for p in guinote["presets"]}
    assert decks["frances"] == "french" and decks["aragones"] == "spanish"
    assert {p["deck"] for p in en["games"][1]["presets"]} == {"french"}
    target = next(o for o in guinote["options"] if o["name"] == "target")
    assert target["type"] == "int" and target["choices"] is None
    assert any(o["type"] == "str" and o["choices"] for o in guinote["options"])
    assert en["games"][0]["presets"][0]["description"] != es["games"][0]["presets"][0]["description"]
    assert {lv["name"] for lv in en["bot_levels"]} == {"random", "easy", "medium", "hard", "expert"}


def test_the_create_form_data_speaks_to_players(sqlite_store: Store) -> None:
    """Every choice in words (never "sota_high"), presets named with their accents, no sources in them."""
    with running(sqlite_store) as client:
        for lang in ("en", "es", "fr"):
            listed = client.get(f"/api/games?lang={lang}").json()["games"]
            for entry in listed:
                for option in entry["options"]:
                    assert option["label"] and option["help"], (entry["name"], option["name"])
                    for choice in option["choices"] or []:
                        assert set(choice) == {"value", "label"} and not choice["label"].startswith("rules."), choice
                        assert "_" not in choice["label"], choice
                for preset in entry["presets"]:
                    assert (preset["title"] and preset["title"] != preset["name"]) or preset["name"] == "brisca"
                    assert not re.search(r"\b\d{3}\b.*\)|seeds?\b|fuentes?\b|sources?\b", preset["description"]), preset
            titles = {p["name"]: p["title"] for g in listed for p in g["presets"]}
            assert titles["aragones"].startswith("Aragonés") and titles["contree"] == "Contrée", titles
    guinote = next(g for g in listed if g["name"] == "guinote")
    order = next(o for o in guinote["options"] if o["name"] == "figure_order")
    assert [c["value"] for c in order["choices"]] == ["sota_high", "caballo_high"]


def test_each_preset_carries_its_own_target_and_option_values(sqlite_store: Store) -> None:
    """The create form fills a preset's own values (Belote classique-501 to 501, contrée to 1500,
    Guiñote clásico to its own target), not the base rules' defaults."""
    import dataclasses

    with running(sqlite_store) as client:
        listed = client.get("/api/games").json()["games"]
    for entry in listed:
        game = GAMES[entry["name"]]
        for preset in entry["presets"]:
            rules = game.presets[preset["name"]]
            assert preset["target"] == rules.target, (entry["name"], preset["name"])
            expected = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name != "preset_name"}
            assert preset["options"] == expected, (entry["name"], preset["name"])
    belote = {p["name"]: p for p in next(g for g in listed if g["name"] == "belote")["presets"]}
    assert any(p["target"] != 1000 for p in belote.values())


def test_a_table_from_creation_to_the_end(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana, bea, cruz = Api(client, "ana"), Api(client, "bea"), Api(client, "cruz")
        table = ana.post("/api/tables", json={
            "game": "guinote", "preset": "clasico", "options": {"must_trump": True}, "target": 51,
            "clock_seconds": 30, "public": True, "spectators_see_hands": False, "rated": False,
        })  # fmt: skip
        tid = table["id"]
        assert table["status"] == "waiting" and table["owner"] and table["my_seat"] is None
        assert table["invite"] == f"/t/{table['code']}" and len(table["code"]) == 8
        assert table["target"] == 51 and table["clock_seconds"] == 30 and table["options"] == {"must_trump": "true"}
        assert [s["kind"] for s in table["seats"]] == ["open"] * 4
        # The invite code finds it (in any case); the lobby lists it.
        assert bea.get(f"/api/code/{table['code'].lower()}")["id"] == tid
        assert tid in [t["id"] for t in cruz.get("/api/lobby")["tables"]]
        # Sitting: one seat each; a taken seat is refused; a partner's seat must be on the same side.
        bea.post(f"/api/tables/{tid}/seats/1")
        assert bea.post(f"/api/tables/{tid}/seats/3", expect=409)["error"]["code"] == "already_seated"
        assert cruz.post(f"/api/tables/{tid}/seats/1", expect=409)["error"]["code"] == "seat_taken"
        assert (
            cruz.post(f"/api/tables/{tid}/seats/2", json={"partner_of": 1}, expect=400)["error"]["code"] == "bad_seat"
        )
        sat = cruz.post(f"/api/tables/{tid}/seats/3", json={"partner_of": 1})
        assert sat["seat"] == 3 and sat["seat_token"] and sat["table"]["my_seat"] == 3
        assert cruz.get(f"/api/tables/{tid}")["my_seat"] == 3
        assert ana.post(f"/api/tables/{tid}/seats/9", expect=400)["error"]["code"] == "bad_seat"
        # Leaving, and the owner freeing a seat.
        cruz.delete(f"/api/tables/{tid}/seats/3")
        assert cruz.delete(f"/api/tables/{tid}/seats/3", expect=409)["error"]["code"] == "seat_open"
        cruz.post(f"/api/tables/{tid}/seats/3")
        ana.delete(f"/api/tables/{tid}/seats/3")
        assert ana.get(f"/api/tables/{tid}")["seats"][3]["kind"] == "open"
        # Bots: owner only, known levels, not over a person.
        assert (
            ana.post(f"/api/tables/{tid}/bots/2", json={"level": "genius"}, expect=400)["error"]["code"] == "bad_level"
        )
        assert (
            ana.post(f"/api/tables/{tid}/bots/1", json={"level": "easy"}, expect=409)["error"]["code"] == "seat_taken"
        )
        assert ana.post(f"/api/tables/{tid}/start", expect=409)["error"]["code"] == "seats_open"
        ana.post(f"/api/tables/{tid}/bots/2", json={"level": "easy"})
        ana.post(f"/api/tables/{tid}/bots/2", json={"level": "random"})  # a bot's level can change
        bots = ana.post(f"/api/tables/{tid}/bots/3", json={"level": "random"})["table"]["seats"]
        assert [(s["kind"], s["level"]) for s in bots[2:]] == [("bot", "random"), ("bot", "random")]
        token = ana.post(f"/api/tables/{tid}/seats/0")["seat_token"]
        started = ana.post(f"/api/tables/{tid}/start")["table"]
        assert started["status"] == "live" and started["started_at"]
        assert (
            ana.post(f"/api/tables/{tid}/bots/2", json={"level": "easy"}, expect=409)["error"]["code"] == "not_waiting"
        )
        # Once live nobody frees another's seat (leaving one's own hands it to a bot: test_coming_and_going).
        assert ana.delete(f"/api/tables/{tid}/seats/1", expect=409)["error"]["code"] == "not_waiting"
        # Watching.
        assert cruz.post(f"/api/tables/{tid}/watch")["spectator_token"]
        # Play it out, people and bots.
        a, b = Peer(client, tid), Peer(client, tid)
        a.hello(token)
        b.hello(bea.post(f"/api/tables/{tid}/seats/1")["seat_token"])
        play_out({0: a, 1: b})
        finished = ana.get(f"/api/tables/{tid}")
        assert finished["status"] == "finished" and finished["finished_at"]
        assert tid not in [t["id"] for t in cruz.get("/api/lobby")["tables"]]
        # My games, the record download, the replay.
        mine = bea.get("/api/me/games")["games"]
        assert [g["id"] for g in mine] == [tid] and mine[0]["my_seat"] == 1 and mine[0]["names"][:2] == ["ana", "bea"]
        assert cruz.get("/api/me/games")["games"] == []
        r = client.get(f"/api/records/{tid}")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        assert f"tapete-guinote-{tid}.json" in r.headers["content-disposition"]
        record = json.loads(r.text)
        assert record["format"] == "tapete-record" and GAMES["guinote"].from_record(record).is_terminal()
        replay = client.get(f"/api/replay/{tid}?lang=es").json()
        frames = replay["frames"]
        assert frames[0]["version"] == 0 and frames[0]["action"] is None
        assert [f["version"] for f in frames] == list(range(len(frames)))
        # A frame for each action everybody saw: a declined optional decision (issue 12 §1) has none.
        game = GAMES["guinote"]
        rules = game.rules()
        told = [a for a in sqlite_store.actions(tid) if not game.is_silent(rules, game.parse_action(rules, a.action))]
        assert len(frames) == len(told) + 1
        assert all(f["view"]["seat"] is None and f["view"]["legal"] == [] for f in frames)
        assert [len(h) for h in frames[0]["view"]["hands"]] == frames[0]["view"]["hand_sizes"]
        assert frames[-1]["view"]["match_over"] and any("jugó" in f["text"] for f in frames[1:5])
        # The deck's faces and names come once, in the reader's language, not in every frame.
        assert replay["faces"] == "spanish" and replay["cards"]["Rc"] == ["R", "c", "rey de copas"]
        assert all("cards" not in f["view"] for f in frames)


def test_abandoning_a_waiting_table(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        ana = Api(client, "ana")
        tid = ana.post("/api/tables", json={"game": "belote"})["id"]
        assert ana.delete(f"/api/tables/{tid}")["table"]["status"] == "abandoned"
        assert tid not in [t["id"] for t in ana.get("/api/lobby")["tables"]]
        assert ana.post(f"/api/tables/{tid}/seats/0", expect=409)["error"]["code"] == "not_waiting"
        assert ana.post(f"/api/tables/{tid}/watch", expect=409)["error"]["code"] == "table_closed"


def test_rated_games_of_people_update_the_ratings(store: Store) -> None:
    with running(store) as client:
        people = {s: Api(client, n) for s, n in enumerate(["ana", "bea", "cruz", "dani"])}
        setup = open_table(people[0], "guinote", "clasico", people, target=31, rated=True)
        peers = {s: Peer(client, setup.id) for s in people}
        for s, p in peers.items():
            p.hello(setup.tokens[s])
        final = play_out(peers)
        winners = {people[s].user["id"] for s in range(4) if s % 2 == final["winner"]}
        board = people[0].get("/api/ratings?game=guinote&kind=player")
        assert board["game"] == "guinote" and len(board["ratings"]) == 4
        top = board["ratings"][:2]
        assert {r["key"] for r in top} == winners and all(r["games"] == 1 for r in top)
        pairs = client.get("/api/ratings?game=guinote&kind=pair").json()["ratings"]
        assert len(pairs) == 2
        # A table with a bot is not rated.
        with_bot = open_table(people[0], "guinote", "aragones-2p", {0: people[0]}, rated=True)
        peer = Peer(client, with_bot.id)
        peer.hello(with_bot.tokens[0])
        play_out({0: peer})
        assert client.get("/api/ratings?game=guinote").json()["ratings"][0]["games"] == 1


def test_the_web_client_texts(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        for lang in ("en", "es", "fr"):
            texts = client.get(f"/api/i18n/{lang}").json()
            assert set(texts) == set(WEB)
        assert client.get("/api/i18n/en").json() == WEB
        assert client.get("/api/i18n/xx").json()["error"]["code"] == "bad_lang"


def test_pages_serve_the_single_page_client(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        for path in ("/", "/t/ABCDEF", "/table/xyz", "/replay/xyz"):
            r = client.get(path)
            if (STATIC / "index.html").is_file():
                assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            else:
                assert r.status_code == 404 and r.json()["error"]["code"] == "no_client"
            assert r.headers["x-content-type-options"] == "nosniff"


def test_the_serve_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``tapete serve`` is a command (the real server runs in tests/server/test_recovery.py)."""
    from tapete.cli.main import main

    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--database" in out and "--port" in out and "--host" in out
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000" in capsys.readouterr().err
    assert main(["serve", "--bot-delay", "-1"]) == 2


def test_unknown_addresses_answer_in_the_same_error_format(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        r = client.get("/api/nothing-here?lang=es")
        assert r.status_code == 404 and r.json()["error"] == {
            "code": "not_found", "message": "No hay nada en esta dirección.", "detail": {},
        }  # fmt: skip
        r = client.put("/api/guest", json={})
        assert r.status_code == 405 and r.json()["error"]["code"] == "bad_method"
        assert client.get("/static/no-such-file.js").json()["error"]["code"] == "not_found"


def test_the_default_database_is_a_file_in_tapetes_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tapete.cli.serve import open_store
    from tapete.server.config import ServerConfig

    home = tmp_path / "new" / "home"
    monkeypatch.setenv("TAPETE_HOME", str(home))
    url = ServerConfig().database_url
    assert url == f"sqlite:///{home / 'tapete.db'}"
    store = open_store(url)  # the folder does not exist yet: it is made, and the schema with it
    try:
        assert (home / "tapete.db").is_file() and store.revision() is not None
    finally:
        store.close()
