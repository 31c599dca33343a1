"""The French 32-card deck of Belote: card ids, strings and the natural rank order.

A card is ``suit * 8 + rank`` with ranks in natural (sequence) order
``7 8 9 T J Q K A`` (indices 0..7) and suits ``s h d c`` (♠ ♥ ♦ ♣). Card
strings are a rank then a suit: ``Jh`` (or ``J♥``, ``VH``, ``10d``); ``T`` and
``10`` are the ten; ``V``, ``D``, ``R`` are accepted for valet, dame, roi.

>>> card_str(parse_card("V♥")), card_str(parse_card("10d"), symbols=True)
('Jh', '10♦')
>>> cards_str(parse_cards("As Ks Qs"))
'As Ks Qs'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tapete.core.cards.deck import Deck

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SUIT_LETTERS: Final = "shdc"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_TOKENS: Final = ("7", "8", "9", "T", "J", "Q", "K", "A")
RANK_SYMBOLS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")

SEVEN: Final = 0
EIGHT: Final = 1
NINE: Final = 2
TEN: Final = 3
JACK: Final = 4
QUEEN: Final = 5
KING: Final = 6
ACE: Final = 7

FRENCH_32 = Deck(
    "french-32",
    rank_tokens=RANK_TOKENS,
    suit_tokens=SUIT_LETTERS,
    symbol_ranks=RANK_SYMBOLS,
    suit_symbols=SUIT_SYMBOLS,
    rank_aliases={"V": JACK, "D": QUEEN, "R": KING, "1": ACE},
    suit_aliases={sym: i for i, sym in enumerate("♤♡♢♧")},
    rank_help="7 8 9 T/10 J/V Q/D K/R A",
    suit_help="s h d c ♠ ♥ ♦ ♣",
)


def parse_card(text: str) -> int:
    return FRENCH_32.parse_card(text)


def parse_cards(text: str) -> list[int]:
    return FRENCH_32.parse_cards(text)


def card_str(c: int, symbols: bool = False) -> str:
    return FRENCH_32.card_str(c, symbols)


def cards_str(cards: Iterable[int], symbols: bool = False) -> str:
    return FRENCH_32.cards_str(cards, symbols)
