"""``GET /api/rules/{game}?preset=NAME``: a preset's rules in words for the browser's rules page (issue 13).

What ``tapete rules --json`` prints (the same keys, the same values), and around it what a page shows:
the game's and preset's names, the summary, the topics, the presets to choose from and the default
preset's value of every option set otherwise. In the asker's language; unknown games and presets are
404s with a code and a sentence; the answer is cached, since it depends only on game, preset and
language. The page itself (``/rules/...``) is the web client's entry page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tapete.cli.main import main
from tapete.games import GAMES
from tapete.server.rest import RULES_CACHE
from tapete.server.storage import Store
from tapete.text.messages import msg, set_translator
from tests.server.support_server import running


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """``main --lang`` sets the process's translator: put English back around every test."""
    set_translator(None)
    yield
    set_translator(None)


def cli_json(capsys: pytest.CaptureFixture[str], game: str, preset: str, lang: str) -> dict[str, object]:
    assert main(["--lang", lang, "rules", game, "--preset", preset, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    set_translator(None)
    return data


CASES = [("guinote", "clasico", "en"), ("guinote", "clasico", "es"), ("belote", "contree", "fr")]


def test_the_answer_holds_what_tapete_rules_json_prints(
    sqlite_store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(sqlite_store) as client:
        for game, preset, lang in CASES:
            answer = client.get(f"/api/rules/{game}?preset={preset}&lang={lang}")
            assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
            data = answer.json()
            expected = cli_json(capsys, game, preset, lang)
            assert {key: data[key] for key in expected} == expected, (game, preset, lang)


def test_what_the_page_shows_around_the_options(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        en = client.get("/api/rules/guinote?preset=clasico").json()
        es = client.get("/api/rules/guinote?preset=clasico", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()
        default = client.get("/api/rules/guinote").json()
    game = GAMES["guinote"]
    assert en["game_title"] == game.title and en["preset_title"] == "Clásico"
    assert en["default_preset"] == game.default_preset == default["preset"]
    assert [p["name"] for p in en["presets"]] == list(game.presets)
    assert en["presets"][0]["title"].startswith("Aragonés")
    # The chooser's descriptions are for players (no sources); the chosen preset's keeps them.
    assert not any(re.search(r"\(seeds?\b|\(00\d", p["description"]) for p in en["presets"]), en["presets"]
    assert "000/001" in en["description"]
    figure = en["texts"]["figure_order"]
    assert figure["value"] == msg("rules.guinote.figure_order.value.caballo_high")
    assert figure["source"] == msg("rules.guinote.figure_order.source") and figure["source"]
    assert figure["topic"] in [t["name"] for t in en["topics"]]
    assert en["differs"]["figure_order"] == msg("rules.guinote.figure_order.value.sota_high")
    assert default["differs"] == {}
    assert en["summary"] and all(row["label"] and row["text"] for row in en["summary"])
    # The same in Spanish words.
    assert es["texts"]["figure_order"]["value"] != figure["value"] and "caballo" in es["texts"]["figure_order"]["value"]
    assert es["summary"][0]["label"] == "Jugadores"


def test_every_preset_of_every_game_has_its_page(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        for name, game in GAMES.items():
            for preset in game.presets:
                data = client.get(f"/api/rules/{name}?preset={preset}&lang=fr").json()
                assert data["preset"] == preset and set(data["texts"]) == set(data["options"])
                assert {t["topic"] for t in data["texts"].values()} <= {t["name"] for t in data["topics"]}


def test_an_unknown_game_or_preset_is_a_404_with_a_code_and_a_sentence(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        game = client.get("/api/rules/chess?lang=es")
        preset = client.get("/api/rules/guinote?preset=nonsense")
        other = client.get("/api/rules/belote?preset=clasico&lang=fr")
    assert game.status_code == 404 and game.json()["error"]["code"] == "bad_game"
    assert "chess" in game.json()["error"]["message"] and "desconocido" in game.json()["error"]["message"]
    assert preset.status_code == 404 and preset.json()["error"]["code"] == "bad_preset"
    error = preset.json()["error"]
    assert "nonsense" in error["message"] and "aragones" in error["message"]
    assert error["detail"]["presets"] == list(GAMES["guinote"].presets)
    assert other.status_code == 404 and other.json()["error"]["code"] == "bad_preset"
    assert "règles" in other.json()["error"]["message"]
    assert "cache-control" not in game.headers or "max-age" not in game.headers["cache-control"]


def test_the_answer_is_cached_by_game_preset_and_language(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        first = client.get("/api/rules/belote?preset=coinche")
        assert first.headers["cache-control"] == RULES_CACHE and "max-age" in RULES_CACHE
        assert "accept-language" in first.headers["vary"].lower()
        etag = first.headers["etag"]
        again = client.get("/api/rules/belote?preset=coinche", headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        spanish = client.get("/api/rules/belote?preset=coinche&lang=es")
        assert spanish.headers["etag"] != etag
        assert client.get("/api/rules/belote?preset=contree").headers["etag"] != etag
        head = client.head("/api/rules/belote?preset=coinche")
        assert head.status_code == 200 and head.content == b"" and head.headers["etag"] == etag
        packed = client.get("/api/rules/belote?preset=coinche", headers={"Accept-Encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip" and packed.json() == first.json()


def test_the_rules_pages_are_the_web_clients_entry_page(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        for path in ("/rules/guinote", "/rules/guinote/clasico", "/rules/belote/contree"):
            page = client.get(path)
            assert page.status_code == 200 and "/app.js" in page.text, path
