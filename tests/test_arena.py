"""The arena library (tapete.arena): specs, duplicate deals, determinism, statistics, outputs.

The statistics are checked against published values: Student-t quantiles
from the NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.2,
and Wilson score intervals from Newcombe (1998), "Two-sided confidence
intervals for the single proportion", Statistics in Medicine 17:857-872,
table I (method 3). The rest is checked against hand computations.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from matplotlib.container import BarContainer
from matplotlib.transforms import Bbox

from tapete.arena import (
    ArenaResult,
    ArenaSpec,
    Play,
    PlayRow,
    chart_figure,
    deal_winner,
    mean_interval,
    plan,
    play_one,
    read_json,
    run,
    summarize,
    t_quantile,
    wilson_interval,
    write_chart,
    write_csv,
    write_json,
)
from tapete.arena.outputs import csv_header
from tapete.arena.runner import chunk_size, plays_per_worker, workers_for, workers_of
from tapete.arena.stats import t_cdf
from tapete.bots import levels
from tapete.core.errors import IllegalActionError, RulesError, SetupError, TapeteError
from tapete.core.views import SeatView
from tapete.games import GAMES, Game

# ------------------------------------------------------------------ statistics


@pytest.mark.parametrize(
    ("df", "q975", "q995"),
    # NIST/SEMATECH e-Handbook 1.3.6.7.2, upper critical values of t (0.025 and 0.005 one-sided).
    [
        (1, 12.706, 63.657),
        (2, 4.303, 9.925),
        (4, 2.776, 4.604),
        (10, 2.228, 3.169),
        (30, 2.042, 2.750),
        (100, 1.984, 2.626),
    ],
)
def test_t_quantiles_match_the_published_table(df: int, q975: float, q995: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(q975, abs=6e-4)
    assert t_quantile(0.995, df) == pytest.approx(q995, abs=6e-4)
    assert t_quantile(0.025, df) == pytest.approx(-q975, abs=6e-4)
    assert t_cdf(t_quantile(0.975, df), df) == pytest.approx(0.975, abs=1e-9)


def test_t_quantile_tends_to_the_normal_one() -> None:
    assert t_quantile(0.975, 1_000_000) == pytest.approx(1.959964, abs=1e-4)
    with pytest.raises(ValueError, match="0 < p < 1"):
        t_quantile(1.0, 5)


def test_mean_interval_by_hand() -> None:
    # 1..5: mean 3, s = sqrt(2.5), s/sqrt(5) = 0.70711, t(0.975, 4) = 2.776445 -> half width 1.963243.
    iv = mean_interval([1, 2, 3, 4, 5])
    assert iv.estimate == 3.0 and iv.n == 5
    assert iv.low == pytest.approx(3 - 1.963243, abs=1e-5)
    assert iv.high == pytest.approx(3 + 1.963243, abs=1e-5)
    assert iv.half_width == pytest.approx(1.963243, abs=1e-5)
    # 90%: t(0.95, 4) = 2.131847 -> half width 1.507443.
    assert mean_interval([1, 2, 3, 4, 5], confidence=0.90).half_width == pytest.approx(1.507443, abs=1e-5)
    # No spread, no width; one value, no interval; none, nothing.
    assert mean_interval([7, 7, 7]) == mean_interval([7.0, 7.0, 7.0])
    assert (mean_interval([7, 7, 7]).low, mean_interval([7, 7, 7]).high) == (7.0, 7.0)
    one = mean_interval([4])
    assert one.estimate == 4 and math.isnan(one.low) and math.isnan(one.high)
    assert math.isnan(mean_interval([]).estimate) and mean_interval([]).n == 0
    assert one.to_dict() == {"estimate": 4.0, "low": None, "high": None, "n": 1}


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    # Newcombe (1998), table I, method 3 (Wilson score interval without continuity correction).
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_interval_matches_newcombe(k: int, n: int, low: float, high: float) -> None:
    iv = wilson_interval(k, n)
    assert iv.estimate == pytest.approx(k / n)
    assert iv.low == pytest.approx(low, abs=5e-5)
    assert iv.high == pytest.approx(high, abs=5e-5)


def test_wilson_interval_by_hand_and_edges() -> None:
    # 8 of 10: z = 1.959964, centre (0.8 + z²/20) / (1 + z²/10) = 0.716741,
    # half width z·sqrt(0.016 + z²/400) / (1 + z²/10) = 0.226579.
    iv = wilson_interval(8, 10)
    assert (iv.low, iv.high) == (pytest.approx(0.490162, abs=1e-5), pytest.approx(0.943320, abs=1e-5))
    assert wilson_interval(10, 10).high == 1.0 and wilson_interval(0, 10).low == 0.0
    assert math.isnan(wilson_interval(0, 0).estimate)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(11, 10)


def test_deal_winner_needs_strictly_the_most_points() -> None:
    assert deal_winner((70, 60)) == 0
    assert deal_winner((65, 65)) == -1
    assert deal_winner((0, 90, 72)) == 1
    assert deal_winner((90, 0, 90)) == -1


def test_summary_averages_each_duplicate_pair_first() -> None:
    """Three duplicate pairs by hand: the intervals are over the pairs, and the seats do not matter."""
    rows = [
        # pair 0: A on side 0 scores 80, then on side 1 scores 60 -> A's points 70, margin (30 + -10) / 2 = 10
        PlayRow(0, 0, 11, 0, (0, 1), (80, 50), 0, 1),
        PlayRow(0, 1, 11, 0, (1, 0), (70, 60), 0, 1),
        # pair 1: A scores 50 and 70 -> points 60, margin (-30 + 20) / 2 = -5
        PlayRow(1, 0, 12, 1, (0, 1), (50, 80), 1, 1),
        PlayRow(1, 1, 12, 1, (1, 0), (50, 70), 1, 1),
        # pair 2: A scores 65 twice against 65 -> points 65, margin 0, two draws
        PlayRow(2, 0, 13, 2, (0, 1), (65, 65), -1, 1),
        PlayRow(2, 1, 13, 2, (1, 0), (65, 65), -1, 1),
    ]
    s = summarize(rows, ("x", "y"), "deals")
    a, b = s.entrants
    assert (s.blocks, s.plays, s.draws) == (3, 6, 2)
    assert (a.label, b.label) == ("x", "y")
    assert (a.wins, b.wins) == (2, 2)  # A won pair 0 leg 0 and pair 1 leg 1
    assert a.points.estimate == pytest.approx((70 + 60 + 65) / 3)
    assert a.margin == mean_interval([10, -5, 0])
    assert b.margin.estimate == pytest.approx(-a.margin.estimate)
    assert a.win_rate == wilson_interval(2, 6)


def test_three_sided_margin_is_against_the_mean_of_the_others() -> None:
    row = PlayRow(0, 0, 1, 0, (2, 0, 1), (90, 30, 42), 0, 1)
    assert row.points_of(2) == 90 and row.margin_of(2) == 90 - (30 + 42) / 2
    assert row.margin_of(0) == 30 - (90 + 42) / 2
    assert row.won(2) and not row.won(0)


# ------------------------------------------------------------------ specs and plans


def test_spec_defaults_and_labels() -> None:
    spec = ArenaSpec()
    assert (spec.game, spec.mode, spec.count, spec.seed, spec.duplicate) == ("guinote", "deals", 1000, 1, False)
    assert spec.labels() == ("random A", "random B")
    assert spec.rules() == GAMES["guinote"].rules()
    assert ArenaSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
    # Specs can key a dict (e.g. a table of pairings), options included.
    with_options = ArenaSpec(options={"target": "51"})
    assert {with_options: 1}[ArenaSpec(options={"target": "51"})] == 1 and with_options != spec


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"bots": ("random",)}, SetupError, "has 2 sides: expected 2 bot levels, got 1"),
        ({"game": "belote", "preset": "trois-joueurs"}, SetupError, "has 3 sides"),
        ({"bots": ("random", "genius")}, RulesError, "unknown bot level 'genius'"),
        ({"count": 0}, SetupError, "at least 1"),
        ({"workers": 0}, SetupError, "workers must be"),
        ({"mode": "tournaments"}, SetupError, "unknown arena mode"),
        ({"game": "mus"}, RulesError, "unknown game 'mus'"),
        ({"preset": "nope"}, RulesError, "unknown Guiñote preset 'nope'"),
        ({"options": {"target": "many"}}, RulesError, "expected a whole number"),
    ],
)
def test_a_bad_spec_is_refused_when_made(kwargs: dict[str, Any], error: type[TapeteError], text: str) -> None:
    with pytest.raises(error, match=text):
        ArenaSpec(**kwargs)


def test_plan_rotates_the_entrants_in_duplicate() -> None:
    spec = ArenaSpec(count=3, duplicate=True)
    assert [(p.index, p.leg, p.seating) for p in plan(spec)] == [
        (0, 0, (0, 1)),
        (0, 1, (1, 0)),
        (1, 0, (0, 1)),
        (1, 1, (1, 0)),
        (2, 0, (0, 1)),
        (2, 1, (1, 0)),
    ]
    assert [p.seating for p in plan(ArenaSpec(count=2))] == [(0, 1), (0, 1)]
    three = ArenaSpec(game="belote", preset="trois-joueurs", bots=("random",) * 3, count=1, duplicate=True)
    seatings = [p.seating for p in plan(three)]
    # Each entrant sits on each side exactly once.
    assert all(sorted(s[side] for s in seatings) == [0, 1, 2] for side in range(3))


def test_chunks_and_workers() -> None:
    assert chunk_size(1000, 2) == 32 and chunk_size(3, 2) == 1 and chunk_size(10**6, 1) == 200
    assert workers_for(2, 100) == 1 and workers_for(2, 10_000) == 2 and workers_for(3, 10, min_plays=1) == 3


def test_every_level_has_a_cost_slowest_last() -> None:
    """The arena sizes its workers from the bots' cost: every level has one, and searching costs more."""
    assert set(levels.LEVEL_COSTS) == set(levels.LEVELS)
    cost = levels.level_cost
    assert cost("random") == 1.0 < cost("heuristic") < cost("medium") < cost("hard") < cost("expert")
    assert cost("easy") == cost("heuristic") and cost("hard") == cost("pimc")
    assert cost("a level added at run time") == 1.0


def test_slow_bots_get_parallel_workers_and_a_few_fast_deals_stay_in_one_process() -> None:
    """The bug: 80 hard-bot deals on 2 cores ran in one worker, the plays-per-worker rule ignoring the bots."""
    hard = ArenaSpec(bots=("hard", "hard"), count=80, workers=2)
    assert plays_per_worker(hard) == 1 and workers_of(hard) == 2
    assert workers_of(ArenaSpec(bots=("hard", "random"), count=8, workers=4)) == 4
    assert workers_of(ArenaSpec(bots=("medium", "medium"), mode="matches", count=3, workers=8)) == 3
    assert workers_of(ArenaSpec(count=80, workers=2)) == 1  # random deals: a process costs more than them
    assert workers_of(ArenaSpec(count=10_000, workers=2)) == 2
    assert workers_of(ArenaSpec(bots=("heuristic", "heuristic"), count=8, workers=2)) == 1
    assert workers_of(ArenaSpec(mode="matches", count=5, workers=2)) == 1
    assert workers_of(ArenaSpec(bots=("hard", "hard"), count=80, workers=1)) == 1


# ------------------------------------------------------------------ playing


class SpyGame:
    """A Game that keeps every match it starts and every observation it hands out."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.matches: list[Any] = []
        self.observed: list[tuple[int, type]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def new_match(self, rules: Any, seed: int | None = None, dealer: int | None = None) -> Any:
        match = self.game.new_match(rules, seed=seed, dealer=dealer)
        self.matches.append(match)
        return match

    def observe(self, match: Any, seat: int) -> Any:
        obs = self.game.observe(match, seat)
        self.observed.append((seat, type(obs)))
        return obs


class SpyBot:
    """A random bot that logs which seat it played in and what it was given."""

    log: ClassVar[list[tuple[str, int, type]]] = []

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, obs: Any, rng: random.Random) -> int:
        SpyBot.log.append((self.name, obs.seat, type(obs)))
        return obs.legal_actions[rng.randrange(len(obs.legal_actions))]


@pytest.fixture
def spy_levels(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int, type]]]:
    """Two extra levels, spy-a and spy-b (in this process only: use workers=1)."""
    SpyBot.log = []
    monkeypatch.setitem(levels.LEVELS, "spy-a", lambda: SpyBot("spy-a"))
    monkeypatch.setitem(levels.LEVELS, "spy-b", lambda: SpyBot("spy-b"))
    yield SpyBot.log


@pytest.mark.parametrize(
    ("game", "preset"), [("guinote", "aragones"), ("belote", "classique"), ("guinote", "aragones-2p")]
)
def test_duplicate_replays_the_same_deal_with_the_sides_swapped(
    spy_levels: list[tuple[str, int, type]], game: str, preset: str
) -> None:
    spec = ArenaSpec(game=game, preset=preset, bots=("spy-a", "spy-b"), count=2, duplicate=True, seed=9)
    spy = SpyGame(GAMES[game])
    rules = spec.rules()
    rows = []
    seats_of: list[dict[str, set[int]]] = []
    for p in plan(spec):
        spy_levels.clear()
        rows.append(play_one(spy, rules, spec.bots, spec.mode, spec.seed, p))  # type: ignore[arg-type]
        seats_of.append({name: {seat for n, seat, _ in spy_levels if n == name} for name in spec.bots})
    for i in (0, 2):  # each pair: legs i and i + 1
        first, second = spy.matches[i].deals[0], spy.matches[i + 1].deals[0]
        assert first.deck == second.deck and first.dealer == second.dealer
        assert rows[i].seed == rows[i + 1].seed and rows[i].dealer == rows[i + 1].dealer
        assert (rows[i].seating, rows[i + 1].seating) == ((0, 1), (1, 0))
        # Leg 0: spy-a holds the even seats (side 0); leg 1: the odd ones.
        assert seats_of[i]["spy-a"] <= {0, 2} and seats_of[i]["spy-b"] <= {1, 3}
        assert seats_of[i + 1]["spy-a"] <= {1, 3} and seats_of[i + 1]["spy-b"] <= {0, 2}
    assert spy.matches[0].deals[0].deck != spy.matches[2].deals[0].deck  # the next pair is another deal
    # Each row's points are its deal's result, per side.
    for row, match in zip(rows, spy.matches, strict=True):
        result = match.deals[0].result
        assert row.points == (result.totals if game == "guinote" else result.scores)
        assert row.deals == 1 and len(match.deals) >= 1


def test_bots_get_only_observations(spy_levels: list[tuple[str, int, type]]) -> None:
    spec = ArenaSpec(game="belote", preset="belote-a-deux", bots=("spy-a", "spy-b"), count=3, seed=2)
    spy = SpyGame(GAMES["belote"])
    for p in plan(spec):
        play_one(spy, spec.rules(), spec.bots, spec.mode, spec.seed, p)  # type: ignore[arg-type]
    assert spy_levels and all(issubclass(kind, SeatView) for _, _, kind in spy_levels)
    # Each bot was handed exactly the observation of its own seat, through Game.observe.
    assert [(seat, kind) for _, seat, kind in spy_levels] == spy.observed


def test_a_bot_that_plays_illegally_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    class Cheat:
        name = "cheat"

        def act(self, obs: Any, rng: random.Random) -> int:
            return -1

    monkeypatch.setitem(levels.LEVELS, "cheat", Cheat)
    spec = ArenaSpec(bots=("cheat", "random"), count=1)
    with pytest.raises(IllegalActionError, match=r"bot 'cheat' in seat \d chose -1, which is not legal"):
        run(spec)


def test_three_player_belote_seats_each_entrant_on_each_side(spy_levels: list[tuple[str, int, type]]) -> None:
    spec = ArenaSpec(game="belote", preset="trois-joueurs", bots=("spy-a", "spy-b", "random"), count=2, duplicate=True)
    result = run(spec)
    assert len(result.rows) == 6
    for index in (0, 1):
        legs = [r for r in result.rows if r.index == index]
        assert len({r.seed for r in legs}) == 1
        assert sorted(r.side_of(0) for r in legs) == [0, 1, 2]
    assert {seat for name, seat, _ in spy_levels if name == "spy-a"} == {0, 1, 2}
    assert [e.label for e in result.summary.entrants] == ["spy-a", "spy-b", "random"]


def test_same_seed_same_results_with_one_or_two_workers() -> None:
    """Rows depend on the spec only: not on processes, nor on chunking (two workers really run here)."""
    spec = ArenaSpec(count=24, duplicate=True, seed=5)
    one = run(spec, chunk=48)
    two = run(ArenaSpec(count=24, duplicate=True, seed=5, workers=2), chunk=5, min_plays_per_worker=1)
    assert two.workers == 2 and one.workers == 1
    assert one.rows == two.rows
    assert one.summary == two.summary
    other = run(ArenaSpec(count=24, duplicate=True, seed=6))
    assert [r.seed for r in other.rows] != [r.seed for r in one.rows]
    assert other.rows != one.rows


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run(ArenaSpec(count=10, duplicate=True), progress=lambda done, total: seen.append((done, total)), chunk=3)
    assert seen[0] == (0, 20) and seen[-1] == (20, 20)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and len(seen) == 1 + 7


def test_random_against_random_duplicate_difference_is_about_zero() -> None:
    """Two equal bots: the interval of the mean per-pair difference holds 0 (a property of the statistics
    on a few hundred deals, for this fixed seed), and duplicate is much narrower than as many plain deals."""
    dup = run(ArenaSpec(count=300, duplicate=True, seed=1))
    plain = run(ArenaSpec(count=600, seed=1))
    a, b = dup.summary.entrants
    assert a.margin.contains(0.0) and b.margin.contains(0.0)
    assert a.margin.estimate == pytest.approx(-b.margin.estimate)
    # As many deals played: the card luck cancelling out beats plain averaging (the ratio is about 0.8
    # for random bots on seeds 1 to 8, whose own choices are most of the noise).
    assert a.margin.half_width < 0.9 * plain.summary.entrants[0].margin.half_width
    # Guiñote deals hand out 120 card points and 10 for the last trick, plus cantes: about 65 a side.
    assert 60 < a.points.estimate < 75


def test_whole_matches() -> None:
    result = run(ArenaSpec(game="guinote", preset="aragones-2p", mode="matches", count=3, duplicate=True, seed=3))
    assert len(result.rows) == 6
    for row in result.rows:
        assert row.winner in (0, 1) and row.deals >= 1
    a, b = result.summary.entrants
    assert a.wins + b.wins == 6 and a.plays == 6
    assert a.win_rate == wilson_interval(a.wins, 6)
    belote = run(ArenaSpec(game="belote", preset="trois-joueurs", bots=("random",) * 3, mode="matches", count=2))
    assert all(r.winner in (0, 1, 2) for r in belote.rows)


# ------------------------------------------------------------------ outputs


@pytest.fixture(scope="module")
def small_result() -> ArenaResult:
    return run(ArenaSpec(game="belote", count=8, duplicate=True, seed=3))


def test_json_holds_spec_rows_and_summary(tmp_path: Path, small_result: ArenaResult) -> None:
    path = tmp_path / "run.json"
    write_json(path, small_result)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "tapete-arena" and data["spec"]["game"] == "belote"
    assert data["spec"]["duplicate"] is True and data["spec"]["rules"]["preset"] == "classique"
    assert len(data["rows"]) == 16 and data["rows"][1]["seating"] == [1, 0]
    assert data["summary"]["entrants"][0]["points"]["n"] == 8
    back = read_json(path)
    assert back.rows == small_result.rows and back.summary == small_result.summary and back.spec == small_result.spec
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]  # no temporary file left


def test_json_that_is_not_a_result_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "tapete-record"}')
    with pytest.raises(SetupError, match="not a tapete arena result"):
        read_json(path)
    path.write_text("{")
    with pytest.raises(SetupError, match="is not JSON"):
        read_json(path)


def test_csv_has_one_line_per_play(tmp_path: Path, small_result: ArenaResult) -> None:
    path = tmp_path / "run.csv"
    write_csv(path, small_result)
    lines = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert lines[0] == csv_header(2)
    assert len(lines) == 1 + 16
    first, second = lines[1], lines[2]
    assert first[:2] == ["0", "0"] and second[:2] == ["0", "1"]
    assert (first[4], first[5]) == ("random A", "random B") and (second[4], second[5]) == ("random B", "random A")
    row = small_result.rows[0]
    assert [int(x) for x in first[6:8]] == list(row.points)


def test_chart_is_a_png(tmp_path: Path, small_result: ArenaResult) -> None:
    path = tmp_path / "run.png"
    write_chart(path, small_result, title="prueba", ylabel="puntos")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 2000
    matches = run(ArenaSpec(mode="matches", count=2, preset="aragones-2p"))
    write_chart(tmp_path / "m.png", matches)
    assert (tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"


def check_chart(result: ArenaResult) -> list[str]:
    """The chart's bars are the entrants' margins, its error bars their 95% intervals, and each bar's label
    lies inside the axes, clear of every error bar and of the other labels; returns the labels' texts."""
    fig = chart_figure(result)
    ax = fig.axes[0]
    margins = [e.margin for e in result.summary.entrants]
    (bars,) = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert [p.get_height() for p in bars.patches] == pytest.approx([m.estimate for m in margins])
    assert [t.get_text() for t in ax.get_xticklabels()] == [e.label for e in result.summary.entrants]
    assert bars.errorbar is not None
    _line, _caps, (ranges,) = bars.errorbar.lines
    segments = ranges.get_segments()
    assert [(seg[:, 1].min(), seg[:, 1].max()) for seg in segments] == [pytest.approx((m.low, m.high)) for m in margins]
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    labels = [t.get_window_extent(renderer) for t in ax.texts]
    assert len(labels) == len(margins)
    cap = 8 / 2 * fig.dpi / 72  # half a cap's width, in pixels
    drawn = []  # each error bar with its caps, in pixels (caps are lines a pixel or so thick)
    for seg in segments:
        (x, y0), (_, y1) = sorted(ax.transData.transform(seg).tolist(), key=lambda p: p[1])
        drawn.append(Bbox([[x - cap, y0 - 1], [x + cap, y1 + 1]]))
    for box in labels:
        assert ax.bbox.x0 <= box.x0 and box.x1 <= ax.bbox.x1 and ax.bbox.y0 <= box.y0 and box.y1 <= ax.bbox.y1
        assert not any(box.overlaps(b) for b in drawn)
        assert sum(box.overlaps(other) for other in labels) == 1  # itself only
    for box, margin in zip(labels, margins, strict=True):  # beyond the interval's end away from zero
        low, high = ax.transData.transform([(0, margin.low), (0, margin.high)])[:, 1]
        assert box.y0 > high if margin.estimate >= 0 else box.y1 < low
    return [t.get_text() for t in ax.texts]


def test_chart_plots_each_bots_margin_with_its_interval_labels_clear_of_the_error_bars(
    small_result: ArenaResult,
) -> None:
    """The bug: the chart plotted points per deal rather than the margin, with labels over the error bars."""
    margins = [e.margin for e in small_result.summary.entrants]
    assert margins[0].estimate > 0 > margins[1].estimate  # one bar up, one down
    texts = check_chart(small_result)
    assert texts == [f"{m.estimate:+.1f} ± {m.half_width:.1f}" for m in margins]
    assert chart_figure(small_result).axes[0].get_ylabel() == "margin per deal (95% interval)"
    matches = run(ArenaSpec(mode="matches", count=4, preset="aragones-2p", seed=2))
    check_chart(matches)
    assert chart_figure(matches).axes[0].get_ylabel() == "margin per match (95% interval)"
    three = run(ArenaSpec(game="belote", preset="trois-joueurs", bots=("random",) * 3, count=6, seed=1))
    check_chart(three)


def test_an_unwritable_output_raises_and_leaves_nothing(tmp_path: Path, small_result: ArenaResult) -> None:
    with pytest.raises(OSError):
        write_json(tmp_path / "missing" / "run.json", small_result)
    assert list(tmp_path.iterdir()) == []


def test_a_play_is_its_own_unit(spy_levels: list[tuple[str, int, type]]) -> None:
    """play_one on a single Play gives the row run() gives for it: the unit the bot issue can reuse."""
    spec = ArenaSpec(count=3, duplicate=True, seed=8)
    rows = run(spec).rows
    lone = play_one(GAMES["guinote"], spec.rules(), spec.bots, spec.mode, spec.seed, Play(2, 1, (1, 0)))
    assert lone == rows[5]
