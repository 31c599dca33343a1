"""The exact solver for Guiñote positions (``GAME.solve``): the engine's own moves until the arrastre,
then the compact search.

Before the arrastre (stock on the table) the draws are known once every card
is, but the decisions are many (cantes, the 7 exchange, window passes): this
part searches on the engine itself (:meth:`GuinoteState.push`/``pop``), with a
transposition table at trick boundaries. As soon as a position is in the
arrastre with no cante to decide, it hands over to
:class:`~tapete.core.card_search.CardSearch`, which sings after each trick itself.

What the values count (see :mod:`tapete.solver` for the common part): the
side is the team (``seat % 2``) at 4 players and the player at 2; the cantes
and the tute (as a bonus) the side still sings count; the other side's cantes
do not (they are not the side's points): only a tute of theirs matters,
through the tute bit and, when it wins the partida, by ending the deal. The
capote bonus is not counted.

Every decision is searched exactly, the dominant choice being applied only
where it is provably dominant: cantes (which suit to sing within
``cantes_per_trick`` is searched; singing is never worse than passing, so in
the arrastre the side always sings), the 7 exchange and the window/predraw
``pass`` before the arrastre (searched through the engine). A claim ends the
deal, so ``claim`` is valued 0 and nobody claims inside the search. A tute
that wins the partida ends the deal: singing it is valued as every point the
side could still win (the card points not yet taken, the last trick's bonus
and the cantes of unsung pairs it holds); the other side singing it leaves
the side 0.
"""

from __future__ import annotations

from tapete.core.card_search import INF, CardSearch, SearchLimitError
from tapete.core.errors import SetupError
from tapete.core.solution import Solution, pick_best
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE
from tapete.guinote.state import OVER, PLAY, GuinoteState

_TUTE_MODES = {"none": 0, "bonus": 1, "wins_partida": 2}


def _check(state: GuinoteState) -> None:
    if state.phase == OVER:
        raise SetupError("cannot solve this Guiñote position: the deal is over")


def compact_ok(state: GuinoteState) -> bool:
    """In the arrastre, a card to play and no cante to decide first."""
    if state.phase != PLAY or state.indicator >= 0:
        return False
    if state.trick or not state.window_open:
        return True
    return not any(SING <= a <= TUTE for a in state.legal_actions())


class GuinoteSolver:
    """Searches one Guiñote deal for one side (the team of the seat to move at the root)."""

    def __init__(self, state: GuinoteState, tt_bytes: int, max_nodes: int = 0) -> None:
        _check(state)
        rules = state.rules
        self.side = state.cur % 2
        self.bonus = rules.last_trick_bonus
        self.wins_partida = rules.tute == "wins_partida"
        t = state._t
        side = [s % 2 == self.side for s in range(state.n)]
        cs = CardSearch(state.n, 40, state.trump, t.trick, t.duties, t.points, side, self.bonus, tt_bytes // 2)
        if rules.cantes_in_arrastre:
            pair_points = [rules.cante_points_trump if s == state.trump else rules.cante_points_plain for s in range(4)]
            cs.set_cantes(list(t.pair), pair_points, t.reyes, t.tute_alt, _TUTE_MODES[rules.tute], rules.tute_points,
                          rules.cantes_per_trick, state._team_sing)  # fmt: skip
        cs.max_nodes = max_nodes
        self.max_nodes = max_nodes
        self.cs = cs
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}
        self.tt_cap = max(1, tt_bytes // 2 // 400)
        self.nodes = 0

    # ------------------------------------------------------------ helpers
    def load(self, s: GuinoteState) -> None:
        trick = list(s.trick)
        leader = s.leader if trick else s.cur
        self.cs.load(list(s.hands), trick, leader, s.trick_best, s.trick_best_seat, s.sung, [-1] * 40)

    def won(self, s: GuinoteState) -> int:
        return s.card_points[self.side] + s.cante_points[self.side]

    def everything(self, s: GuinoteState) -> int:
        """Every point the side could still win: the value of a tute that wins the partida."""
        t = s._t
        rules = s.rules
        rest = 130 - s.card_points[0] - s.card_points[1]
        pot = 0
        for seat in range(s.n):
            if seat % 2 != self.side:
                continue
            hand = s.hands[seat]
            for suit in range(4):
                if not (s.sung >> suit) & 1 and hand & t.pair[suit] == t.pair[suit]:
                    pot += rules.cante_points_trump if suit == s.trump else rules.cante_points_plain
            if rules.tute == "bonus" and not s.sung & 16:
                if hand & t.reyes == t.reyes or (t.tute_alt and hand & t.tute_alt == t.tute_alt):
                    pot += rules.tute_points
        return rest + self.bonus + pot

    # ------------------------------------------------------------ search
    def child(self, s: GuinoteState, a: int, alpha: int, beta: int) -> int:
        """The side's points from applying action ``a``: what it gains at once plus the rest."""
        if a == CLAIM:
            return 0
        if a == TUTE and self.wins_partida:
            return self.everything(s) if s.cur % 2 == self.side else 0
        before = self.won(s)
        s.push(a)
        gain = self.won(s) - before
        if s.phase == OVER and s.tricks_played == s.tricks_per_deal and s.last_winner % 2 == self.side:
            gain += self.bonus
        r = gain + self.value(s, alpha - gain, beta - gain)
        s.pop()
        return r

    def value(self, s: GuinoteState, alpha: int, beta: int) -> int:
        if s.phase == OVER:
            return 0
        if compact_ok(s):
            self.load(s)
            cs = self.cs
            before = cs.nodes
            r = cs.window_value(alpha, beta)
            self.nodes += cs.nodes - before
            return r
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise SearchLimitError(f"the search passed {self.max_nodes} nodes: the position is too deep to solve")
        key: tuple[object, ...] | None = None
        lo, hi = 0, INF
        if s.phase == PLAY and not s.trick:
            key = (tuple(s.hands), len(s.stock), s.indicator, s.cur, s.sung, s.window_open, tuple(s.window_count),
                   s.last_winner)  # fmt: skip
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
        a0 = max(alpha, lo)
        b0 = min(beta, hi)
        a, b = a0, b0
        maxing = s.cur % 2 == self.side
        v = -INF if maxing else INF
        for act in _ordered(s.legal_actions()):
            r = self.child(s, act, a, b)
            if maxing:
                if r > v:
                    v = r
                    a = max(a, v)
            elif r < v:
                v = r
                b = min(b, v)
            if a >= b:
                break
        if key is not None:
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            if len(self.tt) >= self.tt_cap:
                self.tt.clear()
            self.tt[key] = (lo, hi)
        return v

    def root_values(self, s: GuinoteState) -> dict[int, int]:
        if compact_ok(s):
            self.load(s)
            values = self.cs.root_values()
            self.nodes += self.cs.nodes
            if CLAIM in s.legal_actions():
                values[CLAIM] = 0
            return values
        return {a: self.child(s, a, -1, INF) for a in s.legal_actions()}


def _ordered(actions: list[int]) -> list[int]:
    """Sing and exchange before cards and passes (usually the better choice); never claim."""
    specials = [a for a in actions if SING <= a <= EXCHANGE]
    return specials + [a for a in actions if a < SING] + [a for a in actions if a == PASS]


def solve(state: GuinoteState, tt_bytes: int, max_nodes: int = 0) -> Solution:
    """Every legal action's value for the side to move."""
    solver = GuinoteSolver(state, tt_bytes, max_nodes)
    s = state.clone()
    values = solver.root_values(s)
    best = pick_best(values, prefer=(TUTE, SING + s.trump, SING, SING + 1, SING + 2, SING + 3, EXCHANGE),
                     last=(PASS, CLAIM))  # fmt: skip
    return Solution(values=values, best=best, nodes=solver.nodes, side=solver.side)


def solve_value(state: GuinoteState, tt_bytes: int, max_nodes: int = 0) -> int:
    """The position's value for the side to move."""
    solver = GuinoteSolver(state, tt_bytes, max_nodes)
    s = state.clone()
    if compact_ok(s):
        solver.load(s)
        return solver.cs.value()
    return solver.value(s, -1, INF)
