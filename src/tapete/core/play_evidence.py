"""How likely the cards the others played in the trick in progress are in a sampled world.

Shared by the games' world likelihoods (``SearchHooks.likelihood``): the trick
is replayed in the world from its lead, each other seat's observation taken
just before its card, and its card scored by a policy of the game (its
heuristic's choice): the card the policy would play has probability
``1 - epsilon``, every other legal card shares ``epsilon`` (a soft-max of the
policy's preference: a player of another school is made less likely, never
ruled out). Earlier tricks are not read: replaying the whole deal in every
world would cost more than the search it steers.

The world must be a deal state of the usual shape (``hands`` as bitmasks,
``trick`` as the cards played, ``trick_best``/``trick_best_seat``, ``cur``,
the legal-mask cache ``_lm``, ``clone`` and ``apply_action``), as the games'
engines are.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tapete.core.errors import TapeteError


def trick_log_likelihood(
    obs: Any,
    world: Any,
    observe: Callable[[Any, int], Any],
    choose: Callable[[Any], tuple[int, int] | None],
    epsilon: float,
) -> float:
    """The log-probability of the others' cards in ``obs.trick`` in ``world``.

    ``choose(seen)`` gives (the policy's card, the number of legal cards) for a seat's observation
    ``seen``, or None where the decision says nothing (a single legal card)."""
    if not any(seat != obs.seat for seat, _ in obs.trick):
        return 0.0
    state = world.clone()
    for seat, card in obs.trick:
        state.hands[seat] |= 1 << card
    state.trick = []
    state.trick_best = state.trick_best_seat = -1
    state.cur = obs.trick[0][0]
    state._lm = -1
    total = 0.0
    try:
        for seat, card in obs.trick:
            if seat != obs.seat:
                chosen = choose(observe(state, seat))
                if chosen is not None:
                    best, n = chosen
                    total += math.log(1 - epsilon if best == card else epsilon / (n - 1))
            state.apply_action(card)
    except TapeteError:  # a world the replay cannot take (it should not happen): no evidence read
        return 0.0
    return total


__all__ = ["trick_log_likelihood"]
