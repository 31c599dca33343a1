"""``tapete selfplay``: bots play deals and every decision is written to Parquet (see :mod:`tapete.envs.selfplay`).

A thin face over :func:`tapete.envs.selfplay.run_selfplay`, with the options of
``tapete match`` (``--bots``, ``--seed``, ``--workers``, ``--ray``, the rules) and
its progress bar. :mod:`tapete.envs` (NumPy, pyarrow: the ``envs`` extra) is only
imported when the command runs, so the rest of the command line never needs it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from tapete.arena import ArenaSpec
from tapete.bots.levels import DEFAULT_LEVEL, level_names
from tapete.cli.command import Command, UsageError
from tapete.cli.common import add_game_arguments, deal_rules, default_game, parse_options
from tapete.cli.match import DEFAULT_SEED, EXIT_INTERRUPTED, _help, cpu_count, parse_bots
from tapete.games import GAMES
from tapete.text.messages import msg

if TYPE_CHECKING:
    from tapete.envs.selfplay import SelfplayResult

DEFAULT_DEALS = 1000


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--bots", metavar="A,B", help=_help("match.opt.bots", levels=level_names(), default=DEFAULT_LEVEL)
    )
    parser.add_argument("--deals", type=int, metavar="N", help=_help("selfplay.opt.deals", default=DEFAULT_DEALS))
    parser.add_argument("--out", type=Path, metavar="DIR", required=True, help=_help("selfplay.opt.out"))
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S", help=_help("match.opt.seed", default=1))
    parser.add_argument("--workers", type=int, metavar="W", help=_help("match.opt.workers", default=cpu_count()))
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS", help=_help("match.opt.ray"))
    parser.add_argument("--quiet", "-q", action="store_true", help=_help("match.opt.quiet"))


def build_spec(args: argparse.Namespace) -> ArenaSpec:
    """The deals to play, as an arena spec (single deals, one level per side); bad input raises UsageError."""
    rules = deal_rules(args)
    name = args.game or default_game().name
    game = GAMES[name]
    count = DEFAULT_DEALS if args.deals is None else args.deals
    if count < 1:
        raise UsageError(msg("match.error.count", option="--deals", n=count))
    workers = cpu_count() if args.workers is None else args.workers
    if workers < 1:
        raise UsageError(msg("match.error.workers", n=workers))
    out: Path = args.out
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(msg("selfplay.error.out", path=str(out)))
    bots = parse_bots(args.bots, game.units(rules), game.title, rules.preset_name)
    return ArenaSpec(
        game=name,
        preset=rules.preset_name,
        options=parse_options(args.options),
        bots=bots,
        count=count,
        seed=args.seed,
        workers=workers,
    )


def play(spec: ArenaSpec, out: Path, quiet: bool, ray: str | None, console: Console | None = None) -> SelfplayResult:
    """Run the self-play, with a progress bar on ``console`` (default stderr) when it is a terminal."""
    try:
        from tapete.envs.selfplay import run_selfplay
    except ImportError as e:  # the envs extra is not installed
        raise UsageError(msg("selfplay.error.missing", module=e.name or e)) from None
    console = console if console is not None else Console(file=sys.stderr)
    if quiet or not console.is_terminal:
        return run_selfplay(spec, out, ray=ray)
    columns = (
        TextColumn(msg("selfplay.progress")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=spec.count)
        return run_selfplay(
            spec, out, progress=lambda done, total: bar.update(task, completed=done, total=total), ray=ray
        )


def run(args: argparse.Namespace) -> int:
    spec = build_spec(args)
    try:
        result = play(spec, args.out, args.quiet, args.ray)
    except KeyboardInterrupt:
        print(msg("selfplay.interrupted", path=str(args.out)), file=sys.stderr)
        return EXIT_INTERRUPTED
    out = Console(file=sys.stdout, highlight=False, width=None if sys.stdout.isatty() else 100)
    line = msg(
        "selfplay.wrote",
        decisions=result.decisions,
        deals=result.deals,
        path=str(result.out),
        seconds=result.seconds,
        rate=result.deals_per_second,
        workers=result.workers,
    )
    out.print(Text(line), soft_wrap=True)
    return 0


COMMAND = Command("selfplay", "selfplay.help", "selfplay.description", configure, run)
