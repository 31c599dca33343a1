"""The full-screen table of ``tapete play``: one person against bots, a whole match, saved as it goes.

:class:`TableApp` shows a :class:`~tapete.table.session.TableSession` from
one seat. Everything drawn comes from that seat's observation (and the
match's public score); choices go through :class:`~tapete.tui.driver.TableDriver`,
which applies them through the session (refused ones change nothing and are
explained in words) and saves after every action, so quitting with ``q``, a
crash or Ctrl-C loses nothing and ``tapete play --resume`` continues.

Bots move one action at a time with a short visible delay (``delay``
seconds; 0 plays them at once, as the tests do) and a finished trick stays
on the table until the next card is played. A bot's optional decision that
nobody may learn of (not singing, keeping the 7) is taken at once and told
nothing of, so the pause before the next action is the one it would be
with no decision to take.

The layout follows the terminal (80x24 is the least it is made for): from
100 columns the side panel (scores and log) sits at the right; below, a strip
of one or two lines over the table sums it up and ``i`` swaps the table for
the whole panel (and back). On a short screen the header goes, the cards and
the trick get smaller, and the buttons wrap onto more rows.

With hints on (``--hints``, or ``h`` during play) a line under the status
says, on the person's turn, what the hint bot would play from the person's
observation (see :mod:`tapete.tui.hints`), and the card is marked in the
hand. The bot thinks in a worker thread, so the screen keeps answering
("thinking…" meanwhile); a hint that comes after the person has played is
dropped.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, RichLog, Static
from textual.worker import Worker, WorkerState

from tapete.bots.levels import LEVELS
from tapete.cli.words import card_short, part, say
from tapete.core.errors import IllegalActionError, RulesError
from tapete.core.words import SeatRef, SideRef
from tapete.games import Game
from tapete.table.narrate import Happened, seat_label
from tapete.table.session import TableSession
from tapete.text.messages import msg, set_translator
from tapete.text.translations import translator
from tapete.tui.actionbar import LEVEL_DOWN, LEVEL_UP, ActionBar, Choice
from tapete.tui.board import SeatPanel, TrickView, places
from tapete.tui.cards import CardSlot, HandView, card_text
from tapete.tui.driver import TableDriver
from tapete.tui.hints import compute_hint, default_hint_level, hint_rng
from tapete.tui.info import InfoPanel, InfoStrip
from tapete.tui.screens import breakdown_screen, help_screen, last_trick_screen


class TableScreen(Screen[None]):
    """The table: seats, trick, hand, buttons, the score panel and the log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "play.key.left", priority=True, group=Binding.Group("play.help.select", True)),
        Binding("right", "move(1)", "play.key.right", priority=True, group=Binding.Group("play.help.select", True)),
        Binding("enter", "play_selected", "play.key.play", priority=True),
        Binding("space", "play_selected", "play.key.play", show=False, priority=True),
        Binding("up,plus,equals_sign", "level(1)", "play.key.level_up", show=False),
        Binding("down,minus", "level(-1)", "play.key.level_down", show=False),
        # Not in the footer, which must fit 80 columns in every language (the help names them, and the hint
        # line names h).
        Binding("l", "last_trick", "play.key.last_trick", show=False),
        Binding("i", "toggle_side", "play.key.side"),
        Binding("h", "toggle_hints", "play.key.hints", show=False),
        Binding("question_mark", "help", "play.key.help"),
        Binding("q", "quit_table", "play.key.quit"),
        Binding("ctrl+c", "quit_table", "play.key.quit", show=False, priority=True),
    ]

    def __init__(self, driver: TableDriver, delay: float, hints: bool = False, hint_level: str | None = None) -> None:
        super().__init__(id="table-screen")
        # Below 100 columns the side panel is behind ``i``; the header shows from 30 lines, tall cards from 34.
        self.HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
        self.VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-medium"), (34, "-tall")]
        # Key descriptions are message ids: translated now, in the language chosen at start.
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                dataclasses.replace(
                    b,
                    description=msg(b.description),
                    group=Binding.Group(msg(b.group.description), b.group.compact) if b.group else None,
                )
                if b.description.startswith("play.")
                else b
                for b in bindings
            ]
        self.driver = driver
        self.delay = delay
        self.bid_level = 0
        self.waiting = False  # a modal (the breakdown) holds the bots
        self.scheduled = False
        self.last_trick: tuple[int, list[tuple[int, int]]] | None = None
        self.log_lines: list[str] = []
        self.status_text = ""
        self.error = False
        self._turn_seen = False
        self.hints = hints
        self.hint_level = hint_level or default_hint_level()
        # The position the hint is for (deal, actions), and the hint once the bot has answered.
        self.hint_key: tuple[int, int] | None = None
        self.hint_action: int | None = None
        self.hint_failed = ""
        self.warned_unsaved = False

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield InfoStrip()
                with Horizontal(id="top-row"):
                    yield SeatPanel("top")
                with Horizontal(id="mid-row"):
                    yield SeatPanel("left")
                    yield TrickView()
                    yield SeatPanel("right")
                yield SeatPanel("bottom")
                yield HandView()
                yield ActionBar()
                yield Static("", id="status")
                yield Static("", id="hint")
            with Vertical(id="side"):
                yield InfoPanel()
                log = RichLog(id="log", wrap=True, markup=False, min_width=16)
                log.can_focus = False
                yield log
        yield Footer()

    def on_resize(self) -> None:
        # The breakpoint classes may have changed: the hand and the buttons fit themselves again.
        self.refresh_table()
        self.call_after_refresh(self.rewrap_log)

    def rewrap_log(self) -> None:
        """Write the log again at the width it has now (lines written while it was hidden were wrapped blind)."""
        log = self.query_one("#log", RichLog)
        if log.display and log.size.width:
            log.clear()
            for line in self.log_lines:
                log.write(line)

    def on_mount(self) -> None:
        session = self.driver.session
        self.write_log([msg("play.log.welcome", game=session.game.title, deal=session.deal_number)])
        self.write_log(self.driver.history())  # a resumed deal: what was played in it so far
        self.refresh_table()
        self.schedule()

    # ------------------------------------------------------------------ drawing
    @property
    def game_name(self) -> str:
        return self.driver.game_name

    @property
    def game(self) -> Game:
        return self.driver.game

    def refresh_table(self) -> None:
        obs = self.driver.view()
        session = self.driver.session
        game = self.game
        faces = game.faces(obs.rules)
        n = len(obs.hand_sizes)
        clockwise = getattr(obs.rules, "direction", "anticlockwise") == "clockwise"
        rel = places(n, clockwise)
        where = {(obs.seat + r) % n: place for r, place in rel.items()}
        won = [0] * n
        for _, winner, _ in obs.tricks:
            won[winner] += 1
        for panel in self.query(SeatPanel):
            seats = [s for s, p in where.items() if p == panel.place]
            seat = seats[0] if seats else -1
            kind = session.seats[seat] if seat >= 0 else "bot"
            level = session.levels[seat] if seat >= 0 else None
            panel.show(faces, seat, obs, kind, level, won[seat] if seat >= 0 else 0)
        # The trick in progress, or the one just completed (until the next card).
        if obs.trick:
            best_seat = game.trick_best(obs, list(obs.trick))[0]
            caption = msg("play.trick.best", seat=SeatRef(best_seat))
            self.query_one(TrickView).show(faces, list(obs.trick), where, caption, False, best_seat)
        elif self.last_trick is not None:
            winner, plays = self.last_trick
            caption = msg("play.trick.won", seat=SeatRef(winner))
            self.query_one(TrickView).show(faces, plays, where, caption, True, winner)
        else:
            self.query_one(TrickView).show(faces, [], where, "", False)
        hand = game.hand_order(obs, obs.hand)
        legal = set(obs.legal_actions)
        hinted = self.hint_action if self.hints and self.hint_key == self.driver.position() else None
        self.query_one(HandView).show(faces, hand, legal, -1 if hinted is None else hinted)
        self.query_one(InfoPanel).show(game, obs, session.match, session.deal_number)
        self.query_one(InfoStrip).show(game, obs, session.match, session.deal_number)
        self.query_one(ActionBar).show(self.choices(obs))
        if not self.error:
            self.set_status(self.prompt(obs), error=False)
        self.update_hint(obs)
        self.refresh_bindings()  # the footer shows the card keys only while cards are chosen

    def prompt(self, obs: Any) -> str:
        session = self.driver.session
        if session.is_over():
            winner = session.match.winner
            players = len(obs.hand_sizes)
            return msg("play.status.match_over", side=SideRef(players, winner))
        if obs.current_player != obs.seat:
            return msg("play.status.waiting", seat=SeatRef(obs.current_player))
        return say(self.game.turn_prompt(obs))

    def choices(self, obs: Any) -> list[Choice]:
        """The buttons: the legal non-card actions with their keys (and the bid level in an auction),
        each with a long and a short label."""
        if obs.current_player != obs.seat:
            return []
        game = self.game
        others = [a for a in obs.legal_actions if not game.is_card(obs.rules, a)]
        if not others:
            return []
        low, pages = game.action_pages(obs)
        if pages > 1:
            self.bid_level = min(max(self.bid_level, low), pages - 1)
        page_keys = game.action_keys(obs, self.bid_level)
        keys = {a: k for k, a in page_keys.items()}
        if pages > 1:  # the actions whose key changes from page to page (bids) go between [-] and [+]
            other = game.action_keys(obs, (self.bid_level + 1) % pages)
            stable = {a for k, a in page_keys.items() if other.get(k) == a}
        else:
            stable = set(keys)

        def choice(a: int) -> Choice:
            key = keys[a]
            return (a, f"[{key}] {say(game.action_label(obs, a))}", f"[{key}] {part(game.action_short(obs, a))}")

        out = [choice(a) for a in others if a in stable and a in keys]
        paged = [a for a in others if a not in stable]
        if paged:
            out.append((LEVEL_DOWN, "[-]", "[-]"))
            out.extend(choice(a) for a in paged if a in keys)
            out.append((LEVEL_UP, "[+]", "[+]"))
        return out

    def set_status(self, text: str, error: bool) -> None:
        self.status_text = text
        self.error = error
        status = self.query_one("#status", Static)
        status.update(Text(text, style="bold red" if error else "bold"))
        status.set_class(error, "error")

    def write_log(self, lines: list[str]) -> None:
        log = self.query_one("#log", RichLog)
        for line in lines:
            self.log_lines.append(line)
            log.write(line)

    # ------------------------------------------------------------------ hints
    def hint_due(self) -> bool:
        """A hint is wanted now: hints on, the person to act, no breakdown being read."""
        session = self.driver.session
        return self.hints and not self.waiting and not session.is_over() and session.is_human_turn()

    def update_hint(self, obs: Any) -> None:
        """Show the hint line, and ask the hint bot (in a thread) when the person faces a new position."""
        line = self.query_one("#hint", Static)
        line.display = self.hints
        if not self.hints:
            return
        level = self.hint_level
        if not self.hint_due():
            line.update(Text(msg("play.hint.later", level=level), style="dim italic"))
            return
        key = self.driver.position()
        if key != self.hint_key:
            self.start_hint(obs, key)
        if self.hint_failed:
            text = Text(msg("play.hint.failed", level=level, error=self.hint_failed), style="red")
        elif self.hint_action is None:
            text = Text(msg("play.hint.thinking", level=level), style="dim italic")
        else:
            action = self.hint_action
            game = self.game
            if game.is_card(obs.rules, action):
                what = msg("play.hint.card", level=level, card=card_short(game.faces(obs.rules), action))
            else:
                what = msg("play.hint.action", level=level, action=say(game.action_label(obs, action)))
            text = Text(what, style="bold cyan")
        line.update(text)

    def start_hint(self, obs: Any, key: tuple[int, int]) -> None:
        """Ask a fresh hint bot for the person's observation ``obs`` (only that) in a worker thread;
        a hint still being thought about for an earlier position is cancelled."""
        self.cancel_hint()
        self.hint_key = key
        deal, actions = key
        rng = hint_rng(self.driver.session.bot_seed, deal, actions)
        level = self.hint_level

        def work() -> tuple[tuple[int, int], int]:
            return key, compute_hint(level, obs, rng)

        self.run_worker(work, name="hint", group="hint", thread=True, exclusive=True, exit_on_error=False)

    def cancel_hint(self) -> None:
        """Forget the hint (the person has played, or hints are off); a bot still thinking is cancelled."""
        self.workers.cancel_group(self, "hint")
        self.hint_key = None
        self.hint_action = None
        self.hint_failed = ""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "hint" or worker.is_cancelled:
            return
        if event.state == WorkerState.SUCCESS and worker.result is not None:
            key, action = worker.result
            if key == self.hint_key and self.hints:
                self.hint_action = action
                self.refresh_table()
        elif event.state == WorkerState.ERROR and self.hints and self.hint_key is not None:
            self.hint_failed = str(worker.error)
            self.refresh_table()

    def action_toggle_hints(self) -> None:
        """``h``: hints on or off."""
        self.hints = not self.hints
        if not self.hints:
            self.cancel_hint()
        self.refresh_table()

    def h_means_hearts(self) -> bool:
        """Where ``h`` is a key of the game's actions now (a bidding's hearts), ``H`` toggles the hints."""
        return "h" in self.game.action_keys(self.driver.view(), self.bid_level)

    # ------------------------------------------------------------------ the flow of play
    def choose(self, action: int) -> None:
        """The person's choice: played if legal, else explained (and nothing changes)."""
        if self.waiting:
            return
        obs = self.driver.view()
        if action not in obs.legal_actions:
            self.set_status(self.driver.explain(action), error=True)
            return
        try:
            happened = self.driver.play(action)
        except IllegalActionError as e:  # the session's last word: never expected after the check above
            self.set_status(str(e), error=True)
            return
        self.error = False
        self.cancel_hint()
        self.after(happened)
        self.schedule()

    def after(self, happened: Happened) -> None:
        """Log what happened, remember a completed trick, show the breakdown at the end of a deal."""
        self.write_log(self.driver.lines(happened))
        self.warn_if_unsaved()
        a, b = happened.after, happened.before
        if self.game.is_card(a.rules, happened.action):
            if len(a.tricks) > len(b.tricks):
                leader, winner, cards = a.tricks[-1]
                n = len(a.hand_sizes)
                self.last_trick = (winner, [((leader + i) % n, c) for i, c in enumerate(cards)])
            else:
                self.last_trick = None
        if happened.record is not None:
            lines = [say(line) for line in self.game.deal_breakdown(a.rules, happened.record, a)]
            if happened.match_winner >= 0:
                lines.append(say(self.game.match_over(a.rules, happened.match_winner)))
            self.waiting = True
            self.app.push_screen(breakdown_screen(lines), self.breakdown_closed)
        self.refresh_table()

    def warn_if_unsaved(self) -> None:
        """Once the session could not save (its folder became a file, a full disk), say so: in the log and
        in a notice; play goes on, and saving is tried again after every action."""
        error = self.driver.session.save_error
        if error is None:
            self.warned_unsaved = False
        elif not self.warned_unsaved:
            self.warned_unsaved = True
            line = msg("play.log.unsaved", error=error)
            self.write_log([line])
            self.notify(line, severity="warning", timeout=15)

    def breakdown_closed(self, _: None = None) -> None:
        self.waiting = False
        self.refresh_table()
        self.schedule()

    def schedule(self) -> None:
        """Let the bots play: at once without a delay, else one action per tick."""
        if self.waiting or self.scheduled:
            return
        session = self.driver.session
        while not self.waiting and self.driver.bot_decides_privately():
            step = self.driver.bot_step()
            if step is None:
                break
            self.after(step)
        if self.waiting or session.is_over() or session.is_human_turn():
            return
        if self.delay <= 0:
            while not self.waiting and not session.is_over() and not session.is_human_turn():
                step = self.driver.bot_step()
                if step is None:
                    break
                self.after(step)
            return
        pause = self.delay * (2 if self.last_trick is not None and not self.driver.view().trick else 1)
        self.scheduled = True
        self.set_timer(pause, self.bot_tick)

    def bot_tick(self) -> None:
        self.scheduled = False
        if self.waiting:
            return
        step = self.driver.bot_step()
        if step is not None:
            self.after(step)
        self.schedule()

    # ------------------------------------------------------------------ keys and clicks
    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)
        self.refresh_table()

    def action_play_selected(self) -> None:
        card = self.query_one(HandView).selected_card()
        if card >= 0:
            self.choose(card)

    def action_level(self, step: int) -> None:
        obs = self.driver.view()
        low, pages = self.game.action_pages(obs)
        if pages <= 1:
            return
        self.bid_level = max(low, min(pages - 1, self.bid_level + step))
        self.refresh_table()

    def action_last_trick(self) -> None:
        obs = self.driver.view()
        tricks = obs.reviewable_tricks() if hasattr(obs, "reviewable_tricks") else obs.tricks[-1:]
        n = len(obs.hand_sizes)
        if not tricks:
            body: Any = Text(msg("play.last_trick.none"))
        else:
            body = Table.grid(padding=(0, 2))
            for leader, winner, cards in tricks[-8:]:
                row = Text()
                for i, c in enumerate(cards):
                    if i:
                        row.append("  ")
                    row.append(seat_label((leader + i) % n) + " ", style="dim")
                    row.append_text(card_text(self.game.faces(obs.rules), c))
                body.add_row(row, Text(msg("play.trick.won", seat=SeatRef(winner)), style="italic"))
        self.app.push_screen(last_trick_screen(body))

    def action_toggle_side(self) -> None:
        """Show or hide the side panel (on a narrow screen: the panel instead of the table, and back)."""
        self.toggle_class("-side-toggled")
        self.call_after_refresh(self.rewrap_log)

    def action_help(self) -> None:
        """The keys, as the game has them now: its own letters with what each does, the bid levels only where
        there are levels, the card keys only where cards are chosen (no game is named here)."""
        game = self.game
        obs = self.driver.view()
        keys = game.action_keys(obs, self.bid_level)
        game_keys = [(k, say(game.action_label(obs, a))) for k, a in keys.items()]
        bids = game.action_pages(obs)[1] > 1
        self.app.push_screen(
            help_screen(
                self.hint_level, game_keys, bids, self.cards_now(obs), saving=self.driver.session.save_error is None
            )
        )

    def cards_now(self, obs: Any) -> bool:
        """Whether cards are what the person chooses now: not while they are to act with no card to play
        (an auction), so that neither the footer nor the help asks for a card then."""
        if obs.current_player != obs.seat or self.driver.session.is_over():
            return True
        return any(self.game.is_card(obs.rules, a) for a in obs.legal_actions)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The card keys (and their footer entries) only while cards are to be chosen."""
        if action in ("move", "play_selected"):
            return self.cards_now(self.driver.view())
        return True

    def action_quit_table(self) -> None:
        self.app.exit(0)

    def on_key(self, event: events.Key) -> None:
        key = event.character if event.character and event.character.isprintable() else event.key
        if key == "H" or (key == "h" and not self.h_means_hearts()):
            event.stop()
            self.action_toggle_hints()
            return
        if key.isdigit() and key != "0":
            if self.query_one(HandView).select(int(key) - 1):
                self.refresh_table()
            event.stop()
            return
        obs = self.driver.view()
        action = self.driver.action_for_key(key.lower(), obs, self.bid_level)
        if action is not None:
            event.stop()
            self.choose(action)

    def on_card_slot_chosen(self, message: CardSlot.Chosen) -> None:
        hand = self.query_one(HandView)
        hand.select(hand.slot_of(message.card))
        self.choose(message.card)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = self.query_one(ActionBar).action_of(event.button)
        if action is None:
            return
        if action == LEVEL_DOWN:
            self.action_level(-1)
        elif action == LEVEL_UP:
            self.action_level(1)
        else:
            self.choose(action)


class TableApp(App[int]):
    """``tapete play``: a match at the terminal, from the person's ``seat``."""

    CSS_PATH = "table.tcss"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        session: TableSession,
        seat: int,
        lang: str | None = None,
        delay: float = 0.6,
        hints: bool = False,
        hint_level: str | None = None,
    ) -> None:
        if hint_level is not None and hint_level not in LEVELS:
            raise RulesError(f"unknown bot level {hint_level!r}: expected one of {', '.join(LEVELS)}")
        if lang is not None:
            set_translator(translator(lang))
        super().__init__()
        self.session = session
        self.seat = seat
        self.driver = TableDriver(session, seat)
        self.delay = delay
        self.hints = hints
        self.hint_level = hint_level or default_hint_level()
        self.title = msg("play.title", game=session.game.title)
        self.sub_title = msg("play.subtitle", seat=SeatRef(seat), preset=session.rules.preset_name)

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.driver, self.delay, self.hints, self.hint_level))

    @property
    def table(self) -> TableScreen:
        """The table screen (under any modal)."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("the table is not shown yet")
