"""The side panel: the rules, the deal, what the game says everybody knows of it, and the match.

The game gives the rows (:meth:`~tapete.core.game.Game.info_rows` and, for the
strip over the table on a narrow screen, :meth:`~tapete.core.game.Game.strip_rows`):
trumps and stock, or the bidding and the contract, the points of the deal and
the match's score. This module only draws them, cards in their suit's colours.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from tapete.cli.words import part
from tapete.core.shown import Part, Row
from tapete.core.words import CardRef, CardsRef, SeatRef
from tapete.games import Game
from tapete.text.messages import msg
from tapete.tui.board import pack, short_seat
from tapete.tui.cards import card_text, cards_text


def part_text(p: Part | Row) -> Text:
    """One part of a row: cards drawn in colour, the rest in words."""
    if isinstance(p, CardRef):
        return card_text(p.faces, p.card)
    if isinstance(p, CardsRef):
        return cards_text(p.faces, p.cards)
    if isinstance(p, Row):
        return row_value(p)
    return Text(part(p))


def row_value(row: Row) -> Text:
    out = Text()
    first = True
    for p in row.parts:
        text = part_text(p)
        if not text.plain:
            continue
        if not first:
            out.append(row.sep)
        out.append_text(text)
        first = False
    return out


def _row(out: Text, label: str, value: str | Text) -> None:
    out.append(f"{label}: ", style="bold")
    if isinstance(value, Text):
        out.append_text(value)
    else:
        out.append(value)
    out.append("\n")


def draw_rows(out: Text, rows: list[Row]) -> None:
    """Rows of the panel: ``label: value``, headings in bold, lines indented (quiet ones dim)."""
    for row in rows:
        if row.kind == "heading":
            out.append(msg(row.label or "") + "\n", style="bold")
        elif row.kind in ("line", "more", "hand"):
            line = Text("  ")
            line.append_text(row_value(row))
            if row.quiet:
                line.stylize("dim")
            out.append_text(line)
            out.append("\n")
        else:
            _row(out, msg(row.label or ""), row_value(row))


class InfoPanel(Static):
    """What everybody at the table knows, in one column."""

    def __init__(self) -> None:
        super().__init__("", id="info")

    def show(self, game: Game, obs: Any, match: Any, deal_number: int) -> None:
        rules = obs.rules
        out = Text()
        out.append(f"{game.title} · {rules.preset_name}\n", style="bold underline")
        changed = rules.options_changed()
        if changed:
            out.append(", ".join(f"{k}={v}" for k, v in changed.items()) + "\n", style="dim")
        _row(out, msg("play.info.deal"), msg("play.info.deal_number", number=deal_number, dealer=SeatRef(obs.dealer)))
        draw_rows(out, game.info_rows(obs, match))
        self.update(out)


class InfoStrip(Widget):
    """The side panel in a line or two, over the table on a narrow screen (the panel itself is behind ``i``).

    Everything in it is public: trumps, indicator or retourne, the stock, the
    highest bid or the contract, the deal's points and the match's score.
    """

    def __init__(self) -> None:
        super().__init__(id="strip")
        self._chunks: list[Text] = []

    def show(self, game: Game, obs: Any, match: Any, deal_number: int) -> None:
        self._chunks = strip_chunks(game, obs, match, deal_number)
        self.refresh(layout=True)

    def build(self, width: int) -> Text:
        text = pack(self._chunks, max(width, 1))
        text.justify = "center"
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.build(width).wrap(self.app.console, width)) if width else 0

    def render(self) -> RenderResult:
        return self.build(self.content_size.width)


def _labelled(label: str, value: str | Text) -> Text:
    out = Text(f"{label}: ", style="bold")
    if isinstance(value, Text):
        out.append_text(value)
    else:
        out.append(value)
    return out


def strip_chunks(game: Game, obs: Any, match: Any, deal_number: int) -> list[Text]:
    """The facts of the strip, each kept on one line."""
    out = [_labelled(msg("play.info.deal"), msg("play.strip.deal", number=deal_number, dealer=short_seat(obs.dealer)))]
    out.extend(_labelled(msg(row.label or ""), row_value(row)) for row in game.strip_rows(obs, match))
    return out
