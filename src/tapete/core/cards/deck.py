"""A deck as data: suits, ranks and their spellings; cards are small ints.

Both games share this machinery: a card is ``suit * n_ranks + rank`` and a
set of cards an int bitmask, so engines only index tables. Each deck says
how its cards are written (canonical letters, symbols for display) and which
other spellings it accepts when reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from tapete.core.errors import CardParseError
from tapete.core.words import Say


def cards_of(mask: int) -> Iterator[int]:
    """The card ids in a mask, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Deck:
    """One deck's cards and spellings."""

    def __init__(
        self,
        name: str,
        rank_tokens: tuple[str, ...],
        suit_tokens: str,
        symbol_ranks: tuple[str, ...],
        suit_symbols: str,
        rank_aliases: Mapping[str, int],
        suit_aliases: Mapping[str, int],
        rank_help: str,
        suit_help: str,
    ) -> None:
        self.name = name
        self.n_ranks = len(rank_tokens)
        self.n_suits = len(suit_tokens)
        self.n_cards = self.n_ranks * self.n_suits
        self.full = (1 << self.n_cards) - 1
        self.rank_tokens = rank_tokens
        self.suit_tokens = suit_tokens
        self.symbol_ranks = symbol_ranks
        self.suit_symbols = suit_symbols
        self.suit_masks = tuple(((1 << self.n_ranks) - 1) << (self.n_ranks * s) for s in range(self.n_suits))
        ranks = {t.upper(): i for i, t in enumerate(rank_tokens)}
        ranks.update({t.upper(): i for i, t in enumerate(symbol_ranks)})
        ranks.update({k.upper(): v for k, v in rank_aliases.items()})
        self._ranks = ranks
        suits = {t: i for i, t in enumerate(suit_tokens)}
        suits.update({t: i for i, t in enumerate(suit_symbols)})
        suits.update(suit_aliases)
        self._suits = suits
        self._rank_help = rank_help
        self._suit_help = suit_help

    def card(self, suit: int, rank: int) -> int:
        return suit * self.n_ranks + rank

    def suit_of(self, c: int) -> int:
        return c // self.n_ranks

    def rank_of(self, c: int) -> int:
        return c % self.n_ranks

    def parse_card(self, text: str) -> int:
        """Read one card string; a bad one raises :class:`CardParseError` saying what is accepted."""
        s = text.strip()
        if len(s) < 2:
            expected = f"a rank ({self._rank_help}) then a suit ({self._suit_help})"
            raise CardParseError(
                f"bad card {text!r}: expected {expected}",
                say=Say("error.card.short", text=text, ranks=self._rank_help, suits=self._suit_help),
            )
        rank_part, suit_part = s[:-1].upper(), s[-1]
        suit = self._suits.get(suit_part, self._suits.get(suit_part.lower()))
        if suit is None:
            raise CardParseError(
                f"bad card {text!r}: unknown suit {suit_part!r}; expected one of {self._suit_help}",
                say=Say("error.card.suit", text=text, suit=suit_part, suits=self._suit_help),
            )
        rank = self._ranks.get(rank_part)
        if rank is None:
            raise CardParseError(
                f"bad card {text!r}: unknown rank {s[:-1]!r}; expected {self._rank_help}",
                say=Say("error.card.rank", text=text, rank=s[:-1], ranks=self._rank_help),
            )
        return suit * self.n_ranks + rank

    def parse_cards(self, text: str) -> list[int]:
        """Read cards separated by spaces or commas; ``"-"`` or ``""`` is no card."""
        parts = text.replace(",", " ").split()
        if parts == ["-"]:
            return []
        cards = [self.parse_card(p) for p in parts]
        if len(set(cards)) != len(cards):
            raise CardParseError(
                f"repeated card in {text!r}: each card may appear once", say=Say("error.card.repeated", text=text)
            )
        return cards

    def card_str(self, c: int, symbols: bool = False) -> str:
        """The compact string of a card: canonical letters, or rank and suit symbol for display."""
        if not 0 <= c < self.n_cards:
            raise CardParseError(f"card id {c} out of range 0..{self.n_cards - 1}")
        r, s = c % self.n_ranks, c // self.n_ranks
        if symbols:
            return self.symbol_ranks[r] + self.suit_symbols[s]
        return self.rank_tokens[r] + self.suit_tokens[s]

    def cards_str(self, cards: Iterable[int], symbols: bool = False) -> str:
        return " ".join(self.card_str(c, symbols) for c in cards) or "-"

    def mask_str(self, mask: int, symbols: bool = False) -> str:
        return self.cards_str(cards_of(mask), symbols)
