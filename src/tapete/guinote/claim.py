"""Whether a claim is right from what the seat sees: every bot checks it before claiming.

A claim ends the deal and wins the match when the side has reached the target,
and loses it otherwise; no deal value sees that, so bots decide it here, from
the public count alone.
"""

from __future__ import annotations

from tapete.guinote.observation import GuinoteObservation


def claim_is_right(obs: GuinoteObservation) -> bool:
    """Whether the seat's side has reached the target, counting what is public."""
    team = obs.seat % 2
    total = obs.scores_before[team] + obs.card_points[team] + obs.cante_points[team]
    return total >= obs.rules.target


__all__ = ["claim_is_right"]
