"""Driving the terminal table headless: a person's policy, and key presses / clicks that carry it out.

The person at seat 0 chooses through the keyboard and the mouse exactly as a
player would: number keys and enter for a card (or a click on it), the
letters shown on the buttons for everything else.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tapete.belote import actions as b
from tapete.games import GAMES
from tapete.guinote import actions as g
from tapete.table.session import TableSession
from tapete.tui.actionbar import ActionBar
from tapete.tui.app import TableApp, TableScreen
from tapete.tui.cards import HandView

SIZE = (140, 45)
#: Actions a test person takes whenever they are legal, best first (to meet cantes, the 7 exchange,
#: a take, a coinche and declarations).
KEEN = (g.TUTE, g.SING, g.SING + 1, g.SING + 2, g.SING + 3, g.EXCHANGE)
KEEN_BELOTE = (b.COINCHE, b.DECLARE)


def person_choice(game: str, obs: Any) -> int:
    """A fixed policy: the special actions above when legal, else take or the lowest bid, else the first card."""
    legal = list(obs.legal_actions)
    for a in KEEN if game == "guinote" else KEEN_BELOTE:
        if a in legal:
            return a
    if game == "belote":
        takes = [a for a in legal if b.TAKE <= a < b.BID]
        if takes:
            return takes[0]
        bids = [a for a in legal if a >= b.BID]
        if bids and obs.high_bid < 0:
            return bids[0]
    return legal[0]


def play_headless(session: TableSession, seat: int = 0, limit: int = 10_000) -> list[tuple[int, int]]:
    """The same match without a screen (to find seeds): the person's policy and the bots."""
    done: list[tuple[int, int]] = []
    while not session.is_over() and len(done) < limit:
        if session.is_human_turn():
            a = person_choice(session.game.name, session.observation(seat))
            session.play(seat, a)
            done.append((seat, a))
        else:
            step = session.bot_step()
            assert step is not None
            done.append(step)
    return done


def new_session(game: str, preset: str, seed: int, options: dict[str, str] | None = None, **kw: Any) -> TableSession:
    g_ = GAMES[game]
    return TableSession.new(g_, g_.rules(preset, options), humans=(0,), seed=seed, save=kw.pop("save", False), **kw)


def run_app(app: TableApp, body: Callable[[Any, TableApp], Awaitable[None]]) -> None:
    """Run ``body(pilot, app)`` against the app, headless, from a plain (sync) test."""

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await body(pilot, app)

    asyncio.run(main())


def table(app: TableApp) -> TableScreen:
    return app.table


async def close_modals(pilot: Any, app: TableApp) -> None:
    while app.screen is not app.table:
        await pilot.press("enter")
        await pilot.pause()


async def press_action(pilot: Any, app: TableApp, action: int, click: bool = False) -> None:
    """Make the person's choice through the screen: a card by number + enter (or a click), else its key."""
    screen = app.table
    if screen.game.is_card(screen.driver.view().rules, action):
        hand = screen.query_one(HandView)
        index = hand.slot_of(action)
        if click:
            await _click(pilot, f"#slot-{index}")
        else:
            await pilot.press(str(index + 1))
            await pilot.press("enter")
    elif click:
        bar = screen.query_one(ActionBar)
        await _click(pilot, f"#act-{[a for a, _ in bar.choices].index(action)}")
    else:
        await pilot.press(*keys_for(screen, action))
    await pilot.pause()


async def _click(pilot: Any, selector: str) -> None:
    """Click a widget once it is laid out under the pointer (a freshly refreshed bar or hand may
    not be yet: the pilot then reports that the click missed, and we let the screen settle)."""
    for _ in range(10):
        await pilot.pause()
        if await pilot.click(selector):
            return
    raise AssertionError(f"could not click {selector}: it never came under the pointer")


def keys_for(screen: TableScreen, action: int) -> list[str]:
    """The keys that choose ``action``: its letter, on its page (an auction level) reached with + or -."""
    game = screen.game
    obs = screen.driver.view()
    pages = game.action_pages(obs)[1]
    for page in [screen.bid_level, *range(pages)]:
        for key, a in game.action_keys(obs, page).items():
            if a == action:
                steps = page - screen.bid_level
                return [*(["plus"] * steps if steps > 0 else ["minus"] * -steps), key]
    raise AssertionError(f"no key for action {action}")


async def play_out(
    pilot: Any,
    app: TableApp,
    seat: int = 0,
    stop: Callable[[Any], bool] | None = None,
    click_every: int = 0,
) -> list[int]:
    """The person plays by the policy through the screen until the match ends (or ``stop(obs)``)."""
    session = app.session
    chosen: list[int] = []
    while not session.is_over():
        await close_modals(pilot, app)
        if session.is_over():
            break
        obs = session.observation(seat)
        assert session.is_human_turn(), "the bots must have moved on to the person's turn"
        if stop is not None and stop(obs):
            return chosen
        action = person_choice(session.game.name, obs)
        click = bool(click_every) and len(chosen) % click_every == 0
        for _ in range(50):  # the table takes input once it has drawn the person's turn
            if not app.table.waiting:
                break
            await pilot.pause(0.01)
        for _attempt in range(3):
            await press_action(pilot, app, action, click=click)
            for _ in range(20):  # a click's Pressed message may be handled a few ticks later
                if session.observation(seat) != obs:
                    break
                await pilot.pause(0.01)
            if session.observation(seat) != obs or not click:
                break
            # A click that lands while the bar is being redrawn can be lost, as for a person:
            # click again (keys are never lost).
        assert session.observation(seat) != obs, f"choice {action} was not played"
        chosen.append(action)
    await close_modals(pilot, app)
    return chosen
