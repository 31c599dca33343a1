"""One table in play: a match of either game, humans and bots in the seats, saved after every action.

A session is what a face (the terminal table, the server) holds. It hands
each seat only its observation, lets bots take their turns, applies a
person's choice only if it is legal (an illegal one raises and changes
nothing), and saves the match record atomically after every action, so
that a crash or Ctrl-C loses nothing and :meth:`TableSession.resume` picks
the match up where it stopped. Bots draw from a generator seeded by the
table's seed, the deal and the action number, so a resumed table plays on
exactly as the uninterrupted one would have.

>>> from tapete.games import game_of_preset
>>> game = game_of_preset("aragones")
>>> table = TableSession.new(game, game.rules("aragones-2p"), humans=(0,), seed=5, save=False)
>>> table.run_bots()  # seat 0 (a person) is to act first: bots wait
[]
>>> obs = table.observation(0)
>>> table.play(0, obs.legal_actions[0]) == [(0, obs.legal_actions[0])]  # what was applied
True
>>> [seat for seat, _ in table.run_bots()]
[1]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from tapete.bots.base import Bot
from tapete.bots.levels import DEFAULT_LEVEL, make_bot
from tapete.core import record_file as records
from tapete.core.errors import IllegalActionError, RecordError, SaveError, SetupError
from tapete.core.words import Say, SeatRef
from tapete.games import Game, Match, game_of_record
from tapete.table.silent import declines, public_player, settle, silent_choice
from tapete.table.store import default_directory, os_reason

SeatKind = Literal["human", "bot"]


class TableSession:
    """A match with a kind (person or bot) for every seat, autosaved to ``path`` when given."""

    def __init__(
        self,
        game: Game,
        match: Match,
        seats: Sequence[SeatKind],
        levels: Sequence[str | None],
        bot_seed: int,
        path: Path | None = None,
    ) -> None:
        if len(seats) != match.players or len(levels) != match.players:
            raise SetupError(f"a table of {match.players} needs {match.players} seats")
        self.game = game
        self.match = match
        self.seats: list[SeatKind] = list(seats)
        self.levels: list[str | None] = [lv if kind == "bot" else None for kind, lv in zip(seats, levels, strict=True)]
        self.bots: dict[int, Bot] = {s: make_bot(lv) for s, lv in enumerate(self.levels) if lv is not None}
        self.bot_seed = bot_seed
        self.path = path
        #: Why the last save failed (None while every action is saved): play goes on unsaved, and a face says so.
        self.save_error: SaveError | None = None

    # ------------------------------------------------------------ starting
    @classmethod
    def new(
        cls,
        game: Game,
        rules: Any,
        humans: Sequence[int] = (0,),
        bots: str = DEFAULT_LEVEL,
        seed: int | None = None,
        dealer: int | None = None,
        directory: Path | None = None,
        save: bool = True,
    ) -> TableSession:
        """A fresh match; ``humans`` are the seats people play, bots of level ``bots`` take the rest."""
        n = game.players(rules)
        for s in humans:
            if not 0 <= s < n:
                raise SetupError(f"seat {s} is not at this table: expected 0..{n - 1}")
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        match = game.new_match(rules, seed=seed, dealer=dealer)
        seats: list[SeatKind] = ["human" if s in humans else "bot" for s in range(n)]
        levels: list[str | None] = [None if s in humans else bots for s in range(n)]
        path = None
        if save:
            folder = directory if directory is not None else default_directory()
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            path = folder / f"{game.name}-{stamp}-{seed}.json"
        table = cls(game, match, seats, levels, seed, path)
        table.save()  # a table that cannot be saved from the start is refused (SaveError): nothing to lose yet
        return table

    @classmethod
    def resume(cls, path: Path) -> TableSession:
        """The table saved at ``path``, replayed to where it stopped; a bad file raises RecordError."""
        data = records.load(path)
        game = game_of_record(data)
        match = game.from_record(data)
        table = data.get("table")
        if not isinstance(table, dict):
            raise RecordError(f'record {str(path)!r} has no "table" (who sits where): not a saved table')
        seats = table.get("seats")
        levels = table.get("levels")
        bot_seed = table.get("bot_seed")
        if (
            not isinstance(seats, list)
            or not all(k in ("human", "bot") for k in seats)
            or not isinstance(levels, list)
            or not isinstance(bot_seed, int)
            or len(seats) != match.players
            or len(levels) != match.players
        ):
            raise RecordError(f'record {str(path)!r}: "table" must give seats, levels and bot_seed for each seat')
        try:
            return cls(game, match, seats, levels, bot_seed, Path(path))
        except SetupError as e:
            raise RecordError(f"record {str(path)!r}: {e}") from None

    # ------------------------------------------------------------ what a seat sees
    @property
    def rules(self) -> Any:
        return self.match.rules

    @property
    def current_player(self) -> int:
        return self.match.current_player

    def is_over(self) -> bool:
        return self.match.is_terminal()

    @property
    def public_player(self) -> int:
        """The seat to act as every other seat sees it: a pending private turn (see
        :mod:`tapete.table.silent`) shows to nobody but its seat."""
        return public_player(self.game, self.match.deal)

    def private_turn(self) -> bool:
        """Whether the seat to act holds an optional decision that nobody else may learn of."""
        return silent_choice(self.game, self.match.deal) is not None

    def is_human_turn(self) -> bool:
        seat = self.match.current_player
        return seat >= 0 and self.seats[seat] == "human"

    def observation(self, seat: int) -> Any:
        """What ``seat`` may see now: the one door to the cards. Another seat's pending private turn
        shows as declined (:func:`tapete.table.silent.settle`)."""
        deal = self.match.deal
        settled = settle(self.game, deal, seat)
        if settled is deal:
            return self.game.observe(self.match, seat)
        return self.game.observe_deal(settled, seat)

    @property
    def deal_number(self) -> int:
        """The current deal, counting from 1."""
        return len(self.match.deals)

    # ------------------------------------------------------------ acting
    def play(self, seat: int, action: int) -> list[tuple[int, int]]:
        """A person's choice for ``seat``; refused (nothing changes) if not its turn or not legal.

        The seat to act as everybody sees it may act while another seat still holds a private turn:
        that turn is declined first, as the lead ends the time to sing at a real table. Returns every
        (seat, action) applied, those declines first.
        """
        steps = self.steps_for(seat, action)
        for _, a in steps:
            self._apply(a)
        return steps

    def steps_for(self, seat: int, action: int) -> list[tuple[int, int]]:
        """The (seat, action) steps that ``seat`` choosing ``action`` comes to: the declines of pending
        private turns of other seats, then the action. Raises IllegalActionError (nothing changes) when
        it is not the seat's turn, even after them, or the action is not legal then."""
        if self.match.is_terminal():
            raise IllegalActionError("the match is over", say=Say("error.match.over"))
        deal = self.match.deal
        before = declines(self.game, deal, seat)
        if before is None:
            current = self.public_player
            raise IllegalActionError(
                f"it is not seat {seat}'s turn: seat {current} is to act",
                say=Say("error.turn.not_yours", seat=SeatRef(seat), current=SeatRef(current)),
            )
        if before:  # the engine refuses an illegal action here, on the copy, before any decline is applied
            settle(self.game, deal, seat).apply_action(action)
        return [*before, (seat, action)]

    def bot_step(self) -> tuple[int, int] | None:
        """Let the bot to act, if it is a bot's turn, choose and play; returns (seat, action)."""
        seat = self.match.current_player
        if seat < 0 or self.seats[seat] != "bot":
            return None
        obs = self.observation(seat)
        action = self.bots[seat].act(obs, self._bot_rng())
        self._apply(action)
        return seat, action

    def run_bots(self, limit: int | None = None) -> list[tuple[int, int]]:
        """Bots play until a person is to act or the match ends (at most ``limit`` actions)."""
        done: list[tuple[int, int]] = []
        while limit is None or len(done) < limit:
            step = self.bot_step()
            if step is None:
                break
            done.append(step)
        return done

    def _bot_rng(self) -> random.Random:
        """The bots' generator for this position: seeded by the table's seed, the deal and the actions of
        the deal that everybody saw (a declined decision changes no public choice's generator)."""
        deal = self.match.deals[-1]
        rules = self.match.rules
        told = sum(1 for a in deal.actions if not self.game.is_silent(rules, a))
        return random.Random(f"{self.bot_seed}/{len(self.match.deals)}/{told}")

    def _apply(self, action: int) -> None:
        self.match.apply_action(action)
        try:
            self.save()
            self.save_error = None
        except SaveError as e:  # the game goes on; the face warns that it is not being saved
            self.save_error = e

    # ------------------------------------------------------------ saving
    def record(self) -> dict[str, Any]:
        """The match record with who sits where: enough to resume the table."""
        data = self.game.to_record(self.match)
        data["table"] = {"seats": list(self.seats), "levels": list(self.levels), "bot_seed": self.bot_seed}
        return data

    def save(self) -> None:
        """Write the record atomically (nothing when the table is not saved); SaveError, in one line that
        names the file and the reason and nothing of the cards, when it cannot be written."""
        if self.path is None:
            return
        try:
            records.save(self.path, self.record())
        except OSError as e:
            reason = os_reason(e)
            raise SaveError(
                f"cannot save the table to {str(self.path)!r}: {reason}",
                say=Say("error.save", path=str(self.path), reason=reason),
            ) from None
