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

from collections.abc import Iterable, Iterator
from typing import Final

from tapete.errors import CardParseError

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

_RANK_ALIASES: dict[str, int] = {}
for _i, (_l, _f, _n) in enumerate(zip(RANK_LETTERS, RANK_FRENCH, RANK_NUMBERS, strict=True)):
    _RANK_ALIASES[_l] = _i
    _RANK_ALIASES[_f] = _i
    _RANK_ALIASES[str(_n)] = _i
_SUIT_ALIASES: dict[str, int] = {}
for _s in SUITS:
    _SUIT_ALIASES[SUIT_LETTERS[_s]] = _s
    _SUIT_ALIASES[SUIT_SYMBOLS[_s]] = _s
for _s, _sym in enumerate("♢♡♤♧"):
    _SUIT_ALIASES[_sym] = _s


def card(suit: int, rank_index: int) -> int:
    """The card id of a suit and a rank index (0 = as .. 9 = rey)."""
    return suit * 10 + rank_index


def suit_of(c: int) -> int:
    return c // 10


def rank_of(c: int) -> int:
    return c % 10


def parse_card(text: str) -> int:
    """Read one card string such as ``"Rc"``, ``"12c"`` or ``"K♥"``."""
    s = text.strip()
    if len(s) < 2:
        raise CardParseError(
            f"bad card {text!r}: expected a rank (1-7, S, C, R or A, J, Q, K) then a suit (o, c, e, b or ♦♥♠♣)"
        )
    rank_part, suit_part = s[:-1].upper(), s[-1]
    suit = _SUIT_ALIASES.get(suit_part.lower(), _SUIT_ALIASES.get(suit_part))
    if suit is None:
        raise CardParseError(f"bad card {text!r}: unknown suit {suit_part!r}; expected one of o c e b ♦ ♥ ♠ ♣")
    rank = _RANK_ALIASES.get(rank_part)
    if rank is None:
        raise CardParseError(
            f"bad card {text!r}: unknown rank {s[:-1]!r}; expected 1-7, S/J/10, C/Q/11, R/K/12 or A"
        )
    return suit * 10 + rank


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces or commas; ``"-"`` or ``""`` is no card."""
    parts = text.replace(",", " ").split()
    if parts == ["-"]:
        return []
    cards = [parse_card(p) for p in parts]
    if len(set(cards)) != len(cards):
        raise CardParseError(f"repeated card in {text!r}: each card may appear once")
    return cards


def card_str(c: int, french: bool = False) -> str:
    """The compact string of a card: Spanish letters, or French rank and symbol."""
    if not 0 <= c < N_CARDS:
        raise CardParseError(f"card id {c} out of range 0..39")
    if french:
        return RANK_FRENCH[c % 10] + SUIT_SYMBOLS[c // 10]
    return RANK_LETTERS[c % 10] + SUIT_LETTERS[c // 10]


def card_name(c: int) -> str:
    """The Spanish name of a card, e.g. ``'rey de copas'``."""
    return f"{RANK_NAMES[c % 10]} de {SUIT_NAMES[c // 10]}"


def cards_str(cards: Iterable[int], french: bool = False) -> str:
    out = " ".join(card_str(c, french) for c in cards)
    return out or "-"


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> Iterator[int]:
    """The card ids in a mask, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_str(mask: int, french: bool = False) -> str:
    return cards_str(cards_of(mask), french)
