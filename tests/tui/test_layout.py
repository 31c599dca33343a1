"""The table fits the terminal: at 80x24 (the least supported) and at 160x50, for both games and the
two- and three-player Belote, the whole hand, every legal choice's button and the trick's cards are on
screen, inside the table, clear of the footer and of each other.

The person plays through the screen (tests/tui/helpers.py) up to a trick in progress on their turn; the
checks run at the start (the auction, for the Belote) and there.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.widgets import Button, Footer

from tapete.belote import actions as b
from tapete.cli.words import say
from tapete.table.narrate import card_label
from tapete.text.messages import msg
from tapete.tui.actionbar import LEVEL_DOWN, LEVEL_UP, ActionBar, columns_that_fit
from tapete.tui.app import TableApp, TableScreen
from tapete.tui.board import TrickView, pack, short_seat
from tapete.tui.cards import CardSlot, HandView

from .helpers import close_modals, new_session, person_choice, press_action

CASES = [
    ("guinote", "aragones", 7),
    ("belote", "contree", 7),
    ("belote", "belote-a-deux", 7),
    ("belote", "trois-joueurs", 7),
]


def inside(inner: Region, outer: Region) -> bool:
    return bool(inner.area) and outer.contains_region(inner)


def widget_text(widget: Any) -> str:
    """What a widget draws now, line by line."""
    width, height = widget.outer_size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def check_table(app: TableApp) -> dict[str, Any]:
    """The hand, the buttons and the trick are all on screen; returns what was checked."""
    screen: TableScreen = app.table
    obs = screen.driver.view()
    game = screen.game_name
    visible = Region(0, 0, *app.size)
    footer = screen.query_one(Footer).region
    table = screen.query_one("#table").region
    room = visible.intersection(table)
    assert footer.y >= room.y + 10, "the table keeps most of the screen"
    room = Region(room.x, room.y, room.width, footer.y - room.y)

    # Every card of the hand, each in its own place, in order, none cut.
    slots = [s for s in screen.query(CardSlot) if s.card >= 0]
    assert [s.card for s in slots] == screen.query_one(HandView).cards
    assert sorted(s.card for s in slots) == sorted(obs.hand)
    for slot in slots:
        assert inside(slot.region, room), (slot.card, slot.region, room)
        assert card_label(game, slot.card) in widget_text(slot)
    for left, right in itertools.pairwise(slots):
        assert left.region.right <= right.region.x

    # A button for every legal choice that is not a card (an auction's bids at the level shown, with -/+).
    bar = screen.query_one(ActionBar)
    n_cards = 32 if game == "belote" else 40
    legal = [a for a in obs.legal_actions if a >= n_cards] if obs.current_player == obs.seat else []
    shown = [a for a, _ in bar.choices]
    for a in legal:
        if game == "belote" and a >= b.BID:
            if (a - b.BID) // 6 == screen.bid_level:
                assert a in shown
            assert LEVEL_DOWN in shown and LEVEL_UP in shown
        else:
            assert a in shown, (a, shown)
    buttons = [btn for btn in bar.query(Button) if btn.display]
    assert len(buttons) == len(bar.choices)
    for i, button in enumerate(buttons):
        assert inside(button.region, room), (str(button.label), button.region, room)
        assert button.region.width >= cell_len(str(button.label)), "a label is cut"
        assert not any(button.region.overlaps(other.region) for other in buttons[i + 1 :])
        assert not any(button.region.overlaps(s.region) for s in slots)

    # The trick: each card with the seat that played it.
    trick = screen.query_one(TrickView)
    assert inside(trick.region, room) and trick.content_size.height >= 3
    drawn = widget_text(trick)
    for seat, card in obs.trick:
        assert card_label(game, card) in drawn and short_seat(seat) in drawn, (seat, card, drawn)
    return {"hand": len(slots), "buttons": len(buttons), "trick": len(obs.trick)}


def run_sized(app: TableApp, size: tuple[int, int], body: Any) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot, app)

    asyncio.run(main())


async def play_to_trick(pilot: Any, app: TableApp) -> list[dict[str, Any]]:
    """The person plays (through keys), every turn checked, until a trick is on the table on their turn."""
    session = app.session
    seen = []
    for _ in range(40):
        await close_modals(pilot, app)
        seen.append(check_table(app))
        obs = session.observation(0)
        if obs.trick and obs.current_player == 0:
            return seen
        await press_action(pilot, app, person_choice(session.game.name, obs))
    raise AssertionError("no trick on the person's turn")


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize(("game", "preset", "seed"), CASES, ids=[c[1] for c in CASES])
def test_everything_fits(game: str, preset: str, seed: int, size: tuple[int, int]) -> None:
    session = new_session(game, preset, seed)
    app = TableApp(session, 0, lang="es", delay=0)
    seen: list[dict[str, Any]] = []

    async def body(pilot: Any, app: TableApp) -> None:
        seen.extend(await play_to_trick(pilot, app))

    run_sized(app, size, body)
    assert seen[-1]["trick"] >= 1 and seen[-1]["hand"] == len(session.observation(0).hand)
    if preset == "contree":
        assert seen[0]["buttons"] >= 9  # the auction: pass, coinche, -, six contracts, +
    if preset == "belote-a-deux":
        assert max(s["hand"] for s in seen) == 9


def test_narrow_screen_strip_and_side_panel_toggle() -> None:
    session = new_session("belote", "contree", 7)
    app = TableApp(session, 0, delay=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        screen = app.table
        side, table, strip = (screen.query_one(x) for x in ("#side", "#table", "#strip"))
        seen["narrow"] = (side.display, table.display, strip.display, widget_text(strip))
        await pilot.press("i")
        await pilot.pause()
        seen["toggled"] = (side.display, table.display, side.region.width)
        await pilot.press("i")
        await pilot.pause()
        seen["back"] = (side.display, table.display)
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        seen["wide"] = (side.display, strip.display, side.region.width)
        await pilot.press("i")
        await pilot.pause()
        seen["wide_toggled"] = side.display
        check_table(app)

    run_sized(app, (80, 24), body)
    side, table, strip, text = seen["narrow"]
    assert not side and table and strip
    assert "bidding: 100 in clubs" in text and "match: 0 - 0 / 1500" in text
    assert seen["toggled"] == (True, False, 80)
    assert seen["back"] == (False, True)
    wide_side, wide_strip, width = seen["wide"]
    assert wide_side and not wide_strip and 34 <= width <= 56
    assert seen["wide_toggled"] is False


def test_buttons_wrap_and_shorten() -> None:
    assert columns_that_fit([10, 10, 10], 40) == 3
    assert columns_that_fit([10, 10, 10], 25) == 2  # two columns of 10 and a gutter of 2
    assert columns_that_fit([30, 10, 10], 20) == 1
    chunks = [Text(s) for s in ("seat 2", "partner", "bot random", "dealer")]
    assert pack(chunks, 20).plain.split("\n") == ["seat 2 · partner", "bot random · dealer"]


def footer_keys(app: TableApp) -> list[tuple[Region, str]]:
    """The footer's entries as drawn: where each is and its text."""
    return [(key.region, widget_text(key)) for key in app.table.query_one(Footer).children]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize(("game", "preset"), [("guinote", "aragones"), ("belote", "contree")])
def test_footer_fits_80_columns_and_asks_for_cards_only_when_cards_are_chosen(
    game: str, preset: str, lang: str
) -> None:
    session = new_session(game, preset, 7)
    app = TableApp(session, 0, lang=lang, delay=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        await pilot.pause()
        seen["keys"] = footer_keys(app)
        seen["obs"] = session.observation(0)

    run_sized(app, (80, 24), body)
    keys, obs = seen["keys"], seen["obs"]
    assert all(region.right <= 80 for region, _ in keys), keys
    texts = " ".join(text for _, text in keys)
    assert f"q {msg('play.key.quit')}" in texts and f"i {msg('play.key.side')}" in texts
    assert obs.current_player == 0  # the person is to act: a card in Guiñote, a bid in the contrée auction
    cards = any(session.game.is_card(obs.rules, a) for a in obs.legal_actions)
    assert cards == (game == "guinote")
    assert (msg("play.help.select") in texts) == cards and (msg("play.key.play") in texts) == cards


@pytest.mark.parametrize(("game", "preset"), [("guinote", "aragones"), ("belote", "contree")])
def test_help_lists_the_game_own_keys(game: str, preset: str) -> None:
    session = new_session(game, preset, 7)
    app = TableApp(session, 0, lang="en", delay=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        seen["help"] = app.screen.body.plain  # the help's text, unwrapped
        seen["page"] = app.table.bid_level

    run_sized(app, (120, 45), body)
    text = seen["help"]
    obs = session.observation(0)
    for key, action in session.game.action_keys(obs, seen["page"]).items():
        assert say(session.game.action_label(obs, action)) in text, key
    assert "Belote" not in text and "Guiñote" not in text
    assert (msg("play.help.level") in text) == (game == "belote")  # bid levels: the contrée auction only
    assert (msg("play.help.select") in text) == (game == "guinote")  # no card is chosen in an auction
