"""The bot interface shared by every level and both games."""

from __future__ import annotations

import random
from typing import Any, Protocol


class Bot(Protocol):
    """Chooses an action from what its seat may see.

    ``obs`` is the seat's observation (:func:`tapete.guinote.observation.observe`
    or :func:`tapete.belote.observation.observe`), never the full state;
    ``obs.legal_actions`` lists the choices; ``rng`` is the bot's only source
    of randomness, so a seeded generator makes the bot reproducible.
    """

    name: str

    def act(self, obs: Any, rng: random.Random) -> int: ...
