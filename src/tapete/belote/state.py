"""The Belote deal as a state machine: choosing trumps, declarations, tricks, score.

One :class:`BeloteState` is one deal: the taking rounds on the retourne (004)
or an auction with coinche (contrée), the eight tricks with declarations in
the first, belote-rebelote, and the scored result. It is pure: a deck order
(or a seed) and the dealer fix everything. Seats are numbered in playing
order (seat ``s + 1`` plays after ``s``); teams are ``seat % 2``.

>>> state = BeloteState.new_deal(BeloteRules.preset("classique"), seed=3, dealer=0)
>>> state.current_player, state.legal_action_strings()
(1, ['pass', 'take:s'])
>>> state.play("take:s")
>>> [h.bit_count() for h in state.hands], state.current_player
([8, 8, 8, 8], 1)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.result().card_points)
162
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.belote.actions import (
    BID,
    COINCHE,
    DECLARE,
    PASS,
    SURCOINCHE,
    TAKE,
    action_str,
    bid_levels,
    bid_of,
    parse_action,
)
from tapete.belote.declarations import Declaration, find, winning_team
from tapete.belote.rules import BeloteRules, deal_packet_sizes
from tapete.belote.scoring import BeloteResult, redeal_result, score_deal, score_deal_solo
from tapete.belote.tables import CONTRACTS, ContractTables, tables_for
from tapete.core.cards.french import KING, QUEEN, card_str
from tapete.core.errors import IllegalActionError, SetupError
from tapete.core.tricks import Duties, TrickState, beats, legal_mask

BIDDING: Final = 0
PLAY: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("bidding", "play", "over")


def duties_for(rules: BeloteRules, contract: int) -> Duties:
    """004 "Juego de bazas": follow; void, trump and overtrump; partner exemption; in
    tout-atout every suit is a trump suit, so following means beating when able (unless
    ``beat_trump_lead`` is off: then no lead obliges a player to beat)."""
    return Duties(
        follow=True,
        head_plain=contract == 5 and rules.beat_trump_lead,
        head_trump=rules.beat_trump_lead,
        trump_void=True,
        overtrump=True,
        undertrump=rules.must_undertrump,
        exempt_head=False,
        exempt_trump_lead=not rules.overtrump_partner_on_trump_lead,
        exempt_void=rules.partner_exempt,
        exempt_void_beat=rules.beat_partner_trump,
    )


def deal_packets(rules: BeloteRules) -> list[int]:
    """Packet sizes of the first deal: 3+2, 2+3 or 3+3 before the taking; the whole hand for an auction."""
    packets = deal_packet_sizes(rules)
    if rules.bidding == "auction":
        packets.append(rules.hand_size - sum(packets))
    return packets


def pack_of(rules: BeloteRules) -> list[int]:
    """The card ids of the pack: all 32, or the 24 without 7s and 8s (rank index 0 and 1)."""
    return list(range(32)) if rules.deck == "32" else [c for c in range(32) if c % 8 >= 2]


def unit_count(players: int) -> int:
    """Scoring units: the two partnerships at 4 players, else each player."""
    return 2 if players == 4 else players


class BeloteState(TrickState):
    """One Belote deal. Build with :meth:`new_deal`."""

    def __init__(self, rules: BeloteRules) -> None:
        super().__init__(32, PLAY, OVER)
        self.rules: BeloteRules = rules
        n = rules.players
        self.n: int = n
        #: Scoring units: teams ``seat % 2`` at 4 players, else each seat.
        self.units: int = unit_count(n)
        #: Tricks in the deal: every card of every hand is played.
        self.n_tricks: int = rules.hand_size
        self.dealer: int = 0
        self.first: int = 1
        self.phase = BIDDING
        self.cur = 1
        self.hands: list[int] = [0] * n
        #: Cards still to deal after the taking, in dealing order.
        self.rest: list[int] = []
        #: The face-up card proposing trumps (taking), or -1. Not taken (belote à deux,
        #: découverte), it stays where it is, public.
        self.retourne: int = -1
        #: Face-down cards left out of play after the deal (belote à deux), a mask.
        self.out: int = 0
        #: The bottom card of the undealt pack, shown for information (belote à deux), or -1.
        self.bergere: int = -1
        #: Découverte: the face-down card lying under each face-up card (-1: none).
        self.under: list[int] = [-1] * 32
        #: Découverte: each seat's face-down cards, a mask (nobody knows them, the owner included).
        self.hidden: list[int] = [0] * n
        #: Card points in play, the last trick's bonus included (162 when every card is dealt).
        self.in_play: int = 0
        self.round: int = 1
        self.passes: int = 0
        #: The auction or taking, as (seat, action) in order.
        self.bids: list[tuple[int, int]] = []
        self.high_bid: int = -1
        self.high_seat: int = -1
        self.coinched_by: int = -1
        self.surcoinched: bool = False
        self.contract: int = -1
        self.bid: int = 0
        self.multiplier: int = 1
        self.taker: int = -1
        self.redeal: bool = False
        self._t: ContractTables = CONTRACTS[0]
        self._duties: Duties = duties_for(rules, 0)
        self.trump: int = -1
        self.leader: int = 1
        self.trick: list[int] = []
        self.trick_best: int = -1
        self.trick_best_seat: int = -1
        #: Completed tricks as (leader, winner, cards in playing order).
        self.tricks: list[tuple[int, int, tuple[int, ...]]] = []
        self.taken: list[int] = [0] * self.units
        self.card_points: list[int] = [0] * self.units
        self.tricks_won: list[int] = [0] * n
        self.tricks_played: int = 0
        self.last_winner: int = -1
        #: Declarations announced, as (seat, declaration), in order.
        self.declared: list[tuple[int, Declaration]] = []
        self.declared_seats: int = 0
        self.decl_team: int = -1
        self.decl_points: list[int] = [0] * self.units
        #: The seat holding king and queen of trumps when play began, or -1.
        self.belote_seat: int = -1
        self.belote_played: int = 0
        #: Cards each seat is publicly known to hold (the retourne, shown declarations, belote).
        self.known: list[int] = [0] * n
        self.scores_before: tuple[int, ...] = (0,) * self.units

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_deal(
        cls,
        rules: BeloteRules,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        dealer: int = 0,
        scores_before: tuple[int, ...] | None = None,
    ) -> BeloteState:
        """Deal a deck (``deck[0]`` is dealt first) or one shuffled from ``seed``."""
        pack = pack_of(rules)
        if deck is None:
            order = pack[:]
            random.Random(seed).shuffle(order)
        else:
            order = list(deck)
            if sorted(order) != pack:
                raise SetupError(f"a Belote deck must list each of the {len(pack)} cards of the pack exactly once")
        n = rules.players
        if not 0 <= dealer < n:
            raise SetupError(f"dealer {dealer} is not a seat: expected 0..{n - 1}")
        s = cls(rules)
        s.dealer = dealer
        s.first = (dealer + 1) % n
        s.cur = s.leader = s.first
        if scores_before is not None:
            if len(scores_before) != s.units:
                raise SetupError(f"scores_before needs {s.units} scores")
            s.scores_before = tuple(scores_before)
        if rules.layout == "decouverte":
            s._lay_out(order)
            return s
        packets = deal_packets(rules)
        pos = 0
        for size in packets:
            for i in range(n):
                p = (s.first + i) % n
                for _ in range(size):
                    s.hands[p] |= 1 << order[pos]
                    pos += 1
        if rules.bidding == "taking":
            s.retourne = order[pos]
            s.rest = order[pos + 1 :]
        return s

    def _lay_out(self, order: list[int]) -> None:
        """Découverte (JD, E2): per row of four, 4 face down to each player from the non-dealer,
        then 4 face up on them in the same order; twice. The last card dealt proposes trumps."""
        pos = 0
        for _row in range(2):
            down: list[list[int]] = []
            for _seat in range(2):
                down.append(order[pos : pos + 4])
                pos += 4
            for i in range(2):
                p = (self.first + i) % 2
                for k in range(4):
                    up = order[pos]
                    pos += 1
                    self.hands[p] |= 1 << up
                    self.hidden[p] |= 1 << down[i][k]
                    self.under[up] = down[i][k]
        self.retourne = order[31]
        if self.rules.decouverte_trump == "fixed":
            self._start_play(self.retourne // 8)

    @classmethod
    def from_hands(
        cls,
        rules: BeloteRules,
        hands: Sequence[Sequence[int]],
        retourne: int = -1,
        rest: Sequence[int] = (),
        dealer: int = 0,
        scores_before: tuple[int, ...] | None = None,
    ) -> BeloteState:
        """A deal about to be bid with chosen hands (5 cards each, or 6 with 3-3 packets, with the
        retourne and the cards still to deal, in dealing order, for taking; 8 each for an auction).

        >>> from tapete.core.cards.french import parse_cards
        >>> hands = [parse_cards(h) for h in ("7s 8s 9s Ts Js", "Qs Ks As 7h 8h", "9h Th Jh Qh Kh",
        ...                                   "Ah 7d 8d 9d Td")]
        >>> rest = parse_cards("Qd Kd Ad 7c 8c 9c Tc Jc Qc Kc Ac")
        >>> s = BeloteState.from_hands(BeloteRules(), hands, retourne=parse_cards("Jd")[0], rest=rest)
        >>> s.legal_action_strings()
        ['pass', 'take:d']
        """
        if rules.layout == "decouverte":
            raise SetupError("a découverte layout is dealt from a deck: use new_deal(rules, deck)")
        taking = rules.bidding == "taking"
        packets = deal_packets(rules)
        size = sum(packets)
        n = rules.players
        left = len(pack_of(rules)) - 1 - n * size
        if len(hands) != n or any(len(h) != size for h in hands):
            raise SetupError(f"expected {n} hands of {size} cards")
        if taking and (retourne < 0 or len(rest) != left):
            raise SetupError(f"the taking needs a retourne and the {left} cards still to deal")
        if not 0 <= dealer < n:
            raise SetupError(f"dealer {dealer} is not a seat: expected 0..{n - 1}")
        first = (dealer + 1) % n
        order: list[int] = []
        used = [0] * n
        for packet in packets:
            for i in range(n):
                p = (first + i) % n
                order.extend(hands[p][used[p] : used[p] + packet])
                used[p] += packet
        if taking:
            order += [retourne, *rest]
        return cls.new_deal(rules, order, dealer=dealer, scores_before=scores_before)

    def clone(self) -> BeloteState:
        c = BeloteState(self.rules)
        for name in _FIELDS:
            value = getattr(self, name)
            setattr(c, name, value[:] if isinstance(value, list) else value)
        c._t = self._t
        c._duties = self._duties
        return c

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.rules, {name: getattr(self, name) for name in _FIELDS}))

    # ------------------------------------------------------------ queries
    def _card_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        partner = self.n == 4 and ((self.trick_best_seat ^ seat) & 1) == 0
        return legal_mask(hand, self.trick, self.trick_best, partner, self.trump, self._t.trick, self._duties)

    def legal_card_mask(self) -> int:
        return self._card_mask(self.cur) if self.phase == PLAY else 0

    def legal_actions(self) -> list[int]:
        out: list[int] = []
        if self.phase == PLAY:
            m = self._lm
            if m < 0:
                m = self._lm = self._card_mask(self.cur)
            while m:
                low = m & -m
                out.append(low.bit_length() - 1)
                m ^= low
            if self.tricks_played == 0 and self._may_declare(self.cur):
                out.append(DECLARE)
            return out
        if self.phase == BIDDING:
            if self.rules.bidding == "taking":
                return self._taking_actions()
            return self._auction_actions()
        return out

    def _may_declare(self, seat: int) -> bool:
        return self.rules.declarations and not (self.declared_seats >> seat) & 1 and bool(self.declarations_of(seat))

    def declarations_of(self, seat: int) -> list[Declaration]:
        """The declarations in a seat's hand under these rules (low carrés, carré order)."""
        r = self.rules
        return find(self.hands[seat], r.low_carres == "rank", r.carre_order == "natural")

    def _taking_actions(self) -> list[int]:
        if self.taker >= 0:
            return self._window_actions()
        suit = self.retourne // 8
        if self.round == 1:
            return [PASS, TAKE + suit]
        out = [PASS] + [TAKE + s for s in range(4) if s != suit]
        if self.rules.taking_sa_ta:
            out += [TAKE + 4, TAKE + 5]
        return out

    def _window_actions(self) -> list[int]:
        """``classic_coinche``: after the take, each opponent in turn may coinche or pass; after a
        coinche (with ``coinche_surcoinche``) each taker in turn may surcoinche or pass."""
        if self.coinched_by < 0:
            return [PASS, COINCHE]
        return [PASS, SURCOINCHE]

    def _auction_actions(self) -> list[int]:
        seat = self.cur
        if self.coinched_by >= 0:
            # After a coinche only the bidding side speaks: surcoinche or pass.
            out = [PASS]
            if not self.surcoinched:
                out.append(SURCOINCHE)
            return out
        out = [PASS]
        first_level = 0 if self.high_bid < 0 else (self.high_bid - BID) // 6 + 1
        n_levels = len(bid_levels(self.rules))
        contracts = range(6) if self.rules.auction_sa_ta else range(4)
        for level in range(first_level, n_levels):
            for k in contracts:
                out.append(BID + level * 6 + k)
        if self.rules.coinche and self.high_bid >= 0 and (self.high_seat ^ seat) & 1:
            out.append(COINCHE)
        return out

    def is_legal(self, action: int) -> bool:
        return action in self.legal_actions()

    # ------------------------------------------------------------ applying
    def _do_special(self, action: int) -> None:
        if action == DECLARE:
            seat = self.cur
            for d in self.declarations_of(seat):
                self.declared.append((seat, d))
            self.declared_seats |= 1 << seat
        elif self.rules.bidding == "taking":
            self._take(action)
        else:
            self._auction(action)

    def play(self, text: str) -> None:
        """Apply an action given as a string, e.g. ``state.play("take:h")``."""
        self.apply_action(parse_action(self.rules, text))

    def _take(self, action: int) -> None:
        seat = self.cur
        self.bids.append((seat, action))
        if self.taker >= 0:
            self._window(seat, action)
            return
        if action == PASS:
            self.passes += 1
            self.cur = (seat + 1) % self.n
            if self.passes == self.n:
                if self.round == 1:
                    self.round = 2
                    self.passes = 0
                else:
                    self.redeal = True
                    self.phase = OVER
                    self.cur = -1
            return
        self.taker = seat
        if self.rules.layout == "hand":
            self._complete(seat)
        self._start_play(action - TAKE)
        if self.rules.classic_coinche != "none":
            # The deal is completed and trumps are set; before the first card the opponents
            # speak, the one after the taker first (docs/rules/belote.md, "coinche after the taking").
            self.phase = BIDDING
            self.passes = 0
            self.cur = (seat + 1) % 4

    def _window(self, seat: int, action: int) -> None:
        """A call of the coinche window after the take: two passes, a coinche without surcoinche,
        or a surcoinche close it; the second opponent (or taker) speaks after the first passes."""
        if action == COINCHE:
            self.coinched_by = seat
            self.multiplier = 2
            self.passes = 0
            if self.rules.classic_coinche == "coinche":
                self._close_window()
            else:
                self.cur = (seat + 1) % 4
            return
        if action == SURCOINCHE:
            self.surcoinched = True
            self.multiplier = self.rules.surcoinche_multiplier
            self._close_window()
            return
        self.passes += 1
        if self.passes == 2:
            self._close_window()
        else:
            self.cur = (seat + 2) % 4

    def _close_window(self) -> None:
        """The first card: the seat after the dealer leads, whoever took (004 'Juego de bazas' 1)."""
        self.phase = PLAY
        self.cur = self.leader = self.first

    def _complete(self, taker: int) -> None:
        """004 "Preparación" 4: the taker gets the retourne (unless it stays out of play) and
        every hand is filled up in playing order; the rest stays out of play, its bottom card
        shown as the bergère when the rules say so."""
        if self.rules.taker_takes_retourne:
            self.hands[taker] |= 1 << self.retourne
            self.known[taker] |= 1 << self.retourne
        n = self.n
        size = self.rules.hand_size
        pos = 0
        for i in range(n):
            p = (self.first + i) % n
            while self.hands[p].bit_count() < size:
                self.hands[p] |= 1 << self.rest[pos]
                pos += 1
        left = self.rest[pos:]
        if left and self.rules.bergere:
            self.bergere = left.pop()
        for c in left:
            self.out |= 1 << c
        self.rest = []

    def _auction(self, action: int) -> None:
        seat = self.cur
        self.bids.append((seat, action))
        if action == COINCHE:
            self.coinched_by = seat
            self.multiplier = 2
            self.passes = 0
            self.cur = (seat + 1) % 4
            return
        if action == SURCOINCHE:
            self.surcoinched = True
            self.multiplier = self.rules.surcoinche_multiplier
            self._end_auction()
            return
        if action == PASS:
            self.passes += 1
            if self.coinched_by >= 0:
                # Both bidders passed on the coinche: play it coinched.
                if self.passes == 2:
                    self._end_auction()
                else:
                    self.cur = (seat + 2) % 4
                return
            if self.high_bid < 0 and self.passes == 4:
                self.redeal = True
                self.phase = OVER
                self.cur = -1
                return
            if self.high_bid >= 0 and self.passes == 3:
                self._end_auction()
                return
            self.cur = (seat + 1) % 4
            return
        self.high_bid = action
        self.high_seat = seat
        self.passes = 0
        self.cur = (seat + 1) % 4

    def _end_auction(self) -> None:
        value, contract = bid_of(self.rules, self.high_bid)
        self.bid = value
        self.taker = self.high_seat
        self._start_play(contract)

    def _start_play(self, contract: int) -> None:
        self.contract = contract
        self._t = tables_for(self.rules.sa_ta_points, contract)
        self._duties = duties_for(self.rules, contract)
        self.trump = self._t.trump
        self.phase = PLAY
        self.cur = self.leader = self.first
        pts = self._t.points
        total = self.rules.last_trick_bonus
        for p in range(self.n):
            m = self.hands[p] | self.hidden[p]
            while m:
                low = m & -m
                total += pts[low.bit_length() - 1]
                m ^= low
        self.in_play = total
        if self.rules.belote_rebelote and self.trump >= 0:
            pair = (1 << (self.trump * 8 + KING)) | (1 << (self.trump * 8 + QUEEN))
            for p in range(self.n):
                if (self.hands[p] | self.hidden[p]) & pair == pair:
                    self.belote_seat = p

    def _play(self, c: int) -> None:
        self._lm = -1
        seat = self.cur
        bit = 1 << c
        self.hands[seat] ^= bit
        if self.known[seat] & bit:
            self.known[seat] ^= bit
        if seat == self.belote_seat and c // 8 == self.trump and c % 8 in (KING, QUEEN):
            self.belote_played += 1
            if self.belote_played == 1:
                other = c - c % 8 + (QUEEN if c % 8 == KING else KING)
                if (self.hands[seat] >> other) & 1:
                    self.known[seat] |= 1 << other
        trick = self.trick
        if not trick:
            self.leader = seat
            self.trick_best = c
            self.trick_best_seat = seat
        elif beats(c, self.trick_best, self.trump, self._t.trick):
            self.trick_best = c
            self.trick_best_seat = seat
        trick.append(c)
        n = self.n
        if len(trick) < n:
            self.cur = (seat + 1) % n
            return
        w = self.trick_best_seat
        team = w % 2 if n == 4 else w
        pts = self._t.points
        total = 0
        m = 0
        for x in trick:
            total += pts[x]
            m |= 1 << x
        self.card_points[team] += total
        self.taken[team] |= m
        self.tricks_won[w] += 1
        self.tricks.append((self.leader, w, tuple(trick)))
        if self.rules.layout == "decouverte":
            # JD: each player turns up the card that lay under the card he played.
            for j in range(n):
                x = trick[j]
                under = self.under[x]
                if under >= 0:
                    p = (self.leader + j) % n
                    self.hands[p] |= 1 << under
                    self.hidden[p] ^= 1 << under
                    self.under[x] = -1
                    if (p == self.belote_seat and self.belote_played == 1 and under // 8 == self.trump
                            and under % 8 in (KING, QUEEN)):  # fmt: skip
                        # The other half of an announced belote, turned up: now public.
                        self.known[p] |= 1 << under
        self.trick = []
        self.tricks_played += 1
        self.last_winner = w
        self.cur = w
        if self.tricks_played == 1:
            self._settle_declarations()
        if self.tricks_played == self.n_tricks:
            self.card_points[team] += self.rules.last_trick_bonus
            self.phase = OVER
            self.cur = -1

    def side_of(self, seat: int) -> int:
        """The side a seat's declarations count for: its team at 4 players; at 3, 0 for the
        taker and 1 for the two opponents together (F3: the taker faces the other two); at 2, itself."""
        if self.n == 3:
            return 0 if seat == self.taker else 1
        return seat % 2

    def unit_of(self, seat: int) -> int:
        """The scoring unit of a seat: its team at 4 players, else the seat."""
        return seat % 2 if self.n == 4 else seat

    def _settle_declarations(self) -> None:
        takers = self.side_of(self.taker) if self.taker >= 0 else -1
        sides = [self.side_of(s) for s in range(self.n)]
        team = winning_team(self.declared, self.trump, takers, self.rules.declaration_tie, sides, self.taker)
        self.decl_team = team
        if team < 0:
            return
        for seat, d in self.declared:
            if sides[seat] == team:
                self.decl_points[self.unit_of(seat)] += d[1]
                self.known[seat] |= d[4] & self.hands[seat]

    # ------------------------------------------------------------ results
    def result(self) -> BeloteResult:
        if self.phase != OVER:
            raise IllegalActionError("the deal is not over: result() is available once is_terminal() is true")
        if self.redeal:
            return redeal_result(self.units)
        belote = [0] * self.units
        if self.belote_seat >= 0 and self.belote_played == 2:
            belote[self.unit_of(self.belote_seat)] = 20
        if self.n != 4:
            return score_deal_solo(
                self.rules, self.contract, self.taker, tuple(self.card_points), tuple(self.tricks_won),
                tuple(self.decl_points), tuple(belote), self.in_play,
            )  # fmt: skip
        return score_deal(
            self.rules, self.contract, self.bid, self.multiplier, self.taker % 2,
            (self.card_points[0], self.card_points[1]), tuple(self.tricks_won),
            (self.decl_points[0], self.decl_points[1]), (belote[0], belote[1]), self.in_play,
        )  # fmt: skip

    def returns(self) -> list[float]:
        """Zero-sum deal value per seat: its unit's score minus the mean of the other units'."""
        n = self.n
        if self.phase != OVER:
            return [0.0] * n
        scores = self.result().scores
        total = sum(scores)
        k = self.units
        out: list[float] = []
        for s in range(n):
            own = scores[self.unit_of(s)]
            out.append(float(own) - (total - own) / (k - 1))
        return out

    # ------------------------------------------------------------ words
    def action_to_string(self, action: int, symbols: bool = False) -> str:
        return action_str(self.rules, action, symbols)

    def legal_action_strings(self) -> list[str]:
        return [action_str(self.rules, a) for a in self.legal_actions()]

    def why_illegal(self, action: int) -> str:
        try:
            name = action_str(self.rules, action)
        except IllegalActionError as e:
            return str(e)
        legal = ", ".join(self.legal_action_strings()) or "nothing"
        if self.phase == OVER:
            return f"illegal action {name}: the deal is over"
        head = f"illegal action {name} for seat {self.cur}"
        if 0 <= action < 32:
            if self.phase != PLAY and self.taker >= 0:
                return f"{head}: the coinche is spoken before the first card (legal: {legal})"
            if self.phase != PLAY:
                return f"{head}: trumps are not chosen yet (legal: {legal})"
            if not (self.hands[self.cur] >> action) & 1:
                return f"{head}: {card_str(action)} is not in that hand (legal: {legal})"
            return f"{head}: {self._duty()} (legal: {legal})"
        return f"{head}: not allowed now (legal: {legal})"

    def _duty(self) -> str:
        led = self.trick[0] // 8
        hand = self.hands[self.cur]
        if hand & self._t.trick.suit_mask[led]:
            if (led == self.trump or self.contract == 5) and self.rules.beat_trump_lead:
                return f"you must beat {card_str(self.trick_best)} when you can"
            return "you must follow the suit led"
        if self.n == 4 and ((self.trick_best_seat ^ self.cur) & 1) == 0:
            # Exempt while the partner holds the trick: only a trump played must beat his.
            return f"a trump you play must beat your partner's {card_str(self.trick_best)} when you can"
        if self.trick_best // 8 == self.trump:
            return f"you must overtrump {card_str(self.trick_best)} when you can, or else play a trump"
        return "you have none of the suit led: you must trump"

    def __repr__(self) -> str:
        # The full position string is tapete.belote.notation's (not imported here: no import cycle).
        return f"<BeloteState {self.rules.preset_name} d{self.dealer} {PHASE_NAMES[self.phase]}:{self.cur}>"


_FIELDS: Final = (
    "dealer", "first", "phase", "cur", "hands", "rest", "retourne", "out", "bergere", "under", "hidden", "in_play",
    "round", "passes", "bids", "high_bid",
    "high_seat", "coinched_by", "surcoinched", "contract", "bid", "multiplier", "taker", "redeal", "trump", "leader",
    "trick", "trick_best", "trick_best_seat", "tricks", "taken", "card_points", "tricks_won", "tricks_played",
    "last_winner", "declared", "declared_seats", "decl_team", "decl_points", "belote_seat", "belote_played", "known",
    "scores_before",
)  # fmt: skip


def _rebuild(rules: BeloteRules, fields: dict[str, object]) -> BeloteState:
    state = BeloteState(rules)
    for name, value in fields.items():
        setattr(state, name, value[:] if isinstance(value, list) else value)
    if state.contract >= 0:
        state._t = tables_for(rules.sa_ta_points, state.contract)
        state._duties = duties_for(rules, state.contract)
    return state
