"""Belote positions to :class:`~tapete.solver.core.CardSearch` (see :mod:`tapete.solver`)."""

from __future__ import annotations

from tapete.belote.actions import DECLARE
from tapete.belote.state import PLAY, BeloteState
from tapete.errors import SetupError
from tapete.solver import Solution, pick_best
from tapete.solver.core import CardSearch


def side_of(state: BeloteState, seat: int) -> int:
    """The side a seat plays for: team at 4, the seat at 2, taker (0) or coalition (1) at 3."""
    if state.n == 4:
        return seat % 2
    if state.n == 3:
        return state.side_of(seat)
    return seat


def _check(state: BeloteState) -> None:
    if state.phase != PLAY:
        what = "the deal is over" if state.is_terminal() else "trumps are not chosen yet (bidding)"
        raise SetupError(f"cannot solve this Belote position: {what}; the solver needs the play phase")


def build(state: BeloteState, tt_bytes: int, max_nodes: int = 0) -> CardSearch:
    """A search loaded with the position, for the side of the seat to move."""
    _check(state)
    me = side_of(state, state.cur)
    side = [side_of(state, s) == me for s in range(state.n)]
    t = state._t
    cs = CardSearch(state.n, 32, state.trump, t.trick, state._duties, t.points, side,
                    state.rules.last_trick_bonus, tt_bytes)  # fmt: skip
    cs.max_nodes = max_nodes
    trick = list(state.trick)
    leader = state.leader if trick else state.cur
    cs.load(list(state.hands), trick, leader, state.trick_best, state.trick_best_seat, 0, list(state.under))
    return cs


def solve_belote(state: BeloteState, tt_bytes: int, max_nodes: int = 0) -> Solution:
    cs = build(state, tt_bytes, max_nodes)
    values = cs.root_values()
    prefer: tuple[int, ...] = ()
    if DECLARE in state.legal_actions():
        # Declaring changes no card; its points are not counted (module docs) and it is never worse.
        values[DECLARE] = max(values.values())
        prefer = (DECLARE,)
    best = pick_best(values, prefer)
    return Solution(values=values, best=best, nodes=cs.nodes, side=side_of(state, state.cur))


def value_belote(state: BeloteState, tt_bytes: int, max_nodes: int = 0) -> int:
    return build(state, tt_bytes, max_nodes).value()
