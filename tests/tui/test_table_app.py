"""The terminal table played headless through Textual's pilot: whole matches of both games.

Seat 0 is a person choosing through key presses and clicks (tests/tui/helpers.py),
the bots the other seats, with no delay. Seeds were found with
``helpers.play_headless`` so that each match meets what the test names (a cante,
the 7 exchange, a take, a bid and a coinche). Rules: docs/rules/guinote.md
(002: cantes §06, the 7 exchange after a trick won, arrastre duties §05) and
docs/rules/belote.md (004 taking rounds; contrée auction and coinche).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tapete.cli.main import build_parser
from tapete.cli.play import build_session
from tapete.core.words import SideRef
from tapete.guinote import actions as g
from tapete.table.explain import explain_illegal
from tapete.table.store import latest_unfinished
from tapete.text.messages import msg, set_translator
from tapete.tui.app import TableApp
from tapete.tui.cards import HandView

from .helpers import close_modals, new_session, person_choice, play_headless, play_out, press_action, run_app

SHORT = {"target": "60", "partidas_to_win": "1"}


def test_guinote_match_with_cante_and_exchange() -> None:
    session = new_session("guinote", "aragones", 27, SHORT)
    app = TableApp(session, 0, delay=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        chosen = await play_out(pilot, app, click_every=3)
        seen["chosen"] = chosen
        seen["log"] = list(app.table.log_lines)
        seen["status"] = app.table.status_text

    run_app(app, body)
    assert session.is_over()
    chosen, log = seen["chosen"], seen["log"]
    assert any(g.SING <= a < g.TUTE for a in chosen) and g.EXCHANGE in chosen
    # Narration says what happened ("Seat 0 sang the twenty in oros"), never a button's verb.
    assert any(line.lower().startswith("seat 0 sang") for line in log), log
    assert any(line.lower().startswith("seat 0 exchange") for line in log), log
    assert "The deal is over." in log and any(line.startswith("The match is over") for line in log)
    winner = session.match.winner
    assert seen["status"] == msg("play.status.match_over", side=SideRef(4, winner))


def test_guinote_illegal_choices_are_explained_and_change_nothing() -> None:
    # arrastre-temprano: the arrastre duties from the first trick (001 "arrastre temprano").
    session = new_session("guinote", "arrastre-temprano", 3, SHORT)
    app = TableApp(session, 0, delay=0)
    checked: list[str] = []

    async def body(pilot: Any, app: TableApp) -> None:
        screen = app.table
        while not session.is_over() and len(checked) < 2:
            await close_modals(pilot, app)
            obs = session.observation(0)
            illegal = [c for c in obs.hand if c not in obs.legal_actions]
            if illegal:
                key, values = explain_illegal("guinote", obs, illegal[0])
                lines = len(screen.log_lines)
                hand = screen.query_one(HandView)
                if not checked:
                    await pilot.press(str(hand.slot_of(illegal[0]) + 1), "enter")
                else:
                    await pilot.click(f"#slot-{hand.slot_of(illegal[0])}")
                await pilot.pause()
                assert screen.status_text == msg(key, **values) and screen.error
                assert session.observation(0) == obs and len(screen.log_lines) == lines
                checked.append(key)
            await press_action(pilot, app, person_choice("guinote", obs))
            assert not screen.error
        # A letter for an action that is not legal now is explained too.
        obs = session.observation(0)
        if g.EXCHANGE not in obs.legal_actions:
            await pilot.press("x")
            await pilot.pause()
            key, values = explain_illegal("guinote", obs, g.EXCHANGE)
            assert screen.error and screen.status_text == msg(key, **values)
        await pilot.press("q")

    run_app(app, body)
    assert len(checked) == 2 and all(k.startswith("play.explain.must_") for k in checked)


def test_guinote_two_players_whole_match_by_clicks() -> None:
    session = new_session("guinote", "aragones-2p", 5, SHORT)
    run_app(TableApp(session, 0, delay=0), lambda pilot, app: _play(pilot, app, click_every=1))
    assert session.is_over() and len(session.match.deals) >= 1


async def _play(pilot: Any, app: TableApp, click_every: int = 0) -> None:
    await play_out(pilot, app, click_every=click_every)


def test_belote_match_with_take_and_declaration() -> None:
    session = new_session("belote", "classique", 11, {"target": "100"})
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        seen["chosen"] = await play_out(pilot, app, click_every=4)
        seen["log"] = list(app.table.log_lines)

    run_app(TableApp(session, 0, delay=0), body)
    assert session.is_over()
    log = seen["log"]
    # What happened, not a button's verb: "Seat 0 took in clubs", "Seat 0 announced tierce ...".
    assert any(line.lower().startswith("seat 0 took in") for line in log), log
    assert any(line.startswith("Contract: ") and line.endswith("taken by seat 0") for line in log), log
    assert any(line.lower().startswith("seat 0 announced") for line in log), log
    assert any(line.startswith("The match is over") for line in log)


def test_belote_contree_bid_and_coinche() -> None:
    session = new_session("belote", "contree", 11, {"target": "100"})
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        seen["chosen"] = await play_out(pilot, app, click_every=5)
        seen["log"] = list(app.table.log_lines)

    run_app(TableApp(session, 0, delay=0), body)
    assert session.is_over()
    log = seen["log"]
    assert "seat 0 coinched" in [line.lower() for line in log], log
    assert any(line.lower().startswith("seat 0 bid 80 in") for line in log), log
    assert any("coinched (x" in line for line in log if line.startswith("Contract:")), log


def test_resume_after_quitting_mid_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAPETE_HOME", str(tmp_path))
    # The same match uninterrupted, for comparison: bots draw from (seed, deal, action), so it replays.
    reference = new_session("guinote", "aragones", 27, SHORT)
    play_headless(reference)
    session = new_session("guinote", "aragones", 27, SHORT, save=True)
    assert session.path is not None and session.path.parent == tmp_path / "games"
    kept: dict[str, Any] = {}

    async def first(pilot: Any, app: TableApp) -> None:
        await play_out(pilot, app, stop=lambda obs: len(obs.tricks) >= 4)
        kept["obs"] = session.observation(0)
        kept["log"] = list(app.table.log_lines)
        await pilot.press("q")

    run_app(TableApp(session, 0, delay=0), first)
    assert not session.is_over() and latest_unfinished(game="guinote") == session.path
    args = build_parser().parse_args(["play", "--resume"])
    resumed, seat = build_session(args)
    assert seat == 0 and resumed.path == session.path
    assert resumed.observation(0) == kept["obs"]

    async def resumed_log(pilot: Any, app: TableApp) -> None:
        # The log of the deal is rebuilt from the record, as the person saw it (still the first deal here).
        assert resumed.deal_number == 1 and len(kept["log"]) > 8
        assert app.table.log_lines[1:] == kept["log"][1:]
        await _play(pilot, app)

    run_app(TableApp(resumed, 0, delay=0), resumed_log)
    assert resumed.is_over() and latest_unfinished() is None
    assert [d.actions for d in resumed.match.deals] == [d.actions for d in reference.match.deals]


def test_modals_help_last_trick_and_language() -> None:
    session = new_session("guinote", "aragones", 27, SHORT)
    app = TableApp(session, 0, lang="es", delay=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        seen["help"] = app.screen.id
        await pilot.press("escape")
        await play_out(pilot, app, stop=lambda obs: len(obs.tricks) >= 1)
        await pilot.press("l")
        await pilot.pause()
        seen["last"] = app.screen.id
        await pilot.press("enter")
        await pilot.pause()
        seen["back"] = app.screen is app.table
        seen["title"] = app.title
        seen["status"] = app.table.status_text

    try:
        run_app(app, body)
        assert seen["title"] == msg("play.title", game="Guiñote")
        spanish_status = seen["status"]
    finally:
        set_translator(None)
    assert seen["help"] == "help" and seen["last"] == "last-trick" and seen["back"]
    assert spanish_status != msg("play.status.lead") and spanish_status != msg("play.status.play")


def test_bots_move_one_at_a_time_with_a_delay() -> None:
    session = new_session("guinote", "aragones", 27, SHORT)
    seen: dict[str, Any] = {}

    def plays(screen: Any) -> list[str]:
        return [line for line in screen.log_lines[seen["before"] :] if " played " in line.lower()]

    async def body(pilot: Any, app: TableApp) -> None:
        screen = app.table
        while not session.is_human_turn():  # seat 1 leads: the bots play one card per tick
            await pilot.pause(0.02)
        seen["before"] = len(screen.log_lines)
        obs = session.observation(0)
        await press_action(pilot, app, person_choice("guinote", obs))
        seen["right_after"] = plays(screen)
        seen["waiting"] = screen.status_text
        # The next bot's card comes a delay later, alone.
        for _ in range(500):
            if len(plays(screen)) > 1:
                break
            await pilot.pause(0.02)
        seen["next"] = plays(screen)
        await pilot.press("q")

    # A delay far above the time a click takes on a loaded machine (the pilot may click twice).
    run_app(TableApp(session, 0, delay=3.0), body)
    assert len(seen["right_after"]) == 1 and seen["right_after"][0].lower().startswith(
        "seat 0 played"
    )
    assert seen["waiting"].endswith("is thinking…")
    assert len(seen["next"]) == 2 and seen["next"][1].lower().startswith("seat 1 played"), seen["next"]


def test_a_failed_save_warns_and_the_match_goes_on(tmp_path: Path) -> None:
    session = new_session("guinote", "aragones", 27, SHORT, save=True, directory=tmp_path / "games")
    folder = tmp_path / "games"
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    folder.write_text("a file where the games folder was", encoding="utf-8")

    async def body(pilot: Any, app: TableApp) -> None:
        await play_out(pilot, app, stop=lambda obs: len(obs.tricks) >= 2)
        screen = app.table
        warned = [line for line in screen.log_lines if "not being saved" in line]
        assert len(warned) == 1 and "Not a directory" in warned[0]
        assert app.is_running and app.screen is screen
        # The help no longer promises that quitting keeps the match.
        await pilot.press("question_mark")
        await pilot.pause()
        help_text = str(app.screen.body)
        assert msg("play.help.quit_unsaved") in help_text and msg("play.help.quit") not in help_text
        await pilot.press("escape")
        await pilot.press("q")

    run_app(TableApp(session, 0, delay=0), body)
    assert session.save_error is not None and not session.is_over()
