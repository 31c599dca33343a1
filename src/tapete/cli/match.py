"""``tapete match``: bots against bots over many deals or matches, with statistics.

The command is a thin face over :mod:`tapete.arena`: it turns the command
line into an :class:`~tapete.arena.ArenaSpec`, checks every output path
before playing (so that a long run never ends in an unwritable file),
shows a progress bar on stderr when that is a terminal, and prints the
results table on stdout in the chosen language. With ``--ray [ADDRESS]``
the deals are played as Ray tasks (:mod:`tapete.arena.ray_runner`), on a
new local Ray or on a cluster, with the same results.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tapete.arena import ArenaResult, ArenaSpec, Interval, write_chart, write_csv, write_json
from tapete.arena import run as run_arena
from tapete.bots.levels import DEFAULT_LEVEL, LEVEL_KINDS, LEVELS, check_level, level_names, split_level
from tapete.cli.command import Command, UsageError
from tapete.cli.common import add_game_arguments, deal_rules, default_game, parse_options
from tapete.games import GAMES
from tapete.text.messages import msg

DEFAULT_DEALS = 1000
DEFAULT_SEED = 1
#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
EXIT_INTERRUPTED = 130


def cpu_count() -> int:
    """The CPUs this process may use (the default number of workers)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _help(key: str, **values: object) -> str:
    """An option's help text; argparse %-formats help, so a literal % is doubled."""
    said: dict[str, Any] = dict(values)
    return msg(key, **said).replace("%", "%%")


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    levels = level_names()
    parser.add_argument("--bots", metavar="A,B", help=_help("match.opt.bots", levels=levels, default=DEFAULT_LEVEL))
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--deals", type=int, metavar="N", help=_help("match.opt.deals", default=DEFAULT_DEALS))
    count.add_argument("--matches", type=int, metavar="N", help=_help("match.opt.matches"))
    parser.add_argument("--duplicate", action="store_true", help=_help("match.opt.duplicate"))
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S", help=_help("match.opt.seed", default=1))
    parser.add_argument("--workers", type=int, metavar="W", help=_help("match.opt.workers", default=cpu_count()))
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS", help=_help("match.opt.ray"))
    parser.add_argument("--json", type=Path, metavar="PATH", help=_help("match.opt.json"))
    parser.add_argument("--csv", type=Path, metavar="PATH", help=_help("match.opt.csv"))
    parser.add_argument("--chart", type=Path, metavar="PATH", help=_help("match.opt.chart"))
    parser.add_argument("--quiet", "-q", action="store_true", help=_help("match.opt.quiet"))


# ------------------------------------------------------------ reading the command line
def parse_bots(text: str | None, sides: int, game: str, preset: str) -> tuple[str, ...]:
    """``--bots``: one level per side, or one level for every side; each a name of LEVELS or ``KIND:ARG``
    (a level kind's argument is checked: a policy's file read)."""
    if text is None:
        return (DEFAULT_LEVEL,) * sides
    levels = [part.strip() for part in text.split(",")]
    for level in levels:
        kind, arg = split_level(level)
        if level not in LEVELS and (kind not in LEVEL_KINDS or not arg):
            raise UsageError(msg("match.error.level", level=level, levels=level_names()))
        check_level(level)
    if len(levels) == 1:
        return (levels[0],) * sides
    if len(levels) != sides:
        raise UsageError(msg("match.error.bots_count", given=len(levels), game=game, preset=preset, sides=sides))
    return tuple(levels)


def check_output(option: str, path: Path) -> None:
    """Refuse, before playing, a path that cannot be written: a folder, a missing folder, no permission."""
    if path.is_dir():
        raise UsageError(msg("match.error.path_dir", option=option, path=str(path)))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(msg("match.error.path_folder", option=option, path=str(path), folder=str(folder)))
    writable = os.access(path, os.W_OK) if path.exists() else os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise UsageError(msg("match.error.path_denied", option=option, path=str(path)))


def build_spec(args: argparse.Namespace) -> ArenaSpec:
    """The arena spec of the command line; bad input raises UsageError (or RulesError for rules)."""
    rules = deal_rules(args)  # checks the preset and options, with the CLI's messages
    name = args.game or default_game().name
    game = GAMES[name]
    if args.matches is not None:
        mode, count, option = "matches", args.matches, "--matches"
    else:
        mode, count, option = "deals", DEFAULT_DEALS if args.deals is None else args.deals, "--deals"
    if count < 1:
        raise UsageError(msg("match.error.count", option=option, n=count))
    workers = cpu_count() if args.workers is None else args.workers
    if workers < 1:
        raise UsageError(msg("match.error.workers", n=workers))
    bots = parse_bots(args.bots, game.units(rules), game.title, rules.preset_name)
    outputs = [(f"--{kind}", path) for kind, path in (("json", args.json), ("csv", args.csv), ("chart", args.chart))]
    seen: dict[Path, str] = {}
    for flag, path in outputs:
        if path is None:
            continue
        check_output(flag, path)
        key = path.resolve()
        if key in seen:
            raise UsageError(msg("match.error.path_twice", first=seen[key], second=flag, path=str(path)))
        seen[key] = flag
    return ArenaSpec(
        game=name,
        preset=rules.preset_name,
        options=parse_options(args.options),
        bots=bots,
        mode="matches" if mode == "matches" else "deals",
        count=count,
        duplicate=args.duplicate,
        seed=args.seed,
        workers=workers,
    )


# ------------------------------------------------------------ showing the results
def title(spec: ArenaSpec) -> str:
    key = f"match.title.{spec.mode}" + ("_dup" if spec.duplicate else "")
    return msg(
        key,
        game=spec.game_info.title,
        preset=spec.rules().preset_name,
        count=spec.count,
        plays=spec.total_plays,
        seed=spec.seed,
    )


def _mean(iv: Interval, signed: bool = False) -> str:
    if iv.n == 0:
        return msg("match.cell.none")
    if iv.n == 1:  # no spread to measure
        return f"{iv.estimate:+.1f}" if signed else f"{iv.estimate:.1f}"
    return msg("match.cell.margin" if signed else "match.cell.mean", mean=iv.estimate, half=iv.half_width)


def _rate(iv: Interval) -> str:
    if iv.n == 0:
        return msg("match.cell.none")
    return msg("match.cell.rate", rate=100 * iv.estimate, low=100 * iv.low, high=100 * iv.high)


def results_table(result: ArenaResult) -> Table:
    """One line per bot: its plays and wins, then mean points and margin per deal, or win rate and margin per
    match."""
    matches = result.spec.mode == "matches"
    table = Table(title=Text(title(result.spec)), title_justify="left")
    table.add_column(msg("match.col.bot"))
    table.add_column(msg("match.col.matches" if matches else "match.col.deals"), justify="right")
    table.add_column(msg("match.col.wins"), justify="right")
    if matches:
        table.add_column(msg("match.col.win_rate"), justify="right")
        table.add_column(msg("match.col.margin_match"), justify="right")
    else:
        table.add_column(msg("match.col.points"), justify="right")
        table.add_column(msg("match.col.margin"), justify="right")
    for e in result.summary.entrants:
        if matches:
            cells = [str(e.plays), str(e.wins), _rate(e.win_rate), _mean(e.margin, signed=True)]
        else:
            wins = msg("match.cell.wins", wins=e.wins, rate=100 * e.wins / e.plays if e.plays else 0.0)
            cells = [str(e.plays), wins, _mean(e.points), _mean(e.margin, signed=True)]
        table.add_row(Text(e.label), *(Text(c) for c in cells))
    return table


def footer(result: ArenaResult) -> list[str]:
    """The lines under the table: speed, draws, what margin means, how duplicate counts."""
    spec, summary = result.spec, result.summary
    lines = [
        msg(
            "match.footer",
            plays=summary.plays,
            seconds=result.seconds,
            rate=result.plays_per_second,
            workers=result.workers,
        )
    ]
    if summary.draws:
        lines.append(msg("match.footer.draws", draws=summary.draws))
    if spec.mode == "matches":
        lines.append(msg("match.footer.deals_per_match", deals=sum(r.deals for r in result.rows) / len(result.rows)))
    lines.append(msg("match.footer.margin"))
    if spec.duplicate:
        lines.append(msg(f"match.footer.duplicate.{spec.mode}", blocks=summary.blocks))
    return lines


def play(spec: ArenaSpec, quiet: bool, console: Console | None = None, ray: str | None = None) -> ArenaResult:
    """Run the arena, with a progress bar on ``console`` (default stderr) when it is a terminal and not ``quiet``;
    on Ray when ``ray`` is not None (``""``: a new local Ray, else the address of ``--ray``)."""
    console = console if console is not None else Console(file=sys.stderr)
    if quiet or not console.is_terminal:
        return run_arena(spec, ray=ray)
    columns = (
        TextColumn(msg("match.progress")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=spec.total_plays)
        return run_arena(spec, progress=lambda done, total: bar.update(task, completed=done, total=total), ray=ray)


def run(args: argparse.Namespace) -> int:
    spec = build_spec(args)
    try:
        result = play(spec, args.quiet, ray=args.ray)
    except KeyboardInterrupt:
        print(msg("match.interrupted"), file=sys.stderr)
        return EXIT_INTERRUPTED
    # Rich draws 80 columns when not on a terminal; the table needs a little more.
    out = Console(file=sys.stdout, highlight=False, width=None if sys.stdout.isatty() else 100)
    out.print(results_table(result))
    for line in footer(result):
        out.print(Text(line), soft_wrap=True)
    write_outputs(args, result, out)
    return 0


def write_outputs(args: argparse.Namespace, result: ArenaResult, out: Console) -> None:
    """Write the files asked for (paths already checked); a write that still fails raises UsageError."""
    spec = result.spec
    ylabel = msg("match.chart.margin_match" if spec.mode == "matches" else "match.chart.margin")
    for path, kind in ((args.json, "json"), (args.csv, "csv"), (args.chart, "chart")):
        if path is None:
            continue
        try:
            if kind == "json":
                write_json(path, result)
            elif kind == "csv":
                write_csv(path, result)
            else:
                write_chart(path, result, title(spec), ylabel)
        except OSError as e:
            raise UsageError(msg("match.error.write", path=str(path), error=e.strerror or e)) from None
        out.print(Text(msg("match.wrote", path=str(path))), soft_wrap=True)


COMMAND = Command("match", "match.help", "match.description", configure, run)
