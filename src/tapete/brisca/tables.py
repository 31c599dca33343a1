"""Tables derived once from a rules object, so the engine's hot path only indexes.

Brisca's card order and points are fixed (As, 3, Rey, Caballo, Sota, 7, 6, 5,
4, 2; As 11, 3 10, Rey 4, Caballo 3, Sota 2); what the rules change is which
trump takes the muestra.

>>> from tapete.brisca.rules import BriscaRules
>>> t = tables_for(BriscaRules())
>>> sum(t.points), t.strength[0] > t.strength[2] > t.strength[9] > t.strength[8] > t.strength[7] > t.strength[6]
(120, True)
"""

from __future__ import annotations

from functools import lru_cache

from tapete.brisca.rules import BriscaRules
from tapete.core.cards.spanish import CABALLO, REY, SIETE, SOTA, SUITS
from tapete.core.tricks import TrickTables

#: Rank indices from low to high: 2, 4, 5, 6, 7, sota, caballo, rey, 3, as (FO, AC).
ORDER = (1, 3, 4, 5, 6, SOTA, CABALLO, REY, 2, 0)
#: Card points by rank index: as 11, 3 10, rey 4, caballo 3, sota 2 (FO, DC, SB).
POINTS_OF_RANK = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4)
DOS = 1


class Tables:
    """Per-card lookups for one rules object (plain lists of ints: fast to index)."""

    def __init__(self, rules: BriscaRules) -> None:
        strength_of_rank = [0] * 10
        for s, r in enumerate(ORDER):
            strength_of_rank[r] = s
        strength = [strength_of_rank[c % 10] for c in range(40)]
        #: The shared trick tables: suit, strength (9 = as) and higher cards of each card.
        self.trick: TrickTables = TrickTables([c // 10 for c in range(40)], strength, 4)
        self.strength: list[int] = self.trick.strength
        self.points: list[int] = [POINTS_OF_RANK[c % 10] for c in range(40)]
        self.suit_mask: list[int] = self.trick.suit_mask
        #: Per trump suit and per muestra card: the card that may take it (-1: none).
        self.exchanger: list[int] = [-1] * 40
        for c in range(40):
            suit, rank = divmod(c, 10)
            if rules.exchange_card == "seven":
                self.exchanger[c] = -1 if rank == SIETE else 10 * suit + SIETE
            elif rules.exchange_card == "seven_or_two":
                if strength_of_rank[rank] > strength_of_rank[SIETE]:
                    self.exchanger[c] = 10 * suit + SIETE
                elif rank != DOS:
                    self.exchanger[c] = 10 * suit + DOS
        #: The cards that may take a muestra at all (the 7s, and the 2s with seven_or_two).
        self.exchange_cards: int = 0
        for c in self.exchanger:
            if c >= 0:
                self.exchange_cards |= 1 << c
        self.reyes: int = sum(1 << (10 * s + REY) for s in SUITS)


@lru_cache(maxsize=64)
def tables_for(rules: BriscaRules) -> Tables:
    return Tables(rules)
