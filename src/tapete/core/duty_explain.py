"""Which duty of trick play a refused card breaks, in message ids: shared by every game with duties.

The duties are those of :func:`tapete.core.tricks.legal_mask` (follow suit,
beat the best card, trump, overtrump, undertrump), with each game's settings.
:func:`duty_broken` reads only what the seat sees (its hand, the trick, the
trumps) and returns a :class:`~tapete.core.words.Say` naming the duty and the
cards that meet it, or None when no duty explains the refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tapete.core.cards.deck import mask_of
from tapete.core.tricks import Duties, TrickTables, legal_mask
from tapete.core.words import CardRef, CardsRef, Say, SuitRef


def duty_broken(
    obs: Any, t: TrickTables, d: Duties, trump: int, best: tuple[int, int], faces: str
) -> Say | None:  # fmt: skip
    """The duty a card in hand breaks when it may not go to the trick in progress (``best``: its holder, card)."""
    plays = list(obs.trick)
    if not plays:
        return None
    hand = mask_of(obs.hand)
    best_seat, best_card = best
    partner = len(obs.hand_sizes) == 4 and (best_seat - obs.seat) % 2 == 0
    trick = [c for _, c in plays]
    legal = legal_mask(hand, trick, best_card, partner, trump, t, d)
    allowed = CardsRef(faces, tuple(c for c in obs.hand if (legal >> c) & 1))
    led = t.suit[trick[0]]
    suited = hand & t.suit_mask[led]
    if suited:
        if legal != suited:
            # Heading: beat the best card of the suit led (or, the trick being trumped, its top card).
            top = best_card
            if t.suit[best_card] != led:
                top = trick[0]
                for c in trick:
                    if t.suit[c] == led and t.strength[c] > t.strength[top]:
                        top = c
            return Say("play.explain.must_beat", card=CardRef(faces, top), cards=allowed)
        return Say("play.explain.must_follow", suit=SuitRef(faces, led), cards=allowed)
    trumps = hand & t.suit_mask[trump] if trump >= 0 else 0
    if trumps and legal & ~trumps == 0:
        if t.suit[best_card] == trump:
            higher = trumps & t.higher[best_card]
            if higher and legal == higher:
                return Say("play.explain.must_overtrump", card=CardRef(faces, best_card), cards=allowed)
            return Say("play.explain.must_undertrump", card=CardRef(faces, best_card), cards=allowed)
        return Say("play.explain.must_trump", suit=SuitRef(faces, led), trump=SuitRef(faces, trump), cards=allowed)
    return None


def listing(items: Sequence[Any]) -> Any:
    """Several things said as one list ("3o Cc, pass"): a chain of ``label.join`` messages."""
    if len(items) == 1:
        return items[0]
    return Say("label.join", head=items[0], tail=listing(items[1:]))


def not_allowed(legal: Sequence[Any]) -> Say:
    """The refusal that lists what may be done instead (``legal``: CardsRef and action labels)."""
    return Say("play.explain.not_allowed", legal=listing(legal) if legal else Say("none"))


__all__ = ["duty_broken", "listing", "not_allowed"]
