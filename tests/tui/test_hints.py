"""``tapete play --hints``: on the person's turn the table shows what the hint bot would play.

The hint bot is a level of :mod:`tapete.bots.levels` (the cheap ``heuristic``
here, so the tests are fast), asked in a worker thread with the person's
observation and nothing else, through a generator seeded by the table's seed,
the deal and the action number. Positions come from the presets' own deals:
Guiñote ``aragones`` (docs/rules/guinote.md, 002) and Belote ``contree``
(docs/rules/belote.md: the contrée auction, where ``h`` bids hearts).
"""

from __future__ import annotations

import random
import threading
from typing import Any, ClassVar

import pytest
from textual.widgets import Footer, Static

from tapete.belote import actions as b
from tapete.belote.observation import BeloteObservation
from tapete.bots.base import Budget
from tapete.bots.levels import LEVELS, make_bot
from tapete.cli.main import build_parser
from tapete.guinote.observation import GuinoteObservation
from tapete.table.narrate import card_label
from tapete.text.messages import msg
from tapete.tui.app import TableApp, TableScreen
from tapete.tui.cards import CardSlot
from tapete.tui.hints import default_hint_level, hint_rng

from .helpers import close_modals, new_session, person_choice, press_action, run_app

LEVEL = "heuristic"


async def settle(pilot: Any, app: TableApp) -> None:
    """Let the hint worker finish and its hint reach the screen."""
    await app.workers.wait_for_complete()
    await pilot.pause()


def hint_line(screen: TableScreen) -> str:
    line = screen.query_one("#hint", Static)
    return str(line.render()) if line.display else ""


def hints_on(screen: TableScreen) -> bool:
    """Whether hints are on (a call, so that a type checker does not pin it across key presses)."""
    return screen.hints


def expected_hint(app: TableApp) -> int:
    """What a fresh bot of the hint level chooses for the person's observation, with the hint's generator."""
    session = app.session
    deal = len(session.match.deals)
    rng = hint_rng(session.bot_seed, deal, len(session.match.deals[-1].actions))
    return make_bot(LEVEL).act(session.observation(0), rng)


@pytest.mark.parametrize(("game", "preset", "seed"), [("guinote", "aragones", 7), ("belote", "contree", 7)])
def test_hint_is_what_the_bot_plays_from_the_observation(game: str, preset: str, seed: int) -> None:
    session = new_session(game, preset, seed)
    app = TableApp(session, 0, delay=0, hints=True, hint_level=LEVEL)
    seen: list[int] = []

    async def body(pilot: Any, app: TableApp) -> None:
        screen = app.table
        for _ in range(6):
            await close_modals(pilot, app)
            await settle(pilot, app)
            obs = session.observation(0)
            assert session.is_human_turn()
            hint = screen.hint_action
            assert hint is not None and hint in obs.legal_actions
            assert hint == expected_hint(app)
            assert screen.hint_key == screen.driver.position()
            line = hint_line(screen)
            assert line.startswith(f"hint ({LEVEL}): ")
            hinted = [s.card for s in screen.query(CardSlot) if s.has_class("hinted")]
            n_cards = 32 if game == "belote" else 40
            if hint < n_cards:
                assert card_label(game, hint) in line and hinted == [hint]
            else:
                assert hinted == []
            seen.append(hint)
            await press_action(pilot, app, person_choice(game, obs))

    run_app(app, body)
    assert len(seen) == 6
    if game == "belote":
        assert any(a >= 32 for a in seen) and any(a < 32 for a in seen)  # a call in the auction, then cards


def test_h_toggles_hints_and_H_does_in_the_belote_bidding() -> None:
    session = new_session("guinote", "aragones", 7)
    app = TableApp(session, 0, delay=0, hint_level=LEVEL)

    async def body(pilot: Any, app: TableApp) -> None:
        screen = app.table
        await settle(pilot, app)
        assert not hints_on(screen) and hint_line(screen) == "" and screen.hint_key is None
        obs = session.observation(0)
        await pilot.press("h")
        await settle(pilot, app)
        assert hints_on(screen) and screen.hint_action == expected_hint(app)
        assert hint_line(screen).startswith(f"hint ({LEVEL}): play ")
        await pilot.press("h")
        await pilot.pause()
        assert not screen.hints and hint_line(screen) == "" and screen.hint_key is None
        assert not any(s.has_class("hinted") for s in screen.query(CardSlot))
        assert session.observation(0) == obs, "toggling plays nothing"
        await pilot.press("question_mark")
        await pilot.pause()
        help_text = str(app.screen.query_one(".dialog-body", Static).render())
        assert msg("play.help.hints", level=LEVEL) in help_text and "h / H" in help_text
        await close_modals(pilot, app)

    run_app(app, body)

    # Belote: in the auction h bids hearts, H toggles; once the cards are played h toggles again.
    session = new_session("belote", "contree", 7)
    app = TableApp(session, 0, delay=0, hint_level=LEVEL)

    async def belote(pilot: Any, app: TableApp) -> None:
        screen = app.table
        obs = session.observation(0)
        assert obs.phase == "bidding" and session.is_human_turn()
        await pilot.press("H")
        await settle(pilot, app)
        assert screen.hints and screen.hint_action in obs.legal_actions
        assert session.observation(0) == obs
        hearts = screen.driver.action_for_key("h", obs, screen.bid_level)  # the lowest bid open, in hearts
        assert hearts is not None and hearts in obs.legal_actions and (hearts - b.BID) % 6 == 1
        await pilot.press("h")
        await pilot.pause()
        assert screen.hints, "h was a bid here, not the toggle"
        assert hearts in session.match.deals[-1].actions
        while session.observation(0).phase == "bidding" or not session.is_human_turn():
            await close_modals(pilot, app)
            now = session.observation(0)
            await press_action(pilot, app, b.PASS if now.phase == "bidding" else person_choice("belote", now))
        await pilot.press("h")
        await pilot.pause()
        assert not screen.hints

    run_app(app, belote)


class SpyBot:
    """A hint bot that writes down everything it is given (and may wait to be released)."""

    calls: ClassVar[list[tuple[Any, ...]]] = []
    gate: ClassVar[threading.Event | None] = None

    def __init__(self) -> None:
        self.name = "spy"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        SpyBot.calls.append((obs, rng.getstate(), budget))
        if SpyBot.gate is not None:
            assert SpyBot.gate.wait(10), "the test never released the bot"
        return int(obs.legal_actions[-1])


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> type[SpyBot]:
    monkeypatch.setitem(LEVELS, "spy", SpyBot)
    SpyBot.calls = []
    SpyBot.gate = None
    return SpyBot


@pytest.mark.parametrize(("game", "preset"), [("guinote", "aragones"), ("belote", "contree")])
def test_the_hint_bot_gets_only_the_observation(spy: type[SpyBot], game: str, preset: str) -> None:
    session = new_session(game, preset, 11)
    app = TableApp(session, 0, delay=0, hints=True, hint_level="spy")
    given: list[Any] = []

    async def body(pilot: Any, app: TableApp) -> None:
        for _ in range(3):
            await close_modals(pilot, app)
            await settle(pilot, app)
            obs = session.observation(0)
            given.append((obs, app.table.driver.position()))
            assert app.table.hint_action == obs.legal_actions[-1]
            await press_action(pilot, app, person_choice(game, obs))

    run_app(app, body)
    kind = BeloteObservation if game == "belote" else GuinoteObservation
    assert len(spy.calls) >= 3
    for (obs, rng_state, budget), (expected, (deal, actions)) in zip(spy.calls, given, strict=False):
        # The seat's observation, equal to what the person sees, and nothing else (no state, no match);
        # the generator seeded from the table's seed, the deal and the action number.
        assert type(obs) is kind and obs.seat == 0 and obs == expected
        assert rng_state == hint_rng(session.bot_seed, deal, actions).getstate() and budget is None


def test_the_screen_answers_while_the_bot_thinks_and_a_late_hint_is_dropped(spy: type[SpyBot]) -> None:
    session = new_session("guinote", "aragones", 7)
    app = TableApp(session, 0, delay=0, hints=True, hint_level="spy")
    gate = spy.gate = threading.Event()

    async def body(pilot: Any, app: TableApp) -> None:
        screen = app.table
        try:
            await pilot.pause()
            first = screen.driver.position()
            assert screen.hint_key == first and screen.hint_action is None
            assert hint_line(screen) == msg("play.hint.thinking", level="spy")
            # The person plays while the bot is still thinking: played at once, the hint cancelled.
            obs = session.observation(0)
            await press_action(pilot, app, person_choice("guinote", obs))
            assert session.observation(0) != obs
            assert screen.driver.position() != first
        finally:
            gate.set()
        await settle(pilot, app)
        assert screen.hint_key == screen.driver.position() != first
        assert screen.hint_action == session.observation(0).legal_actions[-1]

    run_app(app, body)
    assert len(spy.calls) == 2


def test_hints_fit_at_80x24() -> None:
    from .test_layout import check_table, run_sized

    session = new_session("guinote", "aragones", 7)
    app = TableApp(session, 0, lang="es", delay=0, hints=True, hint_level=LEVEL)

    async def body(pilot: Any, app: TableApp) -> None:
        await settle(pilot, app)
        check_table(app)
        line = app.table.query_one("#hint", Static)
        footer = app.table.query_one(Footer)
        assert line.region.height >= 1 and line.region.bottom <= footer.region.y
        assert str(line.render()).startswith("pista (heuristic): juega ")

    run_sized(app, (80, 24), body)


def test_hints_parse_and_reach_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = build_parser()
    args = parser.parse_args(["play", "--no-save", "--seed", "3"])
    assert args.hints is False and args.hint_level is None
    args = parser.parse_args(["play", "--hints", "--hint-level", LEVEL, "--no-save", "--seed", "3"])
    assert args.hints is True and args.hint_level == LEVEL
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--hint-level", "genius"])
    opened: list[TableApp] = []
    monkeypatch.setattr(TableApp, "run", lambda self, **kw: opened.append(self))
    assert args.run(args) == 0
    assert opened[0].hints is True and opened[0].hint_level == LEVEL
    args = parser.parse_args(["play", "--hints", "--no-save"])
    args.run(args)
    assert opened[1].hint_level == default_hint_level()


def test_the_default_hint_level_is_the_strongest() -> None:
    strongest = "expert" if "expert" in LEVELS else "pimc" if "pimc" in LEVELS else list(LEVELS)[-1]
    assert default_hint_level() == strongest
    assert default_hint_level({"random": 0, "expert": 0, "pimc": 0}) == "expert"
    assert default_hint_level({"random": 0, "ismcts": 0}) == "ismcts"
