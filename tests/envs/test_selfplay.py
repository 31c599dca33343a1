"""Self-play data (tapete.envs.selfplay, ``tapete selfplay``): one row per decision, the arena's deals, the same
files whatever the workers, the values of searching bots, and the folder refused when it holds a run already.

Issue 16: "``tapete selfplay --bots LEVEL --deals N --out DIR`` writes observation tensors, masks, chosen
actions, search values (where the bot has them) and final results to Parquet (pyarrow), in parallel (and on
Ray, with the arena's path)".
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from tapete.arena import ArenaSpec, RayOptions  # noqa: E402
from tapete.arena import run as run_arena  # noqa: E402
from tapete.bots import levels  # noqa: E402
from tapete.bots.ismcts import IsmctsBot  # noqa: E402
from tapete.cli.main import main  # noqa: E402
from tapete.core.errors import SetupError  # noqa: E402
from tapete.envs.encoding import encoder  # noqa: E402
from tapete.envs.selfplay import DECISION_COLUMNS, RESULT_COLUMNS, part_size, run_selfplay  # noqa: E402
from tapete.games import GAMES  # noqa: E402


def read(out: Path) -> tuple[pa.Table, pa.Table, dict[str, object]]:
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    return pq.read_table(out / "decisions"), pq.read_table(out / "results.parquet"), meta


@pytest.fixture
def tiny_ismcts(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A searching level cheap enough for a test (workers=1 only: spawned workers would not know it)."""
    monkeypatch.setitem(levels.LEVELS, "tiny-ismcts", lambda: IsmctsBot(iterations=12))
    yield "tiny-ismcts"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_one_row_per_decision_with_the_seats_tensor_mask_and_legal_choice(name: str, tmp_path: Path) -> None:
    game = GAMES[name]
    rules = game.rules()
    spec = ArenaSpec(game=name, bots=("random",) * game.units(rules), count=3, seed=11)
    done = run_selfplay(spec, tmp_path / "out")
    table, results, meta = read(tmp_path / "out")
    enc = encoder(name, rules)
    assert table.column_names == list(DECISION_COLUMNS)
    assert results.column_names == list(RESULT_COLUMNS)
    assert table.num_rows == done.decisions == meta["decisions"] > 3 * 8
    assert meta["observation"]["size"] == enc.size and meta["actions"]["count"] == enc.action_count
    assert [f["name"] for f in meta["observation"]["fields"]] == [f.name for f in enc.fields]
    obs = np.array(table.column("obs").to_pylist(), dtype=np.float32)
    mask = np.array(table.column("mask").to_pylist(), dtype=np.int8)
    actions = np.array(table.column("action").to_pylist())
    assert obs.shape == (table.num_rows, enc.size) and mask.shape == (table.num_rows, enc.action_count)
    assert (mask[np.arange(len(actions)), actions] == 1).all()
    assert (mask.sum(axis=1) >= 1).all()
    # Rows replay the deals: the same observations again, decision after decision.
    rows = table.to_pylist()
    for deal in range(3):
        mine = [r for r in rows if r["deal"] == deal]
        assert [r["step"] for r in mine] == list(range(len(mine)))
        match = game.new_match(rules, seed=mine[0]["seed"])
        for r in mine:
            assert match.current_player == r["seat"]
            seen = game.observe(match, r["seat"])
            assert np.array_equal(enc.encode(seen), np.array(r["obs"], dtype=np.float32))
            match.apply_action(r["action"])
        assert match.deals[0].result is not None
    assert set(table.column("value_kind").to_pylist()) == {None}


def test_the_deals_and_results_are_the_arenas(tmp_path: Path) -> None:
    spec = ArenaSpec(preset="aragones-2p", bots=("easy", "random"), count=6, seed=4)
    run_selfplay(spec, tmp_path / "out")
    table, results, _ = read(tmp_path / "out")
    arena = run_arena(spec)
    for row in arena.rows:
        mine = [r for r in results.to_pylist() if r["deal"] == row.index]
        assert {r["seed"] for r in mine} == {row.seed} and {r["dealer"] for r in mine} == {row.dealer}
        for r in mine:
            assert r["points"] == row.points[r["side"]]
            assert r["side_points"] == list(row.points)
            assert r["won"] == (row.winner == r["side"])
            assert r["bot"] == spec.bots[r["side"]]
            assert r["margin"] == pytest.approx(row.margin_of(r["side"]))
    # Each decision carries its deal's outcome for its side.
    by = {(r["deal"], r["seat"]): r for r in results.to_pylist()}
    for d in table.select(["deal", "seat", "points", "margin", "won"]).to_pylist():
        res = by[(d["deal"], d["seat"])]
        assert (d["points"], d["margin"], d["won"]) == (res["points"], res["margin"], res["won"])
    counts = {(r["deal"], r["seat"]): r["decisions"] for r in results.to_pylist()}
    assert sum(counts.values()) == table.num_rows


def test_the_files_are_the_same_whatever_the_workers(tmp_path: Path) -> None:
    spec = ArenaSpec(game="brisca", preset="brisca-2p", bots=("random", "easy"), count=48, seed=9)
    one = run_selfplay(spec, tmp_path / "one")
    two = run_selfplay(_with_workers(spec, 2), tmp_path / "two")
    assert one.workers == 1 and two.workers == 2
    assert [p.name for p in one.files] == [p.name for p in two.files]
    assert len(one.files) == -(-48 // part_size(48))
    for a, b in zip(one.files, two.files, strict=True):
        assert a.read_bytes() == b.read_bytes()
    assert (tmp_path / "one" / "results.parquet").read_bytes() == (tmp_path / "two" / "results.parquet").read_bytes()
    other = run_selfplay(_with_seed(spec, 10), tmp_path / "other")
    assert other.files[0].read_bytes() != one.files[0].read_bytes()


def _with_workers(spec: ArenaSpec, workers: int) -> ArenaSpec:
    return ArenaSpec.from_dict({**spec.to_dict(), "workers": workers})


def _with_seed(spec: ArenaSpec, seed: int) -> ArenaSpec:
    return ArenaSpec.from_dict({**spec.to_dict(), "seed": seed})


def test_a_searching_bot_leaves_its_values(tmp_path: Path, tiny_ismcts: str) -> None:
    spec = ArenaSpec(preset="aragones-2p", bots=(tiny_ismcts, "random"), count=2, seed=3)
    run_selfplay(spec, tmp_path / "out")
    table, _, _ = read(tmp_path / "out")
    rows = table.to_pylist()
    searched = [r for r in rows if r["value_kind"] == "ismcts"]
    assert searched and all(r["bot"] == tiny_ismcts for r in searched)
    for r in searched:
        visits = np.array(r["visits"])
        values = np.array(r["values"], dtype=np.float32)
        legal = np.array(r["mask"]) == 1
        assert visits.sum() == 12 and (visits[~legal] == 0).all()
        assert np.isnan(values[visits == 0]).all() and not np.isnan(values[visits > 0]).any()
        assert visits[r["action"]] == visits.max()
    for r in rows:
        if r["bot"] == "random":
            assert r["value_kind"] is None and r["values"] is None and r["visits"] is None


def test_a_run_wants_a_new_folder_and_single_deals(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("keep me")
    with pytest.raises(SetupError, match="new or empty folder"):
        run_selfplay(ArenaSpec(count=1), tmp_path / "full")
    assert (tmp_path / "full" / "x").read_text() == "keep me"
    with pytest.raises(SetupError, match="single deals"):
        run_selfplay(ArenaSpec(count=1, duplicate=True), tmp_path / "dup")
    with pytest.raises(SetupError, match="single deals"):
        run_selfplay(ArenaSpec(count=1, mode="matches"), tmp_path / "matches")


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data"
    rules = ["--game", "brisca", "--preset", "brisca-2p"]
    argv = ["selfplay", *rules, "--bots", "easy,random", "--deals", "4", "--out", str(out)]
    assert main([*argv, "--seed", "2", "--workers", "1"]) == 0
    said = capsys.readouterr().out
    assert "decisions of 4 deals written to" in said and str(out) in said
    table, results, meta = read(out)
    assert table.num_rows == meta["decisions"]
    assert meta["bots"] == ["easy", "random"] and meta["seed"] == 2 and meta["preset"] == "brisca-2p"
    assert set(results.column("bot").to_pylist()) == {"easy", "random"}
    assert main([*argv]) == 2
    assert "expected a new or empty folder" in capsys.readouterr().err
    assert main(["selfplay", "--bots", "genius", "--out", str(tmp_path / "new")]) == 2
    assert "unknown bot level 'genius'" in capsys.readouterr().err
    assert not (tmp_path / "new").exists()


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def test_on_ray_the_same_files(tmp_path: Path) -> None:
    try:
        import ray
    except ImportError:
        if in_ci():
            raise
        pytest.skip("Ray is not installed")
    spec = ArenaSpec(game="brisca", preset="brisca-2p", bots=("random", "easy"), count=20, seed=6)
    here = run_selfplay(spec, tmp_path / "here")
    try:
        there = run_selfplay(spec, tmp_path / "ray", ray=RayOptions(address="local", cpus=1))
    finally:
        ray.shutdown()
    assert [p.read_bytes() for p in here.files] == [p.read_bytes() for p in there.files]
