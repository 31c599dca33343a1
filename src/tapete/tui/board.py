"""The table around the hand: the other seats, and the trick in the middle.

Seats are placed as people sit: the person at the bottom, partners opposite,
the next player on the right when play goes anticlockwise (002, 004) and on
the left when it goes clockwise. A seat shows its cards face down, any card
publicly known to be in it, the dealer, whose turn it is and the tricks won.

Both widgets draw for the room they get: a seat packs its facts onto as few
lines as its width allows (with a short name, ``S2``, when the full one does
not fit), and the trick shows each card framed with the short name of who
played it when there are nine lines or more, else one line per card.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widget import Widget

from tapete.table.narrate import seat_label
from tapete.text.messages import MESSAGES, msg
from tapete.tui.cards import card_text, cards_text

PLACES = ("bottom", "right", "top", "left")
SEP = " · "


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


def short_seat(seat: int) -> str:
    """A seat's name in two or three cells (``S2``; ``J2`` in Spanish)."""
    return msg("play.seat.short", seat=seat)


def boxed(face: Text, label: str = "", highlight: bool = False) -> Text:
    """A card face in a small frame, with who played it on the top edge."""
    inner = face.copy()
    inner.pad_left(1)
    inner.pad_right(max(0, 4 - inner.cell_len))
    frame = "bold yellow" if highlight else ""
    top = f"─{label}" if label else ""
    top = "┌" + top + "─" * max(0, 4 - len(top)) + "┐"
    return Text.assemble((top + "\n│", frame), inner, ("│\n└────┘", frame))


def pack(chunks: list[Text], width: int, sep: str = SEP) -> Text:
    """The chunks joined by ``sep`` on as few lines of ``width`` cells as they fit (a chunk is never split
    unless it is wider than a line on its own)."""
    lines: list[Text] = []
    line: Text | None = None
    for chunk in chunks:
        if line is not None and line.cell_len + len(sep) + chunk.cell_len <= width:
            line.append(sep, style="dim")
            line.append_text(chunk)
            continue
        if line is not None:
            lines.append(line)
        line = chunk.copy()
    if line is not None:
        lines.append(line)
    return Text("\n").join(lines)


class SeatPanel(Widget):
    """One seat's corner of the table."""

    def __init__(self, place: str) -> None:
        super().__init__(id=f"seat-{place}", classes="seat")
        self.place = place
        self.seat = -1
        self._data: tuple[str, int, Any, str, str | None, int] | None = None

    def show(self, faces: str, seat: int, obs: Any, kind: str, level: str | None, won: int) -> None:
        self.seat = seat
        self.display = seat >= 0
        if seat < 0:
            return
        self._data = (faces, seat, obs, kind, level, won)
        self.refresh(layout=True)

    def chunks(self, short: bool) -> list[Text]:
        """The seat's facts, each kept on one line: name, role, bot, dealer, cards, shown cards, tricks."""
        if self._data is None:
            return []
        faces, seat, obs, kind, level, _won = self._data
        players = len(obs.hand_sizes)
        name = Text()
        if obs.current_player == seat:
            name.append("▶ ", style="bold green")
        name.append(short_seat(seat) if short else seat_label(seat), style="bold")
        out = [name]
        if seat == obs.seat:
            out.append(Text(msg("play.seat.you"), style="bold cyan"))
        elif players == 4 and (seat - obs.seat) % 2 == 0:
            out.append(Text(msg("play.seat.partner"), style="cyan"))
        if kind == "bot":
            named = msg(f"server.level.{level}") if f"server.level.{level}" in MESSAGES else (level or "")
            out.append(Text(msg("play.seat.bot", level=named).strip(), style="dim"))
        if obs.dealer == seat:
            out.append(Text(msg("play.seat.dealer"), style="magenta"))
        if seat != obs.seat:
            backs = Text("▮" * obs.hand_sizes[seat], style="blue")
            backs.append(f" {obs.hand_sizes[seat]}", style="dim")
            out.append(backs)
            known = [c for c in range(64) if (obs.known[seat] >> c) & 1]
            if known:
                shown = Text(msg("play.seat.shown") + " ")
                shown.append_text(cards_text(faces, known))
                out.append(shown)
        out.append(Text(msg("play.seat.tricks", count=self._data[5]), style="dim"))
        return out

    def build(self, width: int) -> Text:
        if self._data is None or width <= 0:
            return Text("")
        full = self.chunks(short=False)
        # The full name when it fits on the first line with the role, else the short one.
        head = full[0].cell_len + (len(SEP) + full[1].cell_len if len(full) > 1 else 0)
        chunks = full if head <= width else self.chunks(short=True)
        text = pack(chunks, width)
        text.justify = "center"
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.build(width).wrap(self.app.console, width)) if width else 0

    def render(self) -> RenderResult:
        return self.build(self.content_size.width)


class TrickView(Widget):
    """The cards on the table: each in front of the seat that played it, with that seat's name."""

    def __init__(self) -> None:
        super().__init__(id="trick")
        self.plays: list[tuple[int, int]] = []
        self._game = ""
        self._where: dict[int, str] = {}
        self._caption = ""
        self._done = False
        self._best = -1

    def show(
        self,
        faces: str,
        plays: list[tuple[int, int]],
        where: dict[int, str],
        caption: str,
        done: bool,
        best: int = -1,
    ) -> None:
        self.plays = list(plays)
        self._game = faces
        self._where = dict(where)
        self._caption = caption
        self._done = done
        self._best = best
        self.refresh()

    def cells(self, framed: bool) -> dict[str, Text]:
        """Each place's card (framed, or on one line after the seat's short name)."""
        cells = {p: Text("") for p in PLACES}
        for seat, card in self.plays:
            face = card_text(self._game, card)
            if self._done:
                face.stylize("dim")
            best = seat == self._best
            if framed:
                cells[self._where[seat]] = boxed(face, short_seat(seat), best)
            else:
                line = Text(short_seat(seat) + " ", style="bold yellow" if best else "dim")
                line.append_text(face)
                cells[self._where[seat]] = line
        return cells

    def render(self) -> RenderResult:
        size = self.content_size
        framed = size.height >= 9
        cells = self.cells(framed)
        grid = Table.grid(expand=True)
        for _ in range(3):
            grid.add_column(justify="center", ratio=1, vertical="middle")
        caption = Text(self._caption, style="italic", justify="center")
        grid.add_row("", cells["top"], "")
        grid.add_row(cells["left"], caption, cells["right"])
        grid.add_row("", cells["bottom"], "")
        return grid
