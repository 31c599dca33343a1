"""Guiñote's rules in words for ``tapete rules``: its options by topic, which ones the rules use, a summary.

Data only: option names, and :class:`~tapete.core.words.Say` values whose English
texts are in the ``rules`` catalog (``rules.guinote.*``).

>>> from tapete.guinote.rules import GuinoteRules
>>> option_used(GuinoteRules.preset("aragones"), "tute_points")
False
>>> summary(GuinoteRules.preset("aragones"))[0][0].key
'rules.label.players'
"""

from __future__ import annotations

from typing import Any, Final

from tapete.core.shown import Row
from tapete.core.words import Say

#: The options by topic, in the order they are shown. Every option is in exactly one topic
#: (tests/test_rules_cmd.py checks it), so a new option fails the tests until it is placed here.
TOPICS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("deal", ("players", "figure_order", "deal_packet", "direction", "first_lead", "next_dealer")),
    ("trumps", ("exchange_timing", "exchange_needs_counting_indicator")),
    (
        "play",
        (
            "strict_from_first_trick",
            "must_follow",
            "must_head",
            "head_when_trumped",
            "must_trump",
            "must_overtrump",
            "must_undertrump",
            "partner_exempt",
            "overtrump_opponents_only",
            "review_tricks",
        ),
    ),
    (
        "cantes",
        (
            "cante_figure",
            "cante_by",
            "cante_timing",
            "cante_window",
            "cantes_per_trick",
            "cantes_in_arrastre",
            "cante_points_trump",
            "cante_points_plain",
            "tute",
            "tute_points",
            "tute_figures",
        ),
    ),
    ("scoring", ("last_trick_bonus", "capote", "capote_bonus")),
    (
        "match",
        (
            "target",
            "idas_vueltas",
            "vueltas_auto_end",
            "claims",
            "wrong_claim_loses",
            "claim_needs_lead",
            "both_past",
            "last_trick_min_points",
            "min_points_scope",
            "malas_floor",
            "malas_buenas",
            "deck_faces",
            "partidas_to_win",
        ),
    ),
)


def option_used(r: Any, name: str) -> bool:
    """Whether the engine reads option ``name`` under these rules (docs/rules/guinote.md says when it does not)."""
    conditions = {
        "tute_points": r.tute == "bonus",
        "tute_figures": r.tute != "none",
        "capote_bonus": r.capote == "bonus",
        "last_trick_min_points": r.both_past == "last_trick" or r.min_points_scope == "always",
        "overtrump_opponents_only": r.players == 4 and not r.partner_exempt,
        "vueltas_auto_end": r.idas_vueltas,
        "claim_needs_lead": r.claims != "none",
        "head_when_trumped": r.must_head,
        "cante_by": r.players == 4,
        "partner_exempt": r.players == 4,
        "wrong_claim_loses": r.claims != "none",
        "exchange_needs_counting_indicator": r.exchange_timing != "never",
    }
    return bool(conditions.get(name, True))


def option_value(name: str, value: object) -> Say | None:
    if name == "cantes_per_trick" and value == 0:
        return Say("rules.value.no_limit")
    if name == "malas_floor" and value == 0:
        return Say("rules.value.not_played")
    return None


def _join(*parts: Say | None) -> Row:
    return Row(None, tuple(p for p in parts if p is not None), sep=" ")


def summary(r: Any) -> list[tuple[Say, Say | Row]]:
    """(label, text) rows: players, cards, the deal, trumps, play, points, winning."""
    g = "rules.guinote.summary"
    tute = Say(f"{g}.tute.{r.tute}", points=r.tute_points) if r.tute != "none" else None
    capote = Say(f"{g}.capote.{r.capote}", points=r.capote_bonus) if r.capote != "none" else None
    points = Say(f"{g}.points", trump=r.cante_points_trump, plain=r.cante_points_plain, last=r.last_trick_bonus)
    match = Say(f"{g}.match.many", partidas=r.partidas_to_win) if r.partidas_to_win > 1 else Say(f"{g}.match.one")
    return [
        (Say("rules.label.players"), Say(f"{g}.players.{r.players}")),
        (Say("rules.label.cards"), Say(f"{g}.cards.{r.figure_order}")),
        (Say("rules.label.deal"), Say(f"{g}.deal", packet=r.deal_packet)),
        (Say("rules.label.trumps"), _join(Say(f"{g}.trumps"), Say(f"{g}.exchange.{r.exchange_timing}"))),
        (Say("rules.label.play"), Say(f"{g}.play.strict" if r.strict_from_first_trick else f"{g}.play.free")),
        (Say("rules.label.points"), _join(points, tute, capote)),
        (
            Say("rules.label.winning"),
            _join(Say(f"{g}.target", target=r.target), Say(f"{g}.idas_vueltas") if r.idas_vueltas else None, match),
        ),
    ]
