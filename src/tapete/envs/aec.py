"""PettingZoo's AEC API for every tapete game: one agent a seat, acting in turn.

``aec_env(game, preset, **options)``: the agents are ``player_0``...; each
observes a dict of its vector and its action mask (:mod:`tapete.envs.encoding`,
from its own observation only; the mask is all zeros when it is not to act);
actions are the engine's ids (``Discrete``). Keywords other than the
environment's own (:data:`~tapete.envs.episode.ENV_KEYWORDS`) are rules options.

>>> from tapete.games import GAMES
>>> for name in GAMES:
...     env = aec_env(name, seed=3)
...     env.reset()
...     for agent in env.agent_iter():
...         obs, reward, terminated, truncated, info = env.last()
...         done = terminated or truncated
...         env.step(None if done else env.action_space(agent).sample(mask=obs["action_mask"]))
...     assert not env.agents
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from pettingzoo import AECEnv

from tapete.core.errors import SetupError
from tapete.envs.episode import Episode, EpisodeKind, IllegalKind, RewardKind, make_rules
from tapete.envs.seats import SeatAgents, check_render_mode
from tapete.games import game as find_game

Obs = dict[str, npt.NDArray[Any]]


class TapeteAEC(SeatAgents, AECEnv[str, Obs, int]):  # type: ignore[misc]
    """A tapete match (or deal) as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {"name": "tapete_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

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
        super().__init__()
        check_render_mode(render_mode, self.metadata["render_modes"])
        found = find_game(game)
        self.ep = Episode(found, make_rules(found, preset, options), episode, rewards, illegal, illegal_reward)
        self.render_mode = render_mode
        #: Truncate every agent after this many cycles (a cycle: as many actions as there are
        #: agents); 0: never.
        self.max_cycles = max_cycles
        self._seed = seed
        self._seat_agents(seed)
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._cache: dict[int, Obs] = {}
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed, self._seed = self._seed, None
        self.ep.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.ep.current]
        self._cache.clear()

    def observe(self, agent: str) -> Obs:
        seat = self._seat[agent]
        got = self._cache.get(seat)
        if got is None:
            got = self._cache[seat] = self.ep.observation(seat)
        return got

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise SetupError(f"{agent} is to act: None is only for an agent that is done")
        ep = self.ep
        self._cumulative_rewards[agent] = 0.0
        rewards = ep.apply(int(action))
        self._cache.clear()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = rewards[i]
            self.infos[a] = {}
        if ep.substituted:
            self.infos[agent] = {"illegal_action": True}
        if not ep.done and self.max_cycles and ep.steps >= self.max_cycles * ep.players:
            ep.truncate()
            self.truncations = dict.fromkeys(self.agents, True)
        elif ep.done:
            self.terminations = dict.fromkeys(self.agents, True)
        if not ep.done:
            self.agent_selection = self.possible_agents[ep.current]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def aec_env(game: str, preset: str | None = None, **options: Any) -> TapeteAEC:
    """A PettingZoo AEC environment of ``game`` under ``preset`` (its default if None), rules ``options``
    changed; environment keywords: ``episode``, ``rewards``, ``illegal``, ``illegal_reward``,
    ``render_mode``, ``max_cycles``, ``seed`` (see :mod:`tapete.envs.episode`)."""
    return TapeteAEC(game, preset, **options)


__all__ = ["TapeteAEC", "aec_env"]
