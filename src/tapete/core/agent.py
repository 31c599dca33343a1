"""What a player program is, for every game: the :class:`Bot` protocol and its thinking :class:`Budget`.

These live in the core (below the games) so that a game package can write its own
bots (its heuristic level) without importing :mod:`tapete.bots`, the layer above it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Budget:
    """How much thinking a search bot may do for one decision: wall-clock seconds, iterations
    (samples, playouts), or both (whichever ends first). ``None`` fields: the bot's default."""

    seconds: float | None = None
    iterations: int | None = None


class Bot(Protocol):
    """Chooses an action from what its seat may see.

    ``obs`` is the seat's observation (the game's ``observe``), never the full
    state; ``obs.legal_actions`` lists the choices; ``rng`` is the bot's only
    source of randomness, so a seeded generator makes the bot reproducible (a
    bot with a time budget is reproducible only with an iteration budget instead).
    """

    name: str

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int: ...


__all__ = ["Bot", "Budget"]
