"""``tapete replay --analyse``: each card's cost computed, saved in the record, shown in the replays.

Issue 17, goal 5: "shown ... in ``tapete replay``, and in the records as an optional analysis block".
The costs themselves are checked against a brute force in tests/test_analysis.py; here: the command
line's output, the block saved and read back, the views that show it (every hand) and those that do
not (a seat's: the analysis knows every hand), and records without the block or with a stale one.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tapete.analysis import Limits, analyse_match
from tapete.bots.levels import make_bot
from tapete.cli.main import main
from tapete.core import record_file as records
from tapete.games import GAMES
from tapete.replay.cursor import ReplayCursor
from tapete.replay.text import ALL, position_text
from tapete.text.messages import set_translator

COST = re.compile(r"^  (\d+)\. seat (\d) (\S+) (-\d+|0|\?)")


def one_deal_record(path: Path, name: str = "brisca", preset: str = "brisca-2p", seed: int = 3) -> Any:
    """A record of a match's first deal played by the heuristic bots (the record stops after it)."""
    game = GAMES[name]
    match = game.new_match(game.rules(preset), seed=seed)
    bot, rng = make_bot("heuristic"), random.Random(seed)
    while match.deals[0].result is None:
        match.apply_action(bot.act(game.observe(match, match.current_player), rng))
    records.save(path, game.to_record(match))
    return match


@pytest.fixture(autouse=True)
def english() -> Any:
    set_translator(None)
    yield
    set_translator(None)


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """A record analysed by ``tapete replay --analyse`` (its costs printed then are checked below)."""
    path = tmp_path_factory.mktemp("analysed") / "brisca.json"
    match = one_deal_record(path)
    set_translator(None)
    assert main(["replay", str(path), "--analyse", "--costs"]) == 0
    return path, match


def test_analyse_saves_the_block_and_costs_prints_each_card(
    analysed: tuple[Path, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    path, match = analysed
    game = GAMES["brisca"]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["analysis"]["version"] == 1 and data["format"] == "tapete-record"
    assert game.from_record(data).deals[0].actions == match.deals[0].actions, "the record is kept as it was"
    want = analyse_match(game, match, Limits())
    assert main(["replay", str(path), "--costs"]) == 0  # read back from the file: nothing computed
    out = capsys.readouterr().out
    rows = [COST.match(line) for line in out.splitlines()]
    found = [m.groups() for m in rows if m]
    assert len(found) == len(list(want.moves()))
    for (step, seat, card, cost), move in zip(found, want.moves(), strict=True):
        assert (int(step), int(seat), card) == (move.step + 1, move.seat, game.action_str(match.rules, move.action))
        assert cost == ("?" if move.cost is None else f"-{move.cost}" if move.cost else "0")
    lost = want.lost(2)
    assert f"points lost in this deal, every hand known: seat 0 {lost[0]}, seat 1 {lost[1]}" in out
    assert "cards analysed (the others beyond the solver's reach or limit)" in out  # the first tricks are not


def test_the_every_hand_view_shows_the_costs_a_seat_view_does_not(
    analysed: tuple[Path, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = analysed
    assert main(["replay", str(path), "--print"]) == 0
    every = capsys.readouterr().out
    assert "analysis of " in every and "costs in this trick: " in every
    assert "points lost in this deal, every hand known" in every
    assert main(["replay", str(path), "--print", "--seat", "0"]) == 0
    seat = capsys.readouterr().out
    assert "analysis" not in seat and "costs in this trick" not in seat and "points lost" not in seat


def test_the_app_shows_the_cost_of_the_card_just_played(analysed: tuple[Path, Any]) -> None:
    from tapete.replay.app import ReplayApp

    path, _ = analysed
    cursor = ReplayCursor.load(path)
    assert cursor.analysis is not None
    last = cursor.end().back()  # the last trick's cards were analysed
    app = ReplayApp(cursor)
    assert "analysis of " in app.status_text()
    assert "analysis of " in position_text(cursor, last.current, ALL)


def test_costs_need_an_analysis(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.json"
    one_deal_record(path)
    assert main(["replay", str(path), "--costs"]) == 2
    assert "has no analysis of its cards: add --analyse" in capsys.readouterr().err
    assert main(["replay", str(path), "--analyse", "--max-nodes", "0"]) == 2
    assert "--max-nodes 0" in capsys.readouterr().err
    assert "analysis" not in json.loads(path.read_text(encoding="utf-8")), "nothing written on a refusal"


def test_a_stale_analysis_is_left_out_and_said(
    analysed: tuple[Path, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = analysed
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = next(e for e in data["analysis"]["deals"][0] if e["cost"] is not None)
    entry["card"] = "zz"
    stale = tmp_path / "stale.json"
    records.save(stale, data)
    assert main(["replay", str(stale), "--print"]) == 0
    captured = capsys.readouterr()
    assert "the record's analysis is left out" in captured.err and "does not match" in captured.err
    assert "analysis of " not in captured.out and "seat 1" in captured.out


def test_a_small_node_limit_leaves_cards_not_analysed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "belote.json"
    one_deal_record(path, "belote", "classique", 1)
    assert main(["replay", str(path), "--analyse", "--max-nodes", "1", "--costs"]) == 0
    out = capsys.readouterr().out
    assert "not analysed: the search passed its node limit" in out
    saved = json.loads(path.read_text(encoding="utf-8"))["analysis"]
    assert saved["limits"]["max_nodes"] == 1 and any(e.get("note") == "nodes" for e in saved["deals"][0])


def test_costs_in_spanish(analysed: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = analysed
    assert main(["replay", str(path), "--costs", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "puntos perdidos en esta mano" in out and "every hand" not in out
