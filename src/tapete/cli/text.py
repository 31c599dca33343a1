"""Text pieces both games' layouts share: seats, teams, rules, and the labelled rows of ``tapete show``.

All wording comes from :mod:`tapete.cli.messages`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from tapete.cli.messages import msg
from tapete.rules_base import RulesBase

#: Width of the label column of ``tapete show``.
LABEL_WIDTH = 12


def seat_text(seat: int) -> str:
    return msg("seat", seat=seat)


def team_text(team: int, players: int = 4) -> str:
    """``team 0 (seats 0, 2)`` with four players; with two, each seat is its own team."""
    if players == 2:
        return seat_text(team)
    return msg("team.seats", team=team, seats=f"{team}, {team + 2}")


def rules_text(rules: RulesBase) -> str:
    """The preset, and the options changed from it."""
    changed = rules.options_changed()
    if not changed:
        return msg("show.rules.preset", preset=rules.preset_name)
    changes = ", ".join(f"{k}={v}" for k, v in changed.items())
    return msg("show.rules.changed", preset=rules.preset_name, changes=changes)


class TrickView(Protocol):
    """What the trick rows read of a deal state (both games keep these)."""

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


class Layout:
    """The lines of ``tapete show``: a label column, then the text."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def row(self, label_key: str, text: str) -> None:
        """A row labelled with the message ``label_key``."""
        self.lines.append(f"{msg(label_key):<{LABEL_WIDTH}}{text}".rstrip())

    def more(self, text: str) -> None:
        """A row that continues the one above (no label)."""
        self.lines.append(" " * LABEL_WIDTH + text)

    def hand(self, seat: int, players: int, cards: str, shown: str, to_act: bool) -> None:
        """One seat's hand: its cards, those it has shown, and whether it is to act."""
        who = seat_text(seat) if players == 2 else f"{seat_text(seat)} ({msg('team', team=seat % 2)})"
        extras = [msg("show.hand.line", who=who, cards=cards)]
        if shown:
            extras.append(msg("show.hand.shown", cards=shown))
        if to_act:
            extras.append(msg("show.hand.to_act"))
        self.lines.append("  " + "   ".join(extras))

    def trick_rows(self, state: TrickView, players: int, card: Callable[[int], str]) -> None:
        """The trick in progress (its cards, seats and best card), then the last trick taken."""
        if state.trick:
            plays = ", ".join(
                msg("show.trick.play", card=card(c), seat=seat_text((state.leader + i) % players))
                for i, c in enumerate(state.trick)
            )
            best, seat = card(state.trick_best), seat_text(state.trick_best_seat)
            self.row("show.trick", msg("show.trick.cards", plays=plays, best=best, seat=seat))
        else:
            self.row("show.trick", msg("show.trick.none"))
        if state.tricks_played > 0:
            if state.tricks:
                _, winner, cards = state.tricks[-1]
                said = " ".join(card(c) for c in cards)
                text = msg("show.last_trick.cards", cards=said, seat=seat_text(winner))
            else:
                text = msg("show.last_trick.winner", seat=seat_text(state.last_winner))
            self.row("show.last_trick", text)

    def text(self) -> str:
        return "\n".join(self.lines)
