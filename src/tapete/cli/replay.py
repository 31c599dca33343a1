"""``tapete replay RECORD``: step through a saved game, forward, back, by trick or deal.

Without ``--print`` it opens the full-screen app (:mod:`tapete.replay.app`);
with ``--print``, or when standard output is not a terminal, it writes the
positions as text instead, so that scripts and tests can read a replay.

``--analyse`` first judges every card (:mod:`tapete.analysis`: the points it cost against the best
card, every hand known; with ``--own`` also as the expert judged it from the player's information),
with a progress bar on stderr when that is a terminal, and saves the analysis in the record file
(atomically; the record's other fields are kept as they are). A record with an analysis shows it in
the every-hand view; ``--costs`` writes only each card's cost and the totals.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from tapete.analysis import Limits, MatchAnalysis, analyse_match, count_cards, to_block, with_block
from tapete.cli.command import Command, UsageError
from tapete.core import record_file as records
from tapete.replay.costs import cost_lines
from tapete.replay.cursor import ReplayCursor
from tapete.replay.text import ALL, replay_text
from tapete.text.messages import msg

#: Exit status when the analysis is interrupted (Ctrl-C): nothing is saved.
EXIT_INTERRUPTED = 130


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help=msg("replay.opt.record"))
    view = parser.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int, metavar="N", help=msg("replay.opt.seat"))
    view.add_argument("--all", action="store_true", help=msg("replay.opt.all"))
    parser.add_argument("--deal", type=int, metavar="N", help=msg("replay.opt.deal"))
    parser.add_argument("--print", action="store_true", dest="print_text", help=msg("replay.opt.print"))
    parser.add_argument("--french", action="store_true", help=msg("opt.french"))
    parser.add_argument("--analyse", "--analyze", action="store_true", help=msg("replay.opt.analyse"))
    parser.add_argument("--own", action="store_true", help=msg("replay.opt.own"))
    parser.add_argument("--max-nodes", type=int, default=Limits.max_nodes, metavar="N",
                        help=msg("replay.opt.max_nodes", default=Limits.max_nodes))  # fmt: skip
    parser.add_argument("--costs", action="store_true", help=msg("replay.opt.costs"))


def checked(cursor: ReplayCursor, seat: int | None, deal: int | None) -> tuple[int, int | None]:
    """The view (``ALL`` or a seat) and the deal index (from 0) asked for, checked against the record."""
    view = ALL
    if seat is not None:
        if not 0 <= seat < cursor.players:
            raise UsageError(msg("replay.error.seat", seat=seat, last=cursor.players - 1))
        view = seat
    index = None
    if deal is not None:
        if not 1 <= deal <= cursor.deals:
            raise UsageError(msg("replay.error.deal", deal=deal, deals=cursor.deals))
        index = deal - 1
    return view, index


def analyse(cursor: ReplayCursor, limits: Limits, console: Console | None = None) -> MatchAnalysis:
    """Every card of the replay judged, with a progress bar on ``console`` (default stderr) when it is a terminal."""
    console = console if console is not None else Console(file=sys.stderr)
    if not console.is_terminal:
        return analyse_match(cursor.game, cursor.match, limits)
    columns = (TextColumn(msg("replay.analysing")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=count_cards(cursor.game, cursor.match))
        progress = lambda done, total: bar.update(task, completed=done, total=total)  # noqa: E731
        return analyse_match(cursor.game, cursor.match, limits, progress)


def analyse_and_save(path: str, limits: Limits) -> ReplayCursor:
    """The record's cursor with every card analysed, the analysis saved in the record file."""
    data = records.load(path)
    cursor = ReplayCursor.from_data(data, path)
    start = time.perf_counter()
    analysis = analyse(cursor, limits)
    seconds = time.perf_counter() - start
    records.save(path, with_block(data, to_block(cursor.game, cursor.match, analysis)))
    cursor.analysis, cursor.analysis_problem = analysis, None
    done, left = analysis.counts()
    print(msg("replay.analysis.saved", path=os.fspath(path), done=done, total=done + left, seconds=f"{seconds:.1f}"),
          file=sys.stderr)  # fmt: skip
    return cursor


def run(args: argparse.Namespace) -> int:
    if args.max_nodes < 1:
        raise UsageError(msg("replay.error.max_nodes", value=args.max_nodes))
    if args.analyse:
        try:
            cursor = analyse_and_save(args.record, Limits(max_nodes=args.max_nodes, own=args.own))
        except KeyboardInterrupt:
            print(msg("replay.analysis.interrupted"), file=sys.stderr)
            return EXIT_INTERRUPTED
    else:
        cursor = ReplayCursor.load(args.record)
        if cursor.analysis_problem:
            print(msg("replay.analysis.ignored", problem=cursor.analysis_problem), file=sys.stderr)
    view, deal = checked(cursor, args.seat, args.deal)
    if args.costs:
        if cursor.analysis is None:
            raise UsageError(msg("replay.error.no_analysis"))
        for line in cost_lines(cursor, deal, args.french):
            print(line)
        return 0
    if args.print_text or not sys.stdout.isatty():
        rule = "-" * 72
        for block in replay_text(cursor, view, deal, args.french):
            print(rule)
            print(block)
        return 0
    from tapete.replay.app import ReplayApp

    if deal is not None:
        cursor.goto_deal(deal)
    ReplayApp(cursor, view=view, french=args.french, name=args.record).run()
    return 0


COMMAND = Command("replay", "replay.help", "replay.description", configure, run)
