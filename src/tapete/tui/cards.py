"""Cards on screen: a card's face in colour, and the person's hand as a row of clickable cards.

Cards are drawn in their own deck's words (:mod:`tapete.cli.words`, from the
text layer): a Spanish card as a Spanish player writes it (``Ce``, ``3o``) in the
colours of the Spanish pack (oros gold, copas red, espadas blue, bastos green),
never as J/Q/K or ♠♥♦♣; a French card with its rank and suit symbol, red or
black. The widgets are given the ``faces`` (``game.faces(rules)``), not a game.

The hand row sizes its cards to the room it has: tall cards with their number
inside when the screen is tall and wide enough, else three-line cards with the
number on the top edge (``-compact``), else the same without gaps (``-tiny``),
so that a whole hand (up to 9 cards, 16 slots) is always on screen.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from tapete.cli.words import card_colour, card_short

#: The most cards a hand row shows (a découverte layout has at most 8 face up; 16 is ample).
SLOTS: Final = 16
#: Cells a card takes in the hand row (its width and the gap before it) in each size.
CARD_CELLS: Final = {"big": 9, "-compact": 8, "-snug": 7, "-tiny": 6}
SUPERSCRIPT: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def card_text(faces: str, card: int) -> Text:
    """A card's face as coloured text."""
    return Text(card_short(faces, card), style=card_colour(faces, card))


def cards_text(faces: str, cards: list[int] | tuple[int, ...], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(faces, c))
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

    def show(self, faces: str, card: int, selected: bool, legal: bool, number: int, size: str = "big") -> None:
        self.card = card
        self.display = card >= 0
        if card < 0:
            return
        self.border_title = str(number) if size in ("-compact", "-snug") else None
        if size == "big":
            face = Text(f"{number}\n", style="dim")
            face.append_text(card_text(faces, card))
        elif size == "-tiny":
            face = Text(str(number).translate(SUPERSCRIPT), style="dim")
            face.append_text(card_text(faces, card))
        else:
            face = card_text(faces, card)
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
        self.size_class = "big"
        self._game = ""
        self._legal: set[int] = set()
        self._hinted = -1

    def compose(self) -> ComposeResult:
        for i in range(SLOTS):
            yield CardSlot(i)

    def show(self, faces: str, cards: list[int], legal: set[int], hinted: int = -1) -> None:
        """The hand, the legal cards bright and the ``hinted`` one (a hint's card, or -1) marked."""
        if cards != self.cards:
            # A new hand (a card played or drawn): keep the selection on the same place.
            self.cards = cards
        self._game = faces
        self._legal = set(legal)
        self._hinted = hinted
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        self.fit()
        for slot in self.query(CardSlot):
            i = slot.index
            card = cards[i] if i < len(cards) else -1
            slot.show(faces, card, i == self.selected, card in legal, i + 1, self.size_class)
            slot.set_class(card >= 0 and card == hinted, "hinted")

    def choose_size(self, width: int, tall: bool) -> str:
        """The card size that fits ``len(cards)`` cards in ``width`` cells (big ones only on a tall screen)."""
        n = max(len(self.cards), 1)
        for size in ("big", "-compact", "-snug") if tall else ("-compact", "-snug"):
            if n * CARD_CELLS[size] <= width:
                return size
        return "-tiny"

    def fit(self) -> None:
        width = self.content_size.width or (self.screen.size.width if self.is_attached else 80)
        tall = self.screen.has_class("-tall") if self.is_attached else True
        size = self.choose_size(width, tall)
        if size != self.size_class:
            self.size_class = size
            for name in ("-compact", "-snug", "-tiny"):
                self.set_class(size == name, name)

    def on_resize(self) -> None:
        before = self.size_class
        self.fit()
        if self.size_class != before and self._game:
            self.show(self._game, self.cards, self._legal, self._hinted)

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
