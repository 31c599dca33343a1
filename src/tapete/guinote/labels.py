"""Guiñote's words for the table: labels of actions and scores, a hand's order, who holds a trick.

Everything here reads an observation (never a full deal) and returns
:class:`~tapete.core.words.Say` values, which the text layer puts into the
reader's language; cards and suits are named with the rules' faces
(``deck_faces``: Spanish, or French under the ``frances`` preset).

>>> from tapete.guinote.rules import GuinoteRules
>>> score_label(GuinoteRules.preset("aragones"), 57).key, score_label(GuinoteRules.preset("aragones"), 57).values
('play.score.buenas', {'points': 7})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tapete.core.cards.spanish import SIETE
from tapete.core.tricks import beats
from tapete.core.words import CardRef, CardsRef, Say, SeatRef, SuitRef
from tapete.guinote import actions as ga
from tapete.guinote.tables import tables_for


def faces(rules: Any) -> str:
    """The faces of the text layer's cards: ``spanish``, or ``french-40`` (Spanish ids, French faces)."""
    return "french-40" if rules.deck_faces == "french" else "spanish"


def card_ref(rules: Any, card: int) -> CardRef:
    return CardRef(faces(rules), card)


def cards_ref(rules: Any, cards: Iterable[int]) -> CardsRef:
    return CardsRef(faces(rules), tuple(cards))


def suit_ref(rules: Any, suit: int) -> SuitRef:
    return SuitRef(faces(rules), suit)


def cante_points(obs: Any, suit: int) -> int:
    """What a cante in ``suit`` is worth: the forty in trumps, the twenty elsewhere (by the rules' points)."""
    rules = obs.rules
    return int(rules.cante_points_trump if suit == obs.trump else rules.cante_points_plain)


def siete_of_trumps(obs: Any) -> int:
    return int(obs.trump * 10 + SIETE)


def action_label(obs: Any, action: int) -> Say:
    """A choice as a button names it: ``sing 20 in copas``, ``exchange the 7 of oros for the rey``."""
    rules = obs.rules
    if 0 <= action < 40:
        return Say("label.card", card=card_ref(rules, action))
    if ga.SING <= action < ga.SING + 4:
        suit = action - ga.SING
        return Say("label.sing", points=cante_points(obs, suit), suit=suit_ref(rules, suit))
    if action == ga.TUTE:
        return Say("label.tute")
    if action == ga.EXCHANGE:
        return Say("label.exchange", siete=card_ref(rules, siete_of_trumps(obs)), card=card_ref(rules, obs.indicator))
    if action == ga.CLAIM:
        return Say("label.claim")
    return Say("label.pass")


def score_label(rules: Any, points: int) -> Say:
    """A match score; with ``malas_buenas`` as players say it (002 §07: 50 malas, then buenas)."""
    if rules.malas_buenas:
        if points <= 50:
            return Say("play.score.malas", points=points)
        return Say("play.score.buenas", points=points - 50)
    return Say("label.points", points=points)


def hand_order(obs: Any, cards: Iterable[int]) -> list[int]:
    """By suit, strongest first in the rules' order (the sota above the caballo in aragonés)."""
    strength = tables_for(obs.rules).strength
    return sorted(cards, key=lambda c: (c // 10, -strength[c]))


def trick_best(obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
    t = tables_for(obs.rules).trick
    best_seat, best = plays[0]
    for seat, c in plays[1:]:
        if beats(c, best, obs.trump, t):
            best_seat, best = seat, c
    return best_seat, best


def announcements(obs: Any) -> list[Say]:
    """The cantes sung in this deal and the 7 exchange, in order."""
    out: list[Say] = []
    for seat, action in obs.cantes:
        if action == ga.TUTE:
            out.append(Say("label.sang.tute", seat=SeatRef(seat)))
        else:
            suit = action - ga.SING
            out.append(
                Say("label.sang", seat=SeatRef(seat), points=cante_points(obs, suit), suit=suit_ref(obs.rules, suit))
            )
    if obs.exchanged_by >= 0:
        out.append(Say("label.exchanged", seat=SeatRef(obs.exchanged_by)))
    return out


__all__ = [
    "action_label",
    "announcements",
    "cante_points",
    "card_ref",
    "cards_ref",
    "faces",
    "hand_order",
    "score_label",
    "siete_of_trumps",
    "suit_ref",
    "trick_best",
]
