"""The Brisca deal as a state machine: legal actions, apply, undo, score.

One :class:`BriscaState` is one deal, from the three cards in hand to the
last trick. It is pure: no I/O, no clock, no hidden global randomness; a deal
is fixed by a deck order (or a seed that shuffles one) and the dealer.

Seats are numbered in playing order: seat ``s + 1`` plays after seat ``s``
(play goes anticlockwise, to the right, in every source). With four players
seats 0 and 2 are side 0 and seats 1 and 3 side 1; with two, each seat is
its own side.

Every decision is the turn of one seat to play a card. Any card in hand is
legal (no duty to follow suit, to trump or to beat: AC, FO, JC); beside the
cards the holder of the right trump may take the face-up muestra
(``EXCHANGE``) where the rules allow. After each trick, while the stock
lasts, the winner and then the others in turn draw one card; the muestra is
the last card drawn.

>>> from tapete.brisca.rules import BriscaRules
>>> state = BriscaState.new_deal(BriscaRules.preset("brisca"), seed=7, dealer=0)
>>> state.current_player, len(state.legal_actions())
(1, 3)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.result().card_points)
120
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.brisca.actions import EXCHANGE, action_str, parse_action
from tapete.brisca.results import DealResult
from tapete.brisca.rules import BriscaRules
from tapete.brisca.tables import Tables, tables_for
from tapete.core.cards.spanish import card_str
from tapete.core.errors import IllegalActionError, SetupError
from tapete.core.tricks import TrickState, beats

PLAY: Final = 0
OVER: Final = 1
PHASE_NAMES: Final = ("play", "over")
HAND_SIZE: Final = 3


class _Snapshot:
    """What :meth:`BriscaState.push` saves to undo one action."""

    def __init__(self) -> None:
        self.ints: list[int] = []
        self.lists: list[list[int]] = []


class BriscaState(TrickState):
    """One Brisca deal. Build with :meth:`new_deal`, :meth:`from_hands` or from a position string."""

    def __init__(self, rules: BriscaRules) -> None:
        super().__init__(40, PLAY, OVER)
        t = tables_for(rules)
        self.rules: BriscaRules = rules
        self._t: Tables = t
        self.n: int = rules.players
        self.tricks_per_deal: int = 40 // rules.players
        self.dealer: int = 0
        self.leader: int = 0
        self.hands: list[int] = [0] * rules.players
        #: Face-down stock, the next card to draw last in the list.
        self.stock: list[int] = []
        #: The face-up card under the stock (the muestra), or -1 once drawn.
        self.muestra: int = -1
        self.trump: int = 0
        self.trick: list[int] = []
        self.trick_best: int = -1
        self.trick_best_seat: int = -1
        self.taken: list[int] = [0, 0]
        self.card_points: list[int] = [0, 0]
        self.tricks_won: list[int] = [0, 0]
        self.tricks_played: int = 0
        self.last_winner: int = -1
        #: Cards each seat is publicly known to hold (the muestra it took by drawing or exchanging).
        self.known: list[int] = [0] * rules.players
        #: Exchanges in order, as (seat, card given, muestra taken).
        self.exchanges: list[tuple[int, int, int]] = []
        #: Completed tricks as (leader, winner, cards in playing order).
        self.tricks: list[tuple[int, int, tuple[int, ...]]] = []
        #: Match context: each side's deals won (or points, with match_by=points) before this deal.
        self.scores_before: tuple[int, int] = (0, 0)
        self._undo: list[_Snapshot] = []
        # Rules copied into plain attributes for the hot path.
        self._ex_on: bool = rules.exchange_card != "none"
        self._ex_lead: bool = rules.exchange_timing == "when_leading"
        self._ex_trick: bool = rules.exchange_needs_trick
        self._ex_stock: int = rules.exchange_min_stock

    # ------------------------------------------------------------------ setup
    @staticmethod
    def first_receiver(rules: BriscaRules, dealer: int) -> int:
        """The seat that gets the first cards and leads the first trick: the dealer's right,
        the next seat in playing order (AC, FO, LU)."""
        return (dealer + 1) % rules.players

    @classmethod
    def new_deal(
        cls,
        rules: BriscaRules,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        dealer: int = 0,
        scores_before: tuple[int, int] = (0, 0),
    ) -> BriscaState:
        """Deal a deck (``deck[0]`` is dealt first) or one shuffled from ``seed``.

        The card after the hands is the muestra, turned face up under the stock; the rest is the
        stock, drawn in deck order.
        """
        if deck is None:
            order = list(range(40))
            random.Random(seed).shuffle(order)
        else:
            order = list(deck)
            if sorted(order) != list(range(40)):
                raise SetupError("a deck must list each of the 40 cards exactly once")
        n = rules.players
        if not 0 <= dealer < n:
            raise SetupError(f"dealer {dealer} is not a seat: expected 0..{n - 1}")
        s = cls(rules)
        s.dealer = dealer
        first = cls.first_receiver(rules, dealer)
        pos = 0
        packet = rules.deal_packet
        for _ in range(HAND_SIZE // packet):
            for i in range(n):
                p = (first + i) % n
                for _ in range(packet):
                    s.hands[p] |= 1 << order[pos]
                    pos += 1
        s.muestra = order[pos]
        s.trump = order[pos] // 10
        s.stock = order[pos + 1 :][::-1]
        s.cur = first
        s.leader = first
        s.scores_before = scores_before
        return s

    @classmethod
    def from_hands(
        cls,
        rules: BriscaRules,
        hands: Sequence[Sequence[int]],
        muestra: int,
        stock: Sequence[int],
        dealer: int = 0,
        scores_before: tuple[int, int] = (0, 0),
    ) -> BriscaState:
        """A deal about to start with chosen hands; ``stock[0]`` is drawn first.

        >>> from tapete.core.cards import parse_cards
        >>> from tapete.brisca.rules import BriscaRules
        >>> r = BriscaRules.preset("brisca-2p")
        >>> hands = [parse_cards("1o 3o 7c"), parse_cards("1c 3c 7e")]
        >>> rest = [c for c in range(40) if c not in hands[0] + hands[1]]
        >>> s = BriscaState.from_hands(r, hands, muestra=rest[0], stock=rest[1:])
        >>> s.current_player, s.trump, s.stock_size()
        (1, 0, 34)
        """
        n = rules.players
        if len(hands) != n or any(len(h) != HAND_SIZE for h in hands):
            raise SetupError(f"expected {n} hands of {HAND_SIZE} cards")
        if len(stock) != rules.initial_stock - 1:
            raise SetupError(f"expected a stock of {rules.initial_stock - 1} cards beside the muestra")
        first = cls.first_receiver(rules, dealer)
        by_seat = {(first + i) % n: i for i in range(n)}
        order: list[int] = [0] * (HAND_SIZE * n)
        p = rules.deal_packet
        for seat, hand in enumerate(hands):
            k = by_seat[seat]
            for j, c in enumerate(hand):
                packet, offset = divmod(j, p)
                order[packet * p * n + k * p + offset] = c
        return cls.new_deal(rules, order + [muestra, *stock], dealer=dealer, scores_before=scores_before)

    def __reduce__(self) -> tuple[object, ...]:
        # Compiled (mypyc) instances have no __dict__: pickle and copy go through the snapshot.
        snap = self._snapshot()
        return (_rebuild, (self.rules, snap.ints, snap.lists, self._extra()))

    def _extra(self) -> tuple[object, ...]:
        return (self.dealer, self.trump, list(self.exchanges), list(self.tricks), self.scores_before)

    def clone(self) -> BriscaState:
        """An independent copy (the undo history is not copied)."""
        c = BriscaState(self.rules)
        c.dealer = self.dealer
        c.phase = self.phase
        c.cur = self.cur
        c.leader = self.leader
        c.hands = self.hands[:]
        c.stock = self.stock[:]
        c.muestra = self.muestra
        c.trump = self.trump
        c.trick = self.trick[:]
        c.trick_best = self.trick_best
        c.trick_best_seat = self.trick_best_seat
        c.taken = self.taken[:]
        c.card_points = self.card_points[:]
        c.tricks_won = self.tricks_won[:]
        c.tricks_played = self.tricks_played
        c.last_winner = self.last_winner
        c.known = self.known[:]
        c.exchanges = self.exchanges[:]
        c.tricks = self.tricks[:]
        c.scores_before = self.scores_before
        return c

    # ------------------------------------------------------------ queries
    def side_of(self, seat: int) -> int:
        return seat % 2

    def stock_size(self) -> int:
        """Cards left to draw, the face-up muestra included."""
        return len(self.stock) + (1 if self.muestra >= 0 else 0)

    def partner_shown(self) -> bool:
        """Whether partners see each other's hands now (``show_partner``)."""
        show = self.rules.show_partner
        return show == "always" or (show == "after_stock" and self.muestra < 0)

    def legal_card_mask(self) -> int:
        """The cards the current seat may play now, as a bitmask (0 if none)."""
        return self.hands[self.cur] if self.phase == PLAY else 0

    def _card_mask(self, seat: int) -> int:
        return self.hands[seat]

    def can_exchange(self, seat: int) -> bool:
        """Whether ``seat`` may take the muestra now, were it its turn."""
        ind = self.muestra
        if ind < 0 or not self._ex_on or len(self.stock) < self._ex_stock:
            return False
        give = self._t.exchanger[ind]
        if give < 0 or not (self.hands[seat] >> give) & 1:
            return False
        if self._ex_lead and self.trick:
            return False
        return not (self._ex_trick and self.tricks_won[seat % 2] == 0)

    def legal_actions(self) -> list[int]:
        """Legal action ids for the current seat: the cards in hand (ascending), then the exchange."""
        out: list[int] = []
        if self.phase != PLAY:
            return out
        seat = self.cur
        m = self.hands[seat]
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        if self.muestra >= 0 and self.can_exchange(seat):
            out.append(EXCHANGE)
        return out

    def is_legal(self, action: int) -> bool:
        if 0 <= action < 40:
            return self.phase == PLAY and bool((self.hands[self.cur] >> action) & 1)
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
            self.phase, self.cur, self.leader, self.muestra, self.trick_best, self.trick_best_seat,
            self.tricks_played, self.last_winner, len(self.exchanges), len(self.tricks),
        ]  # fmt: skip
        snap.lists = [
            self.hands[:], self.stock[:], self.trick[:], self.taken[:], self.card_points[:],
            self.tricks_won[:], self.known[:],
        ]  # fmt: skip
        return snap

    def _restore(self, snap: _Snapshot) -> None:
        self._lm = -1
        i = snap.ints
        self.phase, self.cur, self.leader, self.muestra = i[0], i[1], i[2], i[3]
        self.trick_best, self.trick_best_seat, self.tricks_played, self.last_winner = i[4], i[5], i[6], i[7]
        del self.exchanges[i[8] :]
        del self.tricks[i[9] :]
        ls = snap.lists
        self.hands, self.stock, self.trick, self.taken = ls[0], ls[1], ls[2], ls[3]
        self.card_points, self.tricks_won, self.known = ls[4], ls[5], ls[6]

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
        elif beats(c, self.trick_best, self.trump, self._t.trick):
            self.trick_best = c
            self.trick_best_seat = seat
        trick.append(c)
        if len(trick) == self.n:
            self._finish_trick()
        else:
            seat += 1
            self.cur = 0 if seat == self.n else seat

    def _finish_trick(self) -> None:
        w = self.trick_best_seat
        side = w % 2
        pts = self._t.points
        trick = self.trick
        total = 0
        m = 0
        for c in trick:
            total += pts[c]
            m |= 1 << c
        self.card_points[side] += total
        self.taken[side] |= m
        self.tricks_won[side] += 1
        self.tricks.append((self.leader, w, tuple(trick)))
        self.trick = []
        self.trick_best = -1
        self.trick_best_seat = -1
        self.tricks_played += 1
        self.last_winner = w
        self.leader = w
        if self.tricks_played == self.tricks_per_deal:
            self.phase = OVER
            self.cur = -1
            return
        if self.muestra >= 0:
            self._draw(w)
        self.cur = w

    def _draw(self, w: int) -> None:
        """The winner draws first, then the others in playing order; the muestra comes last."""
        n = self.n
        stock = self.stock
        hands = self.hands
        for i in range(n):
            p = (w + i) % n
            if stock:
                hands[p] |= 1 << stock.pop()
            else:
                c = self.muestra
                hands[p] |= 1 << c
                self.known[p] |= 1 << c
                self.muestra = -1

    def _do_special(self, action: int) -> None:
        # The only action besides a card: take the muestra with the 7 (or the 2) of trumps.
        seat = self.cur
        ind = self.muestra
        give = self._t.exchanger[ind]
        self.hands[seat] ^= (1 << give) | (1 << ind)
        self.known[seat] = (self.known[seat] & ~(1 << give)) | (1 << ind)
        self.exchanges.append((seat, give, ind))
        self.muestra = give

    # ------------------------------------------------------------ results
    def deal_points(self) -> tuple[int, int]:
        """Card points so far per side."""
        return (self.card_points[0], self.card_points[1])

    def result(self) -> DealResult:
        """The scored deal; only once :meth:`is_terminal`."""
        if self.phase != OVER:
            raise IllegalActionError("the deal is not over: result() is available once is_terminal() is true")
        a, b = self.card_points
        winner = 0 if a > 60 else 1 if b > 60 else -1
        return DealResult(
            card_points=(a, b),
            tricks=(self.tricks_won[0], self.tricks_won[1]),
            last_trick_side=self.last_winner % 2,
            winner=winner,
        )

    def returns(self) -> list[float]:
        """Zero-sum deal value per seat: own side's card points minus the other's."""
        a, b = self.card_points
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
        if self.phase == OVER:
            return f"illegal action {name}: the deal is over"
        seat = self.cur
        legal = ", ".join(action_str(a) for a in self.legal_actions()) or "nothing"
        head = f"illegal action {name} for seat {seat}"
        if 0 <= action < 40:
            return f"{head}: {card_str(action)} is not in that hand (legal: {legal})"
        return f"{head}: {self._why_no_exchange(seat)} (legal: {legal})"

    def _why_no_exchange(self, seat: int) -> str:
        ind = self.muestra
        rules = self.rules
        if not self._ex_on:
            return "these rules have no exchange of the muestra (exchange_card=none)"
        if ind < 0:
            return "the muestra has been drawn"
        give = self._t.exchanger[ind]
        if give < 0:
            return f"no card may take the muestra {card_str(ind)}"
        if not (self.hands[seat] >> give) & 1:
            return f"taking the muestra {card_str(ind)} needs {card_str(give)}, which is not in that hand"
        if len(self.stock) < self._ex_stock:
            return f"the stock must hold at least {rules.exchange_min_stock} face-down card(s) for an exchange"
        if self._ex_lead and self.trick:
            return "the muestra may be taken only when leading (exchange_timing=when_leading)"
        return "the muestra may be taken only after one's side has won a trick (exchange_needs_trick=true)"

    def __repr__(self) -> str:
        # The position string is tapete.brisca.notation's (imported there, not here: no import cycle).
        return f"<BriscaState {self.rules.preset_name} d{self.dealer} {PHASE_NAMES[self.phase]}:{self.cur}>"


def _rebuild(rules: BriscaRules, ints: list[int], lists: list[list[int]], extra: tuple[object, ...]) -> BriscaState:
    """Unpickle a :class:`BriscaState` (see ``__reduce__``)."""
    snap = _Snapshot()
    snap.ints = ints
    snap.lists = lists
    state = BriscaState(rules)
    dealer, trump, exchanges, tricks, scores_before = extra
    state.dealer = dealer  # type: ignore[assignment]
    state.trump = trump  # type: ignore[assignment]
    state.exchanges = exchanges  # type: ignore[assignment]
    state.tricks = tricks  # type: ignore[assignment]
    state.scores_before = scores_before  # type: ignore[assignment]
    state._restore(snap)
    return state
