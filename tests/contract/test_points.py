"""Contract: the card points of a deal add up to the deck's points in play (with the last trick's bonus).

Uses :meth:`~tapete.core.game.Game.card_points`: each scoring side's card points so far and the
total a deal played to its last trick shares out. Points only grow, never pass the total, and
reach it exactly when every card has been played (a deal ended early, by a claim, a tute or
everybody passing, may stop short).
"""

from __future__ import annotations

import pytest

from tests.contract.cases import CASE_IDS, CASES, Case, walk, where

#: Seeds tried until two deals have been played to their last card (some presets often end early).
SEEDS = range(16)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_card_points_add_up_to_the_deck(case: Case) -> None:
    game = case.game
    if not hasattr(game, "card_points"):
        pytest.fail(f"{game.name} does not implement Game.card_points (see tapete.core.game)")
    finished = 0
    for seed in SEEDS:
        if finished >= 2:
            break
        last: tuple[int, ...] | None = None
        for step, state, _ in walk(case, seed):
            taken, total = game.card_points(state)
            context = where(case, seed, step, state)
            assert len(taken) == game.units(state.rules), f"one count per scoring side: {context}"
            assert all(p >= 0 for p in taken) and sum(taken) <= total, f"{taken} of {total}: {context}"
            if last is not None and len(last) == len(taken):
                grew = all(a >= b for a, b in zip(taken, last, strict=True))
                assert grew, f"points fell {last} -> {taken}: {context}"
            last = taken
            if state.is_terminal() and sum(game.observe_deal(state, 0).hand_sizes) == 0:
                assert sum(taken) == total, f"a deal played out gives {sum(taken)} of {total}: {context}"
                finished += 1
    assert finished > 0, f"{case.id}: no deal was played to its last card"


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_soak_card_points_over_many_deals(case: Case) -> None:
    game = case.game
    for seed in range(100, 300):
        for step, state, _ in walk(case, seed):
            if state.is_terminal() and sum(game.observe_deal(state, 0).hand_sizes) == 0:
                taken, total = game.card_points(state)
                assert sum(taken) == total, f"{sum(taken)} of {total}: {where(case, seed, step, state)}"
