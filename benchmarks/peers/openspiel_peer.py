"""OpenSpiel's IS-MCTS bot as an outside opponent, for every tapete game (benchmarks only).

The bot is :class:`tapete.envs.spiel_bot.SpielIsmctsBot`: OpenSpiel's own
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with its random-rollout
evaluator, searching the game tapete registers with OpenSpiel
(:mod:`tapete.envs.openspiel`). Every simulation starts from a world dealt
from the seat's observation, so it never sees a hidden card. Unlike the
other peers it plays tapete's own rules (OpenSpiel has none of these games):
any game, preset and options.

Levels: ``openspiel:ismcts`` (100 simulations a decision) and
``openspiel:ismcts@N``. This wrapper times each decision into :mod:`stats`.
"""

from __future__ import annotations

import importlib.metadata
import random
import time
from typing import Any

from tapete.bots.base import Budget

from . import stats

try:
    from tapete.envs import spiel_bot as _spiel_bot
except ImportError:  # open_spiel not installed
    _spiel_bot = None  # type: ignore[assignment]


#: What a deal of the default level costs, in random-bot deals (``tapete.bots.levels.LEVEL_COSTS``): about
#: twenty decisions of a few tenths of a second, pure Python.
DEAL_COST = 5_000.0


def available() -> bool:
    return _spiel_bot is not None


def version() -> str:
    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return ""


class OpenSpielBot:
    """A timed :class:`~tapete.envs.spiel_bot.SpielIsmctsBot` of level ``openspiel:ARG``."""

    def __init__(self, level: str) -> None:
        if _spiel_bot is None:
            raise ValueError("open_spiel is not installed (pip install open_spiel)")
        self.inner = _spiel_bot.make_level(level)
        self.name = f"{_spiel_bot.KIND}:{level}"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        start = time.perf_counter()
        action = self.inner.act(obs, rng, budget)
        stats.record_time(self.name, time.perf_counter() - start)
        return action


def check_level(level: str) -> None:
    """Raise ValueError for a level this module cannot make."""
    OpenSpielBot(level)
