"""The Belote ``heuristic`` level: what a good club player does, from the seat's observation only.

Every decision of every preset: the taking rounds (with sans-atout and
tout-atout when offered) and the coinche/contrée auction
(:mod:`tapete.belote.heuristic_bidding`), declarations (always: announcing can
only add points to the side, since only the side with the best declaration
scores and the other loses nothing it had; 004 'Declaraciones'), and the card
play (:mod:`tapete.belote.heuristic_play`, the last tricks counted out by
:mod:`tapete.belote.heuristic_endgame`). It is fast (a few milliseconds a move in
pure Python) and deterministic given its generator.

>>> import random
>>> from tapete.belote import BeloteRules, BeloteState
>>> from tapete.belote.observation import observe
>>> state = BeloteState.new_deal(BeloteRules.preset("contree"), seed=4, dealer=0)
>>> bot = BeloteHeuristicBot()
>>> while not state.is_terminal():
...     state.apply_action(bot.act(observe(state, state.current_player), random.Random(1)))
>>> state.result().redeal or sum(state.result().card_points) == 162
True
"""

from __future__ import annotations

import random
from typing import Any

from tapete.belote.actions import DECLARE
from tapete.belote.heuristic_bidding import DEFAULT_STYLE, BiddingStyle, auction_action, taking_action
from tapete.belote.heuristic_endgame import endgame_card, endgame_ready
from tapete.belote.heuristic_play import choose_card, legal_cards
from tapete.belote.knowledge import Knowledge
from tapete.belote.observation import BeloteObservation
from tapete.core.agent import Budget


class BeloteHeuristicBot:
    """Rule-based Belote player: hand evaluation for bidding, card counting for play."""

    name = "heuristic"

    def __init__(self, endgame_samples: int = 8, style: BiddingStyle = DEFAULT_STYLE) -> None:
        #: Deals sampled to count out the last tricks (0: play them by the rules too).
        self.endgame_samples = endgame_samples
        #: The bidding thresholds.
        self.style = style

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        if not isinstance(obs, BeloteObservation):
            raise TypeError(f"BeloteHeuristicBot plays Belote, not {type(obs).__name__}")
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bidding":
            taking = obs.rules.bidding == "taking"
            action = taking_action(obs, self.style) if taking else auction_action(obs, self.style)
            return action if action in legal else legal[0]
        if DECLARE in legal:
            return DECLARE
        cards = legal_cards(obs)
        if len(cards) == 1:
            return cards[0]
        if self.endgame_samples and endgame_ready(obs):
            card = endgame_card(obs, cards, rng, self.endgame_samples)
            if card is not None:
                return card
        return choose_card(Knowledge(obs), obs, cards)
