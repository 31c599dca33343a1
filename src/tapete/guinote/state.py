"""The Guiñote deal as a state machine: legal actions, apply, undo, score.

One :class:`GuinoteState` is one deal, from the cards in hand to the last
trick (or a claim, or a tute that wins the partida). It is pure: no I/O, no
clock, no hidden global randomness; a deal is fixed by a deck order (or a
seed that shuffles one) and the dealer.

Seats are numbered in playing order: seat ``s + 1`` plays after seat ``s``.
With four players, seats 0 and 2 are team 0, seats 1 and 3 team 1; with two,
each seat is its own team.

Decision points are all turns of one seat:

* ``PLAY``: the current seat plays a card; the leader of a trick may first
  sing, claim or exchange the 7 where the rules allow;
* ``WINDOW``: after its team won a trick, the leader's partner may sing
  before the next lead, or exchange the 7 where the rules allow it then (or
  ``pass``); with ``cante_window="until_opponent_card"`` the leader, then its
  partner, may still sing after the lead card;
* ``PREDRAW``: after its team won a trick, the holder of the 7 of trumps may
  exchange it before the draw (or ``pass``): every draw under
  ``exchange_timing="after_team_win"``, the last one under ``before_lead`` and
  ``until_next_trick``.

WINDOW and PREDRAW turns are optional and *silent*: whether a seat got one,
and that it passed, is told to nobody else (``tapete.guinote.observation``
shows other seats the deal as if such a turn had been declined).

>>> from tapete.core.cards import parse_cards
>>> state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=7, dealer=0)
>>> state.current_player, len(state.legal_actions())
(1, 6)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.result().totals) >= 130
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.core.cards.spanish import SUIT_NAMES, card_str, cards_of
from tapete.core.errors import IllegalActionError, SetupError
from tapete.core.tricks import TrickState, beats, legal_mask
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE, action_str, parse_action
from tapete.guinote.results import DealResult, claim_fault, reaches_target
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.tables import Tables, tables_for

PLAY: Final = 0
WINDOW: Final = 1
PREDRAW: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("play", "window", "predraw", "over")

_TUTE_BIT: Final = 16

#: Why a claim is refused (``wrong_claim_loses=False``), by :func:`claim_fault`'s answer.
_CLAIM_FAULTS: Final = {
    "short": "the side's total is short of the target",
    "cards": "the side has too few card points in this deal (min_points_scope=always)",
    "behind": "the side is not ahead of the other (claim_needs_lead)",
}


class _Snapshot:
    """What :meth:`GuinoteState.push` saves to undo one action."""

    def __init__(self) -> None:
        self.ints: list[int] = []
        self.lists: list[list[int]] = []


class GuinoteState(TrickState):
    """One Guiñote deal. Build with :meth:`new_deal` or from a position string."""

    def __init__(self, rules: GuinoteRules) -> None:
        super().__init__(40, PLAY, OVER)
        t = tables_for(rules)
        self.rules: GuinoteRules = rules
        self._t: Tables = t
        self.n: int = rules.players
        self.tricks_per_deal: int = 40 // rules.players
        self.dealer: int = 0
        self.leader: int = 0
        self.hands: list[int] = [0] * rules.players
        #: Face-down stock, the next card to draw last in the list.
        self.stock: list[int] = []
        #: The face-up card under the stock, or -1 once drawn.
        self.indicator: int = -1
        self.trump: int = 0
        self.trick: list[int] = []
        self.trick_best: int = -1
        self.trick_best_seat: int = -1
        self.taken: list[int] = [0, 0]
        self.card_points: list[int] = [0, 0]
        self.cante_points: list[int] = [0, 0]
        self.tricks_won: list[int] = [0, 0]
        self.tricks_played: int = 0
        self.last_winner: int = -1
        #: Suits whose cante was sung (bits 0-3) and tute (bit 4).
        self.sung: int = 0
        #: Declarations in order, as (seat, action).
        self.cantes: list[tuple[int, int]] = []
        self.window_count: list[int] = [0] * rules.players
        self.window_open: bool = False
        #: Cards each seat is publicly known to hold (shown in cantes, exchanged, indicator).
        self.known: list[int] = [0] * rules.players
        self.arrastre: bool = False
        self.exchanged_by: int = -1
        self.claim_team: int = -1
        self.claim_ok: bool = False
        self.tute_team: int = -1
        #: Completed tricks as (leader, winner, cards in playing order).
        self.tricks: list[tuple[int, int, tuple[int, ...]]] = []
        #: Match context: team scores before this deal, and whether it is a vueltas deal.
        self.scores_before: tuple[int, int] = (0, 0)
        self.vueltas: bool = False
        self._undo: list[_Snapshot] = []
        # Rules copied into plain attributes for the hot path.
        self._strict_always: bool = rules.strict_from_first_trick
        self._must_follow: bool = rules.must_follow
        self._ex_turn: bool = rules.exchange_timing == "own_turn"
        self._ex_lead: bool = rules.exchange_timing == "when_leading"
        self._ex_team: bool = rules.exchange_timing == "after_team_win"
        #: 002 §06's reading (``before_lead``) and ``until_next_trick``: after the draw, by the side
        #: that won the trick; only the last draw's exchange comes before it (a PREDRAW turn).
        self._ex_late: bool = rules.exchange_timing in ("before_lead", "until_next_trick")
        self._ex_until: bool = rules.exchange_timing == "until_next_trick"
        #: The cante window stays open after the lead card, until an opponent plays.
        self._sing_late: bool = rules.cante_window == "until_opponent_card"
        self._team_sing: bool = rules.cante_by == "winning_team" and rules.players == 4
        self._sing_pre: bool = rules.cante_timing == "before_draw"
        #: 0 no claims, 1 in vueltas at the lead after taking a trick, 2 at any turn.
        self._claims: int = ("none", "vueltas", "any_time").index(rules.claims)

    # ------------------------------------------------------------------ setup
    @staticmethod
    def first_receiver(rules: GuinoteRules, dealer: int) -> int:
        """The seat that gets the first cards and leads the first trick."""
        right = rules.first_lead == "dealer_right"
        anticlockwise = rules.direction == "anticlockwise"
        return (dealer + (1 if right == anticlockwise else -1)) % rules.players

    @classmethod
    def new_deal(
        cls,
        rules: GuinoteRules,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        dealer: int = 0,
        scores_before: tuple[int, int] = (0, 0),
        vueltas: bool = False,
    ) -> GuinoteState:
        """Deal a deck (``deck[0]`` is dealt first) or one shuffled from ``seed``."""
        if deck is None:
            order = list(range(40))
            random.Random(seed).shuffle(order)
        else:
            order = list(deck)
            if sorted(order) != list(range(40)):
                raise SetupError("a deck must list each of the 40 cards exactly once")
        if not 0 <= dealer < rules.players:
            raise SetupError(f"dealer {dealer} is not a seat: expected 0..{rules.players - 1}")
        s = cls(rules)
        n = rules.players
        s.dealer = dealer
        first = cls.first_receiver(rules, dealer)
        pos = 0
        for _ in range(6 // rules.deal_packet):
            for i in range(n):
                p = (first + i) % n
                for _ in range(rules.deal_packet):
                    s.hands[p] |= 1 << order[pos]
                    pos += 1
        s.indicator = order[pos]
        s.trump = order[pos] // 10
        s.stock = order[pos + 1 :][::-1]
        s.cur = first
        s.leader = first
        s.scores_before = scores_before
        s.vueltas = vueltas
        return s

    @classmethod
    def from_hands(
        cls,
        rules: GuinoteRules,
        hands: Sequence[Sequence[int]],
        indicator: int,
        stock: Sequence[int],
        dealer: int = 0,
        scores_before: tuple[int, int] = (0, 0),
        vueltas: bool = False,
    ) -> GuinoteState:
        """A deal about to start with chosen hands; ``stock[0]`` is drawn first.

        >>> from tapete.core.cards import parse_cards
        >>> r = GuinoteRules.preset("aragones-2p")
        >>> hands = [parse_cards("1o 3o Ro So 7c 2c"), parse_cards("1c 3c Rc Sc 7e 2e")]
        >>> rest = [c for c in range(40) if c not in hands[0] + hands[1]]
        >>> s = GuinoteState.from_hands(r, hands, indicator=rest[0], stock=rest[1:])
        >>> s.current_player, s.trump
        (1, 0)
        """
        n = rules.players
        if len(hands) != n or any(len(h) != 6 for h in hands):
            raise SetupError(f"expected {n} hands of 6 cards")
        if len(stock) != 40 - 6 * n - 1:
            raise SetupError(f"expected a stock of {40 - 6 * n - 1} cards beside the indicator")
        first = cls.first_receiver(rules, dealer)
        by_seat = {(first + i) % n: i for i in range(n)}
        order: list[int] = [0] * (6 * n)
        p = rules.deal_packet
        for seat, hand in enumerate(hands):
            k = by_seat[seat]
            for j, c in enumerate(hand):
                packet, offset = divmod(j, p)
                order[packet * p * n + k * p + offset] = c
        return cls.new_deal(
            rules, order + [indicator, *stock], dealer=dealer, scores_before=scores_before, vueltas=vueltas
        )

    def __reduce__(self) -> tuple[object, ...]:
        # Compiled (mypyc) instances have no __dict__: pickle and copy go through clone().
        snap = self._snapshot()
        return (_rebuild, (self.rules, snap.ints, snap.lists, self._extra()))

    def _extra(self) -> tuple[object, ...]:
        return (self.dealer, self.trump, list(self.cantes), list(self.tricks), self.scores_before, self.vueltas)

    def clone(self) -> GuinoteState:
        """An independent copy (the undo history is not copied)."""
        c = GuinoteState(self.rules)
        c._copy_from(self)
        return c

    def _copy_from(self, o: GuinoteState) -> None:
        self.rules = o.rules
        self._t = o._t
        self.n = o.n
        self.tricks_per_deal = o.tricks_per_deal
        self.dealer = o.dealer
        self.phase = o.phase
        self.cur = o.cur
        self.leader = o.leader
        self.hands = o.hands[:]
        self.stock = o.stock[:]
        self.indicator = o.indicator
        self.trump = o.trump
        self.trick = o.trick[:]
        self.trick_best = o.trick_best
        self.trick_best_seat = o.trick_best_seat
        self.taken = o.taken[:]
        self.card_points = o.card_points[:]
        self.cante_points = o.cante_points[:]
        self.tricks_won = o.tricks_won[:]
        self.tricks_played = o.tricks_played
        self.last_winner = o.last_winner
        self.sung = o.sung
        self.cantes = o.cantes[:]
        self.window_count = o.window_count[:]
        self.window_open = o.window_open
        self.known = o.known[:]
        self.arrastre = o.arrastre
        self.exchanged_by = o.exchanged_by
        self.claim_team = o.claim_team
        self.claim_ok = o.claim_ok
        self.tute_team = o.tute_team
        self.tricks = o.tricks[:]
        self.scores_before = o.scores_before
        self.vueltas = o.vueltas
        self._undo = []
        self._strict_always = o._strict_always
        self._must_follow = o._must_follow
        self._ex_turn = o._ex_turn
        self._ex_lead = o._ex_lead
        self._ex_team = o._ex_team
        self._ex_late = o._ex_late
        self._ex_until = o._ex_until
        self._sing_late = o._sing_late
        self._team_sing = o._team_sing
        self._sing_pre = o._sing_pre
        self._claims = o._claims

    # ------------------------------------------------------------ queries
    def team_of(self, seat: int) -> int:
        return seat % 2

    def stock_size(self) -> int:
        """Cards left to draw, the face-up indicator included."""
        return len(self.stock) + (1 if self.indicator >= 0 else 0)

    def in_arrastre(self) -> bool:
        return self.arrastre

    def legal_card_mask(self) -> int:
        """The cards the current seat may play now, as a bitmask (0 if none)."""
        if self.phase != PLAY:
            return 0
        return self._card_mask(self.cur)

    def _card_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        trick = self.trick
        if not trick or not (self.arrastre or self._strict_always):
            return hand
        partner = self.n == 4 and ((self.trick_best_seat ^ seat) & 1) == 0
        t = self._t
        return legal_mask(hand, trick, self.trick_best, partner, self.trump, t.trick, t.duties)

    def _sing_options(self, seat: int, out: list[int]) -> None:
        if self.arrastre and not self.rules.cantes_in_arrastre:
            return
        limit = self.rules.cantes_per_trick
        if limit and self.window_count[seat] >= limit:
            return
        hand = self.hands[seat]
        t = self._t
        if not hand & (t.reyes | t.tute_alt):
            return
        sung = self.sung
        for s in range(4):
            if not (sung >> s) & 1:
                pair = t.pair[s]
                if hand & pair == pair:
                    out.append(SING + s)
        if self.rules.tute != "none" and not sung & _TUTE_BIT:
            if hand & t.reyes == t.reyes or (t.tute_alt and hand & t.tute_alt == t.tute_alt):
                out.append(TUTE)

    def _can_exchange(self, seat: int) -> bool:
        ind = self.indicator
        if ind < 0:
            return False
        if not (self.hands[seat] >> self._t.sietes[self.trump]) & 1:
            return False
        return not (self.rules.exchange_needs_counting_indicator and self._t.points[ind] == 0)

    def _side_exchange(self, seat: int) -> bool:
        """``before_lead``/``until_next_trick``: ``seat``'s side took the last trick and its draw is
        done, so the holder of the 7 may exchange now (002 §06: "after their team's trick, before
        the new lead"; the caller adds "before the lead" for ``before_lead``)."""
        if self.indicator < 0 or not (self.hands[seat] >> self._t.sietes[self.trump]) & 1:
            return False  # the common case first: no 7 of trumps in this hand
        w = self.last_winner
        if w < 0 or (w ^ seat) & 1 or not self._can_exchange(seat):
            return False
        return bool(self.trick) or not self._draw_pending()

    def _window_options(self, seat: int, out: list[int]) -> None:
        """What ``seat`` may do at a WINDOW turn besides passing: sing (the trick's winner, or either
        hand of its side with ``cante_by="winning_team"``) and, after the draw, exchange the 7."""
        if self.window_open and (self._team_sing or seat == self.last_winner):
            self._sing_options(seat, out)
        if self._ex_late and (self._ex_until or not self.trick) and self._side_exchange(seat):
            out.append(EXCHANGE)

    def _has_window(self, seat: int) -> bool:
        options: list[int] = []
        self._window_options(seat, options)
        return bool(options)

    def _may_claim(self, seat: int) -> bool:
        return self._claim_moment() and (self.rules.wrong_claim_loses or not self.claim_fault(seat % 2))

    def _claim_moment(self) -> bool:
        """Whether the rules let the seat to play claim now, right or wrong."""
        claims = self._claims
        if claims == 0 or self.phase != PLAY:
            return False
        return claims == 2 or not (self.trick or not self.vueltas or self.tricks_played == 0)

    def _claim_total(self, team: int) -> int:
        return self.scores_before[team] + self.card_points[team] + self.cante_points[team]

    def claim_fault(self, team: int) -> str:
        """Why a claim by ``team`` now would be wrong (``""``: it is right); see :func:`claim_fault`."""
        return claim_fault(self.rules, self._claim_total(team), self._claim_total(1 - team), self.card_points[team])

    def _reached_team(self) -> int:
        """The side whose total has reached the target in a way that wins (-1: none), for vueltas that
        end by themselves. The side that did not take the last trick is asked first: it can only be
        there by a cante sung before that trick, so it got there first."""
        other = 1 - self.last_winner % 2
        for team in (other, 1 - other):
            if reaches_target(self.rules, self._claim_total(team), self.card_points[team]):
                return team
        return -1

    def legal_actions(self) -> list[int]:
        """Legal action ids for the current seat, cards first (ascending)."""
        phase = self.phase
        out: list[int] = []
        if phase == PLAY:
            seat = self.cur
            m = self._lm
            if m < 0:
                m = self._lm = self._card_mask(seat)
            while m:
                low = m & -m
                out.append(low.bit_length() - 1)
                m ^= low
            if self.trick:
                if self.indicator >= 0 and (
                    (self._ex_turn and self._can_exchange(seat)) or (self._ex_until and self._side_exchange(seat))
                ):
                    out.append(EXCHANGE)
                if self._claims == 2 and self._may_claim(seat):
                    out.append(CLAIM)
                return out
            if self.window_open:
                self._sing_options(seat, out)
            if self._claims and self._may_claim(seat):
                out.append(CLAIM)
            if self.indicator >= 0 and (
                ((self._ex_turn or self._ex_lead) and self._can_exchange(seat))
                or (self._ex_late and self._side_exchange(seat))
            ):
                out.append(EXCHANGE)
            return out
        if phase == WINDOW:
            self._window_options(self.cur, out)
            out.append(PASS)
            return out
        if phase == PREDRAW:
            return [EXCHANGE, PASS]
        return out

    def is_legal(self, action: int) -> bool:
        if 0 <= action < 40:
            return self.phase == PLAY and bool((self._card_mask(self.cur) >> action) & 1)
        return action in self.legal_actions()

    # ------------------------------------------------------------ applying
    def play(self, text: str) -> None:
        """Apply an action given as a string, e.g. ``state.play("Rc")``."""
        self.apply_action(parse_action(text))

    def push(self, action: int) -> None:
        """Apply a legal action remembering how to undo it (for search)."""
        self._undo.append(self._snapshot())
        try:
            self.apply_action(action)
        except IllegalActionError:
            self._undo.pop()
            raise

    def pop(self) -> None:
        """Undo the last :meth:`push`."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: pop() needs an earlier push()")
        self._restore(self._undo.pop())

    def _snapshot(self) -> _Snapshot:
        snap = _Snapshot()
        snap.ints = [
            self.phase, self.cur, self.leader, self.indicator, self.trick_best, self.trick_best_seat,
            self.tricks_played, self.last_winner, self.sung, len(self.cantes), self.exchanged_by,
            self.claim_team, self.tute_team, len(self.tricks),
            1 if self.window_open else 0, 1 if self.arrastre else 0, 1 if self.claim_ok else 0,
        ]  # fmt: skip
        snap.lists = [
            self.hands[:], self.stock[:], self.trick[:], self.taken[:], self.card_points[:],
            self.cante_points[:], self.tricks_won[:], self.window_count[:], self.known[:],
        ]  # fmt: skip
        return snap

    def _restore(self, snap: _Snapshot) -> None:
        self._lm = -1
        i = snap.ints
        self.phase, self.cur, self.leader, self.indicator = i[0], i[1], i[2], i[3]
        self.trick_best, self.trick_best_seat, self.tricks_played, self.last_winner = i[4], i[5], i[6], i[7]
        self.sung = i[8]
        del self.cantes[i[9] :]
        self.exchanged_by, self.claim_team, self.tute_team = i[10], i[11], i[12]
        del self.tricks[i[13] :]
        self.window_open, self.arrastre, self.claim_ok = i[14] == 1, i[15] == 1, i[16] == 1
        ls = snap.lists
        self.hands, self.stock, self.trick, self.taken, self.card_points = ls[0], ls[1], ls[2], ls[3], ls[4]
        self.cante_points, self.tricks_won, self.window_count, self.known = ls[5], ls[6], ls[7], ls[8]

    def _play(self, c: int) -> None:
        self._lm = -1
        seat = self.cur
        bit = 1 << c
        self.hands[seat] ^= bit
        known = self.known[seat]
        if known & bit:
            self.known[seat] = known ^ bit
        trick = self.trick
        if not trick:
            self.leader = seat
            self.trick_best = c
            self.trick_best_seat = seat
            if not self._sing_late:
                self.window_open = False
            elif self.window_open:
                trick.append(c)
                self._after_lead_window(seat)
                return
        else:
            if self._sing_late:
                self.window_open = False  # an opponent's card closes the window
            if beats(c, self.trick_best, self.trump, self._t.trick):
                self.trick_best = c
                self.trick_best_seat = seat
        trick.append(c)
        if len(trick) == self.n:
            self._finish_trick()
        else:
            seat += 1
            self.cur = 0 if seat == self.n else seat

    def _after_lead_window(self, leader: int) -> None:
        """``cante_window="until_opponent_card"``: after the lead card the leader, then (with
        ``cante_by="winning_team"``) its partner, may still sing before the next seat, an opponent,
        plays (002 §06: "at other tables it is allowed later, until an opponent's card")."""
        self.phase = WINDOW
        if self._has_window(leader):
            self.cur = leader
            return
        if self.n == 4 and self._team_sing:
            p = (leader + 2) % 4
            if self._has_window(p):
                self.cur = p
                return
        self.phase = PLAY
        self.cur = (leader + 1) % self.n

    def _finish_trick(self) -> None:
        w = self.trick_best_seat
        team = w % 2
        pts = self._t.points
        trick = self.trick
        total = 0
        m = 0
        for c in trick:
            total += pts[c]
            m |= 1 << c
        self.card_points[team] += total
        self.taken[team] |= m
        self.tricks_won[team] += 1
        self.tricks.append((self.leader, w, tuple(trick)))
        self.trick = []
        self.tricks_played += 1
        self.last_winner = w
        if self.tricks_played == self.tricks_per_deal:
            self.phase = OVER
            self.cur = -1
            return
        if self.vueltas and self.rules.vueltas_auto_end and self._reached_team() >= 0:
            # Vueltas that end by themselves: the side at the target wins at once (no last trick's 10).
            # The draw is still made, so that the position reads like any other between two tricks.
            if self.indicator >= 0:
                self._draw(w)
            self.phase = OVER
            self.cur = -1
            return
        if self.indicator < 0:
            self._open_window(w)
        elif self._sing_pre and self._open_predraw_window(w):
            return
        else:
            self._exchange_or_draw(w)

    def _open_predraw_window(self, w: int) -> bool:
        """Cantes before the draw (``cante_timing="before_draw"``): winner, then partner."""
        self.window_open = True
        wc = self.window_count
        for i in range(self.n):
            wc[i] = 0
        options: list[int] = []
        self._sing_options(w, options)
        if options:
            self.phase = WINDOW
            self.cur = w
            return True
        if self._team_sing:
            p = (w + 2) % 4
            self._sing_options(p, options)
            if options:
                self.phase = WINDOW
                self.cur = p
                return True
        return False

    def _draw_pending(self) -> bool:
        """Between a trick and its draw: stock left and hands one card short."""
        return self.indicator >= 0 and self.hands[self.last_winner].bit_count() < 6

    def _window_done(self, seat: int) -> None:
        w = self.last_winner
        if self.trick:
            # The window after the lead card: the leader's partner, then the next seat plays.
            leader = self.leader
            if seat == leader and self.n == 4 and self._team_sing:
                p = (leader + 2) % 4
                if self._has_window(p):
                    self.cur = p
                    return
            self.phase = PLAY
            self.cur = (leader + 1) % self.n
            return
        if not self._draw_pending():
            self.phase = PLAY
            self.cur = w
            return
        if seat == w and self._team_sing:
            p = (w + 2) % 4
            if self._has_window(p):
                self.cur = p
                return
        self._exchange_or_draw(w)

    def _exchange_or_draw(self, w: int) -> None:
        # The last draw takes the indicator: a late exchange (002 §06) is due before it.
        if self._ex_team or (self._ex_late and len(self.stock) < self.n):
            holder = self._team_exchanger(w)
            if holder >= 0:
                self.phase = PREDRAW
                self.cur = holder
                return
        self._after_predraw()

    def _team_exchanger(self, w: int) -> int:
        if self._can_exchange(w):
            return w
        if self.n == 4:
            p = (w + 2) % 4
            if self._can_exchange(p):
                return p
        return -1

    def _draw(self, w: int) -> None:
        n = self.n
        stock = self.stock
        hands = self.hands
        for i in range(n):
            p = (w + i) % n
            if stock:
                hands[p] |= 1 << stock.pop()
            else:
                c = self.indicator
                hands[p] |= 1 << c
                self.known[p] |= 1 << c
                self.indicator = -1
                self.arrastre = True

    def _open_window(self, w: int) -> None:
        self.window_open = True
        wc = self.window_count
        for i in range(self.n):
            wc[i] = 0
        self.phase = PLAY
        self.cur = w
        if self.n == 4:
            # The partner's WINDOW turn (see _partner_turn), inlined: this runs after every trick.
            p = (w + 2) % 4
            if self._team_sing:
                options: list[int] = []
                self._sing_options(p, options)
                if options:
                    self.phase = WINDOW
                    self.cur = p
                    return
            if self._ex_late and self._side_exchange(p):
                self.phase = WINDOW
                self.cur = p

    def _partner_turn(self, w: int) -> None:
        """A WINDOW turn for the winner's partner before the lead, if it may sing or exchange the 7."""
        p = (w + 2) % 4
        if self._has_window(p):
            self.phase = WINDOW
            self.cur = p

    def _do_special(self, action: int) -> None:
        seat = self.cur
        phase = self.phase
        if action == PASS:
            if phase == PREDRAW:
                self._after_predraw()
            else:
                self._window_done(seat)
            return
        if action == EXCHANGE:
            siete = self._t.sietes[self.trump]
            ind = self.indicator
            self.hands[seat] ^= (1 << siete) | (1 << ind)
            self.known[seat] |= 1 << ind
            self.indicator = siete
            self.exchanged_by = seat
            if phase == PREDRAW:
                self._after_predraw()
            elif phase == WINDOW and not self._has_window(seat):
                self._window_done(seat)
            return
        if action == CLAIM:
            team = seat % 2
            self.claim_team = team
            self.claim_ok = not self.claim_fault(team)
            self.phase = OVER
            self.cur = -1
            return
        # A cante or tute.
        team = seat % 2
        t = self._t
        self.cantes.append((seat, action))
        self.window_count[seat] += 1
        if action == TUTE:
            self.sung |= _TUTE_BIT
            hand = self.hands[seat]
            shown = t.reyes if hand & t.reyes == t.reyes else t.tute_alt
            self.known[seat] |= shown
            if self.rules.tute == "wins_partida":
                self.tute_team = team
                self.phase = OVER
                self.cur = -1
                return
            self.cante_points[team] += self.rules.tute_points
        else:
            suit = action - SING
            self.sung |= 1 << suit
            self.known[seat] |= t.pair[suit]
            rules = self.rules
            self.cante_points[team] += rules.cante_points_trump if suit == self.trump else rules.cante_points_plain
        if phase == WINDOW and not self._has_window(seat):
            self._window_done(seat)

    def _after_predraw(self) -> None:
        w = self.last_winner
        self._draw(w)
        if self._sing_pre:
            # The cantes of this trick were due before the draw.
            self.window_open = False
            self.phase = PLAY
            self.cur = w
            if self._ex_late and self.n == 4:
                self._partner_turn(w)
        else:
            self._open_window(w)

    # ------------------------------------------------------------ results
    def deal_points(self) -> tuple[int, int]:
        """Points so far per team: cards, cantes, and the bonuses once earned."""
        if self.phase == OVER:
            return self.result().totals
        return (self.card_points[0] + self.cante_points[0], self.card_points[1] + self.cante_points[1])

    def result(self) -> DealResult:
        """The scored deal; only once :meth:`is_terminal`."""
        if self.phase != OVER:
            raise IllegalActionError("the deal is not over: result() is available once is_terminal() is true")
        complete = self.tricks_played == self.tricks_per_deal
        last_team = self.last_winner % 2 if complete else -1
        last = [0, 0]
        if last_team >= 0:
            last[last_team] = self.rules.last_trick_bonus
        capote_team = -1
        capote = [0, 0]
        reached = -1
        if not complete and self.claim_team < 0 and self.tute_team < 0:
            reached = self._reached_team()
        if complete:
            for team in (0, 1):
                if self.tricks_won[team] == self.tricks_per_deal:
                    capote_team = team
                    if self.rules.capote == "bonus":
                        capote[team] = self.rules.capote_bonus
        return DealResult(
            card_points=(self.card_points[0], self.card_points[1]),
            cante_points=(self.cante_points[0], self.cante_points[1]),
            last_trick=(last[0], last[1]),
            capote_bonus=(capote[0], capote[1]),
            tricks=(self.tricks_won[0], self.tricks_won[1]),
            last_trick_team=last_team,
            capote_team=capote_team,
            tute_team=self.tute_team,
            claim_team=self.claim_team,
            claim_ok=self.claim_ok,
            reached_team=reached,
        )

    def returns(self) -> list[float]:
        """Zero-sum deal value per seat: own team's points minus the other's."""
        a, b = self.deal_points()
        return [float(a - b) if s % 2 == 0 else float(b - a) for s in range(self.n)]

    # ------------------------------------------------------------ words
    def action_to_string(self, action: int, french: bool = False) -> str:
        return action_str(action, french)

    def legal_action_strings(self) -> list[str]:
        return [action_str(a) for a in self.legal_actions()]

    def why_illegal(self, action: int) -> str:
        """A sentence saying why an action is refused and what is allowed."""
        try:
            name = action_str(action)
        except IllegalActionError as e:
            return str(e)
        seat = self.cur
        legal = ", ".join(action_str(a) for a in self.legal_actions()) or "nothing"
        head = f"illegal action {name} for seat {seat}"
        if self.phase == OVER:
            return f"illegal action {name}: the deal is over"
        if 0 <= action < 40:
            if self.phase != PLAY:
                window = "sing, exchange the 7 (where allowed) or pass"
                what = window if self.phase == WINDOW else "exchange the 7 or pass"
                return f"{head}: it is not time to play a card; seat {seat} may {what} (legal: {legal})"
            if not (self.hands[seat] >> action) & 1:
                return f"{head}: {card_str(action)} is not in that hand (legal: {legal})"
            return f"{head}: {self._duty(seat)} (legal: {legal})"
        if action == CLAIM and self._claim_moment() and not self.rules.wrong_claim_loses:
            why = _CLAIM_FAULTS.get(self.claim_fault(seat % 2))
            if why:
                return f"{head}: no claim: {why} (legal: {legal})"
        return f"{head}: not allowed now (legal: {legal})"

    def _duty(self, seat: int) -> str:
        led = self.trick[0] // 10
        hand = self.hands[seat]
        if self._must_follow and hand & self._t.suit_mask[led]:
            if self._card_mask(seat) != hand & self._t.suit_mask[led]:
                return f"you must beat {card_str(self.trick_best)} in {SUIT_NAMES[led]} when you can"
            return f"you must follow suit ({SUIT_NAMES[led]})"
        trumps = hand & self._t.suit_mask[self.trump]
        if self.trick_best // 10 == self.trump and self._card_mask(seat) & ~self._t.higher[self.trick_best] == 0:
            over = " ".join(card_str(c) for c in cards_of(self._card_mask(seat)))
            verb = "beats" if self._card_mask(seat).bit_count() == 1 else "beat"
            return f"you must overtrump {card_str(self.trick_best)} ({over} {verb} it)"
        if trumps:
            return f"you have no {SUIT_NAMES[led]}: you must play a trump ({SUIT_NAMES[self.trump]})"
        return "that card is not allowed here"

    def __repr__(self) -> str:
        # The full position string is tapete.guinote.notation's (not imported here: no import cycle).
        return f"<GuinoteState {self.rules.preset_name} d{self.dealer} {PHASE_NAMES[self.phase]}:{self.cur}>"


def _rebuild(rules: GuinoteRules, ints: list[int], lists: list[list[int]], extra: tuple[object, ...]) -> GuinoteState:
    """Unpickle a :class:`GuinoteState` (see ``__reduce__``)."""
    snap = _Snapshot()
    snap.ints = ints
    snap.lists = lists
    state = GuinoteState(rules)
    dealer, trump, cantes, tricks, scores_before, vueltas = extra
    state.dealer = dealer  # type: ignore[assignment]
    state.trump = trump  # type: ignore[assignment]
    state.cantes = cantes  # type: ignore[assignment]
    state.tricks = tricks  # type: ignore[assignment]
    state.scores_before = scores_before  # type: ignore[assignment]
    state.vueltas = vueltas  # type: ignore[assignment]
    state._restore(snap)
    return state
