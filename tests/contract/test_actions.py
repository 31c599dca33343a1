"""Contract: actions. An illegal action changes nothing; copies of a deal agree and stay apart.

For every game and preset (see :mod:`tests.contract.cases`), over seeded random playouts.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from tapete.core.errors import TapeteError
from tests.contract.cases import CASE_IDS, CASES, Case, observations, walk, where

SEEDS = (0, 1)


def _snapshot(case: Case, state: Any) -> tuple[str, list[int], list[Any], bool]:
    """Everything a caller can see of a deal: its position (with history), legal actions, every seat's view."""
    game = case.game
    return game.position_string(state, True), state.legal_actions(), observations(game, state), state.is_terminal()


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_illegal_action_raises_and_changes_nothing(case: Case) -> None:
    game = case.game
    rules = case.rules
    # Action ids to try: every id seen legal anywhere in the deal (cards and calls), and two never valid.
    seen: set[int] = set(range(game.deck(rules).n_cards)) | {-1, 10**6}
    tried = 0
    for seed in SEEDS:
        for step, state, rng in walk(case, seed):
            legal = state.legal_actions()
            seen.update(legal)
            illegal = sorted(seen - set(legal))
            before = _snapshot(case, state)
            for action in rng.sample(illegal, min(3, len(illegal))):
                with pytest.raises(TapeteError):
                    state.apply_action(action)
                assert _snapshot(case, state) == before, (
                    f"illegal action {action} changed the deal: {where(case, seed, step, state)}"
                )
                tried += 1
    assert tried > 0


def _copies(state: Any) -> dict[str, Any]:
    return {
        "clone": state.clone(),
        "copy.copy": copy.copy(state),
        "copy.deepcopy": copy.deepcopy(state),
        "pickle": pickle.loads(pickle.dumps(state)),
    }


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_push_pop_clone_copy_and_pickle_agree(case: Case) -> None:
    game = case.game
    for seed in SEEDS:
        for step, state, rng in walk(case, seed):
            text = game.position_string(state, True)
            legal = state.legal_actions()
            copies = _copies(state)
            for how, other in copies.items():
                assert game.position_string(other, True) == text, f"{how} differs: {where(case, seed, step, state)}"
                assert other.legal_actions() == legal, f"{how}: other legal actions: {where(case, seed, step, state)}"
                assert other.current_player == state.current_player
                assert other.is_terminal() == state.is_terminal()
                if state.is_terminal():
                    assert other.returns() == state.returns(), f"{how}: other returns: {where(case, seed, step)}"
            if state.is_terminal():
                continue
            # The same action on each copy gives the same deal, and leaves the original alone.
            action = legal[rng.randrange(len(legal))]
            after: str | None = None
            for how, other in copies.items():
                other.apply_action(action)
                moved = game.position_string(other, True)
                assert after is None or moved == after, (
                    f"{how} went elsewhere after {action}: {where(case, seed, step, state)}"
                )
                after = moved
                assert game.position_string(state, True) == text, (
                    f"playing on a {how} changed the original: {where(case, seed, step, state)}"
                )
            if hasattr(state, "push"):
                state.push(action)
                assert game.position_string(state, True) == after, f"push({action}) differs: {where(case, seed, step)}"
                state.pop()
                assert game.position_string(state, True) == text, f"pop() did not restore: {where(case, seed, step)}"
                assert state.legal_actions() == legal, f"pop(): other legal actions: {where(case, seed, step)}"
