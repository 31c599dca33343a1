"""What a Guiñote seat can read from its observation: counted cards, inferred voids, odds.

A club player counts the cards that have gone, knows the cards shown in
cantes and the 7 exchange, and reads voids from the arrastre duties (a seat
that did not follow suit has none left). :class:`Reading` gathers exactly
that from a :class:`~tapete.guinote.observation.GuinoteObservation`, never
from the full deal, and answers the question every heuristic asks: how
likely is it that seat ``p`` holds at least one card of a set?

>>> from tapete.guinote import GuinoteRules, GuinoteState
>>> from tapete.guinote.observation import observe
>>> state = GuinoteState.new_deal(GuinoteRules(), seed=3, dealer=0)
>>> r = Reading(observe(state, 1))
>>> r.hidden.bit_count()  # 40 cards - own 6 - the face-up indicator
33
>>> 0.0 < r.p_holds(2, r.t.suit_mask[r.trump]) < 1.0
True
"""

from __future__ import annotations

from tapete.core.cards.spanish import FULL_DECK
from tapete.guinote.observation import GuinoteObservation, excluded_cards
from tapete.guinote.tables import Tables, tables_for


class Reading:
    """The public and private knowledge of one seat at one decision, as bitmasks."""

    def __init__(self, obs: GuinoteObservation) -> None:
        rules = obs.rules
        self.obs: GuinoteObservation = obs
        self.t: Tables = tables_for(rules)
        self.n: int = rules.players
        self.seat: int = obs.seat
        self.team: int = obs.seat % 2
        self.trump: int = obs.trump
        self.hand: int = obs.hand_mask
        self.played: int = obs.played_mask()
        #: Cards in other hands or the face-down stock that nobody has shown.
        hidden = FULL_DECK & ~self.played & ~self.hand
        if obs.indicator >= 0:
            hidden &= ~(1 << obs.indicator)
        for p in range(self.n):
            if p != self.seat:
                hidden &= ~obs.known[p]
        self.hidden: int = hidden
        #: Whether the arrastre duties bind the trick being played.
        self.strict: bool = obs.arrastre or rules.strict_from_first_trick
        # Voids and missing cards proven by duty-bound play (the arrastre only: a draw refills a hand).
        self.absent: list[int] = excluded_cards(obs) if self.strict else [0] * self.n
        #: Hidden cards of each seat (its hand size less the cards it is known to hold).
        self.slots: list[int] = [obs.hand_sizes[p] - obs.known[p].bit_count() for p in range(self.n)]
        self.pool: list[int] = [(hidden & ~self.absent[p]).bit_count() for p in range(self.n)]

    def p_holds(self, p: int, mask: int) -> float:
        """Probability that seat ``p`` holds at least one card of ``mask`` (hypergeometric on its hidden slots)."""
        if self.obs.known[p] & mask:
            return 1.0
        k = (mask & self.hidden & ~self.absent[p]).bit_count()
        h = self.slots[p]
        if k == 0 or h <= 0:
            return 0.0
        u = self.pool[p]
        none = 1.0
        for i in range(h):
            free = u - k - i
            if free <= 0:
                return 1.0
            none *= free / (u - i)
        return 1.0 - none

    def out_higher(self, c: int) -> int:
        """Cards of ``c``'s suit that beat it and are neither played nor in this hand."""
        return self.t.higher[c] & ~self.played & ~self.hand

    def is_master(self, c: int) -> bool:
        """Whether no card still out can beat ``c`` in its own suit."""
        return self.out_higher(c) == 0

    def trumps_out(self) -> int:
        """Trumps not played and not in this hand (other hands, the stock, the indicator)."""
        return self.t.suit_mask[self.trump] & ~self.played & ~self.hand
