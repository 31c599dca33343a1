"""One card of a deal judged: what it cost against the best legal move, first with every card known
(double dummy), then, where asked, as the expert saw the decision from the player's own information.

The cost is the value of the best legal move minus the value of the move played, both from the
exact solver (:mod:`tapete.solver`, through ``Game.solve``) for the mover's side, in the deal's own
points: what the side still wins under perfect play by everybody, as the game's solver adapter counts
it (card points, the last trick's bonus, cantes still to sing where the game has them). A card that is the only
legal move costs 0 and is not searched. Every card of the deal is known in a record, the order of a
stock included: "double dummy" in a game with a stock means the draws are known too, which no
player knew at the table.

The work is bounded, never a hang: a position further from the end of its deal than the game's
solver reaches within seconds (``Game.solve_reach``, or :attr:`Limits.reach` tricks) is not
analysed (note :data:`OUT_OF_REACH`), nor one whose search passes :attr:`Limits.max_nodes` (note
:data:`TOO_DEEP`), nor any card of a game without an exact solver (note :data:`NO_SOLVER`).

The player's own view (:attr:`Limits.own`) is the expert level's evaluation (:meth:`PimcBot.values`):
worlds sampled from the seat's observation, each solved exactly, each move's mean value. Its cost is
the best mean minus the played move's mean: how much worse the card looked with what the player could
know. The expert only solves late enough in the deal (``Game.solver_window("expert")``); earlier
cards have no such cost.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from tapete.bots.levels import EXPERT_NODES
from tapete.bots.pimc import PimcBot
from tapete.core.game import Game
from tapete.solver import DEFAULT_TT_BYTES, SearchLimitError, SetupError, solve

#: Why a card has no double-dummy cost, or how it got one without a search.
FORCED: Final = "forced"
OUT_OF_REACH: Final = "reach"
TOO_DEEP: Final = "nodes"
NO_SOLVER: Final = "solver"
NOTES: Final = (FORCED, OUT_OF_REACH, TOO_DEEP, NO_SOLVER)


@dataclass(frozen=True)
class Limits:
    """How much work the analysis of one card may take, and whether the player's own view is added."""

    #: Search nodes of one card's exact solve; past them the card is not analysed (:data:`TOO_DEEP`).
    max_nodes: int = 2_000_000
    #: The most tricks left at which a card is searched; 0: the game's own ``Game.solve_reach``. More tries
    #: earlier cards (within ``max_nodes``: slower, often in vain); fewer is quicker.
    reach: int = 0
    #: The solver's transposition table, in bytes.
    tt_bytes: int = DEFAULT_TT_BYTES
    #: Add the expert's evaluation from the player's own information (many solves a card: slower).
    own: bool = False
    #: The expert's worlds per decision and its node budget over all of them (its level's, by default).
    own_samples: int = 64
    own_nodes: int = EXPERT_NODES
    #: Seeds the worlds sampled for the player's view: the same seed gives the same analysis.
    seed: int = 0


@dataclass(frozen=True)
class MoveAnalysis:
    """The verdict on one card played: deal ``deal`` (from 0), its ``step``-th action (from 0)."""

    deal: int
    step: int
    seat: int
    action: int
    #: Points the card cost against the best legal move, every card known; None: not analysed (see ``note``).
    cost: int | None
    #: A best legal move (the card played when it is one of the best); None when not analysed.
    best: int | None = None
    #: What the best move is worth to the mover's side (points it still wins); None when not analysed.
    value: int | None = None
    #: :data:`FORCED` (the only legal move: cost 0, nothing searched), or why the card is not analysed.
    note: str = ""
    #: Points the card cost as the expert judged it from the seat's own information; None: not judged.
    own: float | None = None
    #: The move the expert judged best from that information.
    own_best: int | None = None

    @property
    def analysed(self) -> bool:
        return self.cost is not None


class CardJudge:
    """Judges cards of one game under one :class:`Limits` (it keeps the expert bot between cards)."""

    def __init__(self, game: Game, limits: Limits) -> None:
        self.game = game
        self.limits = limits
        # No wall-clock deadline: the analysis must be the same on any machine (its node budget bounds it).
        self.expert = PimcBot(
            samples=limits.own_samples, level="expert", node_budget=limits.own_nodes, hard_seconds=None
        )

    def judge(self, state: Any, action: int, deal: int, step: int) -> MoveAnalysis:
        """The verdict on ``action`` played in ``state`` (the state is left as it was)."""
        seat = int(state.current_player)
        legal = state.legal_actions()
        if action not in legal:
            raise ValueError(f"deal {deal + 1} action {step + 1}: {action} is not legal here")
        if len(legal) == 1:
            return MoveAnalysis(deal, step, seat, action, 0, action, None, FORCED)
        cost, best, value, note = self.double_dummy(state, action)
        own, own_best = self.own_view(state, action, deal, step) if self.limits.own else (None, None)
        return MoveAnalysis(deal, step, seat, action, cost, best, value, note, own, own_best)

    def double_dummy(self, state: Any, action: int) -> tuple[int | None, int | None, int | None, str]:
        """(cost, best move, its value, note) with every card known."""
        game, limits = self.game, self.limits
        reach = game.solve_reach(state.rules)
        if reach <= 0:
            return None, None, None, NO_SOLVER
        if game.tricks_left(state) > (limits.reach or reach):
            return None, None, None, OUT_OF_REACH
        try:
            solution = solve(state, limits.tt_bytes, max_nodes=limits.max_nodes)
        except SearchLimitError:
            return None, None, None, TOO_DEEP
        except SetupError:
            return None, None, None, NO_SOLVER
        values = solution.values
        best = action if values[action] == solution.value else solution.best
        return solution.value - values[action], best, solution.value, ""

    def own_view(self, state: Any, action: int, deal: int, step: int) -> tuple[float | None, int | None]:
        """(cost, best move) as the expert judges them from the seat's observation; (None, None) where
        it does not solve this decision."""
        obs = self.game.observe_deal(state, state.current_player)
        rng = random.Random(f"{self.limits.seed}:{deal}:{step}")
        values = self.expert.values(obs, rng)
        if values is None:
            return None, None
        top = max(values.values())
        best = action if values[action] == top else max(values, key=lambda a: (values[a], -a))
        return round(top - values[action], 1), best


__all__ = ["FORCED", "NOTES", "NO_SOLVER", "OUT_OF_REACH", "TOO_DEEP", "CardJudge", "Limits", "MoveAnalysis"]
