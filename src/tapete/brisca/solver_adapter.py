"""The exact solver for Brisca positions (``GAME.solve``): a search of its own while the stock lasts,
then :class:`~tapete.core.card_search.CardSearch`.

Every card known means the stock's order known too (a sampled world deals it),
so the draws after each trick are part of the position: while the stock lasts
this module searches the cards *and* the draws itself, on bitmasks (no engine
object, no duty: any card in hand may be played), with a transposition table
at trick boundaries. The moment the last card (the muestra) is drawn, the
position is a plain card-play ending and :class:`CardSearch` takes it, with
no duty to follow (``Duties(follow=False)``) and no last-trick bonus.

The exchange of the muestra (``EXCHANGE``: the 7, or the 2, of trumps for it)
is searched as a move of its own. It can change the value even with every
card known: the card given goes under the stock and is drawn last, by
whoever the draw order gives it to, instead of the muestra; so it is never
assumed good or neutral. For the same reason the exchanging cards are kept
out of the equivalent-card pruning while the muestra is on the table (playing
a 7 of trumps is not the same as playing the 6 beside it while the 7 may
still take the muestra).

What the values count (see :mod:`tapete.solver` for the common part): the
side is the team (``seat % 2``) at 4 players and the player at 2, and a value
is the card points that side still wins, the trick in progress included
(Brisca has no last-trick bonus and nothing else to score).

Seat 0, oros trumps, one card (6c) left above the muestra Co: playing any card
at once wins seat 0 nothing more, while taking the Caballo with the 7 first (the
7 then being the last card drawn) wins it 3 points.

>>> from tapete.brisca.actions import action_str
>>> from tapete.brisca.notation import from_notation
>>> s = from_notation("brisca-2p d0 play:0 h=5o7o2c/4oCc7b s=6c tr=o m=Co t=- "
...                   "k=1o3oRo1c3c4c5c7cScRc1e2e3e4e5e6e7eSeCeRe1b3b4b5b6bRb/2o6oSo2bSbCb w=0")
>>> sol = solve(s, 1 << 20)
>>> sorted((action_str(a), v) for a, v in sol.values.items()), action_str(sol.best), solve_value(s, 1 << 20)
([('2c', 0), ('5o', 0), ('7o', 0), ('exchange', 3)], 'exchange', 3)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from tapete.brisca.actions import EXCHANGE
from tapete.brisca.state import OVER, BriscaState
from tapete.brisca.tables import Tables
from tapete.core.card_search import INF, CardSearch, SearchLimitError
from tapete.core.errors import SetupError
from tapete.core.solution import Solution, pick_best
from tapete.core.tricks import Duties

#: Brisca's duties: none (every card in hand may be played to any trick).
NO_DUTIES: Final = Duties(follow=False)
#: Bytes one entry of this module's own transposition table costs (a dict slot, a large int key, a tuple).
ENTRY_BYTES: Final = 300
_NO_UNDER: Final = [-1] * 40
#: Cards left to draw (:func:`solver_depth`) at which the PIMC levels start solving their worlds:
#: the last round of draws at 4 players, the last two at 2 (a world in about 16 ms and 2 ms, 4,000 and
#: 300 nodes, median, pure Python); the expert one round more at 4 and two more at 2 (about 140 ms and
#: 15 ms, 32,000 and 2,100 nodes: its node budget then solves 15-20 worlds at 4 players, 64 at 2).
SOLVER_WINDOWS: Final[dict[str, int]] = {"expert": 8}
DEFAULT_SOLVER_WINDOW: Final = 4


@lru_cache(maxsize=8)
def _below(t: Tables) -> list[list[int]]:
    """The same-suit cards below each card, strongest first (the tables are shared: one list per rules)."""
    out: list[list[int]] = []
    for c in range(40):
        lower = [d for d in range(40) if t.trick.suit[d] == t.trick.suit[c] and t.strength[d] < t.strength[c]]
        lower.sort(key=lambda d: -t.strength[d])
        out.append(lower)
    return out


def _check(state: BriscaState) -> None:
    if state.phase == OVER:
        raise SetupError("cannot solve this Brisca position: the deal is over")


class BriscaSolver:
    """Searches one Brisca deal, every card and the stock's order known, for the side to move at the root."""

    def __init__(self, state: BriscaState, tt_bytes: int, max_nodes: int = 0) -> None:
        _check(state)
        rules = state.rules
        t = state._t
        n = state.n
        self.n = n
        self.me = state.cur % 2
        self.side = [s % 2 == self.me for s in range(n)]
        self.points = t.points
        self.strength = t.strength
        self.suit = t.trick.suit
        self.trump = state.trump
        self.exchanger = t.exchanger
        self.ex_on = rules.exchange_card != "none"
        self.ex_lead = rules.exchange_timing == "when_leading"
        self.ex_trick = rules.exchange_needs_trick
        self.ex_stock = rules.exchange_min_stock
        # The position, mutated and restored by the search.
        self.hands = state.hands[:]
        #: The face-down stock, fixed: the next card drawn is ``stock[top - 1]``.
        self.stock = state.stock[:]
        self.top = len(state.stock)
        self.muestra = state.muestra
        self.trick = state.trick[:]
        self.leader = state.leader if state.trick else state.cur
        self.best = state.trick_best
        self.best_seat = state.trick_best_seat
        #: Sides that have won a trick (bit per side), for ``exchange_needs_trick``.
        self.won = (1 if state.tricks_won[0] else 0) | (2 if state.tricks_won[1] else 0)
        live = 0
        for h in self.hands:
            live |= h
        for c in self.stock:
            live |= 1 << c
        if self.muestra >= 0:
            live |= 1 << self.muestra
        rem = 0
        m = live
        while m:
            low = m & -m
            rem += self.points[low.bit_length() - 1]
            m ^= low
        for c in self.trick:
            live |= 1 << c
        #: Cards not yet in a finished trick (hands, stock, muestra, the trick in progress).
        self.live = live
        #: Card points outside the trick in progress: every point still to be won after it.
        self.rem = rem
        #: Cards that may take a muestra: never pruned as equivalent to another while one is on the table.
        self.no_twin = t.exchange_cards & t.suit_mask[state.trump]
        #: Same-suit cards below each card, strongest first (for equivalent-card pruning).
        self.below = _below(t)
        half = max(1, tt_bytes // 2)
        cs = CardSearch(n, 40, state.trump, t.trick, NO_DUTIES, t.points, self.side, 0, half)
        cs.max_nodes = max_nodes
        self.cs = cs
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.tt_cap = max(1, half // ENTRY_BYTES)
        self.max_nodes = max_nodes
        self.own_nodes = 0
        #: The move a node found best (for the table's move ordering).
        self._found = -1

    @property
    def nodes(self) -> int:
        """Nodes visited: this module's and the ending search's."""
        return self.own_nodes + self.cs.nodes

    # ------------------------------------------------------------ moves
    def can_exchange(self, seat: int, k: int) -> bool:
        """Whether ``seat``, to play the ``k``-th card of a trick, may take the muestra (as the engine says)."""
        ind = self.muestra
        if ind < 0 or not self.ex_on or self.top < self.ex_stock:
            return False
        give = self.exchanger[ind]
        if give < 0 or not (self.hands[seat] >> give) & 1:
            return False
        if self.ex_lead and k:
            return False
        return not (self.ex_trick and not (self.won >> (seat % 2)) & 1)

    def _lower_twin(self, c: int, legal: int) -> int:
        """The card just below ``c`` in its suit among the live cards when it is in ``legal`` and worth the
        same (playing either comes to the same), else -1."""
        if self.muestra >= 0 and (self.no_twin >> c) & 1:
            return -1
        live = self.live
        for d in self.below[c]:
            if (live >> d) & 1:
                if (legal >> d) & 1 and self.points[d] == self.points[c]:
                    if self.muestra >= 0 and (self.no_twin >> d) & 1:
                        return -1
                    return d
                return -1
        return -1

    def moves(self, seat: int, k: int, best: int, best_seat: int, tt_move: int) -> list[int]:
        """The moves to try, best guess first: one card per class of equivalent cards, and the exchange."""
        hand = self.hands[seat]
        pts = self.points
        strength = self.strength
        suit = self.suit
        trump = self.trump
        last = k == self.n - 1
        keys: list[int] = []
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if self._lower_twin(c, hand) >= 0:
                continue
            if c == tt_move:
                score = 1000
            elif k == 0:
                # Leads: cheap plain cards first, trumps and points last.
                score = 300 - pts[c] - strength[c] - (20 if suit[c] == trump else 0)
            else:
                cs = suit[c]
                wins = strength[c] > strength[best] if cs == suit[best] else cs == trump
                friend = self.side[best_seat] == self.side[seat]
                if friend and not wins:
                    score = 300 + pts[c] if last else 200 - strength[c]
                elif wins:
                    score = 400 + pts[c] if last else 300 - strength[c] + pts[c]
                else:
                    score = 100 - pts[c]
            keys.append(score * 64 + c)
        keys.sort(reverse=True)
        out = [x & 63 for x in keys]
        if self.can_exchange(seat, k):
            if tt_move == EXCHANGE or strength[self.muestra] > strength[self.exchanger[self.muestra]]:
                out.insert(0, EXCHANGE)
            else:
                out.append(EXCHANGE)
        return out

    # ------------------------------------------------------------ search
    def _count(self) -> None:
        self.own_nodes += 1
        if self.max_nodes and self.own_nodes + self.cs.nodes > self.max_nodes:
            raise SearchLimitError(f"the search passed {self.max_nodes} nodes: the position is too deep to solve")

    def lead(self, seat: int, alpha: int, beta: int) -> int:
        """The side's points from a trick boundary with ``seat`` to lead, the stock not yet gone."""
        ub = self.rem
        if ub <= alpha:
            return ub
        if beta <= 0:
            return 0
        key = self._key(seat)
        entry = self.tt.get(key)
        lo, hi, tt_move = 0, ub, -1
        if entry is not None:
            lo, hi, tt_move = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        v = self.node(0, seat, -1, seat, 0, a0, b0, tt_move)
        if v <= a0:
            hi = v if v < hi else hi
        elif v >= b0:
            lo = v if v > lo else lo
        else:
            lo = hi = v
        if len(self.tt) >= self.tt_cap:
            self.tt.clear()
        self.tt[key] = (lo, hi, self._found)
        return v

    def _key(self, seat: int) -> int:
        key = 0
        for h in self.hands:
            key = (key << 40) | h
        won = self.won if self.ex_trick else 0
        return (((((key << 6) | self.top) << 6 | (self.muestra + 1)) << 2 | won) << 2) | seat

    def node(self, k: int, seat: int, best: int, best_seat: int, tpts: int, alpha: int, beta: int,
             tt_move: int = -1) -> int:  # fmt: skip
        """``k`` cards in the trick (worth ``tpts``), ``seat`` to play or to exchange."""
        ub = tpts + self.rem
        if ub <= alpha:
            self._found = -1
            return ub
        if beta <= 0:
            self._found = -1
            return 0
        self._count()
        maxing = self.side[seat]
        v = -INF if maxing else INF
        found = -1
        for c in self.moves(seat, k, best, best_seat, tt_move):
            if c == EXCHANGE:
                r = self._exchange(k, seat, best, best_seat, tpts, alpha, beta)
            else:
                r = self._child(c, k, seat, best, best_seat, tpts, alpha, beta)
            if maxing:
                if r > v:
                    v = r
                    found = c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif r < v:
                v = r
                found = c
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        self._found = found
        return v

    def _exchange(self, k: int, seat: int, best: int, best_seat: int, tpts: int, alpha: int, beta: int) -> int:
        """``seat`` takes the muestra with its exchanging card, then still has to play."""
        ind = self.muestra
        give = self.exchanger[ind]
        swap = (1 << give) | (1 << ind)
        self.hands[seat] ^= swap
        self.muestra = give
        r = self.lead(seat, alpha, beta) if k == 0 else self.node(k, seat, best, best_seat, tpts, alpha, beta)
        self.muestra = ind
        self.hands[seat] ^= swap
        return r

    def _child(self, c: int, k: int, seat: int, best: int, best_seat: int, tpts: int, alpha: int, beta: int) -> int:
        """Play card ``c`` from ``seat`` as the ``k``-th card of the trick; the value after it."""
        bit = 1 << c
        self.hands[seat] ^= bit
        p = self.points[c]
        self.rem -= p
        tpts += p
        if k == 0:
            best = c
            best_seat = seat
        else:
            cs = self.suit[c]
            if (self.strength[c] > self.strength[best]) if cs == self.suit[best] else cs == self.trump:
                best = c
                best_seat = seat
        self.trick.append(c)
        if k + 1 < self.n:
            nxt = seat + 1
            r = self.node(k + 1, 0 if nxt == self.n else nxt, best, best_seat, tpts, alpha, beta)
        else:
            r = self._finish(best_seat, tpts, alpha, beta)
        self.trick.pop()
        self.rem += p
        self.hands[seat] ^= bit
        return r

    def _finish(self, w: int, tpts: int, alpha: int, beta: int) -> int:
        """The trick is complete, won by ``w``: its points to the side, the draws, then the rest."""
        mine = tpts if self.side[w] else 0
        full = self.trick
        gone = 0
        for c in full:
            gone |= 1 << c
        self.trick = []
        self.live ^= gone
        saved_won = self.won
        self.won |= 1 << (w % 2)
        top = self.top
        muestra = self.muestra
        hands = self.hands
        n = self.n
        drawn: list[int] = []
        for i in range(n):
            p = (w + i) % n
            if self.top:
                self.top -= 1
                c = self.stock[self.top]
            else:
                c = self.muestra
                self.muestra = -1
            hands[p] |= 1 << c
            drawn.append(c)
        # The last card drawn was the muestra: the stock is gone, the rest is a plain ending.
        ending = self.muestra < 0
        r = self._ending(w, alpha - mine, beta - mine) if ending else self.lead(w, alpha - mine, beta - mine)
        for i in range(n):
            hands[(w + i) % n] ^= 1 << drawn[i]
        self.top = top
        self.muestra = muestra
        self.won = saved_won
        self.live |= gone
        self.trick = full
        return mine + r

    def _ending(self, leader: int, alpha: int, beta: int) -> int:
        """The stock is gone: the ending is a plain card-play search, handed to :class:`CardSearch`."""
        cs = self.cs
        cs.load(self.hands, [], leader, -1, -1, 0, _NO_UNDER)
        return cs.window_value(alpha, beta)

    # ------------------------------------------------------------ the root
    def _load_ending(self) -> CardSearch:
        """The root with the stock gone: the whole position to :class:`CardSearch`."""
        self.cs.load(self.hands, self.trick, self.leader, self.best, self.best_seat, 0, _NO_UNDER)
        return self.cs

    def _root(self) -> tuple[int, int, int, int, int]:
        """(k, seat, best, best_seat, trick points) at the root."""
        k = len(self.trick)
        seat = (self.leader + k) % self.n
        tpts = 0
        for c in self.trick:
            tpts += self.points[c]
        return k, seat, self.best, self.best_seat, tpts

    def _probe(self, move: int, alpha: int, beta: int) -> int:
        """Search the root (``move`` -1) or the position after the root's ``move``, in the window (alpha, beta)."""
        k, seat, best, best_seat, tpts = self._root()
        if move == EXCHANGE:
            return self._exchange(k, seat, best, best_seat, tpts, alpha, beta)
        if move >= 0:
            return self._child(move, k, seat, best, best_seat, tpts, alpha, beta)
        if k == 0:
            return self.lead(seat, alpha, beta)
        return self.node(k, seat, best, best_seat, tpts, alpha, beta)

    def _bisect(self, move: int, guess: int) -> int:
        """An exact value by null-window probes ("at least beta?"), the tables keeping the bounds
        between them: the first at ``guess`` (a sibling's value, or the middle), then bisecting."""
        lo = 0
        hi = self._root()[4] + self.rem
        while lo < hi:
            beta = guess if lo < guess <= hi else (lo + hi + 1) // 2
            r = self._probe(move, beta - 1, beta)
            if r < beta:
                hi = r
            else:
                lo = r
            guess = -1
        return lo

    def value(self) -> int:
        """The side's points from the position, under perfect play."""
        if self.muestra < 0:
            return self._load_ending().value()
        return self._bisect(-1, -1)

    def root_values(self) -> dict[int, int]:
        """The side's points after each legal action of the seat to move (one search per class of
        equivalent cards)."""
        if self.muestra < 0:
            return self._load_ending().root_values()
        k, seat, best, best_seat, _ = self._root()
        hand = self.hands[seat]
        out: dict[int, int] = {}
        guess = -1
        for a in self.moves(seat, k, best, best_seat, -1):
            guess = out[a] = self._bisect(a, guess)
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            r = c
            while r not in out:
                r = self._lower_twin(r, hand)
            out[c] = out[r]
        return out


def solver_depth(obs: Any) -> int | None:
    """Cards left to draw, the muestra included (0: the stock is gone); None after the deal.

    The same number at 2 and 4 players means fewer rounds of draws at 4 (4 cards a round, 2 at 2),
    whose tricks branch far more (81 card orders against 9): see :data:`SOLVER_WINDOWS`."""
    if obs.phase == "over" or obs.current_player < 0:
        return None
    return int(obs.stock_size)


def solver_window(level: str) -> int:
    """The most cards left to draw at which the PIMC level ``level`` solves its worlds."""
    return SOLVER_WINDOWS.get(level, DEFAULT_SOLVER_WINDOW)


def solve(state: BriscaState, tt_bytes: int, max_nodes: int = 0) -> Solution:
    """Every legal action's value for the side to move (taking the muestra preferred among equals)."""
    solver = BriscaSolver(state, tt_bytes, max_nodes)
    values = solver.root_values()
    best = pick_best(values, prefer=(EXCHANGE,))
    return Solution(values=values, best=best, nodes=solver.nodes, side=solver.me)


def solve_value(state: BriscaState, tt_bytes: int, max_nodes: int = 0) -> int:
    """The position's value for the side to move."""
    return BriscaSolver(state, tt_bytes, max_nodes).value()


__all__ = [
    "DEFAULT_SOLVER_WINDOW",
    "NO_DUTIES",
    "SOLVER_WINDOWS",
    "BriscaSolver",
    "solve",
    "solve_value",
    "solver_depth",
    "solver_window",
]
