"""Gymnasium's single-agent API: the learner holds one seat, tapete bots of any level hold the others.

``gymnasium.make("tapete/<Game>-v0", preset=..., opponents="medium")`` (the
ids are registered when :mod:`tapete.envs` is imported, or by naming the
module: ``gymnasium.make("tapete.envs:tapete/<Game>-v0")``). The observation is
the learner's dict of vector and action mask (:mod:`tapete.envs.encoding`);
the mask is also ``info["action_mask"]`` and :meth:`TapeteGym.action_masks`
(MaskablePPO's hook). The opponents act between the learner's steps; the
reward of a step is the learner's share of every deal that ended during it
(see :mod:`tapete.envs.episode`).

>>> from tapete.games import GAMES
>>> for name in GAMES:
...     env = TapeteGym(name, opponents="random")
...     obs, info = env.reset(seed=1)
...     done = False
...     while not done:
...         action = env.action_space.sample(mask=obs["action_mask"])
...         obs, reward, terminated, truncated, info = env.step(action)
...         done = terminated or truncated
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from tapete.bots.levels import make_bot
from tapete.core.agent import Bot
from tapete.core.errors import SetupError
from tapete.envs.episode import Episode, EpisodeKind, IllegalKind, RewardKind, make_rules
from tapete.envs.seats import check_render_mode, render_episode
from tapete.envs.spaces import action_space, observation_space
from tapete.games import GAMES
from tapete.games import game as find_game

Obs = dict[str, npt.NDArray[Any]]


class TapeteGym(gymnasium.Env[Obs, np.int64]):
    """One seat of a tapete match (or deal) against bots, as a Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        preset: str | None = None,
        *,
        opponents: str | Bot | Sequence[str | Bot] = "easy",
        seat: int | str = 0,
        episode: EpisodeKind = "match",
        rewards: RewardKind = "deal",
        illegal: IllegalKind = "substitute",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode, self.metadata["render_modes"])
        found = find_game(game)
        self.ep = Episode(found, make_rules(found, preset, options), episode, rewards, illegal, illegal_reward)
        n = self.ep.players
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise SetupError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        self._seat_choice = seat
        #: The learner's seat in the current episode.
        self.seat = seat if isinstance(seat, int) else 0
        given = (
            [opponents] * (n - 1) if isinstance(opponents, str) or not isinstance(opponents, Sequence) else opponents
        )
        if len(given) != n - 1:
            raise SetupError(f"opponents: one level or bot, or {n - 1} of them (one a seat), not {len(given)}")
        #: The opponents' bots, in seat order after the learner's.
        self.bots: list[Bot] = [make_bot(b) if isinstance(b, str) else b for b in given]
        self.render_mode = render_mode
        enc = self.ep.encoder
        self.observation_space = cast("gymnasium.spaces.Space[Obs]", observation_space(enc))
        self.action_space = cast("gymnasium.spaces.Space[np.int64]", action_space(enc))
        self._bot_rng = random.Random()
        self._last: Obs = {}
        self._pending = 0.0

    def _bot_of(self, seat: int) -> Bot:
        return self.bots[(seat - self.seat) % self.ep.players - 1]

    def _play_others(self) -> float:
        """Let the bots act until the learner is to act or the episode ends; the learner's rewards meanwhile."""
        ep = self.ep
        reward = 0.0
        while not ep.done and ep.current != self.seat:
            seat = ep.current
            obs = ep.observe(seat)
            reward += ep.apply(self._bot_of(seat).act(obs, self._bot_rng))[self.seat]
        return reward

    def _view(self) -> tuple[Obs, dict[str, Any]]:
        self._last = self.ep.observation(self.seat)
        return self._last, {"action_mask": self._last["action_mask"], "seat": self.seat}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        self.ep.reset(int(rng.integers(2**63)))
        self._bot_rng = random.Random(int(rng.integers(2**63)))
        if self._seat_choice == "random":
            self.seat = int(rng.integers(self.ep.players))
        self._pending = self._play_others()  # paid with the learner's first step
        return self._view()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        ep = self.ep
        if ep.done:
            raise SetupError("the episode is over: reset it")
        reward = self._pending + ep.apply(int(action))[self.seat]
        self._pending = 0.0
        illegal = ep.substituted
        reward += self._play_others()
        obs, info = self._view()
        if illegal:
            info["illegal_action"] = True
        if self.render_mode == "human":
            self.render()
        return obs, reward, ep.done, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO asks for this)."""
        return self._last["action_mask"].astype(bool) if self._last else np.zeros(self.ep.encoder.action_count, bool)

    def render(self) -> str | None:
        return render_episode(self.ep, self.render_mode)


def env_id(game: str) -> str:
    """The Gymnasium id of a game: ``tapete/<Name>-v0``."""
    return f"tapete/{game.capitalize()}-v0"


def register() -> None:
    """Register ``tapete/<Game>-v0`` for every game (once; importing :mod:`tapete.envs` does it)."""
    for name in GAMES:
        gid = env_id(name)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point="tapete.envs.gym_env:TapeteGym", kwargs={"game": name})


__all__ = ["TapeteGym", "env_id", "register"]
