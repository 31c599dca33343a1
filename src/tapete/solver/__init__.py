"""Exact solver for any game, with every card known (double dummy).

``solve(state)`` gives, for each legal action of the seat to move, the points
its *side* still wins from this position to the end of the deal when that side
plays to maximize them and every other seat plays to minimize them. Counted:
the card points of the tricks still to win (the trick in progress included,
cards already on the table too) and the last trick's bonus; not counted:
points already won. What a side is and which of the game's own points count
(cantes, declarations, bonuses) is the game's to say: each game solves its
positions through ``Game.solve`` / ``Game.solve_value`` (its solver adapter,
built on the shared :class:`~tapete.core.card_search.CardSearch`), and its
adapter's docs say what its values count.

>>> from tapete.games import parse_position
>>> s = parse_position("aragones d0 play:0 h=1b6bRb/1oScCc/1c3c7e/5cRc s=- tr=c i=- t=3:3b "
...                    "k=2o3o4o6o7oSoCo2c4c6c1e2e3e4e6eCb/5oRo7c5eSeCeRe2b4b5b7bSb w=3")
>>> sol = solve(s)
>>> sol.side, sol.values, sol.best, solve_value(s)
(0, {30: 61}, 30, 61)
"""

from __future__ import annotations

from typing import Any

from tapete.core.card_search import SearchLimitError
from tapete.core.errors import RulesError, SetupError
from tapete.core.game import Game
from tapete.core.solution import Solution, pick_best
from tapete.games import game_of_rules

__all__ = ["DEFAULT_TT_BYTES", "SearchLimitError", "SetupError", "Solution", "pick_best", "solve", "solve_value"]

#: The transposition table's default cap (the benchmark keeps the peak well under 256 MB).
DEFAULT_TT_BYTES = 64 << 20


def solve(state: Any, tt_bytes: int = DEFAULT_TT_BYTES, *, max_nodes: int = 0) -> Solution:
    """The exact value of every legal action of the seat to move. Raises :class:`SetupError`
    where the game's solver cannot value the position (bidding, a finished deal) or for an
    object that is no game's deal state, and :class:`SearchLimitError` past ``max_nodes``
    search nodes (0: no limit; a position long before the end of the deal can need a very long
    search)."""
    _check(tt_bytes)
    return _game(state).solve(state, tt_bytes, max_nodes)


def solve_value(state: Any, tt_bytes: int = DEFAULT_TT_BYTES, *, max_nodes: int = 0) -> int:
    """The value of the position for the side to move (one search, cheaper than :func:`solve`)."""
    _check(tt_bytes)
    return _game(state).solve_value(state, tt_bytes, max_nodes)


def _check(tt_bytes: int) -> None:
    if tt_bytes < 1:
        raise SetupError(f"tt_bytes={tt_bytes}: the transposition table needs a positive size")


def _game(state: Any) -> Game:
    """The game whose deal state this is."""
    try:
        return game_of_rules(state.rules)
    except (AttributeError, RulesError):
        raise SetupError(f"cannot solve a {type(state).__name__}: expected a deal state of one of the games") from None
