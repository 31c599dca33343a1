"""The one place the terminal faces (``cli/``, ``tui/``) get card words and turn :class:`Say` values into text.

Card names come from the text layer (:mod:`tapete.text.cards`, one source for
every face), so the commands and the terminal table agree: a Spanish card is
``Ce`` in both, drawn in its suit's colour. In the terminal a card inside a
row of ``tapete show`` or the table's panel is written short (``Ce``, ``K♥``), as players read
it at a glance; inside a message, in the form the message asks for. ``say``, ``part`` and
``french_faces`` come from :mod:`tapete.text.rows`, which every text face shares.

>>> from tapete.core.words import CardRef, Say, SeatRef
>>> card_short("spanish", 28), suit_name("spanish", 2)
('Ce', 'espadas')
>>> say(Say("show.trick.play", card=CardRef("spanish", 0), seat=SeatRef(2)))
'1o (seat 2)'
"""

from __future__ import annotations

from typing import Final

from tapete.text import cards as _cards
from tapete.text.rows import french_faces, part, say

#: Rich styles for the text layer's suit colours.
_STYLES: Final = {
    "gold": "bold yellow",
    "red": "bold red",
    "blue": "bold dodger_blue1",
    "green": "bold green",
    "black": "bold bright_white",  # black suits on a dark screen
}


def card_short(faces: str, card: int) -> str:
    """A card in a few cells, as a player of that deck reads it at a glance (``Re``, ``K♥``)."""
    return _cards.card_short(faces, card)


def card_name(faces: str, card: int) -> str:
    """A card in words (``the rey of espadas``, ``el rey de espadas``)."""
    return _cards.card_name(faces, card)


def suit_name(faces: str, suit: int) -> str:
    """A suit's name (``espadas``, ``hearts``)."""
    return _cards.suit_name(faces, suit)


def suit_colour(faces: str, suit: int) -> str:
    """The Rich style a suit is drawn in: the Spanish pack's colours, French red and black."""
    return _STYLES.get(_cards.suit_colour(faces, suit), "bold")


def card_suit(faces: str, card: int) -> int:
    """The suit of a card id."""
    return card // (_cards.n_cards(faces) // 4)


def card_colour(faces: str, card: int) -> str:
    return suit_colour(faces, card_suit(faces, card))


__all__ = [
    "card_colour",
    "card_name",
    "card_short",
    "card_suit",
    "french_faces",
    "part",
    "say",
    "suit_colour",
    "suit_name",
]
