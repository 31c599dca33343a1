"""Whether a claim is right from what the seat sees: every bot checks it before claiming.

A claim ends the deal and wins the partida when the side's count wins (the target reached, and
whatever else the rules ask: card points of the deal, being ahead), and loses it otherwise; no deal
value sees that, so bots decide it here, from the public count alone, with the engine's own test
(:func:`tapete.guinote.results.claim_fault`).
"""

from __future__ import annotations

from tapete.guinote.observation import GuinoteObservation
from tapete.guinote.results import claim_fault


def claim_is_right(obs: GuinoteObservation) -> bool:
    """Whether a claim by the seat's side would be right, counting what is public."""
    team = obs.seat % 2
    totals = [obs.scores_before[t] + obs.card_points[t] + obs.cante_points[t] for t in (0, 1)]
    return not claim_fault(obs.rules, totals[team], totals[1 - team], obs.card_points[team])


__all__ = ["claim_is_right"]
