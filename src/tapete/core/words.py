"""Things to be put into words: what games and faces hand to the text layer instead of sentences.

``faces`` is a key of :data:`tapete.text.cards.FACES`: ``spanish`` (Spanish 40-card ids),
``french`` (Belote's 32-card ids) or ``french-40`` (Spanish ids shown with French faces).

A game never writes a sentence. Where it tells a person something (a line of
narration, why an action was refused, the label of an action) it returns a
:class:`Say`: a message id and its values. Values that need the reader's
language and grammar are typed: a :class:`CardRef` is named in its own deck's
words (a caballo is never "Q"), a :class:`SeatRef` carries its grammar ("del
jugador 2", "de Ana"), a :class:`SuitRef` is a suit of one deck. The text
layer (:mod:`tapete.text`) renders a :class:`Say` in one language.

>>> Say("event.card", seat=SeatRef(2), card=CardRef("spanish", 27)).key
'event.card'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CardRef:
    """One card, to be named with the faces it is shown with (``spanish`` or ``french``)."""

    faces: str
    card: int


@dataclass(frozen=True)
class CardsRef:
    """Several cards, named together (``3o, Cc``)."""

    faces: str
    cards: tuple[int, ...]


@dataclass(frozen=True)
class SuitRef:
    """One suit of a deck's faces (``espadas``, ``pique``)."""

    faces: str
    suit: int


@dataclass(frozen=True)
class RankRef:
    """One rank of a deck's faces (``valet``; plural ``valets`` with the spec ``pl``: "carré de valets")."""

    faces: str
    rank: int


@dataclass(frozen=True)
class SeatRef:
    """A seat at the table; the text layer names it by the person's name if it knows one."""

    seat: int


@dataclass(frozen=True)
class SideRef:
    """A scoring side of a table of ``players``: a team at four players (seats ``side`` and ``side + 2``),
    else the one player of seat ``side`` (each plays for himself)."""

    players: int
    side: int


@dataclass(frozen=True, init=False)
class Say:
    """A message id and its values; ``count`` picks the plural form where the message has one."""

    key: str
    values: dict[str, Any] = field(hash=False)
    count: int | None = None

    def __init__(self, key: str, /, count: int | None = None, **values: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "count", count)


__all__ = ["CardRef", "CardsRef", "RankRef", "Say", "SeatRef", "SideRef", "SuitRef"]
