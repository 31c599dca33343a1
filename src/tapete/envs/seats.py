"""What the PettingZoo environments (AEC and Parallel) and the Gymnasium one share: the render mode's
check and the render, and the per-seat agents with their spaces, so that each environment file only says
how its API steps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium

from tapete.core.errors import SetupError
from tapete.envs.episode import Episode
from tapete.envs.spaces import action_space, observation_space


def check_render_mode(render_mode: str | None, modes: Sequence[str]) -> None:
    """A render mode the environment does not know is refused when it is made, not at the first render."""
    if render_mode is not None and render_mode not in modes:
        raise SetupError(f"render_mode must be one of {', '.join(modes)}")


def render_episode(ep: Episode, render_mode: str | None) -> str | None:
    """The text of ``render()``: returned for ``ansi``, printed for ``human``; a warning without a mode."""
    if render_mode is None:
        gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
        return None
    text = ep.render()
    if render_mode == "human":
        print(text)
        return None
    return text


class SeatAgents:
    """One PettingZoo agent a seat (``player_0``...), each with its own seeded spaces."""

    ep: Episode
    render_mode: str | None

    def _seat_agents(self, seed: int | None) -> None:
        self.possible_agents = [f"player_{i}" for i in range(self.ep.players)]
        enc = self.ep.encoder
        agents = list(enumerate(self.possible_agents))
        self.observation_spaces = {a: observation_space(enc, None if seed is None else seed + i) for i, a in agents}
        self.action_spaces = {a: action_space(enc, None if seed is None else seed + i) for i, a in agents}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        return render_episode(self.ep, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the engine holds no resources."""
