"""The bot interface shared by every level and both games."""

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


def resolve_budget(budget: Budget | None, iterations: int, seconds: float | None) -> tuple[int, float | None]:
    """The iterations and seconds a search uses: the budget's where it gives them, else the bot's own."""
    if budget is None:
        return iterations, seconds
    return (
        budget.iterations if budget.iterations is not None else iterations,
        budget.seconds if budget.seconds is not None else seconds,
    )


class Bot(Protocol):
    """Chooses an action from what its seat may see.

    ``obs`` is the seat's observation (:func:`tapete.guinote.observation.observe`
    or :func:`tapete.belote.observation.observe`), never the full state;
    ``obs.legal_actions`` lists the choices; ``rng`` is the bot's only source
    of randomness, so a seeded generator makes the bot reproducible (a bot
    with a time budget is reproducible only with an iteration budget instead).
    """

    name: str

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int: ...
