"""The compact card-play search every trick-taking game shares (compiled with mypyc).

A :class:`CardSearch` holds a deal with every card known as bitmasks (one
hand per seat), the trick in progress and the per-card tables of the game
(suit, trick strength, points, duties through :func:`tapete.core.tricks.legal_mask`).
It answers one question exactly: how many points the *side* (a set of seats)
still wins from here to the end of the deal when it maximizes them and the
other seats minimize them (a double-dummy search). Points are the card points
of the tricks still to win (the trick in progress included), the last trick's
bonus and, where the game has them (:meth:`CardSearch.set_cantes`: marriages
sung after a trick, as in Guiñote's arrastre), the cantes the side can still sing.

The search is alpha-beta over single cards with a transposition table keyed at
trick boundaries (hands, leader, cantes sung), the table's move first (else the
last lead that cut off with as many cards left: a killer move), leads ordered
by their history of cutoffs then masters first, cheap/winning-card ordering
inside tricks, equivalent-card pruning (same suit, adjacent in strength among
the cards still in play, equal points: one is searched for both) and a quick
upper bound (every point still in play) that cuts hopeless branches. It never
touches an engine object: each game's solver adapter
(``tapete/<game>/solver_adapter.py``, reached through ``Game.solve``) builds it
from a state, and :mod:`tapete.solver` is the entry point. It lives in the core,
below the games, so that those adapters need nothing from the layers above.

This module is the reference. ``pip install .`` also builds ``_cardsearch.c``, a
line-by-line C port of the search below the driver (:meth:`CardSearch.lead`,
:meth:`~CardSearch.node` and what they call, the table included); when it is
there, :meth:`CardSearch._probe` hands each probe to it. Both visit the same
nodes in the same order, so values and node counts (the bots' budgets) are the
same compiled or not; :meth:`CardSearch.use_reference` searches in Python.
"""

from __future__ import annotations

from typing import Any, Final

from tapete.core.errors import TapeteError
from tapete.core.tricks import Duties, TrickTables, legal_mask

_native: Any
try:  # the C port of the search (_cardsearch.c), built by ``pip install .`` unless TAPETE_PURE_PYTHON
    import tapete.core._cardsearch as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None


class SearchLimitError(TapeteError):
    """The search visited more nodes than its ``max_nodes`` allows (the position is too deep)."""


#: Bytes one transposition-table entry costs in CPython (dict slot, int key and value,
#: the dict's spare room), measured with tracemalloc on full searches (see benchmarks/solver.py).
ENTRY_BYTES: Final = 200
#: Above any value a search can return.
INF: Final = 1 << 20
#: A lead's ordering score per doubling of its history (the weight of its past cutoffs).
HISTORY_WEIGHT: Final = 10


class CardSearch:
    """One double-dummy search problem; :meth:`root_values` and :meth:`value` solve it."""

    def __init__(
        self,
        n: int,
        n_cards: int,
        trump: int,
        tables: TrickTables,
        duties: Duties,
        points: list[int],
        side: list[bool],
        last_bonus: int,
        tt_bytes: int,
    ) -> None:
        self.n: int = n
        self.n_cards: int = n_cards
        self.trump: int = trump
        self.t: TrickTables = tables
        self.duties: Duties = duties
        self.points: list[int] = points
        #: Whether each seat plays for the side whose points are counted.
        self.side: list[bool] = side
        self.last_bonus: int = last_bonus
        self.tt: dict[int, int] = {}
        self.tt_cap: int = max(1, tt_bytes // ENTRY_BYTES)
        self.nodes: int = 0
        #: Raise SearchLimitError past this many nodes (0: no limit).
        self.max_nodes: int = 0
        self.hands: list[int] = [0] * n
        #: Découverte: the face-down card under each card (-1: none), revealed when it is played.
        self.under: list[int] = [-1] * n_cards
        self.has_under: bool = False
        #: Cards in the trick in progress, in playing order; its leader, best card and seat.
        self.trick: list[int] = []
        self.trick_leader: int = 0
        self.trick_best: int = -1
        self.trick_best_seat: int = -1
        #: The leader of each trick on the search stack (the last one is the trick in progress).
        self.leaders: list[int] = [0]
        #: Card points of every card in hands or face down (the trick in progress excluded).
        self.rem: int = 0
        #: Cards still in play: in hands, face down, or in the trick in progress.
        self.live: int = 0
        # Same-suit cards below each card, strongest first (for equivalent-card pruning).
        self.below: list[list[int]] = []
        for c in range(n_cards):
            lower = [d for d in range(n_cards) if tables.suit[d] == tables.suit[c] and tables.higher[d] >> c & 1]
            lower.sort(key=lambda d: -tables.strength[d])
            self.below.append(lower)
        #: The trumps, strongest first (none without a trump suit).
        self.trump_order: list[int] = [c for c in range(n_cards) if tables.suit[c] == trump]
        self.trump_order.sort(key=lambda c: -tables.strength[c])
        #: The cards of each suit, weakest first (for the table key).
        self.suit_orders: list[list[int]] = []
        for suit in range(4):
            order = [c for c in range(n_cards) if tables.suit[c] == suit]
            order.sort(key=lambda c: tables.strength[c])
            self.suit_orders.append(order)
        self.owner: list[int] = [0] * n_cards
        # Guiñote cantes in the arrastre (off unless set_cantes is called).
        self.cantes_on: bool = False
        self.sung: int = 0
        self.pair: list[int] = [0, 0, 0, 0]
        self.pair_points: list[int] = [0, 0, 0, 0]
        self.reyes: int = 0
        self.tute_alt: int = 0
        #: 0 no tute, 1 a bonus of tute_points, 2 it wins the partida.
        self.tute_mode: int = 0
        self.tute_points: int = 0
        self.cante_limit: int = 1
        self.team_sing: bool = False
        #: Move ordering at the leads: cards still to play; per cards left and seat, the last lead
        #: that cut off (killer); per seat and card, how much its cutoffs weighed (history).
        self.left: int = 0
        self.killer: list[list[int]] = []
        self.history: list[list[int]] = []
        #: The native engine (a C port of the search below the driver), or None: search in Python.
        self.native: Any = None
        if _native is not None and _native_fits(n, n_cards, trump, tables, points):
            self.native = _native.Engine(n, n_cards, trump, tables.suit, tables.strength, tables.higher,
                                         _duty_flags(duties), points, side, last_bonus, self.tt_cap)  # fmt: skip

    def use_reference(self) -> None:
        """Search in Python from now on (the reference), even where the native engine is built."""
        self.native = None

    def table_size(self) -> int:
        """Positions in the transposition table."""
        if self.native is not None:
            return int(self.native.table_size())
        return len(self.tt)

    # ------------------------------------------------------------ setting up
    def set_cantes(self, pair: list[int], pair_points: list[int], reyes: int, tute_alt: int, tute_mode: int,
                   tute_points: int, limit: int, team_sing: bool) -> None:  # fmt: skip
        """Turn on Guiñote's cantes after each trick (arrastre windows)."""
        self.cantes_on = True
        self.pair = pair
        self.pair_points = pair_points
        self.reyes = reyes
        self.tute_alt = tute_alt
        self.tute_mode = tute_mode
        self.tute_points = tute_points
        self.cante_limit = limit
        self.team_sing = team_sing
        if self.native is not None:
            self.native.set_cantes(pair, pair_points, reyes, tute_alt, tute_mode, tute_points, limit, team_sing)

    def load(self, hands: list[int], trick: list[int], leader: int, best: int, best_seat: int, sung: int,
             under: list[int]) -> None:  # fmt: skip
        """Set the position: hands, the trick in progress (leader, best card and its seat), cantes sung."""
        self.hands = hands[:]
        self.trick = trick[:]
        self.trick_leader = leader
        self.leaders = [leader]
        self.trick_best = best
        self.trick_best_seat = best_seat
        self.sung = sung
        self.under = under[:]
        self.has_under = False
        rem = 0
        pts = self.points
        for h in hands:
            rem += _mask_points(h, pts)
        for c in range(self.n_cards):
            u = under[c]
            if u >= 0:
                self.has_under = True
                rem += pts[u]
        self.rem = rem
        self.live = self._live()
        left = 0
        for h in hands:
            left += _popcount(h)
        for c in range(self.n_cards):
            if under[c] >= 0:
                left += 1
        self.left = left
        self.killer = [[-1] * self.n for _ in range(self.n_cards + 1)]
        self.history = [[0] * self.n_cards for _ in range(self.n)]
        if self.native is not None:
            self.native.load(hands, trick, leader, best, best_seat, sung, under)

    # ------------------------------------------------------------ bounds
    def cante_potential(self) -> int:
        """The most the side can still sing: every unsung pair (and tute) held by one of its seats."""
        if not self.cantes_on:
            return 0
        total = 0
        sung = self.sung
        for seat in range(self.n):
            if not self.side[seat]:
                continue
            hand = self.hands[seat]
            for s in range(4):
                if not (sung >> s) & 1 and hand & self.pair[s] == self.pair[s]:
                    total += self.pair_points[s]
            if self.tute_mode == 1 and not sung & 16 and self._has_tute(hand):
                total += self.tute_points
        return total

    def upper_bound(self) -> int:
        """Every point the side can still win at a trick boundary (the tute that wins the partida is worth it)."""
        return self.rem + self.last_bonus + self.cante_potential()

    def _has_tute(self, hand: int) -> bool:
        return hand & self.reyes == self.reyes or (self.tute_alt != 0 and hand & self.tute_alt == self.tute_alt)

    # ------------------------------------------------------------ solving
    def value(self) -> int:
        """The side's points from the loaded position, under perfect play."""
        if not self.trick and self.hands[self.trick_leader] == 0:
            return 0
        return self._mtdf(-1, -1)

    def window_value(self, alpha: int, beta: int) -> int:
        """:meth:`value` searched in the window (alpha, beta), fail-soft."""
        return self._probe(-1, alpha, beta)

    def _table_points(self) -> int:
        tpts = 0
        for c in self.trick:
            tpts += self.points[c]
        return tpts

    def _probe(self, move: int, alpha: int, beta: int) -> int:
        """Search the loaded position (``move`` -1) or the position after the root's ``move``."""
        if self.native is not None:
            r, nodes, stopped = self.native.probe(move, alpha, beta, self.nodes, self.max_nodes)
            self.nodes = nodes
            if stopped:
                raise SearchLimitError(f"the search passed {self.max_nodes} nodes: the position is too deep to solve")
            return int(r)
        k = len(self.trick)
        if k == 0 and move < 0:
            return self.lead(self.trick_leader, alpha, beta)
        seat = self._root_seat()
        tpts = self._table_points()
        if move < 0:
            return self.node(k, seat, self.trick_best, self.trick_best_seat, tpts, alpha, beta)
        return self._child(move, k, seat, self.trick_best, self.trick_best_seat, tpts, alpha, beta)

    def _mtdf(self, move: int, guess: int) -> int:
        """Null-window probes ("is the value at least beta?"), the table keeping the bounds: the first
        at ``guess``, then bisecting the interval still open (MTD(f) steps of one point are too slow)."""
        lo = 0
        hi = self._table_points() + self.upper_bound()
        g = guess if lo < guess <= hi else (lo + hi + 1) // 2
        step = 1
        # With a guess (the value of a sibling move), gallop away from it; without one, bisect.
        up = 0 if lo < guess <= hi else 2
        while lo < hi:
            beta = g if g > lo else lo + 1
            if beta > hi:
                beta = hi
            r = self._probe(move, beta - 1, beta)
            if r < beta:
                hi = r
                # Gallop down from a guess while every probe fails low; bisect once bracketed.
                g = hi - step + 1 if up <= 0 else (lo + hi + 1) // 2
                up = -1 if up <= 0 else 2
            else:
                lo = r
                g = lo + step if up >= 0 else (lo + hi + 1) // 2
                up = 1 if up >= 0 else 2
            if up == 2:
                g = (lo + hi + 1) // 2
            step *= 2
        return lo

    def _root_seat(self) -> int:
        return (self.trick_leader + len(self.trick)) % self.n

    def root_values(self) -> dict[int, int]:
        """The side's points after each legal card of the seat to play (exact, one search per class
        of equivalent cards)."""
        k = len(self.trick)
        seat = self._root_seat()
        legal = self._legal(seat, k, self.trick_best)
        out: dict[int, int] = {}
        tpts = 0
        for c in self.trick:
            tpts += self.points[c]
        moves = self._ordered(seat, k, legal, self.trick_best, self.trick_best_seat, -1)
        rep: dict[int, int] = {}
        for c in _cards(legal):
            rep[c] = self._representative(c, legal)
        guess = -1
        for c in moves:
            if rep[c] != c:
                continue
            guess = out[c] = self._mtdf(c, guess)
        for c in _cards(legal):
            out[c] = out[rep[c]]
        return out

    def _representative(self, c: int, legal: int) -> int:
        """The lowest card of c's class of equivalent cards in ``legal``."""
        live = self._live()
        r = c
        while True:
            d = self._lower_twin(r, legal, live)
            if d < 0:
                return r
            r = d

    def _lower_twin(self, c: int, legal: int, live: int) -> int:
        """The card just below ``c`` in its suit among the ``live`` cards when it is playable too and
        worth the same (so playing either comes to the same), else -1. Découverte cards covering a
        face-down card are never twins: each turns up a different card."""
        for d in self.below[c]:
            if (live >> d) & 1:
                if (legal >> d) & 1 and self.points[d] == self.points[c]:
                    if self.has_under and (self.under[c] >= 0 or self.under[d] >= 0):
                        return -1
                    return d
                return -1
        return -1

    def _live(self) -> int:
        m = 0
        for h in self.hands:
            m |= h
        for c in self.trick:
            m |= 1 << c
        if self.has_under:
            for c in range(self.n_cards):
                u = self.under[c]
                if u >= 0:
                    m |= 1 << u
        return m

    def _legal(self, seat: int, k: int, best: int) -> int:
        hand = self.hands[seat]
        if k == 0:
            return hand
        partner = self.n == 4 and ((self.trick_best_seat ^ seat) & 1) == 0
        return legal_mask(hand, self.trick, best, partner, self.trump, self.t, self.duties)

    def _ordered(self, seat: int, k: int, legal: int, best: int, best_seat: int, tt_move: int) -> list[int]:
        """The cards to try, best guess first, one per class of equivalent cards."""
        live = self.live
        pts = self.points
        t = self.t
        keys: list[int] = []
        n = self.n
        last = k == n - 1
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if self._lower_twin(c, legal, live) >= 0:
                continue
            if c == tt_move:
                score = 1000
            elif k == 0:
                # Leads: masters (no live card of the suit above) first, then low cards; and the
                # cards whose leads cut off most (history).
                master = (t.higher[c] & live) == 0
                score = 300 + pts[c] + t.strength[c] if master else 200 - pts[c] - t.strength[c]
                score += HISTORY_WEIGHT * min(self.history[seat][c].bit_length(), 20)
            else:
                cs = t.suit[c]
                wins = t.strength[c] > t.strength[best] if cs == t.suit[best] else cs == self.trump
                friend = self.side[best_seat] == self.side[seat]
                if friend and not wins:
                    score = 300 + pts[c] if last else 200 - t.strength[c]
                elif wins:
                    score = 400 + pts[c] if last else 300 - t.strength[c] + pts[c]
                else:
                    score = 100 - pts[c]
            keys.append(score * 64 + c)
        keys.sort(reverse=True)
        return [x & 63 for x in keys]

    def lead(self, seat: int, alpha: int, beta: int) -> int:
        """The side's points from a trick boundary with ``seat`` to lead (the window already sung)."""
        hand = self.hands[seat]
        if hand == 0:
            return 0
        if hand & (hand - 1) == 0 and not self.has_under:
            return self._last_trick(seat)
        sure = self._sure()
        ub = self.upper_bound() - (sure >> 12)
        if ub <= alpha:
            return ub
        lb = sure & 4095
        if lb >= beta:
            return lb
        key = self._key(seat)
        entry = self.tt.get(key, -1)
        tt_move = -1
        lo = lb
        hi = ub
        if entry >= 0:
            lo = entry & 4095
            hi = (entry >> 12) & 4095
            tt_move = (entry >> 24) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        a = a0
        b = b0
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise SearchLimitError(f"the search passed {self.max_nodes} nodes: the position is too deep to solve")
        hand = self.hands[seat]
        if tt_move >= 0 and not (hand >> tt_move) & 1:
            tt_move = -1
        if tt_move < 0:
            killer = self.killer[self.left][seat]
            if killer >= 0 and (hand >> killer) & 1:
                tt_move = killer
        moves = self._ordered(seat, 0, hand, -1, seat, tt_move)
        maxing = self.side[seat]
        v = -INF if maxing else INF
        best_move = -1
        for c in moves:
            r = self._child(c, 0, seat, -1, seat, 0, a, b)
            if maxing:
                if r > v:
                    v = r
                    best_move = c
                    if v > a:
                        a = v
                        if a >= b:
                            break
            else:
                if r < v:
                    v = r
                    best_move = c
                    if v < b:
                        b = v
                        if a >= b:
                            break
        # Store the bound this result proves (for the window searched).
        if v <= a0:
            hi = v if v < hi else hi
        elif v >= b0:
            lo = v if v > lo else lo
        else:
            lo = v
            hi = v
        if v >= b0 if maxing else v <= a0:
            self.killer[self.left][seat] = best_move
            self.history[seat][best_move] += self.left * self.left
        if (v <= a0 if maxing else v >= b0) and tt_move >= 0:
            best_move = tt_move  # every move failed: the move tried first stays the table's move
        if len(self.tt) >= self.tt_cap:
            self.tt.clear()
        self.tt[key] = lo | (hi << 12) | ((best_move + 1) << 24)
        return v

    def _sure(self) -> int:
        """Points sure to go to one side: the run of top trumps one side holds (each wins its trick).
        Returns the side's sure points plus the other side's shifted by 12 bits."""
        mine = 0
        theirs = 0
        run = -1
        live = self.live
        for c in self.trump_order:
            if not (live >> c) & 1:
                continue
            owner = -1
            for p in range(self.n):
                if (self.hands[p] >> c) & 1:
                    owner = p
                    break
            if owner < 0:
                break
            s = 1 if self.side[owner] else 0
            if run < 0:
                run = s
            elif s != run:
                break
            if s:
                mine += self.points[c]
            else:
                theirs += self.points[c]
        return mine | (theirs << 12)

    def _last_trick(self, seat: int) -> int:
        """Every hand holds one card: the last trick is forced."""
        self.nodes += 1
        t = self.t
        n = self.n
        best = self.hands[seat].bit_length() - 1
        w = seat
        total = self.points[best] + self.last_bonus
        for i in range(1, n):
            p = (seat + i) % n
            c = self.hands[p].bit_length() - 1
            total += self.points[c]
            cs = t.suit[c]
            if (t.strength[c] > t.strength[best]) if cs == t.suit[best] else cs == self.trump:
                best = c
                w = p
        return total if self.side[w] else 0

    def _key(self, leader: int) -> int:
        """The table key: leader, cantes sung and, suit by suit from the lowest card up, who holds
        each card still in play and its points. Positions that differ only in which of some
        equally worth cards were played share a key (they play out the same)."""
        if self.has_under:
            return self._exact_key(leader)
        owner = self.owner
        for p in range(self.n):
            m = self.hands[p]
            while m:
                low = m & -m
                owner[low.bit_length() - 1] = p
                m ^= low
        key = 0
        live = self.live
        pts = self.points
        for order in self.suit_orders:
            count = 0
            for c in order:
                if (live >> c) & 1:
                    key = (key << 7) | (owner[c] << 5) | pts[c]
                    count += 1
            key = (key << 4) | count
        return (key << 8) | (self.sung << 3) | leader

    def _exact_key(self, leader: int) -> int:
        key = leader | (self.sung << 3)
        shift = 8
        nc = self.n_cards
        for h in self.hands:
            key |= h << shift
            shift += nc
        return key

    def node(self, k: int, seat: int, best: int, best_seat: int, tpts: int, alpha: int, beta: int) -> int:
        """Inside a trick: ``k`` cards played, ``seat`` to play."""
        if not self.cantes_on:
            # Quick bound: every point left, the trick's included.
            ub = tpts + self.rem + self.last_bonus
            if ub <= alpha:
                return ub
        if beta <= 0:
            return 0
        self.nodes += 1
        legal = self._legal(seat, k, best)
        moves = self._ordered(seat, k, legal, best, best_seat, -1)
        maxing = self.side[seat]
        v = -INF if maxing else INF
        for c in moves:
            r = self._child(c, k, seat, best, best_seat, tpts, alpha, beta)
            if maxing:
                if r > v:
                    v = r
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if r < v:
                    v = r
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return v

    def _child(self, c: int, k: int, seat: int, best: int, best_seat: int, tpts: int, alpha: int, beta: int) -> int:
        """Play card ``c`` from ``seat`` as the ``k``-th card of the trick; the value after it."""
        bit = 1 << c
        self.hands[seat] ^= bit
        self.left -= 1
        p = self.points[c]
        self.rem -= p
        tpts += p
        if k == 0:
            best = c
            best_seat = seat
        else:
            t = self.t
            cs = t.suit[c]
            if (t.strength[c] > t.strength[best]) if cs == t.suit[best] else cs == self.trump:
                best = c
                best_seat = seat
        saved_bs = self.trick_best_seat
        self.trick_best_seat = best_seat
        self.trick.append(c)
        if k == 0:
            self.leaders.append(seat)
        if k + 1 < self.n:
            nxt = seat + 1
            if nxt == self.n:
                nxt = 0
            r = self.node(k + 1, nxt, best, best_seat, tpts, alpha, beta)
        else:
            r = self._finish(best_seat, tpts, alpha, beta)
        if k == 0:
            self.leaders.pop()
        self.trick.pop()
        self.trick_best_seat = saved_bs
        self.rem += p
        self.hands[seat] ^= bit
        self.left += 1
        return r

    def _finish(self, w: int, tpts: int, alpha: int, beta: int) -> int:
        """The trick is complete, won by ``w``: its points to the side, then the rest."""
        revealed = 0
        if self.has_under:
            revealed = self._reveal()
        done = self.hands[w] == 0
        if done:
            tpts += self.last_bonus
        mine = tpts if self.side[w] else 0
        full = self.trick
        self.trick = []
        gone = 0
        for c in full:
            gone |= 1 << c
        self.live ^= gone
        if done:
            r = 0
        elif self.cantes_on:
            r = self._window(w, alpha - mine, beta - mine)
        else:
            r = self.lead(w, alpha - mine, beta - mine)
        self.trick = full
        self.live |= gone
        if revealed:
            self._hide()
        return mine + r

    def _reveal(self) -> int:
        """Découverte: turn up the cards under the trick's cards; how many were turned."""
        n = self.n
        count = 0
        leader = self._root_seat_of_trick()
        for j in range(n):
            x = self.trick[j]
            u = self.under[x]
            if u >= 0:
                p = (leader + j) % n
                self.hands[p] |= 1 << u
                count += 1
        return count

    def _hide(self) -> None:
        n = self.n
        leader = self._root_seat_of_trick()
        for j in range(n):
            x = self.trick[j]
            u = self.under[x]
            if u >= 0:
                p = (leader + j) % n
                self.hands[p] ^= 1 << u

    def _root_seat_of_trick(self) -> int:
        """The seat that led the trick in progress."""
        return self.leaders[-1]

    # ------------------------------------------------------------ cantes
    def _window(self, w: int, alpha: int, beta: int) -> int:
        """Guiñote arrastre: the winning team may sing (partner first, then the winner), then ``w`` leads."""
        if self.team_sing:
            return self._sing(w, (w + 2) % 4, 0, alpha, beta)
        return self._sing(w, w, 1, alpha, beta)

    def _sing_options(self, seat: int) -> list[int]:
        """Suits (0-3) and tute (4) ``seat`` may sing now, most points first."""
        hand = self.hands[seat]
        out: list[int] = []
        if not hand & (self.reyes | self.tute_alt):
            return out
        sung = self.sung
        if self.tute_mode and not sung & 16 and self._has_tute(hand):
            out.append(4)
        for s in range(4):
            if not (sung >> s) & 1 and hand & self.pair[s] == self.pair[s]:
                out.append(s)
        return out

    def _sing(self, w: int, seat: int, stage: int, alpha: int, beta: int) -> int:
        """``seat`` of the winning team sings (stage 0 the partner, 1 the winner), then the next stage."""
        if stage == 2:
            return self.lead(w, alpha, beta)
        nxt_seat = w
        options = self._sing_options(seat)
        if not options:
            return self._sing(w, nxt_seat, stage + 1, alpha, beta)
        mine = self.side[seat]
        if 4 in options and self.tute_mode == 2:
            # A tute that wins the partida ends the deal: the side gets everything, or nothing.
            return self.upper_bound() if mine else 0
        limit = self.cante_limit
        if not mine:
            # The other side's cantes do not change the side's points, except a tute (its bit).
            if 4 not in options:
                return self._sing(w, nxt_seat, stage + 1, alpha, beta)
            v = self._sing(w, nxt_seat, stage + 1, alpha, beta)
            if v <= alpha:
                return v
            self.sung |= 16
            r = self._sing(w, nxt_seat, stage + 1, alpha, v if v < beta else beta)
            self.sung ^= 16
            return r if r < v else v
        if limit == 0 or len(options) <= limit:
            # Singing every option now is never worse than keeping one for later.
            return self._sing_these(options, w, nxt_seat, stage, alpha, beta)
        # More options than the limit: try each choice of ``limit`` of them (the limit is 1 in practice).
        v = -INF
        for combo in _combinations(options, limit):
            r = self._sing_these(combo, w, nxt_seat, stage, alpha, beta)
            if r > v:
                v = r
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return v

    def _sing_these(self, options: list[int], w: int, nxt_seat: int, stage: int, alpha: int, beta: int) -> int:
        """Sing ``options`` (pairs by suit, 4 the tute) now and search on: their points plus the rest."""
        gained = 0
        saved = self.sung
        for o in options:
            gained += self.tute_points if o == 4 else self.pair_points[o]
            self.sung |= 16 if o == 4 else 1 << o
        r = gained + self._sing(w, nxt_seat, stage + 1, alpha - gained, beta - gained)
        self.sung = saved
        return r


def _native_fits(n: int, n_cards: int, trump: int, t: TrickTables, points: list[int]) -> bool:
    """Whether the native engine takes this game: 2-4 seats, at most 64 cards in 4 suits of at most 16,
    points 0-31 (the reference's key holds 5 bits of them) and no two cards of a suit equally strong."""
    if not (2 <= n <= 4 and 1 <= n_cards <= 64 and -1 <= trump < 4):
        return False
    seen: set[tuple[int, int]] = set()
    for c in range(n_cards):
        if not (0 <= t.suit[c] < 4 and 0 <= points[c] < 32) or (t.suit[c], t.strength[c]) in seen:
            return False
        seen.add((t.suit[c], t.strength[c]))
    return all(sum(1 for c in range(n_cards) if t.suit[c] == s) <= 16 for s in range(4))


def _duty_flags(d: Duties) -> list[int]:
    """The duties as the native engine reads them, in the order of :class:`Duties`' fields."""
    flags = [d.follow, d.head_plain, d.head_trumped, d.head_trump, d.trump_void, d.overtrump, d.undertrump,
             d.exempt_head, d.exempt_trump_lead, d.exempt_void, d.overtrump_opponents, d.exempt_void_beat]  # fmt: skip
    return [1 if f else 0 for f in flags]


def _combinations(items: list[int], k: int) -> list[list[int]]:
    """Every choice of ``k`` items, in order."""
    if k == 0:
        return [[]]
    out: list[list[int]] = []
    for i in range(len(items) - k + 1):
        for rest in _combinations(items[i + 1 :], k - 1):
            out.append([items[i]] + rest)
    return out


def _popcount(m: int) -> int:
    count = 0
    while m:
        m &= m - 1
        count += 1
    return count


def _mask_points(m: int, pts: list[int]) -> int:
    total = 0
    while m:
        low = m & -m
        total += pts[low.bit_length() - 1]
        m ^= low
    return total


def _cards(m: int) -> list[int]:
    out: list[int] = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out
