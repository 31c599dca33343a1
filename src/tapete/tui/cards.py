"""Cards on screen: a card's face in colour, and the person's hand as a row of clickable cards.

Spanish suits keep the colours of the Spanish pack (oros gold, copas red,
espadas blue, bastos green); French suits are red and white. A card is drawn
with the rank and the Unicode suit symbol of :func:`tapete.table.narrate.card_label`.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from tapete.table.narrate import card_label

SPANISH_COLOURS: Final = ("bold yellow", "bold red", "bold dodger_blue1", "bold green")
FRENCH_COLOURS: Final = ("bold bright_white", "bold red", "bold red", "bold bright_white")
#: The most cards a hand row shows (a découverte layout has at most 8 face up; 16 is ample).
SLOTS: Final = 16


def suit_of(game_name: str, card: int) -> int:
    return card // 8 if game_name == "belote" else card // 10


def card_text(game_name: str, card: int) -> Text:
    """A card's face as coloured text."""
    colours = FRENCH_COLOURS if game_name == "belote" else SPANISH_COLOURS
    return Text(card_label(game_name, card), style=colours[suit_of(game_name, card)])


def cards_text(game_name: str, cards: list[int] | tuple[int, ...], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(game_name, c))
    return out


class CardSlot(Static):
    """One place in the hand row; shows a card (or nothing) and plays it when clicked."""

    class Chosen(Message):
        """The person clicked a card."""

        def __init__(self, card: int) -> None:
            self.card = card
            super().__init__()

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"slot-{index}", classes="card")
        self.index = index
        self.card = -1

    def show(self, game_name: str, card: int, selected: bool, legal: bool, number: int) -> None:
        self.card = card
        self.display = card >= 0
        if card < 0:
            return
        face = Text(f"{number}\n", style="dim")
        face.append_text(card_text(game_name, card))
        self.update(face)
        self.set_class(selected, "selected")
        self.set_class(not legal, "illegal")

    def on_click(self) -> None:
        if self.card >= 0:
            self.post_message(self.Chosen(self.card))


class HandView(Horizontal):
    """The person's cards, sorted; one is selected (left/right, numbers), the legal ones bright."""

    def __init__(self) -> None:
        super().__init__(id="hand")
        self.cards: list[int] = []
        self.selected = 0

    def compose(self) -> ComposeResult:
        for i in range(SLOTS):
            yield CardSlot(i)

    def show(self, game_name: str, cards: list[int], legal: set[int]) -> None:
        if cards != self.cards:
            # A new hand (a card played or drawn): keep the selection on the same place.
            self.cards = cards
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        for slot in self.query(CardSlot):
            i = slot.index
            card = cards[i] if i < len(cards) else -1
            slot.show(game_name, card, i == self.selected, card in legal, i + 1)

    def move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)

    def select(self, index: int) -> bool:
        if 0 <= index < len(self.cards):
            self.selected = index
            return True
        return False

    def selected_card(self) -> int:
        return self.cards[self.selected] if self.cards else -1

    def slot_of(self, card: int) -> int:
        """The slot index showing ``card`` (for clicks in tests and tools)."""
        return self.cards.index(card)
