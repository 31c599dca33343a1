"""The baseline: uniformly random legal actions, but never one the game says is plainly wrong."""

from __future__ import annotations

import random
from typing import Any

from tapete.bots.base import Budget, game_of


class RandomBot:
    """Plays a uniformly random legal action (the game's :meth:`~tapete.core.game.Game.wrong_actions` excluded).

    >>> from tapete.games import GAMES
    >>> for game in GAMES.values():
    ...     match = game.new_match(game.rules(), seed=2)
    ...     obs = game.observe(match, match.current_player)
    ...     assert RandomBot().act(obs, random.Random(0)) in obs.legal_actions
    """

    name = "random"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        wrong = game_of(obs).wrong_actions(obs)
        choices: list[int] = [a for a in obs.legal_actions if a not in wrong] if wrong else list(obs.legal_actions)
        if not choices:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        return choices[rng.randrange(len(choices))]
