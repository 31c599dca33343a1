"""The table session: seats, bots on observations, autosave after every action, resume.

Issue 4: "Every game autosaves its record; ``tapete play --resume`` continues the
last unfinished match, and a crash or Ctrl-C loses nothing."
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tapete.core import record_file as records
from tapete.core.errors import IllegalActionError, RecordError, SetupError
from tapete.games import GAMES
from tapete.table import TableSession, latest_unfinished
from tapete.table.store import default_directory

CASES = [("guinote", "aragones"), ("guinote", "clasico-2p"), ("belote", "classique"), ("belote", "trois-joueurs")]


def _human_move(table: TableSession, rng: random.Random) -> None:
    seat = table.current_player
    obs = table.observation(seat)
    table.play(seat, obs.legal_actions[rng.randrange(len(obs.legal_actions))])


def _play_some(table: TableSession, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        if table.is_over():
            return
        table.run_bots()
        if table.is_human_turn():
            _human_move(table, rng)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_action_is_saved_and_resume_continues_the_same_match(tmp_path: Path, game: str, preset: str) -> None:
    g = GAMES[game]
    rules = g.rules(preset, {"target": "301"} if game == "belote" else None)
    table = TableSession.new(g, rules, humans=(0,), seed=11, directory=tmp_path)
    rng = random.Random(3)
    _play_some(table, 15, rng)
    assert table.path is not None and table.path.exists()
    # What is on disk is exactly the table now: a crash here loses nothing.
    saved = records.load(table.path)
    assert saved == json.loads(records.dumps(table.record()))
    resumed = TableSession.resume(table.path)
    assert resumed.seats == table.seats and resumed.levels == table.levels
    assert [d.actions for d in resumed.match.deals] == [d.actions for d in table.match.deals]
    # Both play on identically: bots draw from (seed, deal, action), not from process state.
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(40):
        if table.is_over():
            break
        assert table.run_bots() == resumed.run_bots()
        if table.is_human_turn():
            _human_move(table, rng_a)
            _human_move(resumed, rng_b)
    assert table.match.scores == resumed.match.scores
    assert [d.actions for d in resumed.match.deals] == [d.actions for d in table.match.deals]


def test_an_illegal_choice_changes_nothing_and_saves_nothing(tmp_path: Path) -> None:
    g = GAMES["belote"]
    table = TableSession.new(g, g.rules("classique"), humans=(0, 1, 2, 3), seed=2, directory=tmp_path)
    assert table.path is not None
    before = table.path.read_text(encoding="utf-8")
    seat = table.current_player
    legal = set(table.observation(seat).legal_actions)
    illegal = next(a for a in range(60) if a not in legal)
    with pytest.raises(IllegalActionError):
        table.play(seat, illegal)
    with pytest.raises(IllegalActionError, match="not seat"):
        table.play((seat + 1) % 4, next(iter(legal)))
    assert table.path.read_text(encoding="utf-8") == before
    assert table.match.deals[-1].actions == []


def test_bots_act_only_on_their_seat_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one door: what a bot is handed is its own seat's observation, nothing else."""
    g = GAMES["guinote"]
    table = TableSession.new(g, g.rules("aragones"), humans=(), seed=4, save=False)
    seen: list[tuple[int, object]] = []

    class Spy:
        name = "spy"

        def act(self, obs: object, rng: random.Random) -> int:
            seen.append((obs.seat, obs))  # type: ignore[attr-defined]
            return obs.legal_actions[0]  # type: ignore[attr-defined,no-any-return]

    table.bots = {s: Spy() for s in range(4)}
    steps = table.run_bots(limit=30)
    assert len(steps) == 30
    for (seat, obs), (acted, _) in zip(seen, steps, strict=True):
        assert seat == acted
        assert type(obs).__name__ == "GuinoteObservation"


def test_new_table_refuses_a_seat_that_is_not_there() -> None:
    g = GAMES["guinote"]
    with pytest.raises(SetupError, match=r"seat 2 is not at this table: expected 0\.\.1"):
        TableSession.new(g, g.rules("aragones-2p"), humans=(2,), save=False)


def test_latest_unfinished_skips_finished_foreign_and_corrupt_files(tmp_path: Path) -> None:
    g = GAMES["guinote"]
    older = TableSession.new(g, g.rules("aragones"), humans=(0,), seed=1, directory=tmp_path)
    newer = TableSession.new(g, g.rules("aragones"), humans=(0,), seed=2, directory=tmp_path)
    assert older.path is not None and newer.path is not None
    newer.path.touch()
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "other.json").write_text('{"format": "something else"}', encoding="utf-8")
    assert latest_unfinished(tmp_path) == newer.path
    assert latest_unfinished(tmp_path, game="belote") is None
    finished = json.loads(newer.path.read_text(encoding="utf-8"))
    finished["finished"] = True
    newer.path.write_text(json.dumps(finished), encoding="utf-8")
    assert latest_unfinished(tmp_path) == older.path
    assert latest_unfinished(tmp_path / "nowhere") is None


def test_resume_refuses_a_record_without_a_table(tmp_path: Path) -> None:
    g = GAMES["guinote"]
    match = g.new_match(g.rules("aragones"), seed=1)
    path = tmp_path / "plain.json"
    records.save(path, g.to_record(match))
    with pytest.raises(RecordError, match='no "table"'):
        TableSession.resume(path)
    with pytest.raises(RecordError, match="no record at"):
        TableSession.resume(tmp_path / "missing.json")


def test_save_directory_follows_tapete_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TAPETE_HOME", str(tmp_path))
    assert default_directory() == tmp_path / "games"


# ====================================================================== issue 12 §1: declined decisions
def _pending_private_turn(preset: str) -> TableSession:
    """A table of people where a seat holds an optional decision nobody else may see (not its own lead)."""
    game = GAMES["guinote"]
    for seed in range(200):
        table = TableSession.new(game, game.rules(preset), humans=range(4), seed=seed, save=False)
        while not table.is_over() and len(table.match.deals) == 1:
            if table.private_turn() and table.public_player != table.current_player:
                return table
            obs = table.observation(table.current_player)
            table.play(table.current_player, min(obs.legal_actions))
    raise AssertionError("no private turn found")


def test_another_seats_pending_decision_shows_as_declined_and_the_next_action_closes_it() -> None:
    """Issue 12 §1: whether a seat was offered an optional action is private to it; the next public
    action (the lead) closes it, as at a real table."""
    table = _pending_private_turn("aragones")
    holder, leader = table.current_player, table.public_player
    assert table.observation(holder).legal_actions  # the holder sees its own choice
    for seat in range(4):
        if seat != holder:
            assert table.observation(seat).current_player == leader
    choice = min(table.observation(leader).legal_actions)
    before = len(table.match.deals[-1].actions)
    with pytest.raises(IllegalActionError):  # a refused action declines nothing either
        table.play((leader + 1) % 4 if (leader + 1) % 4 != holder else (leader + 2) % 4, choice)
    assert len(table.match.deals[-1].actions) == before
    steps = table.play(leader, choice)
    assert steps[-1] == (leader, choice) and steps[0][0] == holder
    assert all(GAMES["guinote"].is_silent(table.rules, a) for _, a in steps[:-1])


def test_bots_choose_from_the_public_actions_only() -> None:
    """A declined decision changes no bot's generator: the bots' choices depend on what everybody saw."""
    table = _pending_private_turn("aragones")
    rng = table._bot_rng().random()
    seat = table.current_player
    decline = next(a for a in table.observation(seat).legal_actions if GAMES["guinote"].is_silent(table.rules, a))
    table.play(seat, decline)
    assert table._bot_rng().random() == rng


def _break_folder(folder: Path) -> None:
    """The games folder replaced by a file: every later save fails (as a full disk or lost permission would)."""
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    folder.write_text("not a folder", encoding="utf-8")


def test_a_failed_save_lets_play_go_on_and_says_why(tmp_path: Path) -> None:
    game = GAMES["guinote"]
    table = TableSession.new(game, game.rules("aragones"), humans=(0,), seed=4, directory=tmp_path / "games")
    _break_folder(tmp_path / "games")
    rng = random.Random(1)
    _play_some(table, 6, rng)  # no exception: the game goes on
    assert table.save_error is not None
    # One line that names the file and the reason, and nothing of the cards.
    assert str(table.save_error) == f"cannot save the table to {str(table.path)!r}: Not a directory"
    # The folder comes back: the next action saves the whole record, and the warning goes.
    (tmp_path / "games").unlink()
    (tmp_path / "games").mkdir()
    _play_some(table, 1, rng)
    assert table.save_error is None and table.path is not None and table.path.is_file()


def test_a_table_that_cannot_be_saved_at_all_is_refused_in_one_line(tmp_path: Path) -> None:
    from tapete.core.errors import SaveError

    (tmp_path / "games").write_text("a file", encoding="utf-8")
    game = GAMES["belote"]
    with pytest.raises(SaveError) as info:
        TableSession.new(game, game.rules("classique"), humans=(0,), seed=4, directory=tmp_path / "games")
    assert "\n" not in str(info.value) and "Not a directory" in str(info.value)
