"""Hints at the table (``tapete play --hints``): what a strong bot would play, from the person's seat.

A hint is honest in the same way the bots are: the hint bot receives the
person's observation (what that seat may see), the legal actions in it and a
generator, never the full state. It is reproducible: the generator is seeded
from the table's seed, the deal and the number of actions in it, so the same
position at the same table always gets the same hint. A fresh bot answers
each hint, so nothing learned in one position leaks into the next and two
hints computed at once (one cancelled, one current) never share a bot.

>>> from tapete.games import game_of_preset
>>> from tapete.table.session import TableSession
>>> game = game_of_preset("aragones")
>>> table = TableSession.new(game, game.rules("aragones-2p"), humans=(0,), seed=5, save=False)
>>> obs = table.observation(0)
>>> hint = compute_hint("heuristic", obs, hint_rng(table.bot_seed, 1, 0))
>>> hint in obs.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tapete.bots.levels import LEVELS, make_bot
from tapete.core.errors import RulesError

#: The hint level by preference: the strongest first (after these, the last level registered).
PREFERRED = ("expert", "pimc")


def default_hint_level(levels: Mapping[str, object] | None = None) -> str:
    """The strongest level available: ``expert``, else ``pimc``, else the last one registered (levels go weakest first).

    >>> default_hint_level({"random": 0, "heuristic": 0})
    'heuristic'
    >>> default_hint_level({"random": 0, "pimc": 0, "ismcts": 0})
    'pimc'
    """
    names = list(LEVELS if levels is None else levels)
    for name in PREFERRED:
        if name in names:
            return name
    if not names:
        raise RulesError("no bot level is registered: hints need one")
    return names[-1]


def hint_rng(seed: int, deal: int, actions: int) -> random.Random:
    """The generator of the hint for the position after ``actions`` actions of deal ``deal`` at a table
    seeded ``seed`` (kept apart from the bots' own generators)."""
    return random.Random(f"{seed}/hint/{deal}/{actions}")


def compute_hint(level: str, obs: Any, rng: random.Random) -> int:
    """The action a fresh bot of ``level`` chooses for the observation ``obs`` (and nothing else).

    A bot that answers an action that is not legal is a bug worth a loud error, not a wrong hint.
    """
    action = make_bot(level).act(obs, rng)
    if action not in obs.legal_actions:
        raise RulesError(f"the {level} bot chose {action}, which is not legal here")
    return action
