"""Elo for players and pairs (tapete.server.ratings): known values worked out by hand, and the laws.

With K = 32 and equal ratings the winner takes K/2 = 16. A side 400 points weaker expects 1/11 of the points
(odds of 10 to 1), so beating the stronger side gains 32 * 10/11 and losing to it costs 32 * 1/11.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapete.server.ratings import (
    PAIR_SEPARATOR,
    START,
    K,
    expected_score,
    pair_key,
    pair_members,
    side_deltas,
    side_rating,
)

ratings = st.floats(min_value=0, max_value=4000, allow_nan=False)


def test_constants() -> None:
    assert START == 1500.0 and K == 32.0


def test_expected_score_known_values() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)
    assert expected_score(2300, 1500) == pytest.approx(100 / 101)


def test_two_sides_known_values() -> None:
    assert side_deltas([1500, 1500], 0) == [16.0, -16.0]
    assert side_deltas([1500, 1500], 1) == [-16.0, 16.0]
    up, down = side_deltas([1500, 1900], 0)  # the underdog wins
    assert up == pytest.approx(32 * 10 / 11) and down == pytest.approx(-32 * 10 / 11)
    up, down = side_deltas([1900, 1500], 0)  # the favourite wins
    assert up == pytest.approx(32 / 11) and down == pytest.approx(-32 / 11)
    assert side_deltas([1500, 1500], 0, k=20) == [10.0, -10.0]


def test_three_sides() -> None:
    # Equal ratings: two duels worth K/2 each, each won with expectation 1/2: 8 points from each loser.
    assert side_deltas([1500, 1500, 1500], 2) == [-8.0, -8.0, 16.0]
    deltas = side_deltas([1400, 1500, 1600], 0)
    assert deltas[0] > 0 > deltas[1] > deltas[2]  # losing to the weakest side costs the strongest side most
    assert deltas[2] == pytest.approx(-16 * (1 - 1 / (1 + 10 ** (200 / 400))))  # a duel weighs K/2, 200 points up
    assert sum(deltas) == pytest.approx(0)


@given(st.lists(ratings, min_size=2, max_size=4), st.data())
def test_zero_sum_and_only_the_winner_gains(values: list[float], data: st.DataObject) -> None:
    winner = data.draw(st.integers(0, len(values) - 1))
    deltas = side_deltas(values, winner)
    assert sum(deltas) == pytest.approx(0, abs=1e-9)
    assert 0 < deltas[winner] <= K
    assert all(-K <= d < 0 for i, d in enumerate(deltas) if i != winner)


@given(ratings, ratings)
def test_symmetry(a: float, b: float) -> None:
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1)
    win_a = side_deltas([a, b], 0)
    win_b_swapped = side_deltas([b, a], 1)
    assert win_a == pytest.approx(list(reversed(win_b_swapped)))
    # Whatever the ratings, a win and a loss against each other are worth K in total.
    assert side_deltas([a, b], 0)[0] + side_deltas([a, b], 1)[1] == pytest.approx(K)


def test_side_rating_is_the_mean() -> None:
    assert side_rating([1400, 1600]) == 1500
    assert side_rating([1550]) == 1550
    with pytest.raises(ValueError, match="member"):
        side_rating([])


@pytest.mark.parametrize(("values", "winner"), [([1500], 0), ([], 0), ([1500, 1500], 2), ([1500, 1500], -1)])
def test_bad_matches_are_refused(values: list[float], winner: int) -> None:
    with pytest.raises(ValueError):
        side_deltas(values, winner)


def test_pair_keys() -> None:
    assert pair_key("b-id", "a_id") == pair_key("a_id", "b-id") == f"a_id{PAIR_SEPARATOR}b-id"
    assert pair_members(pair_key("zz", "aa")) == ("aa", "zz")
    for a, b in [("x", "x"), ("", "y"), (f"x{PAIR_SEPARATOR}y", "z")]:
        with pytest.raises(ValueError):
            pair_key(a, b)
    for key in ["abc", ":abc", "abc:", "a:b:c"]:
        with pytest.raises(ValueError):
            pair_members(key)
