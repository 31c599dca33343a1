"""What a Belote seat can infer from its observation: cards out, voids, who may hold what.

The heuristic bot counts cards like a club player (004 'Consejos y
estrategias': "Cuente los triunfos jugados"): every card seen played is
gone, a player who did not follow suit is void in it, one who did not trump
when bound to has no trump, one who did not overtrump has no higher trump
(the duties read backwards by :func:`tapete.core.sampling.proven_absent`). What is
left is spread over the hidden places in proportion to their free room, which
gives the rough probabilities the play rules weigh. Everything comes from
the seat's :class:`~tapete.belote.observation.BeloteObservation`.
"""

from __future__ import annotations

from tapete.belote.observation import BeloteObservation
from tapete.belote.state import duties_for, pack_of
from tapete.belote.tables import TOUT_ATOUT, ContractTables, tables_for
from tapete.core.cards.deck import cards_of
from tapete.core.sampling import proven_absent


def mask_of_cards(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Knowledge:
    """Card counting for one decision of the play phase (built fresh for each move)."""

    def __init__(self, obs: BeloteObservation) -> None:
        rules = obs.rules
        n = rules.players
        self.obs = obs
        self.n: int = n
        self.seat: int = obs.seat
        #: The partner at four players, else -1 (each plays for himself).
        self.partner: int = (obs.seat + 2) % 4 if n == 4 else -1
        self.contract: int = obs.contract
        self.t: ContractTables = tables_for(obs.rules.sa_ta_points, obs.contract)
        #: The trump suit, or -1 in sans-atout and tout-atout (no suit cuts another).
        self.trump: int = self.t.trump
        self.tout_atout: bool = obs.contract == TOUT_ATOUT
        self.points: list[int] = self.t.points
        self.strength: list[int] = self.t.trick.strength
        self.higher: list[int] = self.t.trick.higher
        self.suit_mask: list[int] = self.t.trick.suit_mask
        self.decouverte: bool = rules.layout == "decouverte"
        self.hand: int = obs.hand_mask
        self.played: int = obs.played_mask()
        pack = mask_of_cards(pack_of(rules))
        public = 0
        if obs.retourne >= 0:
            public |= 1 << obs.retourne
        if obs.bergere >= 0:
            public |= 1 << obs.bergere
        known_all = 0
        for p in range(n):
            if p != self.seat:
                known_all |= obs.known[p]
        #: Cards not seen anywhere by this seat: in other hands' hidden slots or out of play.
        self.unseen: int = pack & ~self.played & ~self.hand & ~public & ~known_all
        #: Cards a seat might hold in its hand now (those it is known to hold included).
        self.possible: list[int] = [0] * n
        #: Unknown cards in each seat's hand (its hand size minus its known cards).
        self.slots: list[int] = [0] * n
        absent = [0] * n
        if not self.decouverte and (obs.tricks or obs.trick):
            plays = [(leader, list(cards)) for leader, _, cards in obs.tricks]
            if obs.trick:
                plays.append((obs.trick[0][0], [c for _, c in obs.trick]))
            absent = proven_absent(
                plays, n, self.unseen, self.t.trump, self.t.trick, duties_for(rules, obs.contract), n == 4
            )
        for p in range(n):
            if p == self.seat:
                self.possible[p] = self.hand
                continue
            known = obs.known[p]
            if self.decouverte:
                # Only face-up cards can be played now, and every one of them is public.
                self.possible[p] = known
                continue
            self.slots[p] = max(0, obs.hand_sizes[p] - known.bit_count())
            self.possible[p] = known | (self.unseen & ~absent[p] if self.slots[p] else 0)
        #: Room for unseen cards outside the hands (belote à deux: the face-down pile).
        self.extra: int = 0 if self.decouverte else obs.out_count + obs.undealt
        self._denom: dict[int, int] = {}

    # ------------------------------------------------------------ sides
    def same_side(self, a: int, b: int) -> bool:
        """Partners at four players; at two or three each seat is its own side."""
        if a == b:
            return True
        return self.n == 4 and (a - b) % 2 == 0

    def suit(self, c: int) -> int:
        return c // 8

    def is_trump(self, c: int) -> bool:
        return c // 8 == self.trump

    # ------------------------------------------------------------ probabilities
    def p_has(self, seat: int, c: int) -> float:
        """Rough chance that ``seat`` holds ``c``: its share of the hidden room where ``c`` can be."""
        if (self.obs.known[seat] >> c) & 1:
            return 1.0
        if not (self.possible[seat] >> c) & 1 or not self.slots[seat]:
            return 0.0
        d = self._denom.get(c)
        if d is None:
            d = self.extra
            for q in range(self.n):
                if q != self.seat and (self.possible[q] >> c) & 1 and not (self.obs.known[q] >> c) & 1:
                    d += self.slots[q]
            self._denom[c] = d
        return self.slots[seat] / d if d else 0.0

    def p_any(self, seat: int, cards: int) -> float:
        """Chance that ``seat`` holds at least one of ``cards`` (independence assumed)."""
        if self.obs.known[seat] & cards:
            return 1.0
        cand = cards & self.possible[seat]
        if not cand:
            return 0.0
        none = 1.0
        for c in cards_of(cand):
            none *= 1.0 - self.p_has(seat, c)
        return 1.0 - none

    def p_beats(self, seat: int, best: int, led: int) -> float:
        """Chance that ``seat`` (to play after) can take a trick whose best card is ``best``.

        Following, a higher card of the suit led; void, a trump that beats it (an opponent of
        the holder must trump: 004 'Juego de bazas' 3).
        """
        trump = self.trump
        bsuit = best // 8
        led_cards = self.suit_mask[led]
        p = self.p_any(seat, self.higher[best] & led_cards) if bsuit == led else 0.0
        if trump < 0 or led == trump:
            return p
        ruff = self.higher[best] if bsuit == trump else self.suit_mask[trump]
        if not ruff & self.possible[seat]:
            return p
        void = 1.0 - self.p_any(seat, led_cards)
        return min(1.0, p + void * self.p_any(seat, ruff))

    def master(self, c: int) -> bool:
        """No card still out (with another seat, or unseen) beats ``c`` in its own suit."""
        out = self.higher[c] & ~self.played & ~self.hand
        return not out

    def opponents(self) -> list[int]:
        return [p for p in range(self.n) if not self.same_side(p, self.seat)]

    def trumps_out(self, seats: list[int]) -> int:
        """Trumps that some of ``seats`` may still hold."""
        if self.trump < 0:
            return 0
        m = 0
        for p in seats:
            m |= self.possible[p]
        return m & self.suit_mask[self.trump]
