"""Elo ratings from duplicate results (tapete.arena.elo): the fit and its bootstrap intervals.

The model is the logistic Elo curve, P(a beats b) = 1 / (1 + 10^((Rb - Ra)/400)) (A. Elo,
"The Rating of Chessplayers, Past and Present", 1978, and the Bradley-Terry model, Bradley &
Terry, Biometrika 39, 1952); draws count as half a win. Every expected value below is computed by
hand from that curve: a score fraction p between two levels means a difference of 400·log10(p/(1-p)).
"""

from __future__ import annotations

import math

import pytest

from tapete.arena import ArenaResult, ArenaSpec, PlayRow, run, summarize
from tapete.arena.elo import (
    Pairing,
    block_outcome,
    elo_difference,
    elo_intervals,
    elo_table,
    expected_score,
    fit_elo,
    pairing_of,
    quantile,
)

#: 400·log10(3): a 3-to-1 score.
THREE_TO_ONE = 190.848501887865
#: 400·log10(9): a 9-to-1 score.
NINE_TO_ONE = 381.69700377573


def test_the_curve_and_its_inverse() -> None:
    assert expected_score(0.0) == 0.5
    assert expected_score(400.0) == pytest.approx(10 / 11)  # odds of 10 to 1 per 400 points
    assert expected_score(-400.0) == pytest.approx(1 / 11)
    assert elo_difference(0.75) == pytest.approx(THREE_TO_ONE)
    assert elo_difference(0.9) == pytest.approx(NINE_TO_ONE)
    for diff in (-700.0, -35.5, 0.0, 123.0, 900.0):
        assert elo_difference(expected_score(diff)) == pytest.approx(diff)
    with pytest.raises(ValueError, match="strictly between"):
        elo_difference(1.0)


def test_one_pairing_is_its_score_fraction() -> None:
    r = fit_elo([Pairing("heuristic", "random", wins=3, draws=0, losses=1)], prior_draws=0)
    assert r["random"] == 0.0  # the default anchor
    assert r["heuristic"] == pytest.approx(THREE_TO_ONE, abs=1e-6)
    # Draws are half wins: 2 wins and 2 draws also score 3 of 4.
    r = fit_elo([Pairing("heuristic", "random", wins=2, draws=2, losses=0)], prior_draws=0)
    assert r["heuristic"] == pytest.approx(THREE_TO_ONE, abs=1e-6)
    # The weaker side counted first gives the same ratings.
    r = fit_elo([Pairing("random", "heuristic", wins=1, draws=0, losses=3)], prior_draws=0)
    assert r["heuristic"] == pytest.approx(THREE_TO_ONE, abs=1e-6)


def test_prior_draws_keep_a_clean_sweep_finite() -> None:
    sweep = [Pairing("pimc", "random", wins=4, draws=0, losses=0)]
    with pytest.raises(ValueError, match="no finite ratings"):
        fit_elo(sweep, prior_draws=0)
    # A group that lost everything to the rest, even with games inside it: still no finite fit.
    group = [Pairing("b", "a", 2, 0, 1), Pairing("c", "b", 3, 0, 0), Pairing("c", "a", 1, 0, 0)]
    with pytest.raises(ValueError, match="no finite ratings"):
        fit_elo(group, prior_draws=0)
    # A draw against the rest is a score: then the fit exists.
    group.append(Pairing("a", "c", 0, 1, 0))
    assert math.isfinite(fit_elo(group, prior_draws=0)["c"])
    # One virtual draw: 4.5 of 5 = 0.9.
    assert fit_elo(sweep, prior_draws=1)["pimc"] == pytest.approx(NINE_TO_ONE, abs=1e-6)
    # The default is one virtual draw per pairing.
    assert fit_elo(sweep)["pimc"] == pytest.approx(NINE_TO_ONE, abs=1e-6)
    with pytest.raises(ValueError, match="negative"):
        fit_elo(sweep, prior_draws=-1)


def test_anchor_and_its_rating() -> None:
    pairings = [Pairing("heuristic", "random", 3, 0, 1), Pairing("pimc", "heuristic", 9, 0, 1)]
    r = fit_elo(pairings, anchor="heuristic", anchor_rating=1000.0, prior_draws=0)
    assert r["heuristic"] == 1000.0
    assert r["random"] == pytest.approx(1000.0 - THREE_TO_ONE, abs=1e-6)
    assert r["pimc"] == pytest.approx(1000.0 + NINE_TO_ONE, abs=1e-6)
    # Without random, the first level named is the anchor.
    r = fit_elo([Pairing("pimc", "heuristic", 9, 0, 1)], prior_draws=0)
    assert r["pimc"] == 0.0 and r["heuristic"] == pytest.approx(-NINE_TO_ONE, abs=1e-6)
    with pytest.raises(ValueError, match="anchor 'expert'"):
        fit_elo(pairings, anchor="expert")


def test_a_consistent_triangle_is_fitted_exactly() -> None:
    # Ratings 0, 190.85, 381.70 expect b-a 0.75, c-b 0.75 and c-a 0.9: data matching them exactly
    # puts the likelihood's maximum there.
    pairings = [Pairing("b", "a", 75, 0, 25), Pairing("c", "b", 75, 0, 25), Pairing("c", "a", 90, 0, 10)]
    r = fit_elo(pairings, anchor="a", prior_draws=0)
    assert r["b"] == pytest.approx(THREE_TO_ONE, abs=1e-6)
    assert r["c"] == pytest.approx(NINE_TO_ONE, abs=1e-6)


def test_a_cycle_rates_everyone_equal_and_pairings_add_up() -> None:
    # a beats b, b beats c, c beats a, each 3 to 1: by symmetry all three are equal.
    cycle = [Pairing("a", "b", 3, 0, 1), Pairing("b", "c", 3, 0, 1), Pairing("c", "a", 3, 0, 1)]
    r = fit_elo(cycle, anchor="a", prior_draws=0)
    assert r["b"] == pytest.approx(0.0, abs=1e-6) and r["c"] == pytest.approx(0.0, abs=1e-6)
    # The same two levels counted twice, from either side, add up: 6 to 2 is still 3 to 1...
    twice = [Pairing("b", "a", 3, 0, 1), Pairing("a", "b", 1, 0, 3)]
    assert fit_elo(twice, anchor="a", prior_draws=0)["b"] == pytest.approx(THREE_TO_ONE, abs=1e-6)
    # ... and two different halves pool: 4-0 and 2-2 make 6 of 8 = 0.75.
    halves = [Pairing("b", "a", 4, 0, 0), Pairing("a", "b", 2, 0, 2)]
    assert fit_elo(halves, anchor="a", prior_draws=0)["b"] == pytest.approx(THREE_TO_ONE, abs=1e-6)


def test_a_non_tree_fit_balances_the_pairings() -> None:
    # b-a 3:1 directly, but b-c 1:1 and c-a 1:1, with equal numbers of deals: the maximum likelihood
    # solution satisfies the score equations (each level's expected score = its actual score).
    pairings = [Pairing("b", "a", 30, 0, 10), Pairing("b", "c", 20, 0, 20), Pairing("c", "a", 20, 0, 20)]
    r = fit_elo(pairings, anchor="a", prior_draws=0)
    for name in "abc":
        actual = sum(p.score for p in pairings if p.a == name) + sum(p.deals - p.score for p in pairings if p.b == name)
        expected = sum(p.deals * expected_score(r[p.a] - r[p.b]) for p in pairings if p.a == name) + sum(
            p.deals * expected_score(r[p.b] - r[p.a]) for p in pairings if p.b == name
        )
        assert expected == pytest.approx(actual, abs=1e-6)
    assert 0.0 < r["c"] < r["b"] < THREE_TO_ONE  # c sits between, b is pulled down by the draws


def test_levels_without_a_chain_of_pairings_cannot_be_rated() -> None:
    with pytest.raises(ValueError, match="no chain of played pairings links c, d"):
        fit_elo([Pairing("a", "b", 3, 0, 1), Pairing("c", "d", 3, 0, 1)])
    with pytest.raises(ValueError, match="no pairings"):
        fit_elo([])
    with pytest.raises(ValueError, match="two different levels"):
        Pairing("a", "a", 1, 0, 0)


def test_bootstrap_intervals_are_seeded_and_about_the_binomial_width() -> None:
    # 400 deals at 3 to 1 (plus the prior draw): the score fraction's standard error is
    # sqrt(0.75·0.25/400) = 0.02165, so the 95% interval of p is about 0.75 ± 0.0424, which the
    # curve maps to about [153, 233] Elo.
    pairings = [Pairing("heuristic", "random", 300, 0, 100)]
    ivs = elo_intervals(pairings, samples=2000, seed=5)
    assert ivs == elo_intervals(pairings, samples=2000, seed=5)
    assert ivs != elo_intervals(pairings, samples=2000, seed=6)
    h = ivs["heuristic"]
    assert h.estimate == pytest.approx(elo_difference(300.5 / 401))
    assert h.low == pytest.approx(elo_difference(0.75 - 1.96 * 0.02165), abs=8)
    assert h.high == pytest.approx(elo_difference(0.75 + 1.96 * 0.02165), abs=8)
    assert h.n == 400
    anchor = ivs["random"]
    assert (anchor.estimate, anchor.low, anchor.high) == (0.0, 0.0, 0.0)
    # Four times the deals, about half the width.
    wide = elo_intervals([Pairing("heuristic", "random", 75, 0, 25)], samples=2000, seed=5)["heuristic"]
    assert wide.half_width / h.half_width == pytest.approx(2.0, rel=0.2)


def test_a_clean_sweep_still_has_a_bootstrap_spread() -> None:
    # 30 deals won of 30: the estimate is the prior's 30.5 of 31 (714 Elo). Resampling from the record
    # smoothed by the prior (a loss has weight 0.5 of 31 per deal) sometimes loses a deal or two:
    # 28-2 scores 28.5 of 31, 425 Elo.
    iv = elo_intervals([Pairing("heuristic", "random", 30, 0, 0)], samples=2000, seed=3)["heuristic"]
    assert iv.estimate == pytest.approx(elo_difference(30.5 / 31))
    assert iv.high == pytest.approx(iv.estimate)
    assert elo_difference(27.5 / 31) - 1 < iv.low < elo_difference(29.5 / 31) + 1


def test_bootstrap_without_prior_reports_sweeps_as_unbounded() -> None:
    # 3 deals, 2 won 1 lost: some resamples are 3-0, whose fit has no finite maximum.
    iv = elo_intervals([Pairing("b", "a", 2, 0, 1)], anchor="a", prior_draws=0, samples=200, seed=1)["b"]
    assert iv.estimate == pytest.approx(elo_difference(2 / 3), abs=1e-6)
    assert iv.high == math.inf and iv.low == -math.inf


def test_quantile_interpolates() -> None:
    assert quantile([4.0, 1.0, 3.0, 2.0], 0.0) == 1.0
    assert quantile([4.0, 1.0, 3.0, 2.0], 1.0) == 4.0
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.25) == 1.75  # position 0.75 between 1 and 2
    assert quantile([-math.inf, 1.0, math.inf], 0.0) == -math.inf


def test_elo_table_lines() -> None:
    ivs = elo_intervals([Pairing("heuristic", "random", 3, 0, 1)], samples=50, seed=1)
    lines = elo_table(ivs)
    assert lines[0].split() == ["level", "Elo", "95%", "interval", "deals"]
    assert lines[1].startswith("heuristic") and lines[2].startswith("random")


# ------------------------------------------------------------------ from arena results


def test_a_duplicate_deal_is_judged_over_both_seatings() -> None:
    # Same cards twice: entrant 0 scores 80 then 40, entrant 1 scores 50 then 90: 0 is 20 behind.
    rows = [PlayRow(0, 0, 7, 1, (0, 1), (80, 50), 0, 1), PlayRow(0, 1, 7, 1, (1, 0), (90, 40), 0, 1)]
    assert block_outcome(rows, 0) == 0.0 and block_outcome(rows, 1) == 1.0
    even = [PlayRow(0, 0, 7, 1, (0, 1), (80, 50), 0, 1), PlayRow(0, 1, 7, 1, (1, 0), (80, 50), 0, 1)]
    assert block_outcome(even, 0) == 0.5


def test_pairing_of_an_arena_result() -> None:
    spec = ArenaSpec(game="guinote", preset="aragones-2p", bots=("heuristic", "random"), count=3, duplicate=True)
    rows = [
        # deal 0: entrant 0 (heuristic) +30 and -10 over the two seatings: won
        PlayRow(0, 0, 1, 0, (0, 1), (80, 50), 0, 1),
        PlayRow(0, 1, 1, 0, (1, 0), (70, 60), 0, 1),
        # deal 1: +0 overall: a draw
        PlayRow(1, 0, 2, 0, (0, 1), (70, 60), 0, 1),
        PlayRow(1, 1, 2, 0, (1, 0), (70, 60), 0, 1),
        # deal 2: lost
        PlayRow(2, 0, 3, 0, (0, 1), (40, 90), 1, 1),
        PlayRow(2, 1, 3, 0, (1, 0), (60, 70), 1, 1),
    ]
    result = ArenaResult(spec, tuple(rows), summarize(rows, spec.bots, spec.mode), 1.0)
    assert pairing_of(result) == Pairing("heuristic", "random", wins=1, draws=1, losses=1)
    assert pairing_of(result, first=1) == Pairing("random", "heuristic", wins=1, draws=1, losses=1)


def test_pairing_of_a_real_run_counts_every_deal() -> None:
    result = run(ArenaSpec(game="guinote", preset="aragones-2p", bots=("random", "random"), count=6, duplicate=True))
    p = pairing_of(result)
    assert (p.a, p.b, p.deals) == ("random A", "random B", 6)
    # The rating of B relative to A follows from the same verdicts seen from either side.
    assert pairing_of(result, first=1) == p.swapped()
    three = ArenaSpec(game="belote", preset="trois-joueurs", bots=("random",) * 3, count=1)
    with pytest.raises(ValueError, match="two entrants"):
        pairing_of(run(three))
