"""``tapete replay``: the cursor over a recorded match, the seat views, ``--print`` and the app.

Records are made the way tapete makes them: a seeded match played by
RandomBot through observations, saved with :func:`tapete.core.record_file.save`.
The rule the seat view checks is the project's house rule that what a seat
may see comes only through its observation (tapete.games.Game.observe; the
Guiñote sources 001-003 and Belote 004 in /work/shared/seeds: hands are held
hidden, only cantes, the taken retourne, shown declarations and played cards
are public).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tapete
from tapete.belote.actions import DECLARE
from tapete.bots.random_bot import RandomBot
from tapete.cli.main import main
from tapete.core import record_file as records
from tapete.core.cards.deck import cards_of
from tapete.games import GAMES, game_of_rules, position_string
from tapete.replay.app import ReplayApp
from tapete.replay.cursor import ReplayCursor, ReplayError, start_state
from tapete.replay.text import ALL, action_text, body_text, position_text, replay_text, result_lines, views
from tapete.text import use_language
from tapete.text.cards import card_short
from tapete.text.messages import msg, set_translator

#: (game, preset, seed): four-player partnerships, two players and the Belote 3-player and 2-player variants;
#: Brisca in pairs, with the partner's hand shown, and at two.
CASES = [
    ("guinote", "aragones", 4),
    ("guinote", "aragones-2p", 1),
    ("brisca", "brisca", 3),
    ("brisca", "brisca-ensenando", 5),
    ("brisca", "brisca-2p", 8),
    ("belote", "classique", 3),
    ("belote", "trois-joueurs", 2),
    ("belote", "belote-a-deux", 6),
    ("belote", "decouverte", 5),
    ("belote", "coinche", 7),
]
IDS = [preset for _, preset, _ in CASES]


def play_match(game_name: str, preset: str, seed: int, limit: int | None = None) -> Any:
    """A seeded match played by RandomBot through observations (to the end, or ``limit`` actions)."""
    game = GAMES[game_name]
    match = game.new_match(game.rules(preset), seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    done = 0
    while not match.is_terminal() and (limit is None or done < limit):
        match.apply_action(bot.act(game.observe(match, match.current_player), rng))
        done += 1
    return match


def save_record(tmp: Path, game_name: str, preset: str, seed: int, limit: int | None = None) -> tuple[Path, Any]:
    match = play_match(game_name, preset, seed, limit)
    path = tmp / f"{preset}-{seed}.json"
    records.save(path, GAMES[game_name].to_record(match))
    return path, match


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any]]:
    """One finished match per case, saved to disk: preset -> (record path, the match played)."""
    tmp = tmp_path_factory.mktemp("records")
    return {preset: save_record(tmp, g, preset, seed) for g, preset, seed in CASES}


@pytest.fixture(autouse=True)
def english() -> Any:
    set_translator(None)
    yield
    set_translator(None)


# ====================================================================== the cursor
@pytest.mark.parametrize("preset", IDS)
def test_cursor_visits_every_position_and_ends_at_the_match(saved: dict[str, Any], preset: str) -> None:
    path, match = saved[preset]
    cursor = ReplayCursor.load(path)
    assert match.is_terminal() and cursor.deals == len(match.deals) > 0
    assert len(cursor) == sum(len(d.actions) + 1 for d in match.deals)
    seen = [(cursor.current.deal, cursor.current.step)]
    while True:
        before = cursor.index
        cursor.forward()
        if cursor.index == before:
            break
        seen.append((cursor.current.deal, cursor.current.step))
    expected = [(d, k) for d, deal in enumerate(match.deals) for k in range(len(deal.actions) + 1)]
    assert seen == expected
    assert position_string(cursor.current.state) == position_string(match.deal)
    # Every finished deal replays to the result the match recorded.
    for d, deal in enumerate(match.deals):
        last = cursor.deal_spots(d)[-1].state
        assert last.is_terminal() and last.result() == deal.result


@pytest.mark.parametrize("preset", ["aragones", "trois-joueurs"])
def test_back_then_forward_returns_the_same_position(saved: dict[str, Any], preset: str) -> None:
    cursor = ReplayCursor.load(saved[preset][0])
    rng = random.Random(0)
    for index in rng.sample(range(1, len(cursor) - 1), 20):
        cursor.goto(index)
        here = position_string(cursor.current.state)
        cursor.back()
        assert cursor.index == index - 1 and position_string(cursor.current.state) != here
        cursor.forward()
        assert cursor.index == index and position_string(cursor.current.state) == here
    assert cursor.start().back().index == 0
    assert cursor.end().forward().index == len(cursor) - 1


@pytest.mark.parametrize("preset", ["aragones-2p", "classique", "decouverte"])
def test_jump_to_a_deal_shows_its_first_position(saved: dict[str, Any], preset: str) -> None:
    path, match = saved[preset]
    cursor = ReplayCursor.load(path)
    game = cursor.game
    for d, deal in enumerate(match.deals):
        spot = cursor.end().goto_deal(d).current
        assert (spot.deal, spot.step, spot.action) == (d, 0, -1)
        assert spot.state.dealer == deal.dealer
        assert position_string(spot.state) == position_string(start_state(game, match, d))
        # As dealt: nothing played yet, the recorded scores before the deal.
        assert spot.state.tricks_played == 0 and tuple(spot.state.scores_before) == tuple(deal.scores_before)
    with pytest.raises(ReplayError, match="expected 1"):
        cursor.goto_deal(len(match.deals))


def test_trick_and_deal_steps(saved: dict[str, Any]) -> None:
    cursor = ReplayCursor.load(saved["aragones"][0])
    assert cursor.next_trick().current.state.tricks_played == 1
    first_trick = cursor.index
    # The fourth card closes the first trick at four players (001: one card from each seat).
    assert cursor.current.step == 4 and len(cursor.current.state.tricks) == 1
    assert cursor.next_trick().current.state.tricks_played == 2
    assert cursor.prev_trick().index == first_trick
    assert cursor.prev_trick().index == 0
    cursor.next_deal()
    assert (cursor.current.deal, cursor.current.step) == (1, 0)
    cursor.forward().forward()
    assert (cursor.prev_deal().current.deal, cursor.current.step) == (1, 0)
    assert (cursor.prev_deal().current.deal, cursor.current.step) == (0, 0)
    last = cursor.deals - 1
    cursor.goto_deal(last).next_deal()
    assert cursor.index == len(cursor) - 1


# ====================================================================== views
def card_tokens(text: str) -> set[str]:
    return set(re.findall(r"[^\s,;:()*|]+", text))


def hidden_from(state: Any, seat: int) -> set[int]:
    """The cards ``seat`` cannot see, read from the full state (not from an observation)."""
    hidden = 0
    n = state.n
    game = game_of_rules(state.rules).name
    if game in ("guinote", "brisca"):
        for p in range(n):
            if p != seat and not (game == "brisca" and shows_partner(state, seat, p)):
                hidden |= state.hands[p] & ~state.known[p]
        for c in state.stock:  # the face-up card under the stock is kept apart from it
            hidden |= 1 << c
    else:
        decouverte = state.rules.layout == "decouverte"
        for p in range(n):
            if p != seat and not decouverte:
                hidden |= state.hands[p] & ~state.known[p]
            hidden |= state.hidden[p]  # découverte: face down, its owner included (LS, E2)
        for c in state.rest:
            hidden |= 1 << c
        hidden |= state.out
    return set(cards_of(hidden))


def shows_partner(state: Any, seat: int, other: int) -> bool:
    """Brisca's ``show_partner``: whether ``seat`` is shown the hand of ``other``, its partner, now."""
    partner = state.n == 4 and (other - seat) % 2 == 0
    return partner and bool(GAMES["brisca"].observe_deal(state, seat).partner_hand)


def name_of(state: Any, card: int) -> str:
    """A card as the replay writes it short: in its own deck's words (``Ce``, ``Q♠``)."""
    return card_short(game_of_rules(state.rules).faces(state.rules), card)


@pytest.mark.parametrize("preset", IDS)
def test_a_seat_view_never_names_a_hidden_card(saved: dict[str, Any], preset: str) -> None:
    cursor = ReplayCursor.load(saved[preset][0])
    checked = 0
    for spot in cursor.spots[::3]:
        state = spot.state
        for seat in range(cursor.players):
            words = card_tokens(position_text(cursor, spot, seat))
            leaked = {name_of(state, c) for c in hidden_from(state, seat)} & words
            assert not leaked, f"seat {seat} sees {leaked} at deal {spot.deal + 1} action {spot.step}"
            own = {name_of(state, c) for c in cards_of(state.hands[seat])}
            assert own <= words  # its own face-up cards are there
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("preset", ["aragones", "coinche"])
def test_the_all_view_shows_every_hand(saved: dict[str, Any], preset: str) -> None:
    cursor = ReplayCursor.load(saved[preset][0])
    spot = cursor.goto(1).current
    words = card_tokens(body_text(cursor, spot, ALL))
    for hand in spot.state.hands:
        assert {name_of(spot.state, c) for c in cards_of(hand)} <= words
    seat_words = card_tokens(body_text(cursor, spot, 0))
    assert not {name_of(spot.state, c) for c in cards_of(spot.state.hands[1])} & seat_words


def test_a_declaration_is_not_described_to_other_seats(tmp_path: Path) -> None:
    """004: declarations are announced by kind and height; their cards are shown only after the first
    trick, so a seat's view names the action, not the declared cards that the all-hands view describes."""
    for seed in range(1, 60):
        path, _ = save_record(tmp_path, "belote", "classique", seed)
        cursor = ReplayCursor.load(path)
        spots = [s for s in cursor.spots if s.action == DECLARE]
        if spots:
            break
    else:
        pytest.skip("no declaration in these seeds")
    spot = spots[0]
    other = (spot.actor + 1) % 4
    seat_text = position_text(cursor, spot, other)
    all_text = position_text(cursor, spot, ALL)
    # Both views tell the declaration as announced (kind and height, public); neither names its cards.
    first = seat_text.splitlines()[1]
    assert first.startswith(f"{msg('seat', seat=spot.actor)}: declare (") and " announced " in first
    assert all_text.splitlines()[1] == first


#: A French rank letter or suit symbol naming a card: never for a Spanish-deck card (unless ``--french``).
FRENCH_CARD = re.compile(r"(?<![\w])(?:[AJQKVDR]|10|[2-9])[♠♥♦♣]|[♠♥♦♣]")


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("preset", ["aragones", "brisca", "brisca-2p", "coinche"])
def test_every_position_names_cards_in_their_own_deck_words(saved: dict[str, Any], preset: str, lang: str) -> None:
    """A Spanish deck is never written with French letters or suits, in any view and language; a French
    deck always is."""
    cursor = ReplayCursor.load(saved[preset][0])
    spanish = cursor.game.faces(cursor.rules) == "spanish"
    with use_language(lang):
        for spot in cursor.spots[::5]:
            for view in views(cursor.players):
                text = position_text(cursor, spot, view)
                if spanish:
                    assert not FRENCH_CARD.search(text), text
                elif spot.state.hands[0]:
                    assert FRENCH_CARD.search(text), text


@pytest.mark.parametrize("preset", ["aragones-2p", "brisca"])
def test_french_faces_show_a_spanish_deck_with_french_cards(saved: dict[str, Any], preset: str) -> None:
    """``--french`` names the same cards with French faces everywhere: the hands, the panel, the narration."""
    cursor = ReplayCursor.load(saved[preset][0])
    spot = cursor.goto(5).current
    for view in views(cursor.players):
        plain, french = position_text(cursor, spot, view), position_text(cursor, spot, view, french=True)
        assert not FRENCH_CARD.search(plain)
        assert FRENCH_CARD.search(french)
        own = cursor.game.faces(cursor.rules)
        if view != ALL:
            hand = cursor.game.observe_deal(spot.state, view).hand
            assert {card_short(own, c) for c in hand} <= card_tokens(plain)
            assert {card_short("french-40", c) for c in hand} <= card_tokens(french)


@pytest.mark.parametrize("preset", ["aragones", "classique", "brisca-2p"])
def test_a_seat_view_shows_the_match_score_before_its_deal(saved: dict[str, Any], preset: str) -> None:
    """The match part of a seat's view is the match as it stood during that deal, not at the record's end."""
    path, match = saved[preset]
    cursor = ReplayCursor.load(path)
    assert cursor.deals > 2
    for d in (0, 1, cursor.deals - 1):
        before = cursor.match_before(d)
        assert len(before.deals) == d + 1 and not before.deals[-1].actions
        assert tuple(before.scores[: len(match.deals[d].scores_before)]) == tuple(match.deals[d].scores_before)
    assert cursor.match_before(0).scores == [0] * len(match.scores)
    with pytest.raises(ReplayError):
        cursor.match_before(cursor.deals)


def test_views_cycle_every_hand_then_each_seat() -> None:
    assert views(3) == [ALL, 0, 1, 2]


# ====================================================================== results and unfinished records
def test_the_last_position_says_who_won(saved: dict[str, Any]) -> None:
    path, match = saved["classique"]
    cursor = ReplayCursor.load(path)
    text = position_text(cursor, cursor.end().current, 1)
    # The game's own breakdown of the deal (as the table's log says it), then the match's end.
    assert text.endswith(f"The match is over: team {match.winner} won.")
    assert "match score: " + " - ".join(str(x) for x in match.scores) in text


def test_an_unfinished_record_stops_where_the_game_stopped(tmp_path: Path) -> None:
    path, match = save_record(tmp_path, "guinote", "aragones-2p", 9, limit=57)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["table"] = {"seats": ["human", "bot"], "levels": ["", "random"], "bot_seed": 3}  # as tapete play writes
    records.save(path, data)
    cursor = ReplayCursor.load(path)
    assert not match.is_terminal()
    assert position_string(cursor.end().current.state) == position_string(match.deal)
    assert msg("replay.unfinished") in position_text(cursor, cursor.current, ALL)


# ====================================================================== the command line
def test_print_one_deal_from_one_seat(saved: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, match = saved["trois-joueurs"]
    assert main(["replay", str(path), "--print", "--deal", "2", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    actions = len(match.deals[1].actions)
    deals = len(match.deals)
    assert out.count("-" * 72 + "\n") == actions + 1
    assert f"deal 2 of {deals}, action 0 of {actions} | what seat 1 sees" in out
    assert f"deal 2 of {deals}, action {actions} of {actions}" in out
    assert "deal 1 of" not in out and "deal 3 of" not in out


def test_print_in_spanish(saved: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = saved["aragones-2p"]
    assert main(["replay", str(path), "--print", "--deal", "1", "--all", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "mano 1 de" in out and "todas las cartas" in out


def test_without_a_terminal_replay_prints(saved: dict[str, Any]) -> None:
    """Not a terminal (a pipe): the app is not opened, the replay is written as text."""
    path, match = saved["coinche"]
    env = dict(os.environ, PYTHONPATH=str(Path(tapete.__file__).resolve().parent.parent))
    done = subprocess.run(
        [sys.executable, "-m", "tapete.cli", "replay", str(path), "--seat", "0"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("-" * 72 + "\n") == sum(len(d.actions) + 1 for d in match.deals)
    assert done.stdout.count("what seat 0 sees") >= len(match.deals)


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (None, "no record at"),
        ("{not json", "not valid JSON"),
        ('{"format": "something else"}', "not a tapete record"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_a_missing_or_corrupt_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, detail: str
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), "--print"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("tapete replay: error:")
    assert detail in captured.err and "Traceback" not in captured.err


def test_a_record_that_does_not_replay_is_one_line(
    saved: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(saved["aragones"][0].read_text(encoding="utf-8"))
    data["deals"][0]["actions"][1] = data["deals"][0]["actions"][0]  # the same card twice
    path = tmp_path / "bad.json"
    records.save(path, data)
    assert main(["replay", str(path), "--print"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "record deal 1 action 2" in err


@pytest.mark.parametrize(
    ("args", "detail"),
    [(["--seat", "4"], "expected a seat from 0 to 3"), (["--deal", "0"], "expected a deal from 1 to")],
)
def test_a_seat_or_deal_the_record_lacks_is_one_line(
    saved: dict[str, Any], capsys: pytest.CaptureFixture[str], args: list[str], detail: str
) -> None:
    assert main(["replay", str(saved["classique"][0]), "--print", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and detail in err


# ====================================================================== the app
def test_the_app_steps_with_its_keys(saved: dict[str, Any]) -> None:
    path, match = saved["aragones"]
    cursor = ReplayCursor.load(path)
    deals = len(match.deals)
    first, second = (len(match.deals[d].actions) for d in (0, 1))
    # Seat 0's view counts the actions seat 0 saw: not another seat's declined optional decision (issue 12 §1).
    first_seen, second_seen = (cursor.shown_length(d, 0) for d in (0, 1))

    async def drive() -> list[str]:
        app = ReplayApp(cursor, name=path.name)
        seen: list[str] = []
        async with app.run_test(size=(120, 50)) as pilot:

            async def press(*keys: str) -> None:
                await pilot.press(*keys)
                await pilot.pause()
                seen.append(app.status_text().splitlines()[0])
                assert app.sub_title in seen[-1]

            await press("right", "right", "right")
            await press("left")
            await press("n")
            await press("pagedown")
            await press("right_square_bracket")
            await press("left_square_bracket")
            await press("end")
            await press("home")
            await press("v")
            await press("g", "2", "enter")
            await press("g", "9", "9", "enter")
            await press("v", "v", "v", "v")
            await pilot.press("q")
            await pilot.pause()
            seen.append("running" if app.is_running else "closed")
        return seen

    seen = asyncio.run(drive())
    every = "every hand"
    assert seen == [
        f"deal 1 of {deals}, action 3 of {first} | {every}",
        f"deal 1 of {deals}, action 2 of {first} | {every}",
        f"deal 1 of {deals}, action 4 of {first} | {every}",
        f"deal 2 of {deals}, action 0 of {second} | {every}",
        f"deal 3 of {deals}, action 0 of {len(match.deals[2].actions)} | {every}",
        f"deal 2 of {deals}, action 0 of {second} | {every}",
        f"deal {deals} of {deals}, action {len(match.deals[-1].actions)} of {len(match.deals[-1].actions)} | {every}",
        f"deal 1 of {deals}, action 0 of {first} | {every}",
        f"deal 1 of {deals}, action 0 of {first_seen} | what seat 0 sees",
        f"deal 2 of {deals}, action 0 of {second_seen} | what seat 0 sees",
        f"deal 2 of {deals}, action 0 of {second_seen} | what seat 0 sees",  # deal 99 is refused: nothing moves
        f"deal 2 of {deals}, action 0 of {second} | {every}",
        "closed",
    ]


def test_the_app_shows_the_board_of_the_view(saved: dict[str, Any]) -> None:
    path, _ = saved["trois-joueurs"]
    cursor = ReplayCursor.load(path)

    async def drive() -> tuple[str, str]:
        app = ReplayApp(cursor, view=2)
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("right")
            await pilot.pause()
            board = str(app.query_one("#board").content)  # type: ignore[attr-defined]
            status = str(app.query_one("#status").content)  # type: ignore[attr-defined]
        return board, status

    board, status = asyncio.run(drive())
    assert board == body_text(cursor, cursor.current, 2)
    assert status.startswith(f"deal 1 of {cursor.deals}, action 1 of") and "what seat 2 sees" in status


@pytest.mark.parametrize("preset", ["aragones-2p", "decouverte", "brisca-ensenando"])
def test_the_app_draws_every_view_of_every_game(saved: dict[str, Any], preset: str) -> None:
    """Driven headless, the app shows for each game what ``--print`` writes, in every view and at a deal's end."""
    cursor = ReplayCursor.load(saved[preset][0])

    async def drive() -> list[tuple[int, str, str]]:
        app = ReplayApp(cursor)
        seen: list[tuple[int, str, str]] = []
        async with app.run_test(size=(120, 60)) as pilot:
            for keys in (("right",) * 7, ("n",), ("n", "n"), ("pagedown", "left")):
                await pilot.press(*keys)
                for _ in views(cursor.players):
                    await pilot.press("v")
                    await pilot.pause()
                    board = str(app.query_one("#board").content)  # type: ignore[attr-defined]
                    spot = cursor.current
                    result = result_lines(cursor, spot)
                    expected = body_text(cursor, spot, app.view) + ("\n\n" + "\n".join(result) if result else "")
                    assert app.status_text().splitlines()[1] == action_text(cursor, spot, app.view)
                    seen.append((app.view, board, expected))
        return seen

    seen = asyncio.run(drive())
    assert len({view for view, _, _ in seen}) == cursor.players + 1
    for _, board, expected in seen:
        assert board == expected
    # The last stop is the end of the first deal: its score is on the board.
    assert cursor.current.state.is_terminal() and cursor.current.deal == 0
    assert result_lines(cursor, cursor.current)[0] in seen[-1][1]


def test_replay_text_covers_one_deal(saved: dict[str, Any]) -> None:
    cursor = ReplayCursor.load(saved["belote-a-deux"][0])
    blocks = list(replay_text(cursor, ALL, deal=0))
    assert len(blocks) == len(cursor.deal_spots(0)) and blocks[0].startswith("deal 1 of")


# ====================================================================== issue 12 §1: declined decisions
def test_a_seat_view_steps_over_another_seats_declined_decision() -> None:
    """Issue 12 §1: a declined optional decision is "not in the replay shown to other seats": a seat's view
    neither shows nor counts it; its own seat's view and the view of every hand do."""
    game = GAMES["guinote"]
    rules = game.rules("aragones")
    for seed in range(50):
        match = game.new_match(rules, seed=seed)
        while len(match.deals) == 1:  # the lowest card, else decline (no cante, no exchange)
            legal = match.legal_actions()
            declines = [a for a in legal if game.is_silent(rules, a)]
            match.apply_action(min(legal) if min(legal) < 40 or not declines else declines[0])
        cursor = ReplayCursor.from_record(game.to_record(match))
        silent = [i for i, s in enumerate(cursor.spots) if s.before is not None and game.is_silent(rules, s.action)]
        if silent:
            break
    assert silent, "a deal has a declined decision"
    actor = cursor.spots[silent[0]].actor
    other = (actor + 1) % 4
    assert cursor.hidden(silent[0], other) and not cursor.hidden(silent[0], actor)
    assert not cursor.hidden(silent[0], None)
    seen = cursor.seen(other)
    assert cursor.spots[silent[0]] not in seen and len(seen) < len(cursor.spots)
    assert cursor.shown_length(0, other) == len(match.deals[0].actions) - sum(
        1 for i in silent if cursor.spots[i].actor != other
    )
    assert cursor.shown_length(0, None) == len(match.deals[0].actions)
    # Stepping in the other seat's view never lands on it; the printed replay has one block per seen position.
    cursor.view(other).goto(silent[0] - 1)
    assert cursor.forward().index == silent[0] + 1 or cursor.hidden(silent[0] + 1, other)
    assert cursor.back().index == silent[0] - 1
    blocks = list(replay_text(cursor, other, deal=0))
    assert len(blocks) == len([s for s in seen if s.deal == 0])
    # The position before the decision, in the other seat's view, already shows it declined.
    before = body_text(cursor, cursor.spots[silent[0] - 1], other)
    after = body_text(cursor, cursor.spots[silent[0]], other)
    assert before == after
