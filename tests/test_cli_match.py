"""``tapete match``: the results table (English and Spanish), the output files, the progress bar, bad input.

The tests call :func:`tapete.cli.main.main` in-process. They build the parser with the ``match`` command
only (the ``only_match`` fixture), so that they test this command whatever state the others are in;
``test_match_is_a_registered_command`` checks that ``tapete`` itself lists it.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from matplotlib.patches import Rectangle
from rich.console import Console

import tapete.cli.main as cli_main
from tapete.arena import ArenaResult, ArenaSpec, chart_figure, write_chart
from tapete.cli import match as match_cli
from tapete.text.messages import set_translator

#: The commands ``tapete`` has, read before any test narrows them.
REGISTERED = cli_main.COMMANDS


@pytest.fixture(autouse=True)
def only_match(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(cli_main, "COMMANDS", ("tapete.cli.match",))
    yield
    set_translator(None)  # main() installs the translator of --lang for the process


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main.main(["match", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_match_is_a_registered_command() -> None:
    assert "tapete.cli.match" in REGISTERED


def table_row(out: str, label: str) -> list[str]:
    """The cells of the table line of one bot."""
    line = next(x for x in out.splitlines() if f" {label} " in x)
    return [c.strip() for c in line.strip("│ ").split("│")]


def test_deals_table_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--deals", "40", "--duplicate", "--seed", "3", "--workers", "1")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    assert "Guiñote, aragones rules: 40 deals in duplicate (80 played), seed 3" in out
    for header in ("bot", "deals", "wins", "points per deal (95%)", "margin per deal (95%)"):
        assert header in out
    a, b = table_row(out, "random A"), table_row(out, "random B")
    assert a[1] == b[1] == "80"
    # The figures are those of the library's summary for the same spec.
    from tapete.arena import run as arena_run

    summary = arena_run(ArenaSpec(count=40, duplicate=True, seed=3)).summary
    e = summary.entrants[0]
    assert a[2] == f"{e.wins} ({100 * e.wins / 80:.1f}%)"
    assert a[3] == f"{e.points.estimate:.1f} ± {e.points.half_width:.1f}"
    assert a[4] == f"{e.margin.estimate:+.1f} ± {e.margin.half_width:.1f}"
    assert "80 played in" in out and "intervals are over the 40 deals" in out


def test_table_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "es", "--deals", "20", "--seed", "2")
    assert code == 0
    assert "Guiñote, reglas aragones: 20 manos, semilla 2" in out
    for header in ("manos", "victorias", "puntos por mano (95%)", "margen por mano (95%)"):
        assert header in out
    assert "jugadas en" in out and "played" not in out


def test_matches_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--game", "belote", "--preset", "trois-joueurs", "--matches", "3", "--bots", "random")
    assert code == 0
    assert "Belote, trois-joueurs rules: 3 matches, seed 1" in out
    assert "win rate (95%)" in out and "deals per match on average" in out
    rows = [table_row(out, f"random {x}") for x in "ABC"]
    assert sum(int(r[2]) for r in rows) == 3  # each match has one winner


def test_outputs_are_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    j, c, p = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    code, out, _ = run(
        capsys,
        *("--game", "guinote", "--preset", "aragones-2p", "--option", "target=51"),
        *("--deals", "12", "--duplicate", "--seed", "7", "--bots", "random,random"),
        *("--json", str(j), "--csv", str(c), "--chart", str(p)),
    )
    assert code == 0
    data = json.loads(j.read_text(encoding="utf-8"))
    assert data["spec"]["preset"] == "aragones-2p" and data["spec"]["options"] == {"target": "51"}
    assert data["spec"]["rules"]["options"] == {"target": 51}
    assert (data["spec"]["seed"], data["spec"]["duplicate"], len(data["rows"])) == (7, True, 24)
    assert len(c.read_text(encoding="utf-8").splitlines()) == 25
    assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for path in (j, c, p):
        assert f"wrote {path}" in out


@pytest.mark.parametrize(
    ("mode", "ylabel"),
    [("--deals", "margen por mano (intervalo del 95%)"), ("--matches", "margen por partida (intervalo del 95%)")],
)
def test_chart_shows_the_margin_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, ylabel: str
) -> None:
    """The chart plots each bot's margin (not its points, not its win rate), its axis named in the language."""
    drawn: list[tuple[str, list[float], list[float]]] = []

    def spy(path: Path, result: ArenaResult, title: str | None = None, label: str | None = None) -> None:
        ax = chart_figure(result, title, label).axes[0]
        heights = [p.get_height() for p in ax.patches if isinstance(p, Rectangle)]
        drawn.append((ax.get_ylabel(), heights, [e.margin.estimate for e in result.summary.entrants]))
        write_chart(path, result, title, label)

    monkeypatch.setattr(match_cli, "write_chart", spy)
    chart = tmp_path / "c.png"
    code, _, _ = run(
        capsys, "--lang", "es", "--preset", "aragones-2p", mode, "4", "--workers", "1", "--chart", str(chart)
    )
    ((label, heights, margins),) = drawn
    assert label == ylabel and heights == pytest.approx(margins)
    assert code == 0 and chart.read_bytes()[:4] == b"\x89PNG"


def test_same_seed_same_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first, second = tmp_path / "1.json", tmp_path / "2.json"
    run(capsys, "--deals", "10", "--seed", "4", "--workers", "1", "--json", str(first))
    run(capsys, "--deals", "10", "--seed", "4", "--workers", "2", "--json", str(second))
    rows = [json.loads(f.read_text(encoding="utf-8"))["rows"] for f in (first, second)]
    assert rows[0] == rows[1]


def test_progress_bar_on_a_terminal_only() -> None:
    spec = ArenaSpec(count=5)
    shown = io.StringIO()
    match_cli.play(spec, quiet=False, console=Console(file=shown, force_terminal=True, width=100))
    assert "playing" in shown.getvalue() and "5/5" in shown.getvalue()
    for quiet, terminal in ((True, True), (False, False)):
        hidden = io.StringIO()
        match_cli.play(spec, quiet=quiet, console=Console(file=hidden, force_terminal=terminal))
        assert hidden.getvalue() == ""


@pytest.mark.parametrize(
    ("argv", "detail"),
    [
        (["--deals", "0"], "--deals must be at least 1, not 0"),
        (["--matches", "-2"], "--matches must be at least 1, not -2"),
        (["--workers", "0"], "--workers must be at least 1, not 0"),
        (["--bots", "random,genius"], "unknown bot level 'genius' in --bots: expected one of random"),
        (["--bots", "random,random,random"], "--bots gives 3 levels but Guiñote with the aragones rules has 2 sides"),
        (["--game", "belote", "--preset", "trois-joueurs", "--bots", "random,random"], "has 3 sides"),
        (["--deals", "many"], "argument --deals: invalid int value: 'many'"),
        (["--deals", "5", "--matches", "5"], "not allowed with argument"),
        (["--preset", "classique"], "belote presets need --game belote"),
        (["--option", "target"], "bad --option 'target': expected KEY=VALUE"),
        (["--option", "colour=red"], "unknown Guiñote option 'colour'"),
        (["--json", "{tmp}/missing/r.json"], "cannot write --json {tmp}/missing/r.json: the folder"),
        (["--csv", "{tmp}"], "cannot write --csv {tmp}: it is a folder"),
        (["--json", "{tmp}/a", "--chart", "{tmp}/a"], "--json and --chart name the same file"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], detail: str
) -> None:
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv), "-q")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("tapete match") and "error" in err
    assert detail.replace("{tmp}", str(tmp_path)) in err
    assert list(tmp_path.iterdir()) == []  # nothing was played nor written


def test_bad_input_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "fr", "--deals", "0")
    # French typography puts a (narrow) no-break space before a colon.
    line = err.strip().replace("\u202f", " ").replace("\xa0", " ")
    assert code == 2 and line == "tapete match : erreur : --deals doit valoir au moins 1, pas 0"
