"""Options shared by the commands that take a position: a position string, or deal options.

A command that works on one position calls :func:`add_position_arguments` in
its ``configure`` and :func:`load_position` in its ``run``.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass

from tapete.cli.command import UsageError
from tapete.cli.messages import msg
from tapete.guinote.notation import from_notation
from tapete.guinote.rules import DEFAULT_PRESET, PRESETS, GuinoteRules
from tapete.guinote.state import GuinoteState


@dataclass(frozen=True)
class Loaded:
    """A position to work on, and the seed it was dealt from (None if read from a string)."""

    state: GuinoteState
    seed: int | None = None


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", nargs="*", metavar="POSITION", help=msg("opt.position"))
    parser.add_argument(
        "--preset",
        metavar="NAME",
        help=msg("opt.preset", choices=", ".join(PRESETS), default=DEFAULT_PRESET),
    )
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE", dest="options", help=msg("opt.option")
    )
    parser.add_argument("--seed", type=int, metavar="N", help=msg("opt.seed"))
    parser.add_argument("--dealer", type=int, metavar="D", help=msg("opt.dealer"))
    parser.add_argument("--french", action="store_true", help=msg("opt.french"))


def parse_options(items: list[str]) -> dict[str, str]:
    """``KEY=VALUE`` strings to a dict, refusing malformed or repeated ones."""
    out: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise UsageError(msg("error.option_syntax", text=item))
        if key in out:
            raise UsageError(msg("error.option_twice", key=key))
        out[key] = value
    return out


def deal_rules(args: argparse.Namespace) -> GuinoteRules:
    """The rules of a fresh deal from ``--preset`` and ``--option``."""
    rules = GuinoteRules.preset(args.preset or DEFAULT_PRESET)
    options = parse_options(args.options)
    return rules.with_option_strings(options) if options else rules


def load_position(args: argparse.Namespace) -> Loaded:
    """The position given on the command line, or a freshly dealt one."""
    text = " ".join(args.position).strip()
    if text == "-":
        text = sys.stdin.read().strip()
        if not text:
            raise UsageError(msg("error.empty_stdin"))
    if text:
        flags = [
            flag
            for flag, given in (
                ("--preset", args.preset is not None),
                ("--option", bool(args.options)),
                ("--seed", args.seed is not None),
                ("--dealer", args.dealer is not None),
            )
            if given
        ]
        if flags:
            raise UsageError(msg("error.deal_with_position", flags=", ".join(flags)))
        return Loaded(from_notation(text))
    rules = deal_rules(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    dealer = args.dealer if args.dealer is not None else 0
    return Loaded(GuinoteState.new_deal(rules, seed=seed, dealer=dealer), seed)
