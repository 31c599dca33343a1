"""The table around the hand: the other seats, and the trick in the middle.

Seats are placed as people sit: the person at the bottom, partners opposite,
the next player on the right when play goes anticlockwise (002, 004) and on
the left when it goes clockwise. A seat shows its cards face down, any card
publicly known to be in it, the dealer, whose turn it is and the tricks won.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tapete.cli.messages import msg
from tapete.table.narrate import seat_label
from tapete.tui.cards import card_text, cards_text

PLACES = ("bottom", "right", "top", "left")


def places(players: int, clockwise: bool) -> dict[int, str]:
    """Relative seat (0 = the person) -> place on screen."""
    if players == 2:
        out = {0: "bottom", 1: "top"}
    elif players == 3:
        out = {0: "bottom", 1: "right", 2: "left"}
    else:
        out = {0: "bottom", 1: "right", 2: "top", 3: "left"}
    if clockwise:
        flip = {"left": "right", "right": "left"}
        out = {k: flip.get(v, v) for k, v in out.items()}
    return out


def boxed(face: Text) -> Text:
    """A card face in a small frame."""
    inner = face.copy()
    inner.pad_left(1)
    inner.pad_right(max(0, 4 - inner.cell_len))
    return Text.assemble("┌────┐\n│", inner, "│\n└────┘")


class SeatPanel(Static):
    """One seat's corner of the table."""

    def __init__(self, place: str) -> None:
        super().__init__("", id=f"seat-{place}", classes="seat")
        self.place = place
        self.seat = -1

    def show(self, game_name: str, seat: int, obs: Any, kind: str, level: str | None, won: int) -> None:
        self.seat = seat
        self.display = seat >= 0
        if seat < 0:
            return
        players = len(obs.hand_sizes)
        head = Text()
        if obs.current_player == seat:
            head.append("▶ ", style="bold green")
        head.append(seat_label(seat), style="bold")
        if seat == obs.seat:
            head.append(" · " + msg("play.seat.you"), style="bold cyan")
        elif players == 4 and (seat - obs.seat) % 2 == 0:
            head.append(" · " + msg("play.seat.partner"), style="cyan")
        if kind == "bot":
            head.append(" · " + msg("play.seat.bot", level=level or ""), style="dim")
        if obs.dealer == seat:
            head.append(" · " + msg("play.seat.dealer"), style="magenta")
        head.append("\n")
        if seat != obs.seat:
            head.append("▮" * obs.hand_sizes[seat], style="blue")
            head.append(f" {obs.hand_sizes[seat]}\n", style="dim")
            known = [c for c in range(64) if (obs.known[seat] >> c) & 1]
            if known:
                head.append(msg("play.seat.shown") + " ")
                head.append_text(cards_text(game_name, known))
                head.append("\n")
        head.append(msg("play.seat.tricks", count=won), style="dim")
        self.update(head)


class TrickView(Static):
    """The cards on the table: each in front of the seat that played it."""

    def __init__(self) -> None:
        super().__init__("", id="trick")
        self.plays: list[tuple[int, int]] = []

    def show(
        self, game_name: str, plays: list[tuple[int, int]], where: dict[int, str], caption: str, done: bool
    ) -> None:
        self.plays = list(plays)
        cells: dict[str, RenderableType] = {p: Text("") for p in PLACES}
        for seat, card in plays:
            face = card_text(game_name, card)
            if done:
                face.stylize("dim")
            cells[where[seat]] = boxed(face)
        grid = Table.grid(expand=True)
        for _ in range(3):
            grid.add_column(justify="center", ratio=1)
        grid.add_row("", cells["top"], "")
        grid.add_row(cells["left"], Text(caption, style="italic", justify="center"), cells["right"])
        grid.add_row("", cells["bottom"], "")
        self.update(grid)
