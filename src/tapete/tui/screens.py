"""Modal views over the table: the end-of-deal breakdown, the last trick, the help.

Each closes with enter, space or escape, and the table waits for it: bots
do not move on while a breakdown is being read.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tapete.text.messages import msg


class InfoScreen(ModalScreen[None]):
    """A framed text with a title; any of enter, space, escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", show=False, priority=True),
        Binding("space", "close", show=False, priority=True),
        Binding("escape", "close", show=False, priority=True),
        Binding("q", "close", show=False, priority=True),
    ]

    def __init__(self, title: str, body: RenderableType, name: str) -> None:
        super().__init__(id=name, classes="modal")
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            yield Static(Text(msg("play.modal.close"), style="dim italic"), classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


def breakdown_screen(lines: list[str]) -> InfoScreen:
    """The end of a deal: how it scored and what it did to the match."""
    return InfoScreen(msg("play.modal.breakdown"), Text("\n".join(lines)), "breakdown")


def last_trick_screen(body: RenderableType) -> InfoScreen:
    return InfoScreen(msg("play.modal.last_trick"), body, "last-trick")


def help_screen(
    hint_level: str = "",
    game_keys: list[tuple[str, str]] | None = None,
    bids: bool = False,
    cards: bool = True,
    saving: bool = True,
) -> InfoScreen:
    """The keys; ``hint_level`` names the bot whose choice a hint shows, ``game_keys`` the game's own letters
    and what each does now (from the game: :meth:`~tapete.core.game.Game.action_keys`), ``bids`` whether the
    game has bid levels to change, ``cards`` whether cards are to be chosen now, ``saving`` whether the
    match is being saved (else quitting loses it, and the help says so)."""
    keys = [
        *([("← →  1-9", msg("play.help.select")), ("enter / space", msg("play.help.play"))] if cards else []),
        (msg("play.help.mouse_key"), msg("play.help.mouse")),
        *(game_keys or []),
        *([("- + ↑ ↓", msg("play.help.level"))] if bids else []),
        ("l", msg("play.help.last")),
        ("i", msg("play.help.side")),
        ("h / H", msg("play.help.hints", level=hint_level)),
        ("?", msg("play.help.help")),
        ("q", msg("play.help.quit") if saving else msg("play.help.quit_unsaved")),
    ]
    body = Text()
    for key, what in keys:
        body.append(f"{key:<22}", style="bold cyan")
        body.append(what + "\n")
    return InfoScreen(msg("play.modal.help"), body, "help")
