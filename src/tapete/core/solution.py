"""The answer of an exact (double dummy) solve, shared by the games' solver adapters and :mod:`tapete.solver`.

>>> pick_best({3: 10, 1: 10, 7: 4})
1
>>> pick_best({3: 10, 1: 10, 7: 4}, prefer=(7, 3)), pick_best({3: 10, 1: 10}, last=(1,))
(3, 3)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Solution:
    """The exact value of each legal action for the side to move (see :mod:`tapete.solver`)."""

    #: Legal action -> points the side still wins after it, under perfect play.
    values: dict[int, int]
    #: An action with the largest value.
    best: int
    #: Search nodes visited (tricks' card decisions and engine actions).
    nodes: int
    #: The side to move, as the game counts sides in the solver (its ``solver_side`` names it).
    side: int

    @property
    def value(self) -> int:
        """The position's value: the best action's."""
        return self.values[self.best]


def pick_best(values: dict[int, int], prefer: tuple[int, ...] = (), last: tuple[int, ...] = ()) -> int:
    """An action with the largest value: among equals the first of ``prefer``, then the lowest
    action not in ``last``."""
    top = max(values.values())
    tied = [a for a in values if values[a] == top]
    for a in prefer:
        if a in tied:
            return a
    first = [a for a in tied if a not in last]
    return min(first) if first else min(tied)


__all__ = ["Solution", "pick_best"]
