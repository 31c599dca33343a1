"""Gymnasium: tapete/<Game>-v0 pass check_env for every game and a sample of presets, against bot levels.

Without Gymnasium installed these tests skip, except under $CI (the test extra installs it).
"""

from __future__ import annotations

import warnings

import pytest

from tests.support import need_extra

need_extra("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tapete.envs  # noqa: E402, F401  (registers the ids)
from tapete.core.errors import SetupError  # noqa: E402
from tapete.envs.gym_env import TapeteGym, env_id  # noqa: E402
from tapete.games import GAMES  # noqa: E402

SAMPLE = [
    ("guinote", "aragones"),
    ("guinote", "clasico-2p"),
    ("belote", "classique"),
    ("belote", "contree"),
    ("belote", "trois-joueurs"),
    ("belote", "decouverte"),
    ("brisca", "brisca"),
    ("brisca", "brisca-2p"),
]
assert {name for name, _ in SAMPLE} == set(GAMES)


def test_every_game_is_registered() -> None:
    assert [env_id(name) for name in GAMES] == ["tapete/Guinote-v0", "tapete/Belote-v0", "tapete/Brisca-v0"]
    for name in GAMES:
        assert env_id(name) in gymnasium.registry


@pytest.mark.parametrize(("name", "preset"), SAMPLE)
@pytest.mark.parametrize("opponents", ["random", "easy"])
def test_check_env(name: str, preset: str, opponents: str) -> None:
    env = gymnasium.make(env_id(name), preset=preset, opponents=opponents, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings fail the test too
        check_env(env.unwrapped)


def _play(env: TapeteGym, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert (info["action_mask"] == obs["action_mask"]).all() and obs["action_mask"].any()
        assert (env.action_masks() == obs["action_mask"].astype(bool)).all()
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[steps % len(legal)]))
        total += float(reward)
        steps += 1
        done = terminated or truncated
    return total, steps


def test_a_match_against_bots_is_reproducible_from_its_seed() -> None:
    env = gymnasium.make(env_id("brisca"), preset="brisca-2p", opponents="easy", target=3).unwrapped
    assert isinstance(env, TapeteGym)
    first = _play(env, 5)
    assert _play(env, 5) == first
    assert first[1] > 20


def test_the_learner_may_sit_anywhere_and_face_several_levels() -> None:
    env = TapeteGym("guinote", "aragones", opponents=["random", "easy", "random"], seat="random", episode="deal")
    seats = set()
    for seed in range(6):
        total, steps = _play(env, seed)
        seats.add(env.seat)
        assert steps >= 9 and -3 < total < 3
    assert len(seats) > 1


def test_a_search_level_opponent() -> None:
    env = TapeteGym("brisca", "brisca-2p", opponents="medium", episode="deal")
    total, steps = _play(env, 1)
    assert steps == 20 and total != 0


def test_bad_settings_are_refused() -> None:
    with pytest.raises(SetupError):
        TapeteGym("belote", "classique", opponents=["easy", "easy"])
    with pytest.raises(SetupError):
        TapeteGym("belote", "classique", seat=4)
