"""The bot interface shared by every level and every game (defined in :mod:`tapete.core.agent`),
and the one way a brain finds the game of an observation."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class SearchValues:
    """What a search made of each action of its last decision, for self-play data and analysis.

    A searching bot keeps the values of its last decision as ``last_values`` (None when the decision
    was not searched: a single legal action, a sure claim, a decision left to the heuristic). The
    numbers are the bot's own: ``kind`` says what they mean.
    """

    #: ``ismcts``: mean deal return of the searching seat scaled by the game's score scale (about
    #: [-1, 1]); ``pimc``: mean exact value over the solved worlds, in points for the side to move.
    kind: str
    #: Value per action searched (actions the search never tried are absent).
    values: dict[int, float]
    #: Visits per action (ISMCTS; for PIMC, the worlds solved, the same for every action).
    visits: dict[int, int]


def search_values(bot: Any) -> SearchValues | None:
    """The values of ``bot``'s last decision, or None for a bot that keeps none."""
    values = getattr(bot, "last_values", None)
    return values if isinstance(values, SearchValues) else None


def resolve_budget(budget: Budget | None, iterations: int, seconds: float | None) -> tuple[int, float | None]:
    """The iterations and seconds a search uses: the budget's where it gives them, else the bot's own."""
    if budget is None:
        return iterations, seconds
    return (
        budget.iterations if budget.iterations is not None else iterations,
        budget.seconds if budget.seconds is not None else seconds,
    )


__all__ = ["Bot", "Budget", "SearchValues", "game_of", "resolve_budget", "search_values"]
