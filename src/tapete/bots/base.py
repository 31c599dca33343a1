"""The bot interface shared by every level and both games."""

from __future__ import annotations

import random
from typing import Protocol

from tapete.guinote.observation import GuinoteObservation


class Bot(Protocol):
    """Chooses an action from what its seat may see.

    ``obs.legal_actions`` lists the choices; ``rng`` is the bot's only source
    of randomness, so a seeded generator makes the bot reproducible.
    """

    name: str

    def act(self, obs: GuinoteObservation, rng: random.Random) -> int: ...
