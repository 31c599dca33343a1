"""Exact solver for Guiñote and Belote with every card known (double dummy).

``solve(state)`` gives, for each legal action of the seat to move, the points
its *side* still wins from this position to the end of the deal when that side
plays to maximize them and every other seat plays to minimize them:

* the side is the team (``seat % 2``) at 4 players, the player at 2, and at
  3-player Belote the taker against the two others as one coalition
  (``0`` the taker's side, ``1`` the coalition, as ``BeloteState.side_of``);
* counted: the card points of the tricks still to win (the trick in progress
  included, cards already on the table too), the last trick's bonus, and in
  Guiñote the cantes and the tute (as a bonus) the side still sings. The
  other side's cantes are not counted (they are not the side's points); only
  a tute of theirs matters, through the tute bit and, when it wins the
  partida, by ending the deal;
* not counted: points already won, Belote declarations and belote-rebelote
  (fixed once play starts: neither depends on how the cards are played, and
  declaring is never worse, so the ``declare`` action is valued like the best
  card and chosen as ``best`` when legal), Guiñote capote and Belote capot
  bonuses and contract scoring.

Guiñote's other decisions are searched exactly, the dominant choice being
applied only where it is provably dominant: cantes (which suit to sing within
``cantes_per_trick`` is searched; singing is never worse than passing, so in
the arrastre the side always sings), the 7 exchange and the window/predraw
``pass`` before the arrastre (searched through the engine). A claim ends the
deal, so ``claim`` is valued 0 and nobody claims inside the search. A tute
that wins the partida ends the deal: singing it is valued as every point the
side could still win (the card points not yet taken, the last trick's bonus
and the cantes of unsung pairs it holds); the other side singing it leaves
the side 0.

>>> from tapete.notation import parse_position
>>> s = parse_position("aragones d0 play:0 h=1b6bRb/1oScCc/1c3c7e/5cRc s=- tr=c i=- t=3:3b "
...                    "k=2o3o4o6o7oSoCo2c4c6c1e2e3e4e6eCb/5oRo7c5eSeCeRe2b4b5b7bSb w=3")
>>> sol = solve(s)
>>> sol.side, sol.values, sol.best, solve_value(s)
(0, {30: 61}, 30, 61)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapete.belote.state import BeloteState
from tapete.errors import SetupError
from tapete.guinote.state import GuinoteState
from tapete.solver.core import SearchLimitError

__all__ = ["DEFAULT_TT_BYTES", "SearchLimitError", "SetupError", "Solution", "solve", "solve_value"]

#: The transposition table's default cap (the benchmark keeps the peak well under 256 MB).
DEFAULT_TT_BYTES = 64 << 20


@dataclass(frozen=True)
class Solution:
    """The exact value of each legal action for the side to move (see the module docs)."""

    #: Legal action -> points the side still wins after it, under perfect play.
    values: dict[int, int]
    #: An action with the largest value.
    best: int
    #: Search nodes visited (tricks' card decisions and engine actions).
    nodes: int
    #: The side to move: its team at 4 players, the seat at 2, at 3-player Belote 0 the taker, 1 the others.
    side: int

    @property
    def value(self) -> int:
        """The position's value: the best action's."""
        return self.values[self.best]


def solve(state: GuinoteState | BeloteState, tt_bytes: int = DEFAULT_TT_BYTES, *, max_nodes: int = 0) -> Solution:
    """The exact value of every legal action of the seat to move. Raises :class:`SetupError`
    outside the play phase (bidding, a finished deal) or for another kind of object, and
    :class:`SearchLimitError` past ``max_nodes`` search nodes (0: no limit; a Guiñote position
    long before the arrastre can need a very long search)."""
    solution: Solution = _search(state, tt_bytes, max_nodes, values=True)
    return solution


def solve_value(state: GuinoteState | BeloteState, tt_bytes: int = DEFAULT_TT_BYTES, *, max_nodes: int = 0) -> int:
    """The value of the position for the side to move (one search, cheaper than :func:`solve`)."""
    value: int = _search(state, tt_bytes, max_nodes, values=False)
    return value


def _search(state: object, tt_bytes: int, max_nodes: int, values: bool) -> Any:
    """Dispatch to the game's solver: every action's value (``values``), or the position's."""
    if tt_bytes < 1:
        raise SetupError(f"tt_bytes={tt_bytes}: the transposition table needs a positive size")
    if isinstance(state, GuinoteState):
        from tapete.solver import guinote

        return (guinote.solve_guinote if values else guinote.value_guinote)(state, tt_bytes, max_nodes)
    if isinstance(state, BeloteState):
        from tapete.solver import belote

        return (belote.solve_belote if values else belote.value_belote)(state, tt_bytes, max_nodes)
    raise SetupError(f"cannot solve a {type(state).__name__}: expected a GuinoteState or a BeloteState")


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
