"""The buttons for everything that is not a card: pass, sing, exchange, take, bid, coinche, declare.

Each button shows its key (``[p] pass``); clicking it or pressing the key
makes the choice. In an auction the bid is built from a level (``-``/``+``
or up/down) and a contract key (s h d c, a sans-atout, t tout-atout).
"""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button

#: Pseudo-actions of the level buttons of an auction.
LEVEL_DOWN: Final = -2
LEVEL_UP: Final = -3
BUTTONS: Final = 12


class ActionBar(Horizontal):
    """A row of buttons, each bound to an action id (or a level change)."""

    def __init__(self) -> None:
        super().__init__(id="actions")
        self.choices: list[tuple[int, str]] = []

    def compose(self) -> ComposeResult:
        for i in range(BUTTONS):
            button = Button("", id=f"act-{i}", compact=True)
            button.can_focus = False
            yield button

    def show(self, choices: list[tuple[int, str]]) -> None:
        """(action, label) of each button, in order."""
        self.choices = choices[:BUTTONS]
        for i, button in enumerate(self.query(Button)):
            if i < len(self.choices):
                button.label = self.choices[i][1]
                button.display = True
            else:
                button.display = False
        self.display = bool(self.choices)

    def action_of(self, button: Button) -> int | None:
        index = int(str(button.id).split("-")[1])
        return self.choices[index][0] if index < len(self.choices) else None
