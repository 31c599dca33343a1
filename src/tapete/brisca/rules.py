"""Brisca rules as data: one frozen object, every disputed rule a field.

The published rules agree on the core of the game (three cards in hand, a
face-up muestra under the stock, no duty to follow suit or to beat, As 11,
3 10, Rey 4, Caballo 3, Sota 2, 61 of 120 wins a deal) and disagree on the
details: when the 7 (or the 2) of trumps may take the muestra, whether
partners see each other's cards, how a match is won. Each difference is a
field here and ``docs/rules/brisca.md`` names the source of every value.

>>> rules = BriscaRules.preset("brisca")
>>> rules.players, rules.show_partner, rules.deals_to_win
(4, 'never', 3)
>>> BriscaRules.preset("brisca-ensenando").options_changed()
{}
>>> rules.replace(show_partner="always").options_changed()
{'show_partner': 'always'}
>>> BriscaRules.preset("brisca-2p").replace(show_partner="always")
Traceback (most recent call last):
...
tapete.core.errors.RulesError: show_partner='always' needs players=4: with two players there is no partner
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from tapete.core.errors import RulesError
from tapete.core.rules import RulesBase

ExchangeCard = Literal["seven", "seven_or_two", "none"]
ExchangeTiming = Literal["own_turn", "when_leading"]
ShowPartner = Literal["never", "after_stock", "always"]
MatchBy = Literal["deals", "points"]

#: Allowed values of every string-valued option, for validation and help text.
CHOICES: dict[str, tuple[str, ...]] = {
    "exchange_card": ("seven", "seven_or_two", "none"),
    "exchange_timing": ("own_turn", "when_leading"),
    "show_partner": ("never", "after_stock", "always"),
    "match_by": ("deals", "points"),
}


@dataclass(frozen=True)
class BriscaRules(RulesBase):
    """Every rule of a Brisca table. Defaults are the ``brisca`` preset (four players in pairs).

    Field comments name the sources (see ``docs/rules/brisca.md`` for the list and their keys).
    """

    #: Name of the preset this object started from (for notation and records).
    preset_name: str = "brisca"
    #: 2 (one against one) or 4 (two partnerships sitting opposite): FO, AC, CC, SB.
    players: int = 4
    #: Cards per packet when dealing the three cards: 1 (FO, AC, VIP), 3 (NC).
    deal_packet: int = 1
    # -- the muestra ---------------------------------------------------------
    #: Which trump takes the muestra: the 7 (NC, FO); the 7 for a muestra above it and the 2 for
    #: a muestra of 7 or lower (VIP, JC, RJ); no exchange at all.
    exchange_card: ExchangeCard = "seven"
    #: When the holder may exchange: on any of his turns before playing (VIP, QB), or only when
    #: about to lead (JC: after winning a trick).
    exchange_timing: ExchangeTiming = "own_turn"
    #: The exchange needs a trick already won by the player's side (VIP, JC, QB).
    exchange_needs_trick: bool = False
    #: Face-down cards the stock must still hold above the muestra for an exchange: 1 = until the
    #: last draw (VIP "one or more unused cards", QB "before the last card is drawn").
    exchange_min_stock: int = 1
    # -- partners --------------------------------------------------------------
    #: Whether partners see each other's hands: never; once the stock is gone; always (CC, SJ).
    show_partner: ShowPartner = "never"
    # -- the match -------------------------------------------------------------
    #: What a match counts: deals won (SB, LU, VIP) or card points over the deals (DC).
    match_by: MatchBy = "deals"
    #: Deals a side must win (match_by=deals): LU offers 1, 3 or 6; SB's "five games" read as best of five.
    deals_to_win: int = 3
    #: Card points a side must reach (match_by=points): tapete's choice, about two good deals.
    target: int = 250

    # ------------------------------------------------------------------------
    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        self.check_types()
        if self.players not in (2, 4):
            raise RulesError(f"bad value {self.players!r} for players: Brisca is played here by 2 or by 4 in pairs")
        if self.deal_packet not in (1, 3):
            raise RulesError(f"bad value {self.deal_packet} for deal_packet: expected 1 or 3 (it must divide 3)")
        top = self.initial_stock - 1
        if not 1 <= self.exchange_min_stock <= top:
            raise RulesError(
                f"bad value {self.exchange_min_stock} for exchange_min_stock: expected 1..{top} "
                f"(the face-down cards above the muestra after the deal)"
            )
        if self.deals_to_win < 1:
            raise RulesError(f"bad value {self.deals_to_win} for deals_to_win: expected 1 or more")
        if self.target < 1:
            raise RulesError(f"bad value {self.target} for target: expected a positive number of points")
        if self.show_partner != "never" and self.players != 4:
            raise RulesError(
                f"show_partner={self.show_partner!r} needs players=4: with two players there is no partner"
            )

    @property
    def teams(self) -> int:
        return 2

    @property
    def tricks_per_deal(self) -> int:
        return 40 // self.players

    @property
    def initial_stock(self) -> int:
        """Cards left to draw after the deal, the muestra included."""
        return 40 - 3 * self.players


_PAREJAS = BriscaRules()

#: The named ways of playing. ``brisca`` (four in pairs, hands hidden) is the default.
PRESETS: dict[str, BriscaRules] = {
    "brisca": _PAREJAS,
    "brisca-ensenando": dataclasses.replace(_PAREJAS, preset_name="brisca-ensenando", show_partner="always"),
    "brisca-2p": dataclasses.replace(_PAREJAS, preset_name="brisca-2p", players=2),
}

DEFAULT_PRESET = "brisca"

BriscaRules.GAME = "Brisca"
BriscaRules.PRESETS = PRESETS
BriscaRules.CHOICES = CHOICES
