"""``tapete play`` on bad input: one line on stderr, exit status 2, no traceback, no table opened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tapete.cli.main import build_parser, main
from tapete.cli.play import build_session


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAPETE_HOME", str(tmp_path))
    return tmp_path


def fails(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(["play", *argv, "--lang", "en"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("tapete")
    return err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--preset", "nope"], "unknown Guiñote preset 'nope'"),
        (["belote", "--preset", "aragones"], "tapete play guinote --preset aragones"),
        (["--option", "target=abc"], "bad value 'abc' for target"),
        (["--option", "colour=red"], "unknown Guiñote option 'colour'"),
        (["--option", "target"], "expected KEY=VALUE"),
        (["--target", "50", "--option", "target=60"], "--target and --option target"),
        (["--seat", "4"], "seat 4 is not at this table: expected 0 to 3"),
        (["--bots", "genius"], "invalid choice: 'genius'"),
        (["--delay", "-1"], "bad --delay"),
        (["--resume"], "no unfinished match to resume"),
        (["--resume", "--seed", "3"], "leave out --seed"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert words in fails(capsys, argv)


def test_missing_and_corrupt_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "no record at" in fails(capsys, ["--resume", str(tmp_path / "missing.json")])
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text("{not json", encoding="utf-8")
    assert "not valid JSON" in fails(capsys, ["--resume", str(corrupt)])
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    assert "not a tapete record" in fails(capsys, ["--resume", str(foreign)])


def test_help_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Siéntate a una mesa" in out and "--resume" in out


def test_options_make_the_table(home: Path) -> None:
    args = build_parser().parse_args(
        ["play", "belote", "--preset", "contree", "--target", "300", "--seat", "2", "--seed", "9", "--no-save"]
    )
    session, seat = build_session(args)
    assert seat == 2 and session.seats == ["bot", "bot", "human", "bot"]
    assert session.rules.target == 300 and session.rules.preset_name == "contree" and session.path is None
    saved, _ = build_session(build_parser().parse_args(["play", "--seed", "9"]))
    assert saved.path is not None and saved.path.parent == home / "games" and saved.path.is_file()


def test_tapete_home_at_a_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("TAPETE_HOME", str(tmp_path / "file"))
    assert "cannot save the table" in fails(capsys, ["--seed", "3"])


def test_a_failed_save_mid_match_is_said_and_exits_1(
    capsys: pytest.CaptureFixture[str], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tapete.tui.app import TableApp

    from .helpers import play_headless

    def run(app: TableApp) -> None:  # the person plays a few actions, the games folder turns into a file
        folder = home / "games"
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
        folder.write_text("x", encoding="utf-8")
        play_headless(app.session, limit=8)

    monkeypatch.setattr(TableApp, "run", run)
    assert main(["play", "--seed", "3", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("not saved: cannot save the table") and "Traceback" not in err
    assert "saved: continue" not in err


def test_resume_says_which_saves_it_skipped(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    saved, _ = build_session(build_parser().parse_args(["play", "--seed", "9"]))
    folder = home / "games"
    (folder / "zz-corrupt.json").write_text("{not json", encoding="utf-8")
    (folder / "zz-foreign.json").write_text(json.dumps({"format": "other"}), encoding="utf-8")
    capsys.readouterr()
    resumed, _ = build_session(build_parser().parse_args(["play", "--resume"]))
    assert resumed.path == saved.path
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"skipped {folder / 'zz-corrupt.json'}: not valid JSON (JSONDecodeError)",
        f"skipped {folder / 'zz-foreign.json'}: not a tapete record",
    ]
