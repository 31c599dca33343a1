"""The exact solver for Belote positions (``GAME.solve``): a position to :class:`~tapete.core.card_search.CardSearch`.

What the values count (see :mod:`tapete.solver` for the common part): the
side is the team at 4 players, the player at 2, and at 3 players the taker
against the two others as one coalition (``0`` the taker's side, ``1`` the
coalition, as ``BeloteState.side_of``). Declarations and belote-rebelote are
not counted (fixed once play starts: neither depends on how the cards are
played, and declaring is never worse, so the ``declare`` action is valued like
the best card and chosen as ``best`` when legal), nor the capot bonus and the
contract's scoring. The bidding is not the solver's: a position must be in the play.
"""

from __future__ import annotations

from tapete.belote.actions import DECLARE
from tapete.belote.state import PLAY, BeloteState
from tapete.core.card_search import CardSearch
from tapete.core.errors import SetupError
from tapete.core.solution import Solution, pick_best


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


def solve(state: BeloteState, tt_bytes: int, max_nodes: int = 0) -> Solution:
    """Every legal action's value for the side to move."""
    cs = build(state, tt_bytes, max_nodes)
    values = cs.root_values()
    prefer: tuple[int, ...] = ()
    if DECLARE in state.legal_actions():
        # Declaring changes no card; its points are not counted (module docs) and it is never worse.
        values[DECLARE] = max(values.values())
        prefer = (DECLARE,)
    best = pick_best(values, prefer)
    return Solution(values=values, best=best, nodes=cs.nodes, side=side_of(state, state.cur))


def solve_value(state: BeloteState, tt_bytes: int, max_nodes: int = 0) -> int:
    """The position's value for the side to move."""
    return build(state, tt_bytes, max_nodes).value()
