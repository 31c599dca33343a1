"""What a Monte Carlo search needs to know of a game, handed to it by the game.

The searches (:mod:`tapete.bots.ismcts`, :mod:`tapete.bots.pimc`) are
game-agnostic: for an observation they ask its game for a
:class:`SearchHooks`: a determinization of the observation (the game's own
``sample_deal``, the one place hidden cards are dealt), the scale that maps a
deal's returns to about [-1, 1], the actions the search leaves out, a
cheap rollout policy, and optionally how likely a sampled world is given
what the others were seen to do.

Rollouts go to the end of the deal only (the value is the deal's returns),
so a search at the first bid never plays further deals. A game's policy
should pass every auction or taking decision: a bid in the tree is then valued
as the contract it would be if the others let it stand, which keeps an auction
(dozens of bids per turn) from exploding into random contracts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: ``policy(world, legal, rng)``: the rollout's action among ``legal`` (search-legal, non-empty).
Policy = Callable[[Any, list[int], random.Random], int]
#: ``likelihood(obs, world)``: the log-likelihood of a sampled world given what the observation saw
#: the others do (their bids, their plays), up to a constant shared by every world of ``obs``.
Likelihood = Callable[[Any, Any], float]


@dataclass(frozen=True)
class SearchHooks:
    """The game-specific pieces of a search, for one observation's game."""

    #: A full deal consistent with the observation, hidden cards dealt at random.
    sample: Callable[[Any, random.Random], Any]
    #: The points of an ordinary deal (card points and the last trick): returns / scale ~ [-1, 1].
    scale: float
    #: Actions the search never considers (e.g. a claim: its value is the match, not the deal).
    excluded: frozenset[int]
    #: The rollout policy.
    policy: Policy
    #: The number of card ids: actions below it are cards.
    n_cards: int
    #: How likely each sampled world is (None: every world the sampler deals is as likely): the
    #: searches weigh their worlds by it (:mod:`tapete.bots.worlds`).
    likelihood: Likelihood | None = None


__all__ = ["Likelihood", "Policy", "SearchHooks"]
