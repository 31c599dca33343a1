"""The values a searching bot keeps of its last decision (``last_values``), and levels with an argument.

Self-play data records them (tapete.envs.selfplay): they must belong to the decision just taken,
cover only its legal actions, and agree with the action the bot chose.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.bots.base import Budget, SearchValues, search_values
from tapete.bots.ismcts import IsmctsBot
from tapete.bots.levels import check_level, level_cost, make_bot, split_level
from tapete.bots.pimc import PimcBot, solvable
from tapete.core.errors import RulesError, SetupError
from tapete.games import GAMES


def _observations(seed: int) -> Any:
    """Every decision of a random deal of each game's default rules, as (game, observation)."""
    for game in GAMES.values():
        match = game.new_match(game.rules(), seed=seed)
        rng = random.Random(seed)
        first = match.deals[0]
        while first.result is None:
            obs = game.observe(match, match.current_player)
            yield game, obs
            match.apply_action(obs.legal_actions[rng.randrange(len(obs.legal_actions))])


def test_ismcts_keeps_the_visits_and_means_of_its_root() -> None:
    bot = IsmctsBot()
    searched = 0
    for _game, obs in list(_observations(3))[::7]:
        action = bot.act(obs, random.Random(0), Budget(iterations=60))
        values = search_values(bot)
        if values is None:  # a single legal action or a sure claim: nothing searched
            assert bot.last_root is None
            continue
        searched += 1
        assert values.kind == "ismcts"
        assert set(values.values) <= set(obs.legal_actions)
        assert set(values.values) == set(values.visits)
        assert sum(values.visits.values()) == 60
        assert all(-3.0 <= v <= 3.0 for v in values.values.values())
        assert values.visits[action] == max(values.visits.values())
    assert searched > 3


def test_ismcts_forgets_the_values_of_an_earlier_decision() -> None:
    bot = IsmctsBot()
    observations = list(_observations(5))
    searched = next(obs for _, obs in observations if len(obs.legal_actions) > 1)
    bot.act(searched, random.Random(0), Budget(iterations=20))
    assert search_values(bot) is not None
    forced = next(obs for _, obs in observations if len(obs.legal_actions) == 1)
    bot.act(forced, random.Random(0), Budget(iterations=20))
    assert search_values(bot) is None


def test_pimc_keeps_the_mean_solved_value_of_every_legal_action() -> None:
    bot = PimcBot(samples=3)
    solved = 0
    for _game, obs in _observations(2):
        if len(obs.legal_actions) < 2:
            continue
        action = bot.act(obs, random.Random(1))
        values = search_values(bot)
        if not solvable(obs):
            assert values is None
            continue
        if values is None:  # the heuristic's claim, say: not searched
            continue
        solved += 1
        assert values.kind == "pimc"
        assert set(values.values) == set(obs.legal_actions)
        assert set(values.visits.values()) == {3}
        assert values.values[action] == max(values.values.values())
    assert solved > 3


def test_a_bot_without_values_has_none() -> None:
    assert search_values(make_bot("random")) is None
    assert search_values(object()) is None
    bot = make_bot("random")
    bot.last_values = "not values"  # type: ignore[attr-defined]
    assert search_values(bot) is None
    assert SearchValues("x", {1: 0.5}, {1: 2}).values[1] == 0.5


def test_levels_with_an_argument() -> None:
    assert split_level("policy:a:b.npz") == ("policy", "a:b.npz")
    assert split_level("hard") == ("hard", None)
    with pytest.raises(RulesError, match="unknown bot level 'oracle:x'"):
        make_bot("oracle:x")
    with pytest.raises(RulesError, match="unknown bot level 'policy'"):
        make_bot("policy")
    with pytest.raises(SetupError, match="cannot read a policy"):
        check_level("policy:/nonexistent/weights.npz")
    check_level("hard")
    assert level_cost("policy:x.npz") > level_cost("random")
