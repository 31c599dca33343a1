"""Options shared by the commands that take a position: a position string, or deal options.

A command that works on one position calls :func:`add_position_arguments` in
its ``configure`` and :func:`load_position` in its ``run``. A position string
of any game is read by its rules token (:func:`tapete.games.parse_position`);
a fresh deal is of the game named by ``--game`` (the first registered game by
default). The games are those of :data:`tapete.games.GAMES`: a new game is
offered here by its registration.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from typing import Any

from tapete.cli.command import UsageError
from tapete.cli.words import french_faces
from tapete.core.errors import RulesError
from tapete.games import GAMES, Game, Position, game, game_of_preset, parse_position
from tapete.text.grammar import join_words
from tapete.text.language import current_language
from tapete.text.messages import msg


def default_game() -> Game:
    """The game of a fresh deal when ``--game`` is not given: the first one registered."""
    return next(iter(GAMES.values()))


@dataclass(frozen=True)
class Loaded:
    """A position to work on, and the seed it was dealt from (None if read from a string)."""

    state: Position
    seed: int | None = None


def preset_help_values() -> dict[str, Any]:
    """The values of the help texts that list the games: ``games`` (their names), ``default`` (the first
    game) and ``presets`` (each game's presets and default preset), whatever games are registered."""
    presets = "; ".join(
        msg("opt.preset.game", game=g.name, presets=", ".join(g.presets), default=g.default_preset)
        for g in GAMES.values()
    )
    return {"games": ", ".join(GAMES), "default": default_game().name, "presets": presets}


def game_titles() -> str:
    """The registered games' titles in prose ("A, B and C"), in the language in force."""
    return join_words(current_language(), [g.title for g in GAMES.values()])


def add_preset_argument(parser: argparse.ArgumentParser, help_id: str = "opt.preset") -> None:
    """``--preset NAME``, its help (message ``help_id``) listing every game's presets and defaults."""
    values: dict[str, Any] = dict(preset_help_values())
    parser.add_argument("--preset", metavar="NAME", help=msg(help_id, **values))


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--game``, ``--preset`` and ``--option``: the rules of a fresh deal or match."""
    names = list(GAMES)
    parser.add_argument("--game", choices=names, default=None, help=msg("opt.game", **preset_help_values()))
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


def faces_for(g: Game, rules: Any, french: bool = False) -> str:
    """The faces cards are named with: the rules' own, or French ones under ``--french``."""
    faces = g.faces(rules)
    return french_faces(faces) if french else faces


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


def chosen_game(args: argparse.Namespace) -> Game:
    """The game named by ``--game``, else the default one."""
    return game(args.game) if args.game else default_game()


def deal_rules(args: argparse.Namespace) -> Any:
    """The rules of a fresh deal or match from ``--game``, ``--preset`` and ``--option``."""
    g = chosen_game(args)
    name = args.preset or g.default_preset
    try:
        rules = g.rules_class.preset(name)
    except RulesError as e:
        found = game_of_preset(name)
        if found is None or found.name == g.name:
            raise
        raise UsageError(msg("error.preset_other_game", error=e, game=found.title, name=found.name)) from None
    options = parse_options(args.options)
    return rules.with_option_strings(options) if options else rules


def load_position(args: argparse.Namespace) -> Loaded:
    """The position given on the command line, or a freshly dealt one."""
    text = " ".join(args.position).strip()
    if args.position and not text:  # `tapete legal ""`: a position given on purpose, and empty
        raise UsageError(msg("error.empty_position"))
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
    return Loaded(chosen_game(args).new_deal(rules, seed=seed, dealer=dealer), seed)
