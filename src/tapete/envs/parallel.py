"""PettingZoo's Parallel API for every tapete game: every agent sends an action each step; the one to act counts.

The games are strictly sequential (a card, a bid, a cante at a time), so a
parallel step is one action: the agent whose mask has legal actions (its
``info["to_act"]`` is True) acts, the others' actions are ignored. It suits
training loops written for Parallel environments (batched policies over all
agents); the AEC environment (:mod:`tapete.envs.aec`) is the natural one.

>>> from tapete.games import GAMES
>>> for name in GAMES:
...     env = parallel_env(name, seed=3)
...     observations, infos = env.reset()
...     while env.agents:
...         # an agent not to act has an empty mask: its sample (0) is ignored
...         actions = {a: env.action_space(a).sample(mask=observations[a]["action_mask"]) for a in env.agents}
...         observations, rewards, terminations, truncations, infos = env.step(actions)
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from pettingzoo import ParallelEnv

from tapete.core.errors import SetupError
from tapete.envs.episode import Episode, EpisodeKind, IllegalKind, RewardKind, make_rules
from tapete.envs.seats import SeatAgents, check_render_mode
from tapete.games import game as find_game

Obs = dict[str, npt.NDArray[Any]]


class TapeteParallel(SeatAgents, ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """A tapete match (or deal) as a PettingZoo Parallel environment: one action a step."""

    metadata: dict[str, Any] = {"name": "tapete_parallel_v0", "render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        preset: str | None = None,
        *,
        episode: EpisodeKind = "match",
        rewards: RewardKind = "deal",
        illegal: IllegalKind = "substitute",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        max_cycles: int = 0,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode, self.metadata["render_modes"])
        found = find_game(game)
        self.ep = Episode(found, make_rules(found, preset, options), episode, rewards, illegal, illegal_reward)
        self.render_mode = render_mode
        #: Truncate every agent after this many steps (each one action); 0: never.
        self.max_cycles = max_cycles
        self._seed = seed
        self._seat_agents(seed)
        self.agents: list[str] = []

    def _views(self) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        ep = self.ep
        obs = {a: ep.observation(i) for i, a in enumerate(self.possible_agents)}
        infos = {a: {"to_act": i == ep.current} for i, a in enumerate(self.possible_agents)}
        return obs, infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        if seed is None:
            seed, self._seed = self._seed, None
        self.ep.reset(seed)
        self.agents = self.possible_agents[:]
        return self._views()

    def step(
        self, actions: dict[str, int]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        ep = self.ep
        if not self.agents:
            raise SetupError("the episode is over: reset it")
        agent = self.possible_agents[ep.current]
        if agent not in actions:
            raise SetupError(f"{agent} is to act: its action is missing")
        rewards = ep.apply(int(actions[agent]))
        illegal = ep.substituted
        truncated = not ep.done and bool(self.max_cycles) and ep.steps >= self.max_cycles
        if truncated:
            ep.truncate()
        obs, infos = self._views()
        if illegal:
            infos[agent]["illegal_action"] = True
        agents = self.possible_agents
        reward = {a: rewards[i] for i, a in enumerate(agents)}
        terminations: dict[str, bool] = dict.fromkeys(agents, ep.done and not truncated)
        truncations = dict.fromkeys(agents, truncated)
        if ep.done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminations, truncations, infos


def parallel_env(game: str, preset: str | None = None, **options: Any) -> TapeteParallel:
    """A PettingZoo Parallel environment of ``game`` (keywords as :func:`tapete.envs.aec.aec_env`)."""
    return TapeteParallel(game, preset, **options)


__all__ = ["TapeteParallel", "parallel_env"]
