"""Rows a terminal shows about a position or a table, as data: what a game hands to ``tapete show`` and the
terminal table's panel instead of lines of text.

A :class:`Row` is a label (a message id) and its parts (:class:`~tapete.core.words.Say` values, cards,
numbers); the face puts them into words and lays them out. The helpers build the rows every trick-taking
game shares (a seat's hand, the trick on the table, the last trick).

>>> row = Row("show.trump", (Say("show.trump.drawn", suit=SuitRef("spanish", 2)),))
>>> row.kind, row.label
('row', 'show.trump')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias

from tapete.core.words import CardRef, CardsRef, Say, SeatRef, SideRef, SuitRef

#: One part of a row: a message with its values, a card or cards, a plain token (a number, a score), or a
#: row of parts itself (joined by its separator).
Part: TypeAlias = "Say | CardRef | CardsRef | SuitRef | SeatRef | SideRef | str | Row"


@dataclass(frozen=True)
class Row:
    """One row: ``kind`` says how it is laid out.

    * ``row``: the label (a message id) in the label column, then the parts;
    * ``more``: no label, continuing the row above;
    * ``hand``: a seat's line under the hands (indented, parts spaced apart);
    * ``heading``: the label alone, as a heading of the rows below (a panel);
    * ``line``: an indented line under a heading (a panel), ``dim`` when ``quiet``;
    * ``text``: a line of its own, without label or indent (a blank one without parts).
    """

    label: str | None
    parts: tuple[Part, ...] = ()
    kind: str = "row"
    sep: str = "; "
    quiet: bool = False


def more(*parts: Part) -> Row:
    return Row(None, tuple(parts), "more")


def cards_row(faces: str, cards: Sequence[int]) -> Row:
    """Cards side by side, each in a few cells (``1o Ro Rc``), as a hand or a trick is written."""
    return Row(None, tuple(CardRef(faces, c) for c in cards), sep=" ")


def seat_cards(faces: str, cards: Sequence[int]) -> Part:
    """A seat's cards, or the word for no cards."""
    return cards_row(faces, cards) if cards else Say("show.hand.empty")


def who(seat: int, players: int) -> Part:
    """A seat, with its team at four players: ``seat 2 (team 0)``."""
    if players == 4:
        return Row(None, (SeatRef(seat), " (", Say("team", team=seat % 2), ")"), sep="")
    return SeatRef(seat)


def hand_row(faces: str, seat: int, players: int, held: Part, shown: Sequence[int], to_act: bool) -> Row:
    """One seat's hand: its cards, those it has shown, and whether it is to act."""
    parts: list[Part] = [Say("show.hand.line", who=who(seat, players), cards=held)]
    if shown:
        parts.append(Say("show.hand.shown", cards=cards_row(faces, shown)))
    if to_act:
        parts.append(Say("show.hand.to_act"))
    return Row(None, tuple(parts), "hand", "   ")


class TrickState(Protocol):
    """What the trick rows read of a deal state (every trick-taking game keeps these)."""

    @property
    def leader(self) -> int: ...

    @property
    def trick(self) -> Sequence[int]: ...

    @property
    def trick_best(self) -> int: ...

    @property
    def trick_best_seat(self) -> int: ...

    @property
    def tricks_played(self) -> int: ...

    @property
    def last_winner(self) -> int: ...

    @property
    def tricks(self) -> Sequence[tuple[int, int, tuple[int, ...]]]: ...


def trick_rows(state: TrickState, players: int, faces: str) -> list[Row]:
    """The trick in progress (its cards, seats and best card), then the last trick taken."""
    out: list[Row] = []
    if state.trick:
        plays = tuple(
            Say("show.trick.play", card=CardRef(faces, c), seat=SeatRef((state.leader + i) % players))
            for i, c in enumerate(state.trick)
        )
        best = CardRef(faces, state.trick_best)
        text = Say("show.trick.cards", plays=Row(None, plays, sep=", "), best=best, seat=SeatRef(state.trick_best_seat))
        out.append(Row("show.trick", (text,)))
    else:
        out.append(Row("show.trick", (Say("show.trick.none"),)))
    if state.tricks_played > 0:
        if state.tricks:
            _, winner, cards = state.tricks[-1]
            said = Say("show.last_trick.cards", cards=cards_row(faces, cards), seat=SeatRef(winner))
        else:
            said = Say("show.last_trick.winner", seat=SeatRef(state.last_winner))
        out.append(Row("show.last_trick", (said,)))
    return out


__all__ = ["Part", "Row", "TrickState", "cards_row", "hand_row", "more", "seat_cards", "trick_rows", "who"]
