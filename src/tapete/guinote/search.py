"""What the searching bots need to know of Guiñote (``GAME.search_hooks`` and friends).

The searches themselves (information-set MCTS, PIMC) are the game-agnostic
:mod:`tapete.bots`; this module gives them the Guiñote pieces: the deal
sampler, the points of an ordinary deal, the actions a search leaves out (a
claim: its value is the match, not the deal), the rollout policy, the
decisions no search is needed for, and the part of the deal the exact solver
can take (the arrastre: the stock gone).
"""

from __future__ import annotations

import random
from typing import Any, Final

from tapete.core.cards.spanish import SPANISH
from tapete.core.play_evidence import trick_log_likelihood
from tapete.core.search_hooks import SearchHooks
from tapete.guinote.actions import CLAIM, PASS, TUTE
from tapete.guinote.claim import claim_is_right
from tapete.guinote.heuristic import choose_card
from tapete.guinote.observation import GuinoteObservation, observe, sample_deal
from tapete.guinote.state import PLAY, GuinoteState

_N_CARDS = SPANISH.n_cards
_EXCLUDED = frozenset((CLAIM,))


def policy(world: Any, legal: list[int], rng: random.Random) -> int:
    """Sing, tute and exchange the 7 whenever allowed (almost always right), else a random card."""
    state: GuinoteState = world
    for a in legal:
        if a >= _N_CARDS and a != PASS:
            return a
    if state.phase != PLAY:
        return legal[0]
    cards = [a for a in legal if a < _N_CARDS]
    return cards[rng.randrange(len(cards))] if cards else legal[rng.randrange(len(legal))]


#: The play model of the world likelihood: another seat plays the heuristic's card with probability
#: 1 - PLAY_EPSILON (:mod:`tapete.core.play_evidence`).
PLAY_EPSILON: Final = 0.3


def _heuristic_card(seen: GuinoteObservation) -> tuple[int, int] | None:
    cards = [a for a in seen.legal_actions if a < _N_CARDS]
    return (choose_card(seen, cards), len(cards)) if len(cards) > 1 else None


def log_likelihood(obs: GuinoteObservation, world: GuinoteState) -> float:
    """How likely a sampled world is given the others' cards in the trick in progress, read in the
    arrastre (where the duties make the hands matter and no draw or exchange is in the way)."""
    if not obs.arrastre or not obs.trick:
        return 0.0
    return trick_log_likelihood(obs, world, observe, _heuristic_card, PLAY_EPSILON)


def search_hooks(obs: GuinoteObservation) -> SearchHooks:
    """The sampler, the scale (120 card points and the last trick), no claims, the rollout policy, and
    the worlds' likelihood given the cards played in the trick in progress (in the arrastre)."""
    scale = float(120 + obs.rules.last_trick_bonus)
    return SearchHooks(sample_deal, scale, _EXCLUDED, policy, _N_CARDS, log_likelihood)


def sure_action(obs: GuinoteObservation) -> int | None:
    """A claim the public scores prove right wins the match, and so does a tute under
    ``tute="wins_partida"``; a deal's value cannot see that, so they are taken without search."""
    legal = obs.legal_actions
    if CLAIM in legal and claim_is_right(obs):
        return CLAIM
    if TUTE in legal and obs.rules.tute == "wins_partida":
        return TUTE
    return None


def wrong_actions(obs: GuinoteObservation) -> frozenset[int]:
    """A claim the public count does not support (it loses the match)."""
    if CLAIM in obs.legal_actions and not claim_is_right(obs):
        return _EXCLUDED
    return frozenset()


#: Cards left in the stock from which the PIMC levels solve the worlds (every level): an exact solve
#: long before the arrastre can take minutes.
SOLVER_WINDOW: Final = 0


def solver_depth(obs: GuinoteObservation) -> int | None:
    """Cards left in the stock (the solver takes the arrastre, 0); None before the play or after."""
    if obs.phase == "over":
        return None
    return int(obs.stock_size)


def solver_window(level: str) -> int:
    """The most cards in the stock at which the PIMC level ``level`` solves its worlds: the arrastre."""
    return SOLVER_WINDOW


__all__ = ["SOLVER_WINDOW", "policy", "search_hooks", "solver_depth", "solver_window", "sure_action", "wrong_actions"]
