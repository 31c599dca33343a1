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

A level may also take an argument, ``KIND:ARG``: ``policy:weights.npz`` is a policy learned
with :mod:`tapete.envs` (its observation tensors) and saved to a file (see :data:`LEVEL_KINDS`).
"""

from __future__ import annotations

import importlib
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

#: Levels with an argument, written ``KIND:ARG``: the kind -> the module that makes their bots, imported
#: the first time such a level is asked for (in each process: a spawned arena worker or a Ray task too).
#: The module defines ``make_level(arg: str) -> Bot``, raising a TapeteError for a bad argument.
#: A kind is a plugin: its module may stand in a layer above the bots (a learned policy reads the
#: observation tensors of :mod:`tapete.envs`), which the bots therefore name only by this string.
LEVEL_KINDS: Final[dict[str, str]] = {
    "policy": "tapete.envs.policy",  # policy:FILE.npz, a policy network's weights (docs/envs.md)
    "openspiel": "tapete.envs.spiel_bot",  # openspiel:ismcts[@N], OpenSpiel's own IS-MCTS (docs/envs.md)
}

#: What each level kind's argument is, for help and errors.
KIND_ARGS: Final[dict[str, str]] = {"policy": "FILE", "openspiel": "ismcts[@N]"}

#: What a deal of a level of each kind costs (see :data:`LEVEL_COSTS`): a small network's forward pass a move.
KIND_COSTS: Final[dict[str, float]] = {"policy": 5.0, "openspiel": 5000.0}

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
    >>> level_cost("policy:weights.npz")
    5.0
    """
    if level in LEVEL_COSTS:
        return LEVEL_COSTS[level]
    kind, _ = split_level(level)
    return KIND_COSTS.get(kind, 1.0)


def split_level(level: str) -> tuple[str, str | None]:
    """``KIND:ARG`` -> (kind, arg); a plain level name -> (name, None).

    >>> split_level("policy:runs/pg.npz"), split_level("medium")
    (('policy', 'runs/pg.npz'), ('medium', None))
    """
    kind, sep, arg = level.partition(":")
    return (kind, arg) if sep else (level, None)


def level_names() -> str:
    """The levels for a message: every name, then each kind as ``KIND:ARG``."""
    return ", ".join([*LEVELS, *(f"{kind}:{KIND_ARGS.get(kind, 'ARG')}" for kind in LEVEL_KINDS)])


def _unknown(level: str) -> RulesError:
    return RulesError(f"unknown bot level {level!r}: expected one of {level_names()}")


def make_bot(level: str) -> Bot:
    """A fresh bot of the named level (bots for every game: they act on observations); ``KIND:ARG`` makes
    one of a level kind (:data:`LEVEL_KINDS`), whose bad argument raises the kind's TapeteError."""
    factory = LEVELS.get(level)
    if factory is not None:
        return factory()
    kind, arg = split_level(level)
    module = LEVEL_KINDS.get(kind)
    if module is None or arg is None:
        raise _unknown(level)
    make: Callable[[str], Bot] = importlib.import_module(module).make_level
    return make(arg)


def check_level(level: str) -> None:
    """Raise a TapeteError unless ``level`` makes a bot (a level kind's argument is tried: its file read)."""
    if level not in LEVELS:
        make_bot(level)
