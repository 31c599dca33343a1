"""The buttons for everything that is not a card: pass, sing, exchange, take, bid, coinche, declare.

Each button shows its key (``[p] pass``); clicking it or pressing the key
makes the choice. In an auction the bid is built from a level (``-``/``+``
or up/down) and a contract key (s h d c, a sans-atout, t tout-atout).

The buttons wrap onto as many rows as the width needs (a grid whose number
of columns is worked out from the labels), and each choice has a short label
too (``[s] 110♠``) used when the long ones would take more than two rows, so
every legal choice is always on screen.
"""

from __future__ import annotations

from typing import Final

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container
from textual.widgets import Button

#: Pseudo-actions of the level buttons of an auction.
LEVEL_DOWN: Final = -2
LEVEL_UP: Final = -3
BUTTONS: Final = 12
#: Cells between two buttons of a row.
GUTTER: Final = 2

#: (action, label, short label) of a button.
Choice = tuple[int, str, str]


def button_label(label: str) -> Text:
    """A label as plain text (never markup: ``[p]`` is the key, not a style), its key in bold."""
    text = Text(label)
    if label.startswith("[") and "]" in label:
        text.stylize("bold cyan", 0, label.index("]") + 1)
    return text


def columns_that_fit(widths: list[int], room: int, gutter: int = GUTTER) -> int:
    """The most grid columns for buttons of these widths (in order, row after row) within ``room`` cells."""
    for cols in range(len(widths), 1, -1):
        # The grid's columns are equally wide: each must hold the widest button.
        if max(widths) * cols + gutter * (cols - 1) <= room:
            return cols
    return 1


class ActionBar(Container):
    """Rows of buttons, each bound to an action id (or a level change)."""

    def __init__(self) -> None:
        super().__init__(id="actions")
        self.choices: list[tuple[int, str]] = []
        self._labels: list[tuple[str, str]] = []
        self._short = False

    def compose(self) -> ComposeResult:
        for i in range(BUTTONS):
            button = Button("", id=f"act-{i}", compact=True)
            button.can_focus = False
            yield button

    def show(self, choices: list[Choice]) -> None:
        """(action, label, short label) of each button, in order."""
        kept = choices[:BUTTONS]
        self.choices = [(a, long) for a, long, _ in kept]
        self._labels = [(long, short) for _, long, short in kept]
        self.display = bool(self.choices)
        self.fit()

    def fit(self) -> None:
        """Long or short labels and the number of columns, for the width there is now."""
        room = self.content_size.width or (self.screen.size.width - 4 if self.is_attached else 76)
        longs = [cell_len(long) + 2 for long, _ in self._labels]
        shorts = [cell_len(short) + 2 for _, short in self._labels]
        cols = columns_that_fit(longs, room) if longs else 1
        self._short = bool(longs) and -(-len(longs) // cols) > 2 and shorts != longs
        if self._short:
            cols = columns_that_fit(shorts, room)
        for i, button in enumerate(self.query(Button)):
            if i < len(self._labels):
                button.label = button_label(self._labels[i][1 if self._short else 0])
                button.display = True
            else:
                button.display = False
        self.styles.grid_size_columns = max(1, min(cols, len(self._labels) or 1))

    def on_resize(self) -> None:
        if self._labels:
            self.fit()

    def action_of(self, button: Button) -> int | None:
        index = int(str(button.id).split("-")[1])
        return self.choices[index][0] if index < len(self.choices) else None
