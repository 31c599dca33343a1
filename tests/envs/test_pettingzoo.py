"""PettingZoo conformance (api_test, seed_test, parallel_api_test, max_cycles_test) for every game and a
sample of presets, and the environments' own promises: rewards, episodes, illegal actions, masks, render.

Without PettingZoo installed these tests skip, except under $CI (the test extra installs it).
"""

from __future__ import annotations

import functools
import types
import warnings
from collections import Counter

import pytest

from tests.support import need_extra

need_extra("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402

from tapete.core.errors import IllegalActionError, SetupError  # noqa: E402
from tapete.envs.aec import TapeteAEC, aec_env  # noqa: E402
from tapete.envs.parallel import parallel_env  # noqa: E402
from tapete.games import GAMES  # noqa: E402

#: Every game, its default preset and the presets that change the table (players, layout, auction).
SAMPLE = [
    ("guinote", "aragones"),
    ("guinote", "aragones-2p"),
    ("belote", "classique"),
    ("belote", "coinche"),
    ("belote", "trois-joueurs"),
    ("belote", "belote-a-deux"),
    ("belote", "decouverte"),
    ("brisca", "brisca"),
    ("brisca", "brisca-2p"),
]
assert {name for name, _ in SAMPLE} == set(GAMES)


@pytest.fixture(autouse=True)
def _quiet() -> object:
    # The checkers warn that a dict observation is "not a NumPy array" (as for PettingZoo's own classic
    # environments): the vector and the mask are, inside it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("name", "preset"), SAMPLE)
def test_api(name: str, preset: str) -> None:
    api_test(aec_env(name, preset), num_cycles=300)


@pytest.mark.parametrize(("name", "preset"), SAMPLE)
def test_seed(name: str, preset: str) -> None:
    seed_test(functools.partial(aec_env, name, preset), num_cycles=100)


@pytest.mark.parametrize(("name", "preset"), SAMPLE)
def test_parallel_api(name: str, preset: str) -> None:
    parallel_api_test(parallel_env(name, preset), num_cycles=300)


def _aec_turns(name: str, preset: str, seed: int, cycles: int) -> Counter[str]:
    """The agents' turns in max_cycles_test's AEC half (same seeded spaces, same sampling), dead steps included."""
    env = aec_env(name, preset, seed=seed, max_cycles=cycles)
    env.reset()
    turns: Counter[str] = Counter()
    for agent in env.agent_iter():
        turns[agent] += 1
        done = env.terminations[agent] or env.truncations[agent]
        env.step(None if done else env.action_space(agent).sample())
    return turns


@pytest.mark.parametrize(("name", "preset"), SAMPLE)
def test_max_cycles(name: str, preset: str) -> None:
    """A cycle is one action a seat: every agent is truncated after ``max_cycles`` of them (AEC) or after
    ``max_cycles`` steps (Parallel). max_cycles_test also counts each agent's AEC turns, which match the
    cycles only while play goes round the table (a cante, a bid ending mid-round or a trick won out of
    turn shift them): it runs on the first seeded deal that does."""
    cycles = 4
    for seed in range(40):
        turns = _aec_turns(name, preset, seed, cycles)
        assert sum(turns.values()) == cycles * len(turns) + len(turns)  # the actions, then a dead step each
        if set(turns.values()) == {cycles + 1}:
            break
    else:
        pytest.fail("no seeded deal went round the table for 4 cycles")
    mod = types.SimpleNamespace(
        env=functools.partial(aec_env, name, preset, seed=seed),
        parallel_env=functools.partial(parallel_env, name, preset, seed=seed),
    )
    max_cycles_test(mod)


@pytest.mark.parametrize(("name", "preset"), SAMPLE)
def test_deal_rewards_are_zero_sum_and_only_the_seat_to_act_has_a_mask(name: str, preset: str) -> None:
    env = aec_env(name, preset, episode="deal")
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        for other in env.possible_agents:
            assert env.observe(other)["action_mask"].any() == (other == agent)
        env.step(int(obs["action_mask"].nonzero()[0][-1]))
        steps += 1
    assert steps > 10
    assert abs(sum(totals.values())) < 1e-9
    assert any(totals.values())


def test_match_rewards_are_the_match_result() -> None:
    env = aec_env("brisca", "brisca-2p", rewards="match", target=2)
    env.reset(seed=1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else env.action_space(agent).sample(mask=obs["action_mask"]))
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_illegal_actions_substitute_with_a_penalty_or_raise() -> None:
    env = aec_env("guinote", "aragones", illegal_reward=-0.5)
    env.reset(seed=2)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
    env.step(illegal)
    assert env.infos[agent] == {"illegal_action": True}
    assert env.rewards[agent] == -0.5
    strict = aec_env("guinote", "aragones", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_options_and_render() -> None:
    env = aec_env("guinote", "aragones", render_mode="ansi", target=50)
    assert isinstance(env, TapeteAEC) and env.ep.rules.target == 50
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "to act" in text
    with pytest.raises(SetupError):
        aec_env("guinote", episode="deal", rewards="match")
    with pytest.raises(SetupError):
        aec_env("guinote", render_mode="rgb_array")
