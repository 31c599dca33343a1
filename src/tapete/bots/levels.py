"""Bot levels by name, for the table (``--bots LEVEL``), the arena and the server.

>>> make_bot("random").name
'random'
>>> make_bot("genius")
Traceback (most recent call last):
...
tapete.errors.RulesError: unknown bot level 'genius': expected one of random
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tapete.bots.base import Bot
from tapete.bots.random_bot import RandomBot
from tapete.errors import RulesError

#: Level name -> a factory of a fresh bot. Later levels register here.
LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
}

DEFAULT_LEVEL: Final = "random"


def make_bot(level: str) -> Bot:
    """A fresh bot of the named level (bots for every game: they act on observations)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise RulesError(f"unknown bot level {level!r}: expected one of {', '.join(LEVELS)}") from None
    return factory()
