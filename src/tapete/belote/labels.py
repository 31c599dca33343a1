"""Belote's words for the table: calls, contracts and declarations as they are said, a hand's order.

Everything reads an observation (never a full deal) and returns
:class:`~tapete.core.words.Say` values; the text layer says them in the
reader's language, with French ranks as French players say them ("tierce à la
dame", "carré de valets").

>>> declaration_label(1, 20, 3 * 8 + 5).values["declaration"].values["rank"]
RankRef(faces='french', rank=5)
>>> declaration_label(2, 200, 7).values["declaration"].key
'label.decl.carre.J'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tapete.belote import actions as ba
from tapete.belote.declarations import find
from tapete.belote.tables import CONTRACTS, SANS_ATOUT, tables_for
from tapete.core.cards.french import RANK_TOKENS
from tapete.core.tricks import beats
from tapete.core.words import CardRef, RankRef, Say, SeatRef, SuitRef

FACES = "french"

#: The rank of a carré from its height (see tapete.belote.declarations: J, 9, A, 10, K, Q).
_CARRE_RANK = {6: 2, 4: 3, 7: 4, 2: 5, 3: 6, 5: 7}
#: A sequence's name by its length.
_SEQUENCE = {3: "label.decl.tierce", 4: "label.decl.cinquante"}


def card_ref(card: int) -> CardRef:
    return CardRef(FACES, card)


def contract_word(contract: int) -> SuitRef | Say:
    """A suit of trumps, sans-atout or tout-atout."""
    if contract < 4:
        return SuitRef(FACES, contract)
    return Say("label.contract.sa" if contract == SANS_ATOUT else "label.contract.ta")


def bid_label(value: int, contract: int) -> Say:
    if value == ba.CAPOT:
        return Say("label.bid.capot", contract=contract_word(contract))
    if value == ba.GENERALE:
        return Say("label.bid.generale", contract=contract_word(contract))
    return Say("label.bid", points=value, contract=contract_word(contract))


def action_label(obs: Any, action: int) -> Say:
    """A call or a card as a button names it: ``pass``, ``take in hearts``, ``100 in spades``."""
    if 0 <= action < 32:
        return Say("label.card", card=card_ref(action))
    if action == ba.PASS:
        return Say("label.pass")
    if action == ba.DECLARE:
        return declare_label(obs)
    if action == ba.COINCHE:
        return Say("label.coinche")
    if action == ba.SURCOINCHE:
        return Say("label.surcoinche")
    if ba.TAKE <= action < ba.BID:
        return Say("label.take", contract=contract_word(action - ba.TAKE))
    return bid_label(*ba.bid_of(obs.rules, action))


def declare_label(obs: Any) -> Say:
    """The declare button says what it declares: ``declare tierce to the queen (20)``.

    >>> from dataclasses import replace
    >>> from tapete.belote.game import GAME
    >>> from tapete.text.render import say
    >>> obs = GAME.observe(GAME.new_match(GAME.rules("classique"), seed=1), 0)
    >>> say(declare_label(replace(obs, hand=(0, 1, 2, 12))))
    'declare tierce to the nine (20)'
    """
    r = obs.rules
    hand = 0
    for card in obs.hand:
        hand |= 1 << card
    found = find(hand, r.low_carres == "rank", r.carre_order == "natural")
    if not found:
        return Say("label.declare")
    what = declaration_label(*found[0][:3])
    for kind, points, height, _suit, _mask in found[1:]:
        what = Say("label.decl.and", first=what, second=declaration_label(kind, points, height))
    return Say("label.declare.what", declaration=what)


def contract_label(obs: Any) -> Say | None:
    """The contract being played: its trumps (or the bid), coinched or surcoinched; None before it is made."""
    if obs.contract < 0:
        return None
    what: Say | SuitRef = (
        bid_label(obs.bid, obs.contract) if obs.rules.bidding == "auction" else contract_word(obs.contract)
    )
    if obs.multiplier == 2:
        return Say("label.coinched", contract=what, multiplier=obs.multiplier)
    if obs.multiplier > 2:
        return Say("label.surcoinched", contract=what, multiplier=obs.multiplier)
    return what if isinstance(what, Say) else Say("label.contract", contract=what)


def declaration_label(kind: int, points: int, height: int) -> Say:
    """A declaration as announced (its kind and height; the suit is shown only later): ``tierce to the queen (20)``."""
    if kind == 2:
        what = Say(f"label.decl.carre.{RANK_TOKENS[_CARRE_RANK.get(height, 4)]}")
    else:
        length, top = divmod(height, 8)
        name = Say(_SEQUENCE.get(length, "label.decl.cent"))
        what = Say("label.decl.sequence", name=name, rank=RankRef(FACES, top))
    return Say("label.declaration", declaration=what, points=points)


def announcements(obs: Any) -> list[Say]:
    """The declarations announced in this deal, then belote if it has been said."""
    out = [
        Say("label.declared", seat=SeatRef(s), declaration=declaration_label(k, p, h)) for s, k, p, h in obs.announced
    ]
    if obs.belote_seat >= 0:
        out.append(Say("label.belote_held", seat=SeatRef(obs.belote_seat), played=obs.belote_played))
    return out


def hand_order(obs: Any, cards: Iterable[int]) -> list[int]:
    """By suit, strongest first (trumps in their own order once the contract is made)."""
    strength = CONTRACTS[obs.contract if obs.contract >= 0 else SANS_ATOUT].trick.strength
    return sorted(cards, key=lambda c: (c // 8, -strength[c]))


def trick_best(obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
    best_seat, best = plays[0]
    if obs.contract < 0:
        return best_seat, best
    t = CONTRACTS[obs.contract].trick
    for seat, c in plays[1:]:
        if beats(c, best, obs.trump, t):
            best_seat, best = seat, c
    return best_seat, best


def card_points(obs: Any, card: int) -> int:
    return tables_for(obs.rules.sa_ta_points, obs.contract).points[card] if obs.contract >= 0 else 0


__all__ = [
    "action_label",
    "announcements",
    "bid_label",
    "card_points",
    "card_ref",
    "contract_label",
    "contract_word",
    "declaration_label",
    "hand_order",
    "trick_best",
]
