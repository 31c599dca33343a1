"""The table's logic without the screen: one person's seat at a :class:`TableSession`.

The Textual screen only draws and reads keys; what an action does (apply it
through the session, which refuses illegal ones and autosaves, then tell the
log what happened from the person's observations) lives here, so that it can
be tested and reused by other faces. Keys map to actions as the game says
(:meth:`~tapete.core.game.Game.action_keys`), legal or not: a key for a
refused action gets an explanation, never silence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tapete.cli.words import say
from tapete.games import Game
from tapete.table.narrate import Happened, narrate
from tapete.table.session import TableSession
from tapete.table.silent import settle


class TableDriver:
    """One person at a table: their view, their choices, the bots' turns, the log."""

    def __init__(self, session: TableSession, seat: int) -> None:
        self.session = session
        self.seat = seat
        self.game: Game = session.game

    @property
    def game_name(self) -> str:
        return self.game.name

    def view(self) -> Any:
        """The person's observation now: everything the screen draws comes from it."""
        return self.session.observation(self.seat)

    def position(self) -> tuple[int, int]:
        """Where the table is: the deal (from 1) and the actions taken in it (what a hint is keyed and seeded by)."""
        match = self.session.match
        return len(match.deals), len(match.deals[-1].actions)

    def explain(self, action: int) -> str:
        """Why ``action`` is refused now, in the person's language."""
        return say(self.game.explain_illegal(self.view(), action))

    def play(self, action: int) -> Happened:
        """The person's choice; raises IllegalActionError (nothing changes) if refused."""
        return self._step(self.seat, action, lambda: self.session.play(self.seat, action))

    def bot_step(self) -> Happened | None:
        """The bot to act, if any, plays one action."""
        seat = self.session.current_player
        if seat < 0 or self.session.seats[seat] != "bot":
            return None
        done: list[tuple[int, int]] = []

        def apply() -> None:
            step = self.session.bot_step()
            assert step is not None
            done.append(step)

        return self._step(seat, -1, apply, done)

    def _step(
        self, seat: int, action: int, apply: Callable[[], object], done: list[tuple[int, int]] | None = None
    ) -> Happened:
        match = self.session.match
        before = self.view()
        state = match.deal
        index = len(match.deals) - 1
        apply()
        if done:
            action = done[0][1]
        record = match.deals[index]
        finished = record.result is not None
        # The same deal after the action: when the action ended it, its final position as the seat sees it
        # (another seat's pending optional decision shows as declined, as in :meth:`view`).
        after = self.game.observe_deal(settle(self.game, state, self.seat), self.seat)
        return Happened(seat, action, before, after, record if finished else None, match.winner)

    def lines(self, happened: Happened) -> list[str]:
        """The log lines of an action; none for another seat's declined optional decision."""
        if happened.seat != self.seat and self.game.is_silent(happened.after.rules, happened.action):
            return []
        return narrate(self.game, happened)

    def history(self) -> list[str]:
        """The log of the current deal so far, as the person saw it: each action of the deal replayed from
        its start and narrated from the person's observations (a resumed table shows where it stands)."""
        match = self.session.match
        record = match.deals[-1]
        state = self.game.deal_from_record(match.rules, record)
        lines: list[str] = []
        for action in record.actions:
            if state.is_terminal():
                break
            seat = state.current_player
            before = self.game.observe_deal(settle(self.game, state, self.seat), self.seat)
            state.apply_action(action)
            after = self.game.observe_deal(settle(self.game, state, self.seat), self.seat)
            lines += self.lines(Happened(seat, action, before, after))
        return lines

    def bot_decides_privately(self) -> bool:
        """Whether a bot is to act on an optional decision nobody else may learn of: it decides at once,
        with no pause, so that the table's pace is the same as with no decision to take."""
        session = self.session
        return not session.is_over() and not session.is_human_turn() and session.private_turn()

    def action_for_key(self, key: str, obs: Any, page: int) -> int | None:
        """The action a letter stands for now (legal or not), or None for a key that means nothing."""
        return self.game.action_keys(obs, page).get(key)

    def min_page(self, obs: Any) -> int:
        """The lowest page of actions still open (an auction's lowest level still open; else 0)."""
        return self.game.action_pages(obs)[0]

    def pages(self, obs: Any) -> int:
        return self.game.action_pages(obs)[1]
