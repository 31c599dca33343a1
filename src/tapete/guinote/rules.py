"""Guiñote rules as data: one frozen object, every disputed rule a field.

The seeds disagree on many details (see ``docs/rules/guinote.md``); each
difference is a field here and each seed's system is a named preset. The
engine reads only these fields, never a preset's name.

>>> rules = GuinoteRules.preset("clasico")
>>> rules.figure_order, rules.target
('caballo_high', 100)
>>> rules.replace(target=101).options_changed()
{'target': 101}
>>> GuinoteRules.preset("aragones").replace(must_overtrump=True, must_trump=False)
Traceback (most recent call last):
...
tapete.core.errors.RulesError: must_overtrump=True needs must_trump=True: overtrumping is a duty to trump higher
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from tapete.core.errors import RulesError
from tapete.core.rules import RulesBase

FigureOrder = Literal["sota_high", "caballo_high"]
CanteFigure = Literal["sota", "caballo"]
Direction = Literal["anticlockwise", "clockwise"]
FirstLead = Literal["dealer_right", "dealer_left"]
NextDealer = Literal["rotate", "last_trick"]
CanteBy = Literal["trick_winner", "winning_team"]
CanteTiming = Literal["after_draw", "before_draw"]
ExchangeTiming = Literal["own_turn", "after_team_win", "before_lead", "until_next_trick", "when_leading", "never"]
CanteWindow = Literal["before_lead", "until_opponent_card"]
TuteRule = Literal["none", "bonus", "wins_partida"]
TuteFigures = Literal["reyes", "reyes_or_cante_figure"]
CapoteRule = Literal["none", "bonus", "wins_match"]
Claims = Literal["none", "vueltas", "any_time"]
BothPast = Literal["higher_score", "last_trick"]
MinPointsScope = Literal["both_past", "always"]
ReviewTricks = Literal["all", "last"]
DeckFaces = Literal["spanish", "french"]

#: Allowed values of every string-valued option, for validation and help text.
CHOICES: dict[str, tuple[str, ...]] = {
    "figure_order": ("sota_high", "caballo_high"),
    "cante_figure": ("sota", "caballo"),
    "direction": ("anticlockwise", "clockwise"),
    "first_lead": ("dealer_right", "dealer_left"),
    "next_dealer": ("rotate", "last_trick"),
    "cante_by": ("trick_winner", "winning_team"),
    "cante_timing": ("after_draw", "before_draw"),
    "exchange_timing": ("own_turn", "after_team_win", "before_lead", "until_next_trick", "when_leading", "never"),
    "cante_window": ("before_lead", "until_opponent_card"),
    "tute": ("none", "bonus", "wins_partida"),
    "tute_figures": ("reyes", "reyes_or_cante_figure"),
    "capote": ("none", "bonus", "wins_match"),
    "claims": ("none", "vueltas", "any_time"),
    "both_past": ("higher_score", "last_trick"),
    "min_points_scope": ("both_past", "always"),
    "review_tricks": ("all", "last"),
    "deck_faces": ("spanish", "french"),
}


@dataclass(frozen=True)
class GuinoteRules(RulesBase):
    """Every rule of a Guiñote system. Defaults are the ``aragones`` preset.

    Field comments name the seed each default comes from: 002 is the
    Aragonese system; 000/001 the classic one; 003 the French-deck one.
    """

    #: Name of the preset this object started from (for notation and records).
    preset_name: str = "aragones"
    #: 2 (mano a mano) or 4 (two partnerships sitting opposite).
    players: int = 4
    # -- cards ------------------------------------------------------------
    #: Which lower figure ranks (and scores 3) above the other: 002 sota; 001 caballo.
    figure_order: FigureOrder = "sota_high"
    #: The figure that pairs with the rey in a cante: 002 sota; 001/003 caballo.
    cante_figure: CanteFigure = "sota"
    # -- deal ---------------------------------------------------------------
    #: Cards per packet when dealing 6 to each: 002 packets of 3; 001 one at a time.
    deal_packet: int = 3
    #: Direction of play, for seat geometry: 001/002 anticlockwise.
    direction: Direction = "anticlockwise"
    #: Who leads the first trick (and receives the first cards): 001/002 dealer's right; 003 left.
    first_lead: FirstLead = "dealer_right"
    #: Next dealer: 001 rotates; 002 the taker of the previous last trick.
    next_dealer: NextDealer = "last_trick"
    # -- cantes --------------------------------------------------------------
    #: 001 only the trick winner; 002 either hand of the team that won the trick.
    cante_by: CanteBy = "winning_team"
    #: When cantes are sung: after the draw (002: "before the next lead"), or before it, so the
    #: pair must be held when the trick is won (001 Phase 1.5: "wins a trick while holding both").
    cante_timing: CanteTiming = "after_draw"
    #: When the cante window of a trick closes: at the next lead (002 §06's teaching window), or
    #: once an opponent has played to the next trick (002 §06: "at other tables ... until an
    #: opponent's card"): the leader, then its partner, may still sing after the lead card.
    cante_window: CanteWindow = "before_lead"
    #: Cantes one player may make per trick won (0 = no limit); common practice 1.
    cantes_per_trick: int = 1
    #: Whether cantes may be sung once the stock is gone (001 yes; 002 not forbidden).
    cantes_in_arrastre: bool = True
    cante_points_trump: int = 40
    cante_points_plain: int = 20
    #: Four reyes (or four cante figures) in one hand: none, a bonus, or the partida.
    tute: TuteRule = "wins_partida"
    tute_points: int = 40
    tute_figures: TuteFigures = "reyes_or_cante_figure"
    # -- the 7 of trumps ----------------------------------------------------------
    #: 001 on your own turn; 002 §06 after your team's trick, after the draw and before the next
    #: lead, the last draw excepted (before it): ``before_lead``; ``after_team_win`` puts every
    #: exchange before the draw (variants.md); ``until_next_trick``: until the next trick closes
    #: (some apps); 003 when leading.
    exchange_timing: ExchangeTiming = "before_lead"
    #: Some tables allow the exchange only when the indicator counts points.
    exchange_needs_counting_indicator: bool = False
    # -- play obligations ----------------------------------------------------------
    #: Strict obligations from the first trick (001 "arrastre temprano").
    strict_from_first_trick: bool = False
    #: Follow the suit led when able (all seeds, in arrastre).
    must_follow: bool = True
    #: Beat the best card of the suit led when following, if able (001 §2.3, 002 §05).
    must_head: bool = True
    #: Whether heading is still due when the trick was already trumped (001 literal: yes).
    head_when_trumped: bool = False
    #: Void in the suit led: play a trump if able (001, 002, 003).
    must_trump: bool = True
    #: A trump already in the trick: play a higher one if able (001, 002).
    must_overtrump: bool = True
    #: Unable to overtrump: still play a (lower) trump (001 literal: yes; 002: discard freely).
    must_undertrump: bool = False
    #: No duty to beat or trump while your partner holds the trick (002, 003; not 001).
    partner_exempt: bool = True
    #: While the partner holds the trick, only an opponent's trump must be beaten (overtrumping, or
    #: heading in trumps): a partner's trump obliges nothing (some apps; issue 12). Matters only
    #: with ``partner_exempt=False``, which otherwise frees the seat altogether.
    overtrump_opponents_only: bool = False
    # -- scoring -------------------------------------------------------------------
    last_trick_bonus: int = 10
    #: All tricks to one side: nothing extra, a bonus (001 +100), or the match.
    capote: CapoteRule = "none"
    capote_bonus: int = 100
    # -- match ---------------------------------------------------------------------
    #: Points that win a partida: 100 (001), 101 (001 house rule, 002, 003).
    target: int = 101
    #: Play the whole first deal (idas), then vueltas if nobody reached the target (002).
    idas_vueltas: bool = True
    #: A vueltas deal also ends by itself when a trick brings a side to the target (some apps), not
    #: only by a claim.
    vueltas_auto_end: bool = False
    #: When a side may claim it has reached the target: 002 in vueltas, at the lead after taking
    #: a trick; 003 at any time (any turn of the claiming side).
    claims: Claims = "vueltas"
    #: A claim short of the target loses the partida (003 "Jika perhitungan salah, tim lawan otomatis menang").
    wrong_claim_loses: bool = True
    #: A claim is right only if the side is also ahead of the other (some apps).
    claim_needs_lead: bool = False
    #: Both sides past the target in one deal: 001 higher score; 002 the last trick's side.
    both_past: BothPast = "last_trick"
    #: With ``both_past="last_trick"``: card points of the deal (no cantes, no last-trick 10)
    #: the last-trick side needs (002 §07, variants.md: "30 card points, cantes excluded").
    last_trick_min_points: int = 30
    #: When a side needs those card points of the deal to win: only when both sides pass the target
    #: (002 §07), or always, one side alone, a claim or the vueltas' end included (variants.md
    #: common practice, "a side needs 30 card points to win on points").
    min_points_scope: MinPointsScope = "both_past"
    #: "Las 30 malas" (0 = not played): a side under this score at the end of a deal played out loses
    #: the partida at once (some apps).
    malas_floor: int = 0
    #: Show scores as malas/buenas (002 §07).
    malas_buenas: bool = True
    #: Partidas that win the match: 002 coto is the first to 3 of 5; 001 best-of-3 is 2.
    partidas_to_win: int = 3
    #: Which taken tricks a seat may look back at: all, or only the last one.
    review_tricks: ReviewTricks = "last"
    #: The faces the cards are drawn with: the Spanish deck, or a French deck stripped to 40
    #: (003's game). Display only: the cards, their ranks and the play do not change.
    deck_faces: DeckFaces = "spanish"

    # ------------------------------------------------------------------------
    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        self.check_types()
        if self.players not in (2, 4):
            raise RulesError(f"bad value {self.players!r} for players: Guiñote is played by 2 or 4")
        if self.deal_packet not in (1, 2, 3, 6):
            raise RulesError(f"bad value {self.deal_packet} for deal_packet: expected 1, 2, 3 or 6 (it must divide 6)")
        if self.target < 1:
            raise RulesError(f"bad value {self.target} for target: expected a positive number of points")
        if self.partidas_to_win < 1:
            raise RulesError(f"bad value {self.partidas_to_win} for partidas_to_win: expected 1 or more")
        if self.cantes_per_trick < 0:
            raise RulesError("bad value for cantes_per_trick: expected 0 (no limit) or more")
        self.check_non_negative(
            "cante_points_trump",
            "cante_points_plain",
            "tute_points",
            "last_trick_bonus",
            "capote_bonus",
            "last_trick_min_points",
        )
        if self.must_overtrump and not self.must_trump:
            raise RulesError("must_overtrump=True needs must_trump=True: overtrumping is a duty to trump higher")
        if self.must_undertrump and not self.must_trump:
            raise RulesError("must_undertrump=True needs must_trump=True: undertrumping is a duty to trump")
        if self.head_when_trumped and not self.must_head:
            raise RulesError("head_when_trumped=True needs must_head=True")
        if (self.must_head or self.must_trump) and not self.must_follow:
            raise RulesError("must_head and must_trump need must_follow=True: they refine the duty to follow suit")
        if self.overtrump_opponents_only and not self.must_overtrump:
            raise RulesError(
                "overtrump_opponents_only=True needs must_overtrump=True: it says whose trumps must be overtrumped"
            )
        if self.vueltas_auto_end and not self.idas_vueltas:
            raise RulesError("vueltas_auto_end=True needs idas_vueltas=True: there are no vueltas to end")
        if not 0 <= self.malas_floor <= 65:
            raise RulesError(
                f"bad value {self.malas_floor} for malas_floor: expected 0 (not played) to 65 "
                "(a deal gives 130 points or more, so at most one side can fall under it)"
            )
        if self.claims == "vueltas" and not self.idas_vueltas:
            raise RulesError('claims="vueltas" needs idas_vueltas=True: there are no vueltas to claim in')

    @property
    def teams(self) -> int:
        return 2

    @property
    def tricks_per_deal(self) -> int:
        return 40 // self.players


def option_names() -> list[str]:
    return GuinoteRules.option_names()


def parse_option_value(key: str, text: str) -> object:
    return GuinoteRules.parse_option_value(key, text)


_ARAGONES = GuinoteRules()

_CLASICO = dataclasses.replace(
    _ARAGONES,
    preset_name="clasico",
    figure_order="caballo_high",
    cante_figure="caballo",
    deal_packet=1,
    next_dealer="rotate",
    cante_by="trick_winner",
    cante_timing="before_draw",
    tute="none",
    tute_figures="reyes",
    exchange_timing="own_turn",
    must_head=True,
    head_when_trumped=True,
    must_undertrump=True,
    partner_exempt=False,
    capote="bonus",
    target=100,
    idas_vueltas=False,
    claims="none",
    both_past="higher_score",
    malas_buenas=False,
    partidas_to_win=1,
    review_tricks="all",
)

_FRANCES = dataclasses.replace(
    _ARAGONES,
    preset_name="frances",
    deck_faces="french",
    figure_order="caballo_high",
    cante_figure="caballo",
    deal_packet=1,
    direction="clockwise",
    first_lead="dealer_left",
    next_dealer="rotate",
    tute="none",
    tute_figures="reyes",
    exchange_timing="when_leading",
    claims="any_time",
    both_past="higher_score",
    malas_buenas=False,
    partidas_to_win=1,
    review_tricks="all",
)

_RIOJANO = dataclasses.replace(_ARAGONES, preset_name="riojano", tute="bonus", tute_points=40, tute_figures="reyes")

_TEMPRANO = dataclasses.replace(_CLASICO, preset_name="arrastre-temprano", strict_from_first_trick=True)

#: The named systems. ``aragones`` is the default.
PRESETS: dict[str, GuinoteRules] = {
    "aragones": _ARAGONES,
    "clasico": _CLASICO,
    "frances": _FRANCES,
    "riojano": _RIOJANO,
    "arrastre-temprano": _TEMPRANO,
    "aragones-2p": dataclasses.replace(_ARAGONES, preset_name="aragones-2p", players=2),
    "clasico-2p": dataclasses.replace(_CLASICO, preset_name="clasico-2p", players=2),
}

DEFAULT_PRESET = "aragones"

GuinoteRules.GAME = "Guiñote"
GuinoteRules.PRESETS = PRESETS
GuinoteRules.CHOICES = CHOICES
#: Revision 2 made seed 002 §06's exchange after the draw (``before_lead``) the default of the
#: presets that took today's default; records and tables saved before it keep the exchange before
#: the draw (``after_team_win``), the rule they were played under.
GuinoteRules.REVISION = 2
GuinoteRules.PRESET_CHANGES = {
    2: {name: {"exchange_timing": "after_team_win"} for name in ("aragones", "riojano", "aragones-2p")},
}
