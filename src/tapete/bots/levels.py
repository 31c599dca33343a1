"""Bot levels by name, for the table (``--bots LEVEL``), the arena and the server.

A level is one name for every game: a level that needs a game's own bot
(:class:`ByGame`) asks the observation's game for it (found from ``obs.rules``),
and the search levels ask the game for their hooks.

>>> make_bot("random").name
'random'
>>> make_bot("genius")
Traceback (most recent call last):
...
tapete.core.errors.RulesError: unknown bot level 'genius': expected one of random, heuristic, ismcts, pimc, ...
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from tapete.bots.base import Bot, Budget, game_of
from tapete.bots.ismcts import IsmctsBot
from tapete.bots.pimc import PimcBot
from tapete.bots.random_bot import RandomBot
from tapete.core.errors import RulesError
from tapete.core.game import Game


class ByGame:
    """One level made of a bot per game, each made by ``make(game)`` on the game's first observation."""

    def __init__(self, name: str, make: Callable[[Game], Bot]) -> None:
        self.name = name
        self._make = make
        self._bots: dict[str, Bot] = {}

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        game = game_of(obs)
        bot = self._bots.get(game.name)
        if bot is None:
            bot = self._bots[game.name] = self._make(game)
        return bot.act(obs, rng, budget)


def _heuristic() -> Bot:
    return ByGame("heuristic", lambda game: game.heuristic_bot())


def _pimc(samples: int, seconds: float | None = None, **search: Any) -> Callable[[], Bot]:
    def make() -> Bot:
        return PimcBot(samples=samples, seconds=seconds, **search)

    return make


#: Search nodes of one expert decision over all its worlds: under a second a move on one core
#: (about a million nodes a second, compiled), and the same moves from the same seed on any machine.
EXPERT_NODES: Final = 600_000
#: The expert's time budget a move, in CPU seconds: no new world is started past it (issue 17: p95 <= 1 s
#: a move on a free core; on a busy one the hard deadline, ``pimc.HARD_SECONDS`` of wall time, still holds).
EXPERT_SECONDS: Final = 0.8
#: Worlds sampled and weighed a move, from which the expert's solved worlds are drawn by likelihood.
EXPERT_POOL: Final = 64
#: The expert searches a decision only where its first world fits 1/4 of the node budget.
EXPERT_MIN_WORLDS: Final = 4

#: Level name -> a factory of a fresh bot, weakest first.
LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "heuristic": _heuristic,
    "ismcts": IsmctsBot,
    "pimc": _pimc(24),
    # The difficulties players choose (docs/bots.md gives the measured ladder behind them).
    "easy": _heuristic,
    "medium": _pimc(5),
    "hard": _pimc(24),
    # Information-set search: up to 64 worlds a move drawn by likelihood from a weighed pool (the
    # bidding and play seen, where the game gives a likelihood), within a node budget and a time
    # budget; the game may give it a wider solver window (``Game.solver_window("expert")``: in
    # some games the whole deal), tried where the first world fits a quarter of the node budget.
    "expert": _pimc(
        64, EXPERT_SECONDS, level="expert", node_budget=EXPERT_NODES, pool=EXPERT_POOL, min_worlds=EXPERT_MIN_WORLDS
    ),
}

#: What a deal of each level costs, in deals of the random bot (about a millisecond): orders of magnitude
#: measured over the games (``tapete match --bots LEVEL``), for the arena to decide how many worker
#: processes a run is worth (:func:`level_cost`). A searching bot's deal takes seconds.
LEVEL_COSTS: Final[dict[str, float]] = {
    "random": 1.0,
    "heuristic": 10.0,
    "ismcts": 10_000.0,
    "pimc": 5_000.0,
    "easy": 10.0,
    "medium": 1_000.0,
    "hard": 5_000.0,
    "expert": 20_000.0,
}

#: The named difficulties, easiest first.
DIFFICULTIES: Final = ("easy", "medium", "hard", "expert")

#: The level a library call gets when it names none (the fastest, for tests and arenas).
DEFAULT_LEVEL: Final = "random"
#: The level a person plays against when choosing none (``tapete play``).
PLAY_LEVEL: Final = "medium"


def level_cost(level: str) -> float:
    """What a deal played by ``level`` costs, in random-bot deals (:data:`LEVEL_COSTS`); 1 for a level without one.

    >>> level_cost("random"), level_cost("hard") > level_cost("medium") > level_cost("easy")
    (1.0, True)
    """
    return LEVEL_COSTS.get(level, 1.0)


def make_bot(level: str) -> Bot:
    """A fresh bot of the named level (bots for every game: they act on observations)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise RulesError(f"unknown bot level {level!r}: expected one of {', '.join(LEVELS)}") from None
    return factory()
