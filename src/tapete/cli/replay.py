"""``tapete replay RECORD``: step through a saved game, forward, back, by trick or deal.

Without ``--print`` it opens the full-screen app (:mod:`tapete.replay.app`);
with ``--print``, or when standard output is not a terminal, it writes the
positions as text instead, so that scripts and tests can read a replay.
"""

from __future__ import annotations

import argparse
import sys

from tapete.cli.command import Command, UsageError
from tapete.replay.cursor import ReplayCursor
from tapete.replay.text import ALL, replay_text
from tapete.text.messages import msg


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help=msg("replay.opt.record"))
    view = parser.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int, metavar="N", help=msg("replay.opt.seat"))
    view.add_argument("--all", action="store_true", help=msg("replay.opt.all"))
    parser.add_argument("--deal", type=int, metavar="N", help=msg("replay.opt.deal"))
    parser.add_argument("--print", action="store_true", dest="print_text", help=msg("replay.opt.print"))
    parser.add_argument("--french", action="store_true", help=msg("opt.french"))


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


def run(args: argparse.Namespace) -> int:
    cursor = ReplayCursor.load(args.record)
    view, deal = checked(cursor, args.seat, args.deal)
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
