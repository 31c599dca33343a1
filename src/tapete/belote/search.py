"""What the searching bots need to know of Belote (``GAME.search_hooks`` and friends).

The searches themselves (information-set MCTS, PIMC) are the game-agnostic
:mod:`tapete.bots`; this module gives them the Belote pieces: the deal
sampler, the points of an ordinary deal, the rollout policy (pass in the
auction or taking, so a contract in the tree stands; declare; else a random
card) and the part of the deal the exact solver can take (the last tricks).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from tapete.belote.actions import DECLARE, PASS
from tapete.belote.inference import log_likelihood
from tapete.belote.observation import BeloteObservation, sample_deal
from tapete.belote.state import BIDDING, BeloteState
from tapete.belote.tables import tables_for
from tapete.core.cards.french import FRENCH_32
from tapete.core.search_hooks import SearchHooks

_N_CARDS = FRENCH_32.n_cards
_NONE: frozenset[int] = frozenset()

#: Tricks left from which the PIMC levels solve the worlds: before that the deal is too deep to
#: solve many worlds a move. The expert may solve from the first card (8 tricks left) where its
#: first world fits its share of the node budget (``PimcBot.min_worlds``), else a trick later
#: (7 tricks left: about 70,000 nodes a world, so 8-10 worlds at the second trick).
SOLVER_WINDOWS: Final[Mapping[str, int]] = {"expert": 8}
DEFAULT_SOLVER_WINDOW: Final = 6


def policy(world: Any, legal: list[int], rng: random.Random) -> int:
    """Pass in the auction or taking (the contract in the tree stands), declare, else a random card."""
    state: BeloteState = world
    if state.phase == BIDDING:
        return PASS if PASS in legal else legal[0]
    if DECLARE in legal:
        return DECLARE
    return legal[rng.randrange(len(legal))]


def search_hooks(obs: BeloteObservation) -> SearchHooks:
    """The sampler, the scale (the card points of the contract and the last trick: 152 + 10, or 130 and 258
    with unscaled sans-atout and tout-atout), nothing left out, the rollout policy, and the worlds'
    likelihood given the bidding (:mod:`tapete.belote.inference`)."""
    points = 152
    if obs.contract >= 4:
        points = sum(tables_for(obs.rules.sa_ta_points, obs.contract).points)
    scale = float(points + obs.rules.last_trick_bonus)
    return SearchHooks(sample_deal, scale, _NONE, policy, _N_CARDS, log_likelihood)


def solver_depth(obs: BeloteObservation) -> int | None:
    """Tricks left to play; None in the bidding (the solver needs trumps) and after the deal."""
    if obs.phase in ("bidding", "over"):
        return None
    return int(obs.rules.hand_size - len(obs.tricks))


def solver_window(level: str) -> int:
    """The most tricks left at which the PIMC level ``level`` solves its worlds."""
    return SOLVER_WINDOWS.get(level, DEFAULT_SOLVER_WINDOW)


__all__ = ["DEFAULT_SOLVER_WINDOW", "SOLVER_WINDOWS", "policy", "search_hooks", "solver_depth", "solver_window"]
