"""The Spanish 40-card deck: card ids, card strings and their French equivalents.

A card is a small int ``suit * 10 + rank_index`` (0..39) so that a set of cards
is an int bitmask; the engine never builds card objects on its hot path.

Card strings are a rank followed by a suit:

* ranks: ``1`` or ``A`` (as), ``2``..``7``, ``S``/``J``/``10`` (sota),
  ``C``/``Q``/``11`` (caballo), ``R``/``K``/``12`` (rey);
* suits: ``o`` oros, ``c`` copas, ``e`` espadas, ``b`` bastos, or the French
  symbols ``♦ ♥ ♠ ♣`` (002 §02: diamonds = oros, hearts = copas, spades =
  espadas, clubs = bastos; Q stands for the caballo, J for the sota).

Suit *letters* are always Spanish: ``c`` is copas, never clubs; write clubs as
``b`` or ``♣``.

>>> card = parse_card("Rc")
>>> card_str(card), card_str(card, french=True)
('Rc', 'K♥')
>>> parse_card("J♥") == parse_card("Sc") == parse_card("10c")
True
>>> cards_str(parse_cards("1o 3o 7e"))
'1o 3o 7e'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tapete.core.cards.deck import Deck, cards_of, mask_of

__all__ = ["SPANISH", "Deck", "card_str", "cards_of", "cards_str", "mask_of", "mask_str", "parse_card", "parse_cards"]

OROS: Final = 0
COPAS: Final = 1
ESPADAS: Final = 2
BASTOS: Final = 3
SUITS: Final = (OROS, COPAS, ESPADAS, BASTOS)
SUIT_NAMES: Final = ("oros", "copas", "espadas", "bastos")
SUIT_LETTERS: Final = "oceb"
SUIT_SYMBOLS: Final = "♦♥♠♣"

#: Printed card numbers, by rank index.
RANK_NUMBERS: Final = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
RANK_LETTERS: Final = ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")
RANK_FRENCH: Final = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
RANK_NAMES: Final = ("as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey")

AS: Final = 0
TRES: Final = 2
SIETE: Final = 6
SOTA: Final = 7
CABALLO: Final = 8
REY: Final = 9

N_CARDS: Final = 40
FULL_DECK: Final = (1 << N_CARDS) - 1
SUIT_MASKS: Final = tuple(((1 << 10) - 1) << (10 * s) for s in SUITS)

#: The Spanish 40-card deck as data (see :class:`tapete.core.cards.deck.Deck`).
SPANISH = Deck(
    "spanish-40",
    rank_tokens=RANK_LETTERS,
    suit_tokens=SUIT_LETTERS,
    symbol_ranks=RANK_FRENCH,
    suit_symbols=SUIT_SYMBOLS,
    rank_aliases={str(n): i for i, n in enumerate(RANK_NUMBERS)},
    suit_aliases={sym: i for i, sym in enumerate("♢♡♤♧")},
    rank_help="1-7, S/J/10, C/Q/11, R/K/12 or A",
    suit_help="o c e b ♦ ♥ ♠ ♣",
)


def card(suit: int, rank_index: int) -> int:
    """The card id of a suit and a rank index (0 = as .. 9 = rey)."""
    return suit * 10 + rank_index


def suit_of(c: int) -> int:
    return c // 10


def rank_of(c: int) -> int:
    return c % 10


def parse_card(text: str) -> int:
    """Read one card string such as ``"Rc"``, ``"12c"`` or ``"K♥"``."""
    return SPANISH.parse_card(text)


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces or commas; ``"-"`` or ``""`` is no card."""
    return SPANISH.parse_cards(text)


def card_str(c: int, french: bool = False) -> str:
    """The compact string of a card: Spanish letters, or French rank and symbol."""
    return SPANISH.card_str(c, french)


def card_name(c: int) -> str:
    """The Spanish name of a card, e.g. ``'rey de copas'``."""
    return f"{RANK_NAMES[c % 10]} de {SUIT_NAMES[c // 10]}"


def cards_str(cards: Iterable[int], french: bool = False) -> str:
    return SPANISH.cards_str(cards, french)


def mask_str(mask: int, french: bool = False) -> str:
    return SPANISH.mask_str(mask, french)
