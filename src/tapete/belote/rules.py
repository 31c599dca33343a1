"""Belote rules as data: one frozen object, every disputed rule a field.

The seed (004) describes classic Belote and names its variants; where it is
silent, the defaults follow the common published rules (the French
federation's rules for contrée), and ``docs/rules/belote.md`` names the
source of each. The engine reads only these fields, never a preset's name.

>>> rules = BeloteRules.preset("classique")
>>> rules.bidding, rules.target
('taking', 1000)
>>> BeloteRules.preset("coinche").min_bid, BeloteRules.preset("contree").min_bid
(82, 80)
>>> BeloteRules.preset("contree").replace(max_bid=155)
Traceback (most recent call last):
...
tapete.core.errors.RulesError: max_bid=155 must be min_bid (80) plus a whole number of bid_step (10) steps
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from tapete.core.errors import RulesError
from tapete.core.rules import RulesBase

Bidding = Literal["taking", "auction"]
DealPackets = Literal["3-2", "2-3", "3-3"]
Direction = Literal["anticlockwise", "clockwise"]
Scoring = Literal["classic", "contree", "made_points"]
Litige = Literal["dedans", "held", "dropped"]
DeclarationTie = Literal["trump_then_takers", "cancel", "eldest", "from_taker"]
CapotScoring = Literal["bonus", "contract_250", "flat_500"]
Rounding = Literal["none", "nearest_10", "down_10"]
DeckName = Literal["32", "24"]
Layout = Literal["hand", "decouverte"]
DecouverteTrump = Literal["taking", "fixed"]
NextDealer = Literal["next", "winner"]
ContractVs = Literal["each", "combined"]
FailedPoints = Literal["higher", "vanish", "both"]
CarreOrder = Literal["trump", "natural"]
LowCarres = Literal["none", "rank"]
CapotDeclarations = Literal["own", "all"]
SaTaPoints = Literal["scaled", "natural"]
ClassicCoinche = Literal["none", "coinche", "coinche_surcoinche"]

CHOICES: dict[str, tuple[str, ...]] = {
    "bidding": ("taking", "auction"),
    "deal_packets": ("3-2", "2-3", "3-3"),
    "direction": ("anticlockwise", "clockwise"),
    "scoring": ("classic", "contree", "made_points"),
    "litige": ("dedans", "held", "dropped"),
    "declaration_tie": ("trump_then_takers", "cancel", "eldest", "from_taker"),
    "carre_order": ("trump", "natural"),
    "low_carres": ("none", "rank"),
    "capot_declarations": ("own", "all"),
    "sa_ta_points": ("scaled", "natural"),
    "classic_coinche": ("none", "coinche", "coinche_surcoinche"),
    "capot_scoring": ("bonus", "contract_250", "flat_500"),
    "rounding": ("none", "nearest_10", "down_10"),
    "deck": ("32", "24"),
    "layout": ("hand", "decouverte"),
    "decouverte_trump": ("taking", "fixed"),
    "next_dealer": ("next", "winner"),
    "contract_vs": ("each", "combined"),
    "failed_points": ("higher", "vanish", "both"),
}


@dataclass(frozen=True)
class BeloteRules(RulesBase):
    """Every rule of a Belote system. Defaults are the ``classique`` preset (004)."""

    preset_name: str = "classique"
    #: Four players in two partnerships sitting opposite (004 "Jugadores"); 3 or 2 players
    #: each play for themselves (004 "Variantes comunes"; docs/rules/belote.md names the sources).
    players: int = 4
    # -- deal -------------------------------------------------------------------
    #: The pack: 32 cards, or 24 without the 7s and 8s (three players, E3/F3).
    deck: DeckName = "32"
    #: Cards each player holds once the deal is complete (8; 9 in belote à deux; in découverte
    #: the 16 cards of a player's layout).
    hand_size: int = 8
    #: The taker takes the retourne into his hand (004); in belote à deux it stays face up, out of play.
    taker_takes_retourne: bool = True
    #: After the deal, the bottom card of the undealt pack (the bergère) is shown (belote à deux).
    bergere: bool = False
    #: ``hand``: cards held in the hand; ``decouverte``: 8 face-up cards on 8 face-down ones each.
    layout: Layout = "hand"
    #: Découverte: trumps are taken on the last card dealt, or simply its suit (no taker).
    decouverte_trump: DecouverteTrump = "taking"
    #: The first cards in packets of 3 then 2 (004 "Preparación" 2), 2 then 3, or 3 and 3
    #: ("o 3-3 en algunas regiones": six cards before the taking, the rest to make eight).
    deal_packets: DealPackets = "3-2"
    #: Direction of play (004: anticlockwise, "some regional variants play clockwise").
    direction: Direction = "anticlockwise"
    # -- choosing trumps ---------------------------------------------------------
    #: ``taking``: two rounds on the retourne (004); ``auction``: coinche/contrée bidding.
    bidding: Bidding = "taking"
    #: In the second taking round, also offer sans-atout and tout-atout (common table practice).
    taking_sa_ta: bool = False
    #: Auction: the lowest bid, the step between bids and the highest points bid (then capot).
    min_bid: int = 80
    bid_step: int = 10
    max_bid: int = 160
    #: Auction: sans-atout and tout-atout may be bid.
    auction_sa_ta: bool = True
    #: Auction: a "générale" (one player takes every trick) may be bid.
    generale: bool = False
    #: Auction: the opponents may coinche (double) and the bidders then surcoinche.
    coinche: bool = True
    #: Multiplier of a surcoinched contract (4, or 3 in some clubs).
    surcoinche_multiplier: int = 4
    #: Taking, four players: once the deal is completed after the take, the opponents may
    #: coinche (double) before the first card (``coinche``), and the takers then surcoinche
    #: (``coinche_surcoinche``); ``none``: no doubling (004).
    classic_coinche: ClassicCoinche = "none"
    # -- play ---------------------------------------------------------------------------
    #: No duty to trump or overtrump while your partner holds the trick (004 "Juego de bazas" 4).
    partner_exempt: bool = True
    #: When trumps are led, beat the best trump even if your partner holds it (FFB rules).
    overtrump_partner_on_trump_lead: bool = True
    #: Unable to overtrump an opponent's trump: still play a lower trump ("pisser"; 004 literal).
    must_undertrump: bool = True
    #: Exempt while the partner holds the trick with a trump, a player who trumps anyway must
    #: beat the partner's trump when able (Board Game Arena); false: any trump (004 read literally).
    beat_partner_trump: bool = False
    #: Trumps led: a player must beat the best trump when able (004 'Juego de bazas', FFB);
    #: false: any trump follows (some coinche programs). In tout-atout, every lead.
    beat_trump_lead: bool = True
    # -- declarations ---------------------------------------------------------------------
    #: Sequences and carrés announced during the first trick (004 "Declaraciones").
    declarations: bool = True
    #: Equal best declarations on both sides: trump sequence, then the takers (004); or none score;
    #: or the one announced first (eldest hand).
    declaration_tie: DeclarationTie = "trump_then_takers"
    #: Carrés of equal points (aces, tens, kings, queens) compare J 9 A 10 K Q (``trump``, the
    #: trump order) or A K Q 10 (``natural``, as several programs rank them).
    carre_order: CarreOrder = "trump"
    #: Carrés of 7s and 8s: not counted at all (``none``, 004), or worth 0 but ranking as carrés
    #: below the others (``rank``): they beat, and so cancel, the other side's sequences.
    low_carres: LowCarres = "none"
    #: A capot: each side keeps the declarations it scored (``own``, 004), or the side that
    #: takes every trick takes every declaration (``all``).
    capot_declarations: CapotDeclarations = "own"
    #: King and queen of trumps in one hand score 20 when both are played (004).
    belote_rebelote: bool = True
    #: Whether belote counts toward making the contract (004: it is part of the total).
    belote_counts_for_contract: bool = True
    #: Whether belote goes to the defence on a failed contract (004: the holder keeps it).
    belote_to_defence_on_failure: bool = False
    # -- scoring ------------------------------------------------------------------------------
    #: ``classic``: made = more than the defence (004); ``contree``: FFB 2016 table (made:
    #: points + bid; failed: 160 + bid to the defence; multipliers); ``made_points``: as contree,
    #: but a made contract scores the bid only (a common alternative).
    scoring: Scoring = "classic"
    #: A tie of takers and defence in classic scoring: a failure (004), held for the next
    #: deal's winner (litige), or the takers' points dropped.
    litige: Litige = "dedans"
    last_trick_bonus: int = 10
    #: Sans-atout and tout-atout card points scaled to 152 (``scaled``), or the plain and trump
    #: values unscaled (``natural``: 120 and 248, 130 and 258 with the last trick).
    sa_ta_points: SaTaPoints = "scaled"
    #: Auction: the base a failed or coinched contract gives the winning side (160, FFB; or 162).
    failed_base: int = 160
    #: Auction: a bid of 82 is scored as 80 (made at 82, worth 80).
    bid_82_scores_80: bool = False
    #: A capot made scores 162 + ``capot_bonus`` (252, 004) in every mode. With an auction a
    #: capot *bid* is a contract worth 250 scored like the others (``contract_250``) or a flat
    #: 500 to the side that wins it (``flat_500``); ``bonus`` is the taking game's setting.
    capot_scoring: CapotScoring = "bonus"
    capot_bonus: int = 90
    #: Round deal scores (004: "to the nearest ten by regional custom, or exact").
    rounding: Rounding = "none"
    #: Three players: the taker must beat each opponent, or both together (HR, pagat Bela).
    contract_vs: ContractVs = "each"
    #: Three players, contract failed: the taker's points go to the opponent with the higher
    #: total, to nobody, or to both opponents.
    failed_points: FailedPoints = "higher"
    # -- match ---------------------------------------------------------------------------------
    #: Points that win the match (004: 1000, or 501 in the short form).
    target: int = 1000
    #: Who deals next: the next seat (004), or the winner of the deal (two players, LS/E2).
    next_dealer: NextDealer = "next"

    def __post_init__(self) -> None:
        self.check_types()
        if self.players not in (2, 3, 4):
            raise RulesError(f"bad value {self.players!r} for players: expected 2, 3 or 4")
        if self.players != 4:
            if self.bidding == "auction":
                raise RulesError('bidding="auction" (coinche, contrée) needs players=4: it is a partnership game')
            if self.litige != "dedans":
                raise RulesError(f'litige="{self.litige}" needs players=4')
        elif self.next_dealer == "winner":
            raise RulesError('next_dealer="winner" needs 2 or 3 players')
        if self.players != 3:
            if self.contract_vs != "each":
                raise RulesError(f'contract_vs="{self.contract_vs}" needs players=3: the taker against two')
            if self.failed_points != "higher":
                raise RulesError(f'failed_points="{self.failed_points}" needs players=3: the taker against two')
        if self.layout == "decouverte":
            if self.players != 2 or self.deck != "32" or self.hand_size != 16:
                raise RulesError('layout="decouverte" needs players=2, deck="32" and hand_size=16')
            if self.bidding != "taking":
                raise RulesError('layout="decouverte" needs bidding="taking"')
            if self.taker_takes_retourne or self.bergere:
                raise RulesError(
                    'layout="decouverte" needs taker_takes_retourne=false and bergere=false: the last card '
                    "dealt stays in the dealer's layout and no card is left undealt"
                )
        else:
            if self.decouverte_trump != "taking":
                raise RulesError(f'decouverte_trump="{self.decouverte_trump}" needs layout="decouverte"')
            _check_geometry(self)
        if self.min_bid < 0 or self.bid_step < 1:
            raise RulesError("min_bid must be 0 or more and bid_step 1 or more")
        if self.max_bid < self.min_bid or (self.max_bid - self.min_bid) % self.bid_step:
            raise RulesError(
                f"max_bid={self.max_bid} must be min_bid ({self.min_bid}) plus a whole number of "
                f"bid_step ({self.bid_step}) steps"
            )
        if self.surcoinche_multiplier not in (3, 4):
            raise RulesError(f"bad value {self.surcoinche_multiplier} for surcoinche_multiplier: expected 3 or 4")
        if self.bidding == "taking" and self.scoring != "classic":
            raise RulesError(f'scoring="{self.scoring}" needs bidding="auction": it scores against a bid')
        if self.bidding == "auction" and self.scoring == "classic":
            raise RulesError('bidding="auction" needs scoring="contree" or "made_points"')
        if (self.bidding == "taking") != (self.capot_scoring == "bonus"):
            raise RulesError(
                'capot_scoring="bonus" goes with bidding="taking"; an auction scores a capot bid as '
                '"contract_250" or "flat_500"'
            )
        if self.target < 1:
            raise RulesError(f"bad value {self.target} for target: expected a positive number of points")
        self.check_non_negative("last_trick_bonus", "capot_bonus")
        _check_variant_options(self)


def _check_variant_options(rules: BeloteRules) -> None:
    """Combinations the variant options of docs/rules/belote.md refuse, each with its reason."""
    if rules.failed_base not in (160, 162):
        raise RulesError(f"bad value {rules.failed_base} for failed_base: expected 160 or 162")
    if rules.beat_partner_trump and not rules.partner_exempt:
        raise RulesError("beat_partner_trump=true needs partner_exempt=true: it only limits the exemption")
    if rules.bid_82_scores_80:
        offered = rules.min_bid <= 82 <= rules.max_bid and (82 - rules.min_bid) % rules.bid_step == 0
        if rules.bidding != "auction" or not offered:
            raise RulesError("bid_82_scores_80=true needs an auction in which 82 may be bid")
    if rules.classic_coinche != "none" and (rules.bidding != "taking" or rules.players != 4):
        raise RulesError(
            f'classic_coinche="{rules.classic_coinche}" needs bidding="taking" and players=4: the opponents '
            "double a taker's contract (the auction has its own coinche)"
        )
    if rules.capot_declarations != "own" and rules.players != 4:
        raise RulesError(f'capot_declarations="{rules.capot_declarations}" needs players=4')


def _check_geometry(rules: BeloteRules) -> None:
    """The deal must fit the pack: first packets, the retourne, the completion, a bergère."""
    n, size = rules.players, rules.hand_size
    cards = 32 if rules.deck == "32" else 24
    first = sum(deal_packet_sizes(rules))
    if not first < size <= 16:
        raise RulesError(
            f"hand_size={size} must be more than the {first} cards dealt before the taking, and at most 16"
        )
    if rules.bidding == "auction":
        if n * size != cards:
            raise RulesError(f"an auction deals every card: hand_size must be {cards // n}")
        return
    used = n * size + (0 if rules.taker_takes_retourne else 1)
    if used > cards:
        raise RulesError(f"{n} hands of {size} cards and the retourne need more than the {cards} cards of the pack")
    if n == 4 and used != cards:
        # The partnership scoring (dedans, capot) counts every card of the pack in play.
        raise RulesError(f"players=4 deals the whole pack: hand_size must be {cards // n} with the retourne taken")
    if rules.bergere and used == cards:
        raise RulesError("bergere=true needs a card left undealt to show")


def deal_packet_sizes(rules: BeloteRules) -> list[int]:
    """The packets of the first deal, before the taking (004 "Preparación" 2)."""
    return [3, 2] if rules.deal_packets == "3-2" else [2, 3] if rules.deal_packets == "2-3" else [3, 3]


_CLASSIQUE = BeloteRules()

_COINCHE = dataclasses.replace(
    _CLASSIQUE,
    preset_name="coinche",
    bidding="auction",
    scoring="made_points",
    generale=True,
    min_bid=82,
    max_bid=162,
    capot_scoring="contract_250",
    rounding="nearest_10",
    target=2000,
)

_CONTREE = dataclasses.replace(
    _COINCHE,
    preset_name="contree",
    scoring="contree",
    generale=False,
    min_bid=80,
    max_bid=160,
    target=1500,
)

_A_DEUX = dataclasses.replace(
    _CLASSIQUE, preset_name="belote-a-deux", players=2, deal_packets="3-3", hand_size=9,
    taker_takes_retourne=False, bergere=True, capot_bonus=50, next_dealer="winner", target=501,
)  # fmt: skip

_DECOUVERTE = dataclasses.replace(
    _CLASSIQUE, preset_name="decouverte", players=2, hand_size=16, layout="decouverte",
    taker_takes_retourne=False, declarations=False, belote_rebelote=False, capot_bonus=50,
    next_dealer="winner", target=501,
)  # fmt: skip

#: The named systems. ``classique`` is the default.
PRESETS: dict[str, BeloteRules] = {
    "classique": _CLASSIQUE,
    "classique-sa-ta": dataclasses.replace(_CLASSIQUE, preset_name="classique-sa-ta", taking_sa_ta=True),
    "classique-501": dataclasses.replace(_CLASSIQUE, preset_name="classique-501", target=501),
    "coinche": _COINCHE,
    "contree": _CONTREE,
    # 004 "Variantes comunes"; the versions followed are named in docs/rules/belote.md.
    "trois-joueurs": dataclasses.replace(_CLASSIQUE, preset_name="trois-joueurs", players=3, deck="24"),
    "belote-a-deux": _A_DEUX,
    "decouverte": _DECOUVERTE,
}

DEFAULT_PRESET = "classique"

BeloteRules.GAME = "Belote"
BeloteRules.PRESETS = PRESETS
BeloteRules.CHOICES = CHOICES
