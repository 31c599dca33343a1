"""Belote's rules in words for ``tapete rules``: its options by topic, which ones the rules use, a summary.

Data only: option names, and :class:`~tapete.core.words.Say` values whose English
texts are in the ``rules`` catalog (``rules.belote.*``).

>>> from tapete.belote.rules import BeloteRules
>>> option_used(BeloteRules.preset("classique"), "min_bid")
False
"""

from __future__ import annotations

from typing import Any, Final

from tapete.belote.rules import deal_packet_sizes
from tapete.core.shown import Row
from tapete.core.words import Say

#: The options by topic, in the order they are shown. Every option is in exactly one topic
#: (tests/test_rules_cmd.py checks it), so a new option fails the tests until it is placed here.
TOPICS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (
        "deal",
        ("players", "deck", "hand_size", "layout", "deal_packets", "taker_takes_retourne", "bergere", "direction"),
    ),
    (
        "trumps",
        (
            "bidding",
            "taking_sa_ta",
            "decouverte_trump",
            "min_bid",
            "bid_step",
            "max_bid",
            "auction_sa_ta",
            "generale",
            "coinche",
            "classic_coinche",
            "surcoinche_multiplier",
        ),
    ),
    (
        "play",
        (
            "partner_exempt",
            "beat_partner_trump",
            "overtrump_partner_on_trump_lead",
            "beat_trump_lead",
            "must_undertrump",
        ),
    ),
    (
        "declarations",
        (
            "declarations",
            "declaration_tie",
            "carre_order",
            "low_carres",
            "capot_declarations",
            "belote_rebelote",
            "belote_counts_for_contract",
            "belote_to_defence_on_failure",
        ),
    ),
    (
        "scoring",
        (
            "scoring",
            "litige",
            "last_trick_bonus",
            "sa_ta_points",
            "failed_base",
            "bid_82_scores_80",
            "capot_scoring",
            "capot_bonus",
            "rounding",
            "contract_vs",
            "failed_points",
        ),
    ),
    ("match", ("target", "next_dealer")),
)


def option_used(r: Any, name: str) -> bool:
    """Whether the engine reads option ``name`` under these rules (docs/rules/belote.md says when it does not)."""
    auction = r.bidding == "auction"
    if name in ("min_bid", "bid_step", "max_bid", "auction_sa_ta", "generale", "coinche", "failed_base"):
        return bool(auction)
    conditions = {
        "surcoinche_multiplier": (auction and r.coinche) or r.classic_coinche == "coinche_surcoinche",
        "classic_coinche": r.bidding == "taking" and r.players == 4,
        "capot_scoring": auction,
        "taking_sa_ta": r.bidding == "taking" and not (r.layout == "decouverte" and r.decouverte_trump == "fixed"),
        "decouverte_trump": r.layout == "decouverte",
        "contract_vs": r.players == 3,
        "failed_points": r.players == 3,
        "litige": r.scoring == "classic" and r.players == 4,
        "partner_exempt": r.players == 4,
        "overtrump_partner_on_trump_lead": r.players == 4,
        "declaration_tie": r.declarations,
        "carre_order": r.declarations,
        "low_carres": r.declarations,
        "capot_declarations": r.declarations and r.players == 4,
        "beat_partner_trump": r.players == 4 and r.partner_exempt,
        "sa_ta_points": r.auction_sa_ta if auction else r.taking_sa_ta,
        "bid_82_scores_80": auction and r.min_bid <= 82 <= r.max_bid,
        "belote_counts_for_contract": r.belote_rebelote,
        "belote_to_defence_on_failure": r.belote_rebelote,
        "bergere": r.layout == "hand",
        "taker_takes_retourne": r.layout == "hand",
        "deal_packets": r.layout == "hand",
    }
    return bool(conditions.get(name, True))


def option_value(name: str, value: object) -> Say | None:
    return None


def _classic_coinche(r: Any) -> Say | None:
    """The coinche after the taking (``classic_coinche``), with the surcoinche's multiplier if any."""
    if r.classic_coinche == "none":
        return None
    return Say(f"rules.belote.summary.trumps.classic_{r.classic_coinche}", multiplier=r.surcoinche_multiplier)


def _join(*parts: Say | None) -> Row:
    return Row(None, tuple(p for p in parts if p is not None), sep=" ")


def summary(r: Any) -> list[tuple[Say, Say | Row]]:
    """(label, text) rows: players, cards, the deal, trumps, the contract, winning."""
    b = "rules.belote.summary"
    fixed = r.layout == "decouverte" and r.decouverte_trump == "fixed"
    deal: Say | Row
    if r.layout == "decouverte":
        deal = Say(f"{b}.deal.decouverte")
    elif r.bidding == "auction":
        deal = Say(f"{b}.deal.auction", hand=r.hand_size)
    else:
        deal = _join(
            Say(
                f"{b}.deal.taking",
                first=sum(deal_packet_sizes(r)),
                packets=Say(f"rules.belote.deal_packets.value.{r.deal_packets}"),
                hand=r.hand_size,
            ),
            Say(f"{b}.deal.retourne_taken" if r.taker_takes_retourne else f"{b}.deal.retourne_out"),
            Say(f"{b}.deal.bergere") if r.bergere else None,
        )
    trumps: Say | Row
    if fixed:
        trumps = Say(f"{b}.trumps.fixed")
    elif r.bidding == "auction":
        trumps = _join(
            Say(f"{b}.trumps.auction", low=r.min_bid, high=r.max_bid, step=r.bid_step),
            Say(f"{b}.trumps.generale") if r.generale else None,
            Say(f"{b}.trumps.auction_sa_ta") if r.auction_sa_ta else None,
            Say(f"{b}.trumps.coinche", multiplier=r.surcoinche_multiplier) if r.coinche else None,
        )
    else:
        trumps = _join(
            Say(f"{b}.trumps.decouverte" if r.layout == "decouverte" else f"{b}.trumps.taking"),
            Say(f"{b}.trumps.sa_ta") if r.taking_sa_ta else None,
            _classic_coinche(r),
        )
    contract: Say | Row
    if fixed:
        contract = Say(f"{b}.contract.fixed")
    elif r.scoring != "classic":
        contract = Say(f"{b}.contract.{r.scoring}")
    elif r.players == 3:
        contract = Say(f"{b}.contract.classic.3.{r.contract_vs}")
    elif r.players == 2:
        contract = Say(f"{b}.contract.classic.2")
    else:
        litige = Say(f"{b}.contract.{r.litige}") if r.litige != "dedans" else None
        contract = _join(Say(f"{b}.contract.classic.4"), litige)
    capot = Say(f"{b}.capot", points=152 + r.last_trick_bonus + r.capot_bonus)
    target = Say(f"{b}.target.4" if r.players == 4 else f"{b}.target.other", target=r.target)
    return [
        (Say("rules.label.players"), Say(f"{b}.players.{r.players}")),
        (Say("rules.label.cards"), Say(f"{b}.cards.{r.deck}", last=r.last_trick_bonus)),
        (Say("rules.label.deal"), deal),
        (Say("rules.label.trumps"), trumps),
        (Say("rules.label.contract"), Row(None, (contract, capot), sep=" ")),
        (Say("rules.label.winning"), target),
    ]
