"""Options shared by the commands that take a position: a position string, or deal options.

A command that works on one position calls :func:`add_position_arguments` in
its ``configure`` and :func:`load_position` in its ``run``. A position string
of either game is read by its rules token (:func:`tapete.notation.parse_position`);
a fresh deal is of the game named by ``--game`` (Guiñote by default).
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from typing import Final

from tapete.belote.rules import DEFAULT_PRESET as BELOTE_DEFAULT
from tapete.belote.rules import PRESETS as BELOTE_PRESETS
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BeloteState
from tapete.cli.command import UsageError
from tapete.cli.messages import msg
from tapete.errors import RulesError
from tapete.guinote.rules import DEFAULT_PRESET as GUINOTE_DEFAULT
from tapete.guinote.rules import PRESETS as GUINOTE_PRESETS
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState
from tapete.notation import Position, game_of_preset, parse_position

#: The games a fresh deal or a demo can be of, the first the default.
GAMES: Final = ("guinote", "belote")
_GAME_NAMES: Final = {"guinote": "Guiñote", "belote": "Belote"}


@dataclass(frozen=True)
class Loaded:
    """A position to work on, and the seed it was dealt from (None if read from a string)."""

    state: Position
    seed: int | None = None


def add_preset_argument(parser: argparse.ArgumentParser, help_id: str = "opt.preset") -> None:
    """``--preset NAME``, its help (message ``help_id``) listing both games' presets and defaults."""
    parser.add_argument(
        "--preset",
        metavar="NAME",
        help=msg(
            help_id,
            guinote=", ".join(GUINOTE_PRESETS),
            guinote_default=GUINOTE_DEFAULT,
            belote=", ".join(BELOTE_PRESETS),
            belote_default=BELOTE_DEFAULT,
        ),
    )


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--game``, ``--preset`` and ``--option``: the rules of a fresh deal or match."""
    parser.add_argument("--game", choices=GAMES, default=None, help=msg("opt.game", default=GAMES[0]))
    add_preset_argument(parser)
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE", dest="options", help=msg("opt.option")
    )


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", nargs="*", metavar="POSITION", help=msg("opt.position"))
    add_game_arguments(parser)
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


def deal_rules(args: argparse.Namespace) -> GuinoteRules | BeloteRules:
    """The rules of a fresh deal or match from ``--game``, ``--preset`` and ``--option``."""
    game = args.game or GAMES[0]
    cls: type[GuinoteRules] | type[BeloteRules] = BeloteRules if game == "belote" else GuinoteRules
    name = args.preset or (BELOTE_DEFAULT if game == "belote" else GUINOTE_DEFAULT)
    try:
        rules = cls.preset(name)
    except RulesError as e:
        other = game_of_preset(name)
        if other is None or other == game:
            raise
        raise UsageError(msg("error.preset_other_game", error=e, game=_GAME_NAMES[other], name=other)) from None
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
                ("--game", args.game is not None),
                ("--preset", args.preset is not None),
                ("--option", bool(args.options)),
                ("--seed", args.seed is not None),
                ("--dealer", args.dealer is not None),
            )
            if given
        ]
        if flags:
            raise UsageError(msg("error.deal_with_position", flags=", ".join(flags)))
        return Loaded(parse_position(text))
    rules = deal_rules(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    dealer = args.dealer if args.dealer is not None else 0
    if isinstance(rules, BeloteRules):
        return Loaded(BeloteState.new_deal(rules, seed=seed, dealer=dealer), seed)
    return Loaded(GuinoteState.new_deal(rules, seed=seed, dealer=dealer), seed)
