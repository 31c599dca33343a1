"""Bot levels by name, for the table (``--bots LEVEL``), the arena and the server.

A level is one name for both games: :class:`ByGame` hands each observation
to the bot written for its game.

>>> make_bot("random").name
'random'
>>> make_bot("genius")
Traceback (most recent call last):
...
tapete.errors.RulesError: unknown bot level 'genius': expected one of random, heuristic, ismcts, pimc, ...
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from tapete.bots.base import Bot, Budget
from tapete.bots.random_bot import RandomBot
from tapete.errors import RulesError


class ByGame:
    """One level made of a bot per game, chosen by the observation's type (built on first use)."""

    def __init__(self, name: str, guinote: Callable[[], Bot], belote: Callable[[], Bot]) -> None:
        self.name = name
        self._factories = {"GuinoteObservation": guinote, "BeloteObservation": belote}
        self._bots: dict[str, Bot] = {}

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        kind = type(obs).__name__
        bot = self._bots.get(kind)
        if bot is None:
            try:
                factory = self._factories[kind]
            except KeyError:
                raise TypeError(f"{self.name} bots play Guiñote and Belote observations, not {kind}") from None
            bot = self._bots[kind] = factory()
        return bot.act(obs, rng, budget)


def _heuristic() -> Bot:
    from tapete.bots.belote_heuristic import BeloteHeuristicBot
    from tapete.bots.guinote_heuristic import GuinoteHeuristicBot

    return ByGame("heuristic", GuinoteHeuristicBot, BeloteHeuristicBot)


def _ismcts() -> Bot:
    from tapete.bots.ismcts import IsmctsBot

    return IsmctsBot()


def _pimc(samples: int, early: str = "heuristic", **search: int) -> Callable[[], Bot]:
    def make() -> Bot:
        from tapete.bots.pimc import PimcBot

        return PimcBot(samples=samples, early=early, **search)

    return make


#: Search nodes of one expert decision over all its worlds: under a second a move on one core
#: (about a million nodes a second, compiled), and the same moves from the same seed on any machine.
EXPERT_NODES: Final = 600_000


def _expert() -> Bot:
    # Up to 64 worlds a move within a node budget; in Belote the solver starts a trick earlier
    # (7 tricks left: about 70,000 nodes a world, so 8-10 worlds at the second trick).
    return ByGame(
        "expert",
        _pimc(64, node_budget=EXPERT_NODES),
        _pimc(64, belote_tricks=7, node_budget=EXPERT_NODES),
    )


#: Level name -> a factory of a fresh bot, weakest first.
LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "pimc": _pimc(24),
    # The difficulties players choose (docs/bots.md gives the measured ladder behind them).
    "easy": _heuristic,
    "medium": _pimc(5),
    "hard": _pimc(24),
    "expert": _expert,
}

#: The named difficulties, easiest first.
DIFFICULTIES: Final = ("easy", "medium", "hard", "expert")

#: The level a library call gets when it names none (the fastest, for tests and arenas).
DEFAULT_LEVEL: Final = "random"
#: The level a person plays against when choosing none (``tapete play``).
PLAY_LEVEL: Final = "medium"


def make_bot(level: str) -> Bot:
    """A fresh bot of the named level (bots for every game: they act on observations)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise RulesError(f"unknown bot level {level!r}: expected one of {', '.join(LEVELS)}") from None
    return factory()
