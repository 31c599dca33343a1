"""What a Monte Carlo search bot needs to know of each game, kept out of the search itself.

The search (:mod:`tapete.bots.ismcts`) is game-agnostic: it asks a
:class:`GameHooks` for a determinization of the observation (the game's own
``sample_deal``, the one place hidden cards are dealt), the scale that maps
a deal's returns to about [-1, 1], a decision that needs no search (a claim
the public scores prove right: it wins the match, which no deal value can
say), the actions the search leaves out, and a cheap rollout policy.

Rollouts go to the end of the deal only (the value is the deal's returns),
so a search at the first bid never plays further deals. In a rollout every
auction or taking decision passes: a bid in the tree is then valued as the
contract it would be if the others let it stand, which keeps an auction
(dozens of bids per turn) from exploding into random contracts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tapete.belote import actions as belote_actions
from tapete.belote import observation as belote_observation
from tapete.belote.state import BIDDING, BeloteState
from tapete.bots.random_bot import claim_is_right
from tapete.guinote import actions as guinote_actions
from tapete.guinote import observation as guinote_observation
from tapete.guinote.state import PLAY as GUINOTE_PLAY
from tapete.guinote.state import GuinoteState

#: ``policy(world, legal, rng)``: the rollout's action among ``legal`` (search-legal, non-empty).
Policy = Callable[[Any, list[int], random.Random], int]


@dataclass(frozen=True)
class GameHooks:
    """The game-specific pieces of a search, for one observation's game."""

    #: A full deal consistent with the observation, hidden cards dealt at random.
    sample: Callable[[Any, random.Random], Any]
    #: The points of an ordinary deal (card points and the last trick): returns / scale ~ [-1, 1].
    scale: float
    #: Actions the search never considers (a claim: its value is the match, not the deal).
    excluded: frozenset[int]
    #: The rollout policy.
    policy: Policy
    #: The number of card ids: actions below it are cards.
    n_cards: int


def hooks_for(obs: Any) -> GameHooks:
    """The hooks of the observation's game (Guiñote or Belote)."""
    if isinstance(obs, guinote_observation.GuinoteObservation):
        return GameHooks(
            guinote_observation.sample_deal,
            float(120 + obs.rules.last_trick_bonus),
            frozenset((guinote_actions.CLAIM,)),
            guinote_policy,
            40,
        )
    if isinstance(obs, belote_observation.BeloteObservation):
        return GameHooks(
            belote_observation.sample_deal,
            float(152 + obs.rules.last_trick_bonus),
            frozenset(),
            belote_policy,
            32,
        )
    raise TypeError(f"no search hooks for {type(obs).__name__}: expected a Guiñote or Belote observation")


def sure_action(obs: Any) -> int | None:
    """A decision no search is needed for, or None.

    A Guiñote claim the public scores prove right wins the match, and so does a
    tute under ``tute="wins_partida"``; a deal's value cannot see that, so they are
    taken here. A single legal action needs no thought either.
    """
    legal = obs.legal_actions
    if len(legal) == 1:
        return int(legal[0])
    if isinstance(obs, guinote_observation.GuinoteObservation):
        if guinote_actions.CLAIM in legal and claim_is_right(obs):
            return guinote_actions.CLAIM
        if guinote_actions.TUTE in legal and obs.rules.tute == "wins_partida":
            return guinote_actions.TUTE
    return None


def guinote_policy(world: Any, legal: list[int], rng: random.Random) -> int:
    """Sing, tute and exchange the 7 whenever allowed (almost always right), else a random card."""
    state: GuinoteState = world
    for a in legal:
        if a >= 40 and a != guinote_actions.PASS:
            return a
    if state.phase != GUINOTE_PLAY:
        return legal[0]
    cards = [a for a in legal if a < 40]
    return cards[rng.randrange(len(cards))] if cards else legal[rng.randrange(len(legal))]


def belote_policy(world: Any, legal: list[int], rng: random.Random) -> int:
    """Pass in the auction or taking (the contract in the tree stands), declare, else a random card."""
    state: BeloteState = world
    if state.phase == BIDDING:
        return belote_actions.PASS if belote_actions.PASS in legal else legal[0]
    if belote_actions.DECLARE in legal:
        return belote_actions.DECLARE
    return legal[rng.randrange(len(legal))]


__all__ = ["GameHooks", "Policy", "belote_policy", "guinote_policy", "hooks_for", "sure_action"]
