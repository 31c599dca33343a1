"""The bot interface shared by every level and every game (defined in :mod:`tapete.core.agent`),
and the one way a brain finds the game of an observation."""

from __future__ import annotations

from typing import Any

from tapete.core.agent import Bot, Budget
from tapete.core.game import Game
from tapete.games import game_of_rules

#: The game of each rules class seen so far (a dict lookup per decision instead of a scan).
_GAMES_BY_RULES: dict[type, Game] = {}


def game_of(obs: Any) -> Game:
    """The game an observation (or a deal state: anything with ``rules``) belongs to."""
    kind = type(obs.rules)
    found = _GAMES_BY_RULES.get(kind)
    if found is None:
        found = _GAMES_BY_RULES[kind] = game_of_rules(obs.rules)
    return found


def resolve_budget(budget: Budget | None, iterations: int, seconds: float | None) -> tuple[int, float | None]:
    """The iterations and seconds a search uses: the budget's where it gives them, else the bot's own."""
    if budget is None:
        return iterations, seconds
    return (
        budget.iterations if budget.iterations is not None else iterations,
        budget.seconds if budget.seconds is not None else seconds,
    )


__all__ = ["Bot", "Budget", "game_of", "resolve_budget"]
