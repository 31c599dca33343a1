"""Every position of a recorded match, and a cursor that walks them.

A record holds each deal's dealer, deck and actions; replaying them through
the engine rebuilds the state after 0, 1, ... k actions of every deal. The
:class:`ReplayCursor` keeps that list and one index into it, so that a face
(``tapete replay --print``, the Textual app) only asks for the next action,
the next trick or deal N and draws what it gets. It is pure: no I/O, no text.

Seen from one seat (``viewer``), another seat's declined optional decision (``game.is_silent``: not
singing, keeping the 7) is no position: the moves step over it and the counters do not count it, as
that seat never learnt of it at the table. The view of every hand shows every action of the record.

>>> from tapete.games import GAMES
>>> for game in GAMES.values():
...     match = game.new_match(game.rules(), seed=3)
...     for _ in range(5):
...         match.apply_action(match.legal_actions()[0])
...     cursor = ReplayCursor(game, match)
...     assert (len(cursor), cursor.index, cursor.current.step) == (6, 0, 0)
...     assert (cursor.end().current.step, cursor.back().current.step) == (5, 4)
...     assert cursor.match_before(0).scores == [0] * len(match.scores)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from tapete.analysis import MatchAnalysis, read_analysis
from tapete.core import record_file as records
from tapete.core.errors import RecordError, SetupError
from tapete.games import Game, Match, Position, game_of_record

#: The view that shows every hand (a seat number is that seat's view).
ALL: Final = -1

#: The top-level fields of a record that say how a match starts (the envelope and the header that
#: :func:`tapete.core.record_replay.read_header` reads); the others say how it went.
_START_FIELDS = ("format", "version", "game", "rules", "seed", "first_dealer")


class ReplayError(SetupError):
    """A place asked of a replay that it does not have (deal 9 of 3, seat 5 of 4)."""


@dataclass(frozen=True)
class Spot:
    """One position of the match: ``state`` after ``step`` actions of deal ``deal`` (both from 0)."""

    deal: int
    step: int
    state: Position
    #: The seat that made the action leading here and that action (-1, -1 at a deal's start).
    actor: int
    action: int
    #: The state just before that action (None at a deal's start), to describe the action in it.
    before: Position | None


def start_state(game: Game, match: Match, deal: int) -> Position:
    """Deal ``deal`` of the match as it was dealt (its deck, dealer and the match before it): the game rebuilds it."""
    return game.deal_from_record(match.rules, match.deals[deal])


def deal_spots(game: Game, match: Match, deal: int) -> list[Spot]:
    """The positions of one deal: dealt, then after each recorded action."""
    state = start_state(game, match, deal)
    spots = [Spot(deal, 0, state.clone(), -1, -1, None)]
    for k, action in enumerate(match.deals[deal].actions, start=1):
        before = state.clone()
        actor = state.current_player
        state.apply_action(action)
        spots.append(Spot(deal, k, state.clone(), actor, action, before))
    return spots


class ReplayCursor:
    """The positions of a match in order and where we are among them.

    Moves return the cursor (so they chain) and stop at the ends instead of failing:
    stepping forward from the last position stays there.
    """

    def __init__(self, game: Game, match: Match) -> None:
        self.game = game
        self.match = match
        self.rules: Any = match.rules
        self.players: int = game.players(match.rules)
        self.spots: list[Spot] = []
        #: Index of each deal's first position.
        self.deal_starts: list[int] = []
        for d in range(len(match.deals)):
            self.deal_starts.append(len(self.spots))
            self.spots.extend(deal_spots(game, match, d))
        self.index: int = 0
        #: The seat whose view is shown (None: every hand): the positions it did not see are stepped over.
        self.viewer: int | None = None
        #: The match as it stood at each deal's start, rebuilt when first asked (see :meth:`match_before`).
        self._before: dict[int, Match] = {}
        #: The record's analysis of the cards (:mod:`tapete.analysis`), if it has one that matches it.
        self.analysis: MatchAnalysis | None = None
        #: Why the record's analysis was left out (it does not match the record), else None.
        self.analysis_problem: str | None = None
        #: Positions where a trick has just been completed, and every deal's start: where n/p stop.
        self.trick_marks: list[int] = [
            i
            for i, spot in enumerate(self.spots)
            if spot.before is None or spot.state.tricks_played > spot.before.tricks_played
        ]

    @classmethod
    def from_record(cls, data: Any) -> ReplayCursor:
        """The cursor of a parsed record (a ``"table"`` section, as ``tapete play`` writes, is ignored), with
        the record's analysis when it has one; an analysis that does not match the record is left out and
        :attr:`analysis_problem` says why (the game still replays)."""
        game = game_of_record(data)
        cursor = cls(game, game.from_record(data))
        try:
            cursor.analysis = read_analysis(game, cursor.match, data)
        except RecordError as e:
            cursor.analysis_problem = str(e)
        return cursor

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ReplayCursor:
        """The cursor of a record file; a missing or corrupt file raises :class:`RecordError`."""
        return cls.from_data(records.load(path), path)

    @classmethod
    def from_data(cls, data: dict[str, Any], path: str | os.PathLike[str]) -> ReplayCursor:
        """The cursor of a record read from ``path``: whatever breaks in it is a :class:`RecordError`."""
        try:
            return cls.from_record(data)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            # A hand-edited record can break it in ways the reader does not name: still one line.
            raise RecordError(f"record {os.fspath(path)!r} does not replay: {type(e).__name__}: {e}") from None

    # ------------------------------------------------------------ where we are
    def __len__(self) -> int:
        return len(self.spots)

    @property
    def current(self) -> Spot:
        return self.spots[self.index]

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    def deal_length(self, deal: int) -> int:
        """How many actions deal ``deal`` has in the record."""
        return len(self.match.deals[deal].actions)

    def deal_record(self, deal: int) -> Any:
        """The match's record of deal ``deal``: dealer, deck, actions, result and settlement."""
        return self.match.deals[deal]

    def is_last_deal(self, deal: int) -> bool:
        return deal == self.deals - 1

    def match_before(self, deal: int) -> Match:
        """The match as it stood when deal ``deal`` was dealt (its scores before it, nothing of later deals):
        what a seat knew of the match during that deal. The game rebuilds it from the record cut there."""
        if not 0 <= deal < self.deals:
            raise ReplayError(f"deal {deal + 1} is not in this record: expected 1..{self.deals}")
        if deal not in self._before:
            data = self.game.to_record(self.match)
            cut: dict[str, Any] = {k: data[k] for k in _START_FIELDS if k in data}
            deals = [dict(d) for d in data["deals"][: deal + 1]]
            deals[-1]["actions"] = []
            deals[-1].pop("points", None)
            cut["deals"] = deals
            self._before[deal] = self.game.from_record(cut)
        return self._before[deal]

    # ------------------------------------------------------------ moves
    def hidden(self, index: int, viewer: int | None) -> bool:
        """Whether position ``index`` is one ``viewer`` (a seat; None: every hand) never saw: the one
        after another seat's declined optional decision (unless it ended the deal, which everybody sees)."""
        spot = self.spots[index]
        return (
            viewer is not None
            and spot.before is not None
            and spot.actor != viewer
            and self.game.is_silent(self.rules, spot.action)
            and not spot.state.is_terminal()
        )

    def shown_step(self, spot: Spot, viewer: int | None) -> int:
        """The number of actions of the spot's deal up to it that ``viewer`` saw (``spot.step`` for every hand)."""
        if viewer is None:
            return spot.step
        start = self.deal_starts[spot.deal]
        return sum(1 for i in range(start + 1, start + spot.step + 1) if not self.hidden(i, viewer))

    def shown_length(self, deal: int, viewer: int | None) -> int:
        """How many actions of deal ``deal`` ``viewer`` saw (all of them for every hand)."""
        if viewer is None:
            return self.deal_length(deal)
        start = self.deal_starts[deal]
        return sum(1 for i in range(start + 1, start + self.deal_length(deal) + 1) if not self.hidden(i, viewer))

    def seen(self, viewer: int | None) -> list[Spot]:
        """The positions ``viewer`` saw, in order."""
        return [spot for i, spot in enumerate(self.spots) if not self.hidden(i, viewer)]

    def goto(self, index: int) -> ReplayCursor:
        """Position ``index``, clamped to the first and last; a position the viewer did not see gives way
        to the next one it saw in the direction of the move (or the one before it at the end)."""
        target = max(0, min(index, len(self.spots) - 1))
        step = -1 if target < self.index else 1
        while self.hidden(target, self.viewer):
            if not 0 <= target + step < len(self.spots):
                step = -step
            target += step
        self.index = target
        return self

    def view(self, viewer: int | None) -> ReplayCursor:
        """Show ``viewer``'s positions from now on (None: every hand), staying where we are if it saw it."""
        self.viewer = viewer
        return self.goto(self.index)

    def forward(self) -> ReplayCursor:
        return self.goto(self.index + 1)

    def back(self) -> ReplayCursor:
        return self.goto(self.index - 1)

    def start(self) -> ReplayCursor:
        return self.goto(0)

    def end(self) -> ReplayCursor:
        return self.goto(len(self.spots) - 1)

    def goto_deal(self, deal: int) -> ReplayCursor:
        """The first position of deal ``deal`` (from 0); a deal the record lacks raises :class:`ReplayError`."""
        if not 0 <= deal < self.deals:
            raise ReplayError(f"deal {deal + 1} is not in this record: expected 1..{self.deals}")
        return self.goto(self.deal_starts[deal])

    def next_deal(self) -> ReplayCursor:
        """The start of the next deal, or the last position when this is the last deal."""
        deal = self.current.deal
        return self.goto_deal(deal + 1) if deal + 1 < self.deals else self.end()

    def prev_deal(self) -> ReplayCursor:
        """The start of this deal, or of the previous one when already at this deal's start."""
        spot = self.current
        if spot.step > 0 or spot.deal == 0:
            return self.goto_deal(spot.deal)
        return self.goto_deal(spot.deal - 1)

    def next_trick(self) -> ReplayCursor:
        """The next position where a trick is complete (or a deal starts); else the last position."""
        later = [i for i in self.trick_marks if i > self.index]
        return self.goto(later[0] if later else len(self.spots) - 1)

    def prev_trick(self) -> ReplayCursor:
        """The previous position where a trick is complete (or a deal starts)."""
        earlier = [i for i in self.trick_marks if i < self.index]
        return self.goto(earlier[-1] if earlier else 0)

    def deal_spots(self, deal: int) -> Sequence[Spot]:
        """The positions of one deal (from 0)."""
        if not 0 <= deal < self.deals:
            raise ReplayError(f"deal {deal + 1} is not in this record: expected 1..{self.deals}")
        end = self.deal_starts[deal + 1] if deal + 1 < self.deals else len(self.spots)
        return self.spots[self.deal_starts[deal] : end]
