"""tapete.table.narrate: the log of a match, told from public information only.

Matches are played headless by the person's test policy (tests/tui/helpers.py)
and the bots; the seeds meet a cante and the 7 exchange (Guiñote, 002 §06) and a
bid, coinche and declarations (Belote contrée, 004 "Declaraciones").
"""

from __future__ import annotations

from typing import Any

import pytest

from tapete.cli.messages import set_translator
from tapete.games import GAMES
from tapete.guinote.rules import GuinoteRules
from tapete.i18n import translator
from tapete.table.narrate import Happened, narrate, score_label
from tapete.tui.driver import TableDriver

from .helpers import new_session, person_choice

SHORT = {"target": "60", "partidas_to_win": "1"}


def log_of(game: str, preset: str, seed: int, options: dict[str, str]) -> list[str]:
    session = new_session(game, preset, seed, options)
    driver = TableDriver(session, 0)
    lines: list[str] = []
    while not session.is_over():
        if session.is_human_turn():
            happened = driver.play(person_choice(game, driver.view()))
        else:
            step = driver.bot_step()
            assert step is not None
            happened = step
        lines += driver.lines(happened)
    return lines


def test_guinote_log() -> None:
    lines = log_of("guinote", "aragones", 27, SHORT)
    assert lines[0].startswith("seat ") and " plays " in lines[0]
    tricks = [line for line in lines if " wins the trick (" in line]
    assert len(tricks) == 10  # 40 cards, 4 players (002)
    assert any(line.startswith("seat 0 sings ") for line in lines)
    assert any(line.startswith("seat 0 exchanges the 7 of trumps") for line in lines)
    assert "the stock is gone: arrastre, strict play from now on" in lines
    over = lines.index("The deal is over.")
    assert lines[over + 1].startswith("team 0 (seats 0, 2): ") and "last trick" in lines[over + 1]
    assert lines[-1].startswith("The match is over: team ")


def test_trick_points_are_the_cards_points() -> None:
    # 002 §03: as 11, tres 10, rey 4, sota 3, caballo 2 (sota above caballo in the aragonés order).
    game = GAMES["guinote"]
    match = game.new_match(game.rules("aragones-2p"), seed=1)
    for _ in range(2):
        seat = match.current_player
        before = game.observe(match, seat)
        action = before.legal_actions[0]
        match.apply_action(action)
        after = game.observe(match, seat)
        lines = narrate("guinote", Happened(seat, action, before, after))
    points = {0: 11, 2: 10, 9: 4, 7: 3, 8: 2}
    _, winner, cards = after.tricks[-1]
    total = sum(points.get(c % 10, 0) for c in cards)
    assert lines[1] == f"seat {winner} wins the trick ({total} points)"


def test_belote_log() -> None:
    lines = log_of("belote", "contree", 11, {"target": "100"})
    assert lines[0] == "seat 0: 80 in spades ♠"
    assert "seat 0: coinche" in lines and "seat 1: surcoinche" in lines
    assert "contract: 160 in clubs ♣, surcoinched (x4), taken by seat 3" in lines
    assert "seat 0 announces tierce to the Q (20), tierce to the Q (20)" in lines
    assert any(line.startswith("declarations: team 0 (seats 0, 2) scores 40") for line in lines)
    assert sum(" wins the trick (" in line for line in lines) == 8


def test_belote_redeal_and_taking() -> None:
    # 004 "Preparación": two taking rounds; when everybody passes twice the deal is void.
    g = GAMES["belote"]
    match: Any = g.new_match(g.rules("classique"), seed=2)
    lines: list[str] = []
    for _ in range(8):
        seat, state = match.current_player, match.deal
        before = g.observe(match, 0)
        match.apply_action(32)  # pass
        record = match.deals[0] if match.deals[0].result is not None else None
        lines += narrate("belote", Happened(seat, 32, before, g.observe_deal(state, 0), record))
    assert lines.count("nobody took: second round of the taking") == 1
    assert lines[-1] == "everybody passed: no score, the next dealer deals"
    assert len(match.deals) == 2


@pytest.mark.parametrize(("game", "preset", "seed"), [("guinote", "aragones", 27), ("belote", "contree", 11)])
def test_every_seat_tells_the_same_story(game: str, preset: str, seed: int) -> None:
    """Narration reads public information only: each seat's observations give the same lines."""
    g = GAMES[game]
    match: Any = g.new_match(g.rules(preset, {"target": "60"} if game == "guinote" else {"target": "100"}), seed=seed)
    rng_pick = 0
    while not match.is_terminal():
        seat = match.current_player
        state = match.deal
        befores = [g.observe(match, s) for s in range(match.players)]
        legal = match.legal_actions()
        action = legal[rng_pick % len(legal)]
        rng_pick += 7
        index = len(match.deals) - 1
        match.apply_action(action)
        record = match.deals[index] if match.deals[index].result is not None else None
        told = {
            tuple(narrate(game, Happened(seat, action, befores[s], g.observe_deal(state, s), record, match.winner)))
            for s in range(match.players)
        }
        assert len(told) == 1


def test_scores_in_malas_and_buenas() -> None:
    # 002 §07: the first 50 points are malas, the rest buenas.
    rules = GuinoteRules.preset("aragones")
    assert [score_label("guinote", rules, p) for p in (0, 50, 51, 101)] == [
        "0 malas",
        "50 malas",
        "1 buenas",
        "51 buenas",
    ]
    assert score_label("guinote", GuinoteRules.preset("clasico"), 51) == "51"
    try:
        set_translator(translator("fr"))
        french = log_of("guinote", "aragones", 27, SHORT)
    finally:
        set_translator(None)
    assert any(line.startswith("le joueur 0 chante") for line in french)
