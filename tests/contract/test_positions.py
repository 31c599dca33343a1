"""Contract: a deal's position string and a match's record rebuild what they describe.

For every game and preset (see :mod:`tests.contract.cases`), over seeded random playouts.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tapete.games import game_of_position, game_of_record
from tests.contract.cases import CASE_IDS, CASES, Case, walk, where

SEEDS = (0, 1, 2)


def _same_deal(case: Case, a: Any, b: Any, context: str) -> None:
    assert b.legal_actions() == a.legal_actions(), f"other legal actions: {context}"
    assert b.current_player == a.current_player, f"other seat to act: {context}"
    assert b.is_terminal() == a.is_terminal(), f"other end: {context}"
    if a.is_terminal():
        assert b.returns() == a.returns(), f"other returns: {context}"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_position_strings_round_trip_at_every_step(case: Case) -> None:
    game = case.game
    for seed in SEEDS:
        for step, state, _ in walk(case, seed):
            context = where(case, seed, step, state)
            for history in (False, True):
                text = game.position_string(state, history)
                assert game_of_position(text) is game, f"position names another game: {context}"
                parsed = game.parse_position(text)
                assert game.position_string(parsed, history) == text, f"round trip (history={history}): {context}"
                _same_deal(case, state, parsed, context)
            # A position without history has the same future: play on both for a few actions.
            parsed = game.parse_position(game.position_string(state))
            here = state.clone()
            rng = random.Random(step)
            for _ in range(4):
                if here.is_terminal():
                    break
                actions = here.legal_actions()
                action = actions[rng.randrange(len(actions))]
                here.apply_action(action)
                parsed.apply_action(action)
                assert game.position_string(parsed) == game.position_string(here), f"futures part: {context}"
                _same_deal(case, here, parsed, context)


def _play_match(case: Case, seed: int, deals: int = 3, max_steps: int = 2000) -> Any:
    """A seeded match played at random for ``deals`` deals (or to its end)."""
    game = case.game
    match = game.new_match(case.rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if match.is_terminal() or len(match.deals) > deals:
            break
        actions = match.legal_actions()
        match.apply_action(actions[rng.randrange(len(actions))])
    return match


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_records_round_trip(case: Case) -> None:
    game = case.game
    for seed in SEEDS:
        match = _play_match(case, seed)
        context = f"{case.id} match seed {seed} after {len(match.deals)} deal(s)"
        record = game.to_record(match)
        data = json.loads(json.dumps(record))
        assert game_of_record(data) is game, f"record names another game: {context}"
        back = game.from_record(data)
        assert game.to_record(back) == record, f"record round trip: {context}"
        assert back.scores == match.scores and back.winner == match.winner, f"other scores: {context}"
        assert back.is_terminal() == match.is_terminal(), context
        assert back.legal_actions() == match.legal_actions(), f"other legal actions: {context}"
        assert game.position_string(back.deal, True) == game.position_string(match.deal, True), context
