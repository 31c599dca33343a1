"""``tapete play``: sit down at a full-screen table and play a match of any game against bots.

A fresh match takes the game, its preset and options (``--target`` is the
option ``target``), the person's seat, the bots' level and a seed; every
action is saved (see :mod:`tapete.table.session`), and ``--resume`` continues
the last unfinished match (or the record named). ``--hints`` shows, on the
person's turn, what the hint bot (``--hint-level``, the strongest level by
default) would play from the person's observation; hints change nothing in
the match, so they go with ``--resume`` too. Bad input (an unknown
preset or option, a bad value, a missing or corrupt record) is one line on
stderr and exit status 2, raised as a :class:`~tapete.core.errors.TapeteError`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tapete.bots.levels import LEVELS, PLAY_LEVEL
from tapete.cli.command import Command, UsageError
from tapete.cli.common import default_game, parse_options, preset_help_values
from tapete.core.errors import RulesError
from tapete.games import GAMES, game, game_of_preset
from tapete.table.session import TableSession
from tapete.table.store import default_directory, latest_unfinished
from tapete.text.messages import msg
from tapete.tui.hints import default_hint_level


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", nargs="?", choices=list(GAMES), default=None, help=msg("play.opt.game", **preset_help_values())
    )
    parser.add_argument("--preset", metavar="NAME", help=msg("play.opt.preset", presets=_presets_text()))
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE", dest="options", help=msg("opt.option")
    )
    parser.add_argument("--seat", type=int, default=None, metavar="N", help=msg("play.opt.seat"))
    parser.add_argument(
        "--bots",
        choices=list(LEVELS),
        default=None,
        metavar="LEVEL",
        help=msg("play.opt.bots", levels=", ".join(LEVELS), default=PLAY_LEVEL),
    )
    parser.add_argument("--seed", type=int, default=None, metavar="N", help=msg("play.opt.seed"))
    parser.add_argument("--target", type=int, default=None, metavar="POINTS", help=msg("play.opt.target"))
    parser.add_argument("--resume", nargs="?", const="", default=None, metavar="PATH", help=msg("play.opt.resume"))
    parser.add_argument("--no-save", action="store_true", help=msg("play.opt.no_save"))
    parser.add_argument("--delay", type=float, default=0.6, metavar="SECONDS", help=msg("play.opt.delay"))
    parser.add_argument("--hints", action="store_true", help=msg("play.opt.hints"))
    parser.add_argument(
        "--hint-level",
        choices=list(LEVELS),
        default=None,
        metavar="LEVEL",
        help=msg("play.opt.hint_level", levels=", ".join(LEVELS), default=default_hint_level()),
    )


def _presets_text() -> str:
    return "; ".join(f"{g.title}: {', '.join(g.presets)}" for g in GAMES.values())


def build_session(args: argparse.Namespace) -> tuple[TableSession, int]:
    """The table to sit at: a resumed one, or a fresh match from the options."""
    if args.delay < 0:
        raise UsageError(msg("play.error.delay", value=args.delay))
    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("--preset", args.preset),
                ("--option", args.options or None),
                ("--seed", args.seed),
                ("--target", args.target),
                ("--bots", args.bots),
                ("--no-save", args.no_save or None),
            )
            if value is not None
        ]
        if given:
            raise UsageError(msg("play.error.resume_with", flags=", ".join(given)))
        if args.resume:
            path = Path(args.resume)
        else:
            skipped: list[tuple[Path, str]] = []
            found = latest_unfinished(None, args.game, skipped)
            for bad, why in skipped:  # a corrupt save is passed over, never in silence
                print(msg("play.skipped", path=str(bad), reason=why), file=sys.stderr)
            if found is None:
                raise UsageError(msg("play.error.nothing_to_resume", folder=str(default_directory())))
            path = found
        session = TableSession.resume(path)
        humans = [s for s, kind in enumerate(session.seats) if kind == "human"]
        if not humans:
            raise UsageError(msg("play.error.no_person", path=str(path)))
        seat = humans[0] if args.seat is None else args.seat
        if seat not in humans:
            raise UsageError(msg("play.error.resume_seat", seat=seat, seats=", ".join(map(str, humans))))
        if session.is_over():
            raise UsageError(msg("play.error.finished", path=str(path)))
        return session, seat
    g = game(args.game) if args.game else default_game()
    preset = args.preset or g.default_preset
    if preset not in g.presets:
        owner = game_of_preset(preset)
        other = owner.name if owner is not None else None
        if other is not None and other != g.name:
            raise UsageError(msg("play.error.preset_other_game", preset=preset, game=other))
        raise RulesError(msg("play.error.preset", game=g.title, preset=preset, presets=", ".join(g.presets)))
    options = parse_options(args.options)
    if args.target is not None:
        if "target" in options:
            raise UsageError(msg("play.error.target_twice"))
        options["target"] = str(args.target)
    rules: Any = g.rules(preset, options)
    seat = 0 if args.seat is None else args.seat
    players = g.players(rules)
    if not 0 <= seat < players:
        raise UsageError(msg("play.error.seat", seat=seat, last=players - 1))
    session = TableSession.new(
        g, rules, humans=(seat,), bots=args.bots or PLAY_LEVEL, seed=args.seed, save=not args.no_save
    )
    return session, seat


def run(args: argparse.Namespace) -> int:
    session, seat = build_session(args)
    from tapete.tui.app import TableApp

    app = TableApp(session, seat, lang=None, delay=args.delay, hints=args.hints, hint_level=args.hint_level)
    app.run()
    if session.save_error is not None:  # the last action could not be written: say so, claim nothing
        print(msg("play.not_saved", error=session.save_error), file=sys.stderr)
        return 1
    if session.path is not None and not session.is_over():
        print(msg("play.saved", path=str(session.path)), file=sys.stderr)
    return 0


COMMAND = Command("play", "play.help", "play.description", configure, run)
