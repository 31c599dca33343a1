"""The interactive replay: a Textual app that steps through a :class:`ReplayCursor`.

Keys: right/left the next/previous action, n/p the next/previous trick,
page down/up or ]/[ the next/previous deal, g then a deal number (Enter) to
jump, home/end the first/last position, v to cycle the view (every hand,
then each seat's), up/down to scroll, q to quit. The header shows the deal
and action counters; every word comes from the catalogs, the text of a
position from :mod:`tapete.replay.text` (the same as ``--print``).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from tapete.replay.cursor import ReplayCursor
from tapete.replay.text import ALL, board_text, counter_text, status_lines, views
from tapete.text.messages import msg

#: (keys, action, message id of its text, shown in the footer as: None for not shown). The footer shows
#: one entry per pair of keys (the one going forward), and leaves home/end out, so that it fits 80 columns.
KEYS: tuple[tuple[str, str, str, str | None], ...] = (
    ("right", "next_action", "replay.key.actions", "→/←"),
    ("left", "prev_action", "replay.key.previous", None),
    ("n", "next_trick", "replay.key.tricks", "n/p"),
    ("p", "prev_trick", "replay.key.prev_trick", None),
    ("pagedown,right_square_bracket", "next_deal", "replay.key.deals", "pgdn/pgup"),
    ("pageup,left_square_bracket", "prev_deal", "replay.key.prev_deal", None),
    ("g", "jump", "replay.key.jump", "g"),
    ("home", "start", "replay.key.start", None),
    ("end", "end", "replay.key.end", None),
    ("v", "cycle_view", "replay.key.view", "v"),
    ("up", "scroll(-1)", "replay.key.scroll", None),
    ("down", "scroll(1)", "replay.key.scroll", None),
    ("escape", "cancel_jump", "replay.key.cancel", None),
    ("q", "quit", "replay.key.quit", "q"),
)


class ReplayApp(App[None]):
    """Steps through a replay; the cursor is the whole model, the widgets only draw it."""

    #: Nothing focused at the start: the keys go to the app, not to the (hidden) jump input.
    AUTO_FOCUS = None
    #: The footer's room is for the replay's keys.
    ENABLE_COMMAND_PALETTE = False

    CSS = """
    #status { height: auto; padding: 0 1; background: $boost; }
    #board { padding: 0 1; }
    #jump { display: none; }
    """

    def __init__(self, cursor: ReplayCursor, view: int = ALL, french: bool = False, name: str = "") -> None:
        super().__init__()
        self.cursor = cursor.view(None if view == ALL else view)
        self.view = view
        self.french = french
        self.title = msg("replay.title", name=name) if name else msg("replay.title.bare")
        for keys, action, key, shown in KEYS:
            self.bind(keys, action, description=msg(key), show=shown is not None, key_display=shown)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status", markup=False)
        with VerticalScroll(id="scroll", can_focus=False):
            yield Static(id="board", markup=False)
        yield Input(id="jump", placeholder=msg("replay.jump.placeholder", deals=self.cursor.deals), type="integer")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_view()

    # ------------------------------------------------------------ drawing
    def status_text(self) -> str:
        """The counters, the view, the action that led here and what that card cost (the status lines)."""
        return "\n".join(status_lines(self.cursor, self.cursor.current, self.view, self.french))

    def refresh_view(self) -> None:
        spot = self.cursor.current
        self.sub_title = counter_text(self.cursor, spot, self.view)
        self.query_one("#status", Static).update(Text(self.status_text()))
        self.query_one("#board", Static).update(Text(board_text(self.cursor, spot, self.view, self.french)))

    def _move(self, cursor: ReplayCursor) -> None:
        self.refresh_view()

    # ------------------------------------------------------------ actions
    def action_next_action(self) -> None:
        self._move(self.cursor.forward())

    def action_prev_action(self) -> None:
        self._move(self.cursor.back())

    def action_next_trick(self) -> None:
        self._move(self.cursor.next_trick())

    def action_prev_trick(self) -> None:
        self._move(self.cursor.prev_trick())

    def action_next_deal(self) -> None:
        self._move(self.cursor.next_deal())

    def action_prev_deal(self) -> None:
        self._move(self.cursor.prev_deal())

    def action_start(self) -> None:
        self._move(self.cursor.start())

    def action_end(self) -> None:
        self._move(self.cursor.end())

    def action_cycle_view(self) -> None:
        order = views(self.cursor.players)
        self.view = order[(order.index(self.view) + 1) % len(order)]
        self.cursor.view(None if self.view == ALL else self.view)
        self.refresh_view()

    def action_scroll(self, lines: int) -> None:
        scroll = self.query_one("#scroll", VerticalScroll)
        scroll.scroll_relative(y=lines, animate=False)

    def action_jump(self) -> None:
        jump = self.query_one("#jump", Input)
        jump.value = ""
        jump.display = True
        jump.focus()

    def action_cancel_jump(self) -> None:
        jump = self.query_one("#jump", Input)
        jump.display = False
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Go to the deal typed after ``g``; a number the record lacks is said, and nothing moves."""
        text = event.value.strip()
        self.action_cancel_jump()
        if not text:
            return
        deals = self.cursor.deals
        number = int(text) if text.lstrip("-").isdigit() else 0
        if not 1 <= number <= deals:
            self.notify(msg("replay.error.deal", deal=text, deals=deals), severity="error")
            return
        self._move(self.cursor.goto_deal(number - 1))
