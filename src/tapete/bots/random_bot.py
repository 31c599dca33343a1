"""The baseline: uniformly random legal actions, but never a claim it can see is wrong."""

from __future__ import annotations

import random
from typing import Any

from tapete.bots.base import Budget
from tapete.guinote.actions import CLAIM
from tapete.guinote.observation import GuinoteObservation


def claim_is_right(obs: GuinoteObservation) -> bool:
    """Whether the seat's side has reached the target, counting what is public."""
    team = obs.seat % 2
    total = obs.scores_before[team] + obs.card_points[team] + obs.cante_points[team]
    return total >= obs.rules.target


class RandomBot:
    """Plays a uniformly random legal action (a wrong claim excluded).

    >>> from tapete.guinote import GuinoteRules, GuinoteState
    >>> from tapete.guinote.observation import observe
    >>> state = GuinoteState.new_deal(GuinoteRules(), seed=2, dealer=0)
    >>> obs = observe(state, state.current_player)
    >>> RandomBot().act(obs, random.Random(0)) in obs.legal_actions
    True
    """

    name = "random"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        guinote = isinstance(obs, GuinoteObservation)
        choices: list[int] = [a for a in obs.legal_actions if not guinote or a != CLAIM or claim_is_right(obs)]
        if not choices:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        return choices[rng.randrange(len(choices))]
