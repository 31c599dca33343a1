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
from typing import TYPE_CHECKING, Final

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
from tapete.belote.rules import BeloteRules
from tapete.belote.scoring import BeloteResult, redeal_result, score_deal
from tapete.belote.tables import CONTRACTS, ContractTables
from tapete.cards.french import KING, QUEEN, card_str
from tapete.errors import IllegalActionError, SetupError
from tapete.tricks import Duties, TrickState, beats, legal_mask

if TYPE_CHECKING:
    from tapete.belote.observation import BeloteObservation

BIDDING: Final = 0
PLAY: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("bidding", "play", "over")


def duties_for(rules: BeloteRules, contract: int) -> Duties:
    """004 "Juego de bazas": follow; void, trump and overtrump; partner exemption; in
    tout-atout every suit is a trump suit, so following means beating when able."""
    return Duties(
        follow=True,
        head_plain=contract == 5,
        head_trump=True,
        trump_void=True,
        overtrump=True,
        undertrump=rules.must_undertrump,
        exempt_head=False,
        exempt_trump_lead=not rules.overtrump_partner_on_trump_lead,
        exempt_void=rules.partner_exempt,
    )


def deal_packets(rules: BeloteRules) -> list[int]:
    """Packet sizes of the first deal: 3+2, 2+3 or 3+3 before the taking; 8 cards at once for an auction."""
    packets = [3, 2] if rules.deal_packets == "3-2" else [2, 3] if rules.deal_packets == "2-3" else [3, 3]
    if rules.bidding == "auction":
        packets.append(8 - sum(packets))
    return packets


class BeloteState(TrickState):
    """One Belote deal. Build with :meth:`new_deal`."""

    def __init__(self, rules: BeloteRules) -> None:
        super().__init__(32, PLAY, OVER)
        self.rules: BeloteRules = rules
        self.n: int = 4
        self.dealer: int = 0
        self.first: int = 1
        self.phase = BIDDING
        self.cur = 1
        self.hands: list[int] = [0, 0, 0, 0]
        #: Cards still to deal after the taking, in dealing order.
        self.rest: list[int] = []
        #: The face-up card proposing trumps (taking), or -1.
        self.retourne: int = -1
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
        self.taken: list[int] = [0, 0]
        self.card_points: list[int] = [0, 0]
        self.tricks_won: list[int] = [0, 0, 0, 0]
        self.tricks_played: int = 0
        self.last_winner: int = -1
        #: Declarations announced, as (seat, declaration), in order.
        self.declared: list[tuple[int, Declaration]] = []
        self.declared_seats: int = 0
        self.decl_team: int = -1
        self.decl_points: list[int] = [0, 0]
        #: The seat holding king and queen of trumps when play began, or -1.
        self.belote_seat: int = -1
        self.belote_played: int = 0
        #: Cards each seat is publicly known to hold (the retourne, shown declarations, belote).
        self.known: list[int] = [0, 0, 0, 0]
        self.scores_before: tuple[int, int] = (0, 0)

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_deal(
        cls,
        rules: BeloteRules,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        dealer: int = 0,
        scores_before: tuple[int, int] = (0, 0),
    ) -> BeloteState:
        """Deal a deck (``deck[0]`` is dealt first) or one shuffled from ``seed``."""
        if deck is None:
            order = list(range(32))
            random.Random(seed).shuffle(order)
        else:
            order = list(deck)
            if sorted(order) != list(range(32)):
                raise SetupError("a Belote deck must list each of the 32 cards exactly once")
        if not 0 <= dealer < 4:
            raise SetupError(f"dealer {dealer} is not a seat: expected 0..3")
        s = cls(rules)
        s.dealer = dealer
        s.first = (dealer + 1) % 4
        s.cur = s.leader = s.first
        s.scores_before = scores_before
        packets = deal_packets(rules)
        pos = 0
        for size in packets:
            for i in range(4):
                p = (s.first + i) % 4
                for _ in range(size):
                    s.hands[p] |= 1 << order[pos]
                    pos += 1
        if rules.bidding == "taking":
            s.retourne = order[pos]
            s.rest = order[pos + 1 :]
        return s

    @classmethod
    def from_hands(
        cls,
        rules: BeloteRules,
        hands: Sequence[Sequence[int]],
        retourne: int = -1,
        rest: Sequence[int] = (),
        dealer: int = 0,
        scores_before: tuple[int, int] = (0, 0),
    ) -> BeloteState:
        """A deal about to be bid with chosen hands (5 cards each, or 6 with 3-3 packets, with the
        retourne and the cards still to deal, in dealing order, for taking; 8 each for an auction).

        >>> from tapete.cards.french import parse_cards
        >>> hands = [parse_cards(h) for h in ("7s 8s 9s Ts Js", "Qs Ks As 7h 8h", "9h Th Jh Qh Kh",
        ...                                   "Ah 7d 8d 9d Td")]
        >>> rest = parse_cards("Qd Kd Ad 7c 8c 9c Tc Jc Qc Kc Ac")
        >>> s = BeloteState.from_hands(BeloteRules(), hands, retourne=parse_cards("Jd")[0], rest=rest)
        >>> s.legal_action_strings()
        ['pass', 'take:d']
        """
        taking = rules.bidding == "taking"
        packets = deal_packets(rules)
        size = sum(packets)
        if len(hands) != 4 or any(len(h) != size for h in hands):
            raise SetupError(f"expected 4 hands of {size} cards")
        if taking and (retourne < 0 or len(rest) != 31 - 4 * size):
            raise SetupError(f"the taking needs a retourne and the {31 - 4 * size} cards still to deal")
        first = (dealer + 1) % 4
        order: list[int] = []
        used = [0, 0, 0, 0]
        for packet in packets:
            for i in range(4):
                p = (first + i) % 4
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
        partner = ((self.trick_best_seat ^ seat) & 1) == 0
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
        return self.rules.declarations and not (self.declared_seats >> seat) & 1 and bool(find(self.hands[seat]))

    def _taking_actions(self) -> list[int]:
        suit = self.retourne // 8
        if self.round == 1:
            return [PASS, TAKE + suit]
        out = [PASS] + [TAKE + s for s in range(4) if s != suit]
        if self.rules.taking_sa_ta:
            out += [TAKE + 4, TAKE + 5]
        return out

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
            for d in find(self.hands[seat]):
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
        if action == PASS:
            self.passes += 1
            self.cur = (seat + 1) % 4
            if self.passes == 4:
                if self.round == 1:
                    self.round = 2
                    self.passes = 0
                else:
                    self.redeal = True
                    self.phase = OVER
                    self.cur = -1
            return
        self.taker = seat
        self.hands[seat] |= 1 << self.retourne
        self.known[seat] |= 1 << self.retourne
        pos = 0
        for i in range(4):
            p = (self.first + i) % 4
            while self.hands[p].bit_count() < 8:
                self.hands[p] |= 1 << self.rest[pos]
                pos += 1
        self.rest = []
        self._start_play(action - TAKE)

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
        self._t = CONTRACTS[contract]
        self._duties = duties_for(self.rules, contract)
        self.trump = self._t.trump
        self.phase = PLAY
        self.cur = self.leader = self.first
        if self.rules.belote_rebelote and self.trump >= 0:
            pair = (1 << (self.trump * 8 + KING)) | (1 << (self.trump * 8 + QUEEN))
            for p in range(4):
                if self.hands[p] & pair == pair:
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
        if len(trick) < 4:
            self.cur = (seat + 1) % 4
            return
        w = self.trick_best_seat
        team = w % 2
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
        self.trick = []
        self.tricks_played += 1
        self.last_winner = w
        self.cur = w
        if self.tricks_played == 1:
            self._settle_declarations()
        if self.tricks_played == 8:
            self.card_points[team] += self.rules.last_trick_bonus
            self.phase = OVER
            self.cur = -1

    def _settle_declarations(self) -> None:
        team = winning_team(self.declared, self.trump, self.taker % 2, self.rules.declaration_tie)
        self.decl_team = team
        if team < 0:
            return
        for seat, d in self.declared:
            if seat % 2 == team:
                self.decl_points[team] += d[1]
                self.known[seat] |= d[4] & self.hands[seat]

    # ------------------------------------------------------------ results
    def result(self) -> BeloteResult:
        if self.phase != OVER:
            raise IllegalActionError("the deal is not over: result() is available once is_terminal() is true")
        if self.redeal:
            return redeal_result()
        belote = [0, 0]
        if self.belote_seat >= 0 and self.belote_played == 2:
            belote[self.belote_seat % 2] = 20
        return score_deal(
            self.rules, self.contract, self.bid, self.multiplier, self.taker % 2,
            (self.card_points[0], self.card_points[1]), tuple(self.tricks_won),
            (self.decl_points[0], self.decl_points[1]), (belote[0], belote[1]),
        )  # fmt: skip

    def returns(self) -> list[float]:
        """Zero-sum deal value per seat: own team's score minus the other's."""
        a, b = self.result().scores if self.phase == OVER else (0, 0)
        return [float(a - b) if s % 2 == 0 else float(b - a) for s in range(4)]

    def observation(self, seat: int) -> BeloteObservation:
        """What ``seat`` may see (see :mod:`tapete.belote.observation`)."""
        from tapete.belote.observation import observe

        return observe(self, seat)

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
            if led == self.trump or self.contract == 5:
                return f"you must beat {card_str(self.trick_best)} when you can"
            return "you must follow the suit led"
        if self.trick_best // 8 == self.trump:
            return f"you must overtrump {card_str(self.trick_best)} when you can, or else play a trump"
        return "you have none of the suit led: you must trump"

    def __repr__(self) -> str:
        from tapete.belote.notation import to_notation

        return f"BeloteState({to_notation(self)!r})"


_FIELDS: Final = (
    "dealer", "first", "phase", "cur", "hands", "rest", "retourne", "round", "passes", "bids", "high_bid",
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
        state._t = CONTRACTS[state.contract]
        state._duties = duties_for(rules, state.contract)
    return state
