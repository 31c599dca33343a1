"""The view model (tapete.server.wire): its shape, its words, and that it shows no hidden card."""

from __future__ import annotations

import json
import random

import pytest

from tapete.games import GAMES
from tapete.guinote.actions import CLAIM
from tapete.server.live import step
from tapete.server.wire import (
    TableFacts,
    all_hands,
    event_lines,
    legal,
    narration_names,
    public,
    seat_view,
    spectator_view,
)
from tests.server.support_server import cards_named, hidden_from, public_text

#: Every key of the view model the contract names, for both games.
VIEW_KEYS = {
    "game", "preset", "seat", "players", "sides", "names", "kinds", "connected", "away", "phase",
    "current_player", "dealer", "hand", "hand_sizes", "trick", "last_trick", "trump", "indicator", "retourne",
    "stock", "legal", "deal_points", "score", "contract", "bids", "cantes", "deal_number", "match_over", "winner",
    "breakdown", "version", "clock", "levels", "faces", "cards", "suits",
}  # fmt: skip

PRESETS = [(g.name, p) for g in GAMES.values() for p in g.presets]


def _advance(game_name: str, preset: str, seed: int, steps: int) -> tuple[object, object]:
    game = GAMES[game_name]
    match = game.new_match(game.rules(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_terminal():
            break
        match.apply_action(rng.choice(match.legal_actions()))
    return game, match


@pytest.mark.parametrize(("game_name", "preset"), PRESETS)
def test_views_have_the_contract_shape_and_are_json(game_name: str, preset: str) -> None:
    game, match = _advance(game_name, preset, seed=3, steps=9)
    n = match.players  # type: ignore[attr-defined]
    facts = TableFacts.empty(n)
    for seat in range(n):
        view = seat_view(game, match, seat, facts, None, "en")  # type: ignore[arg-type]
        assert set(view) >= VIEW_KEYS, VIEW_KEYS - set(view)
        assert view["seat"] == seat and len(view["names"]) == n and len(view["hand_sizes"]) == n
        assert len(view["hand"]) == view["hand_sizes"][seat] or game_name == "belote"  # découverte: face-up only
        json.dumps(view)
        for choice in view["legal"]:
            assert set(choice) == {"action", "kind", "card", "label"} and choice["label"]
            assert (choice["kind"] == "card") == (choice["card"] is not None)
        if view["current_player"] != seat:
            assert view["legal"] == []
    watch = spectator_view(game, match, facts, None, "en")  # type: ignore[arg-type]
    assert set(watch) >= VIEW_KEYS
    assert watch["seat"] is None and watch["hand"] == [] and watch["legal"] == [] and "hands" not in watch


def test_spectators_see_every_hand_only_when_asked() -> None:
    game, match = _advance("belote", "classique", seed=5, steps=6)
    facts = TableFacts.empty(4)
    watch = spectator_view(game, match, facts, None, "en", hands=True)  # type: ignore[arg-type]
    assert watch["hands"] == all_hands(game, match)  # type: ignore[arg-type]
    for seat in range(4):
        assert sorted(watch["hands"][seat]) == sorted(seat_view(game, match, seat, facts, None, "en")["hand"])  # type: ignore[arg-type]


def test_public_observation_has_no_hand_and_no_choices() -> None:
    game, match = _advance("guinote", "aragones", seed=2, steps=0)
    obs = game.observe(match, match.current_player)  # type: ignore[attr-defined]
    assert obs.hand and obs.legal_actions
    stripped = public(obs)
    assert stripped.hand == () and stripped.legal_actions == () and stripped.trick == obs.trick


def test_words_come_in_the_viewers_language() -> None:
    game = GAMES["belote"]
    match = game.new_match(game.rules("classique"), seed=4)
    seat = match.current_player
    facts = TableFacts.empty(4)
    labels = {
        lang: [c["label"] for c in seat_view(game, match, seat, facts, None, lang)["legal"]] for lang in ("en", "fr")
    }
    assert labels["en"] != labels["fr"]
    assert [c["action"] for c in seat_view(game, match, seat, facts, None, "fr")["legal"]] == [
        "pass",
        "take:" + "shdc"[match.deal.retourne // 8],
    ]


def test_score_text_is_malas_and_buenas_in_guinote() -> None:
    game, match = _advance("guinote", "aragones", seed=1, steps=0)
    match.scores = [45, 62]  # type: ignore[attr-defined]
    view = seat_view(game, match, 0, TableFacts.empty(4), None, "es")  # type: ignore[arg-type]
    assert view["score"]["sides"] == [45, 62]
    assert view["score"]["labels"] == ["45 malas", "12 buenas"]
    assert view["score"]["text"] == "45 malas - 12 buenas"
    game_b, match_b = _advance("belote", "classique", seed=1, steps=0)
    view_b = seat_view(game_b, match_b, 0, TableFacts.empty(4), None, "en")  # type: ignore[arg-type]
    assert view_b["score"]["text"] == "0 - 0"


def test_action_kinds() -> None:
    from tapete.belote import actions as b
    from tapete.guinote import actions as g

    guinote, belote = GAMES["guinote"], GAMES["belote"]
    rules_g, rules_b = guinote.rules(), belote.rules()
    assert [guinote.action_kind(rules_g, a) for a in (0, g.SING, g.TUTE, g.EXCHANGE, g.CLAIM, g.PASS)] == [
        "card", "sing", "sing", "exchange", "claim", "pass",
    ]  # fmt: skip
    calls = (31, b.PASS, b.COINCHE, b.SURCOINCHE, b.DECLARE, b.TAKE, b.BID)
    assert [belote.action_kind(rules_b, a) for a in calls] == [
        "card", "pass", "coinche", "surcoinche", "declare", "take", "bid",
    ]  # fmt: skip


@pytest.mark.parametrize(("game_name", "preset"), PRESETS)
def test_every_card_string_of_a_view_is_drawn_and_named(game_name: str, preset: str) -> None:
    """The browser knows no game: every card string a view holds is in its ``cards`` (face and name)."""
    game, match = _advance(game_name, preset, seed=7, steps=12)
    view = seat_view(game, match, 0, TableFacts.empty(match.players), None, "es")  # type: ignore[arg-type,attr-defined]
    faces = view["faces"]
    assert faces in ("spanish", "french")
    strings = [*view["hand"], *(c for _, c in view["trick"]), *(c for row in view["known"] for c in row)]
    strings += [v for k in ("indicator", "retourne", "bergere") if (v := view.get(k))]
    for card in strings:
        rank, suit, name = view["cards"][card]
        assert name and rank and suit in ("oceb" if faces == "spanish" else "shdc"), (card, rank, suit)
    if view["trump"]:
        assert view["trump"] in view["suits"]
    for choice in view["legal"]:
        if choice["card"]:
            assert choice["label"] == view["cards"][choice["card"]][2]


def test_legal_lists_cards_in_hand_order_then_other_choices() -> None:
    game = GAMES["belote"]
    match = game.new_match(game.rules("classique"), seed=4)
    obs = game.observe(match, match.current_player)
    kinds = [c["kind"] for c in legal(game, obs)]
    assert kinds == ["pass", "take"]


@pytest.mark.parametrize(("game_name", "preset"), PRESETS)
def test_no_view_names_a_card_hidden_from_its_viewer(game_name: str, preset: str) -> None:
    """Through whole random matches: every seat's view and the spectators' view, at every position."""
    game = GAMES[game_name]
    match = game.new_match(game.rules(preset), seed=11)
    rng = random.Random(11)
    n = match.players
    facts = TableFacts.empty(n)
    checked = 0
    for _ in range(200):
        if match.is_terminal():
            break
        for viewer in (*range(n), None):
            if viewer is None:
                view = spectator_view(game, match, facts, None, "en")
            else:
                view = seat_view(game, match, viewer, facts, None, "en")
            text = public_text({"type": "state", "view": view})
            leaked = cards_named(game, text) & hidden_from(game, match, viewer)
            assert not leaked, (viewer, leaked)
            checked += 1
        choices = [a for a in match.legal_actions() if not (game_name == "guinote" and a == CLAIM)]
        match.apply_action(rng.choice(choices or match.legal_actions()))
    assert checked > 50


def test_the_faces_come_from_the_rules_not_the_game() -> None:
    def faces(game_name: str, preset: str) -> str:
        game, match = _advance(game_name, preset, seed=1, steps=0)
        return str(spectator_view(game, match, TableFacts.empty(match.players), None, "en")["faces"])  # type: ignore[arg-type,attr-defined]

    assert faces("guinote", "frances") == "french" and faces("guinote", "aragones") == "spanish"
    assert all(faces("belote", p) == "french" for p in GAMES["belote"].presets)
    game, match = _advance("guinote", "frances", seed=1, steps=0)
    view = spectator_view(game, match, TableFacts.empty(4), None, "fr")  # type: ignore[arg-type]
    # Guiñote's card strings stay Spanish; drawn and named as French cards (the caballo is the dame).
    assert view["cards"]["Cc"] == ["Q", "h", "dame de cœur"] and view["suits"]["o"] == ["d", "carreau"]
    spanish = spectator_view(game, _advance("guinote", "aragones", 1, 0)[1], TableFacts.empty(4), None, "es")  # type: ignore[arg-type]
    assert spanish["cards"]["Cc"] == ["C", "c", "caballo de copas"]


def test_event_lines_name_the_seats_and_bots_in_the_readers_language() -> None:
    game = GAMES["guinote"]
    match = game.new_match(game.rules("aragones-2p"), seed=3)
    seat = match.current_player
    happened = step(game, match, seat, match.legal_actions()[0])
    plain = event_lines(game, happened, "en")
    assert plain[0].lower().startswith(f"seat {seat + 1} played the ")  # seats from 1, the card in its deck's words
    kinds, levels = ["human", "bot"], [None, "medium"]
    names = {lang: narration_names(["Ana", "medio bot"], kinds, levels, lang) for lang in ("en", "es", "fr")}
    assert names["en"] == ("Ana", "Bot 2 (medium)")
    assert names["es"][1] != names["en"][1] and names["fr"][1] != names["en"][1]
    told = event_lines(game, happened, "en", names["en"])
    assert told[0].startswith(f"{names['en'][seat]} played") and told[1:] == plain[1:]
    assert event_lines(game, happened, "en") == plain  # no names outside the call: the terminal table's words


def _typedef_properties(name: str) -> set[str]:
    """The properties the browser's JSDoc typedef ``name`` declares (server/static/frames.js)."""
    import re
    from pathlib import Path

    from tapete import server

    text = (Path(server.__file__).resolve().parent / "static" / "frames.js").read_text(encoding="utf-8")
    block = text.split(f"@typedef {{object}} {name}\n", 1)[1].split("*/", 1)[0]
    return set(re.findall(r"@property \{.+\} \[?(\w+)", block))


@pytest.mark.parametrize(("game_name", "preset"), PRESETS)
def test_the_browser_types_declare_every_field_of_a_view(game_name: str, preset: str) -> None:
    """``frames.js`` mirrors this module: a field the server sends and the types omit fails here."""
    game, match = _advance(game_name, preset, seed=5, steps=7)
    facts = TableFacts.empty(match.players)  # type: ignore[attr-defined]
    watch = spectator_view(game, match, facts, None, "en", hands=True)  # type: ignore[arg-type]
    view = seat_view(game, match, 0, facts, None, "en")  # type: ignore[arg-type]
    declared = _typedef_properties("View")
    assert set(view) | set(watch) <= declared, (set(view) | set(watch)) - declared
    assert set(view["score"]) <= _typedef_properties("Score")


def _to_deal(game_name: str, preset: str, deals: int, seed: int = 4) -> tuple[object, object]:
    """A match played at random until ``deals`` deals are finished (or it is over)."""
    game = GAMES[game_name]
    match = game.new_match(game.rules(preset), seed=seed)
    rng = random.Random(seed)
    while not match.is_terminal() and len(match.deals) <= deals:
        match.apply_action(rng.choice(match.legal_actions()))
    return game, match


@pytest.mark.parametrize(("game_name", "preset"), PRESETS)
def test_the_score_sheet_has_a_line_per_finished_deal(game_name: str, preset: str) -> None:
    game, match = _to_deal(game_name, preset, deals=2)
    view = seat_view(game, match, 0, TableFacts.empty(match.players), None, "en")  # type: ignore[arg-type, attr-defined]
    sheet = view["sheet"]
    finished = len(match.deals) - (0 if match.is_terminal() else 1)  # type: ignore[attr-defined]
    assert [row["deal"] for row in sheet] == list(range(1, finished + 1)) and sheet
    units = len(view["score"]["sides"])
    assert all(len(row["points"]) == units == len(row["totals"]) for row in sheet)
    if "partidas" not in view["score"]:  # a new partida starts from nothing again
        assert sheet[-1]["totals"] == view["score"]["sides"]
        assert [sum(row["points"][u] for row in sheet) for u in range(units)] == sheet[-1]["totals"]
    assert spectator_view(game, match, TableFacts.empty(match.players), None, "en")["sheet"] == sheet  # type: ignore[arg-type, attr-defined]


def test_the_bids_come_as_a_grid_of_values_by_contract() -> None:
    game = GAMES["belote"]
    match = game.new_match(game.rules("contree"), seed=2)
    facts = TableFacts.empty(4)
    seat = match.current_player
    view = seat_view(game, match, seat, facts, None, "fr")
    grid = view["bid_grid"]
    assert [c["key"] for c in grid["columns"]] == ["s", "h", "d", "c", "sa", "ta"]
    assert [c["suit"] for c in grid["columns"]][:4] == ["s", "h", "d", "c"] and grid["columns"][4]["suit"] is None
    assert grid["columns"][4]["text"] == "sans-atout" and grid["rows"][0]["text"] == "80"
    assert grid["rows"][-1]["text"] == "capot"
    bids = {c["action"] for c in view["legal"] if c["kind"] == "bid"}
    cells = [a for row in grid["rows"] for a in row["cells"] if a]
    assert sorted(cells) == sorted(bids) and len(cells) == len(set(cells))
    assert grid["rows"][0]["cells"][1] == "bid:80:h"
    json.dumps(view)
    # Only the seat to act gets the box; nobody else learns what it may bid.
    assert seat_view(game, match, (seat + 1) % 4, facts, None, "fr")["bid_grid"] is None
    assert spectator_view(game, match, facts, None, "fr")["bid_grid"] is None
    # Once a bid is made, the rows up to it are gone: a bid must go higher.
    match.apply_action(game.parse_action(match.deal.rules, "bid:100:h"))
    grid = seat_view(game, match, match.current_player, facts, None, "en")["bid_grid"]
    assert grid["rows"][0]["text"] == "110" and all(grid["rows"][0]["cells"])


def test_the_declare_button_says_what_is_declared() -> None:
    game = GAMES["belote"]
    declare = game.parse_action(game.rules("contree"), "declare")
    match = None
    for seed in range(300):
        match = game.new_match(game.rules("contree"), seed=seed)
        rng = random.Random(seed)
        for _ in range(12):
            if declare in match.legal_actions():
                break
            match.apply_action(rng.choice([a for a in match.legal_actions() if a != declare]))
        if declare in match.legal_actions():
            break
    else:
        pytest.fail("no deal with a declaration")
    labels = {}
    for lang in ("en", "fr"):
        view = seat_view(game, match, match.current_player, TableFacts.empty(4), None, lang)
        labels[lang] = next(c["label"] for c in view["legal"] if c["action"] == "declare")
    assert labels["en"].startswith("declare ") and "(" in labels["en"], labels
    assert labels["fr"].startswith("annoncer ") and any(
        w in labels["fr"] for w in ("tierce", "carré", "cinquante", "cent")
    ), labels


def test_a_contree_breakdown_shows_how_each_score_adds_up() -> None:
    """The end-of-deal box writes the arithmetic as players do (160 + 110 x 4 + 140 = 740)."""
    from tapete.server.wire import DealEnd

    game, match = _to_deal("belote", "contree", deals=1, seed=3)
    record = match.deals[0]  # type: ignore[attr-defined]
    view = seat_view(game, match, 0, TableFacts.empty(4), DealEnd(record, None), "fr")  # type: ignore[arg-type]
    sums = [line for line in view["breakdown"] if " = " in line]
    assert sums, view["breakdown"]
    for line in sums:
        expr, total = line.split(": ", 1)[1].split(" = ")
        terms = [t.split(" \u00d7 ") for t in expr.split(" + ")]
        assert sum(int(t[0]) * (int(t[1]) if len(t) > 1 else 1) for t in terms) == int(total.split(" ")[0])
    assert str(record.result.scores[0]) in " ".join(sums) or str(record.result.scores[1]) in " ".join(sums)
