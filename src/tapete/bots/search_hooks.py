"""The game's pieces of a Monte Carlo search, asked of the observation's game.

The searches (:mod:`tapete.bots.ismcts`, :mod:`tapete.bots.pimc`) are
game-agnostic; what they need of a game (the sampler, the score scale, the
actions left out, the rollout policy: :class:`~tapete.core.search_hooks.SearchHooks`,
and the decisions taken without search) comes from the game's ``Game`` object.
"""

from __future__ import annotations

from typing import Any

from tapete.bots.base import game_of
from tapete.core.search_hooks import Policy, SearchHooks


def hooks_for(obs: Any) -> SearchHooks:
    """The search hooks of the observation's game."""
    return game_of(obs).search_hooks(obs)


def sure_action(obs: Any) -> int | None:
    """A decision no search is needed for, or None: a single legal action, or what the game says
    is sure (e.g. a claim the public scores prove right: it wins the match, which no deal value sees)."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return int(legal[0])
    return game_of(obs).sure_action(obs)


__all__ = ["Policy", "SearchHooks", "hooks_for", "sure_action"]
