"""Tables derived once from a rules object, so the engine's hot path only indexes.

Rank strength and points depend on the figure order; the cante pair depends
on the cante figure. Everything here is a pure function of the rules and is
cached per rules object.
"""

from __future__ import annotations

from functools import lru_cache

from tapete.core.cards.spanish import CABALLO, REY, SIETE, SOTA, SUITS
from tapete.core.tricks import Duties, TrickTables
from tapete.guinote.rules import GuinoteRules

# Ranks from low to high with the sota above the caballo (002) or below it (001).
_ORDER_SOTA_HIGH = (1, 3, 4, 5, 6, CABALLO, SOTA, REY, 2, 0)
_ORDER_CABALLO_HIGH = (1, 3, 4, 5, 6, SOTA, CABALLO, REY, 2, 0)


class Tables:
    """Per-card lookups for one rules object (plain lists of ints: fast to index)."""

    def __init__(self, rules: GuinoteRules) -> None:
        order = _ORDER_SOTA_HIGH if rules.figure_order == "sota_high" else _ORDER_CABALLO_HIGH
        strength_of_rank = [0] * 10
        for s, r in enumerate(order):
            strength_of_rank[r] = s
        high_figure = order[6]
        low_figure = order[5]
        points_of_rank = [0] * 10
        points_of_rank[0] = 11
        points_of_rank[2] = 10
        points_of_rank[REY] = 4
        points_of_rank[high_figure] = 3
        points_of_rank[low_figure] = 2
        #: The shared trick tables: suit, strength (9 = as) and higher cards of each card.
        strength = [strength_of_rank[c % 10] for c in range(40)]
        self.trick: TrickTables = TrickTables([c // 10 for c in range(40)], strength, 4)
        self.strength: list[int] = self.trick.strength
        self.higher: list[int] = self.trick.higher
        #: Card points of each card.
        self.points: list[int] = [points_of_rank[c % 10] for c in range(40)]
        #: The arrastre duties (002 §05, 001 Phase 2, 003) in the shared form.
        exempt = rules.partner_exempt
        self.duties: Duties = Duties(
            follow=rules.must_follow,
            head_plain=rules.must_head,
            head_trumped=rules.head_when_trumped,
            head_trump=rules.must_head,
            trump_void=rules.must_trump,
            overtrump=rules.must_overtrump,
            undertrump=rules.must_undertrump,
            exempt_head=exempt,
            exempt_trump_lead=exempt,
            exempt_void=exempt,
            overtrump_opponents=rules.overtrump_opponents_only,
        )
        figure = SOTA if rules.cante_figure == "sota" else CABALLO
        #: The two cards of a cante in each suit.
        self.pair: list[int] = [(1 << (10 * s + REY)) | (1 << (10 * s + figure)) for s in SUITS]
        self.reyes: int = sum(1 << (10 * s + REY) for s in SUITS)
        self.figures: int = sum(1 << (10 * s + figure) for s in SUITS)
        self.tute_alt: int = self.figures if rules.tute_figures == "reyes_or_cante_figure" else 0
        self.suit_mask: list[int] = self.trick.suit_mask
        self.sietes: list[int] = [10 * s + SIETE for s in SUITS]


@lru_cache(maxsize=64)
def tables_for(rules: GuinoteRules) -> Tables:
    return Tables(rules)
