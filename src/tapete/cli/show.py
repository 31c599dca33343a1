"""``tapete show``: a position laid out for people, with its position string.

The game gives the rows (:meth:`~tapete.core.game.Game.show_rows`); this command
adds the position, the rules, the deal and the dealer, and lays them out.
"""

from __future__ import annotations

import argparse

from tapete.cli.command import Command
from tapete.cli.common import add_position_arguments, faces_for, load_position
from tapete.cli.rows import lines, rules_text
from tapete.core.shown import Row
from tapete.core.words import Say, SeatRef
from tapete.games import Position, game_of_rules


def show_position(state: Position, french: bool = False, seed: int | None = None) -> str:
    """The readable layout printed by ``tapete show``."""
    game = game_of_rules(state.rules)
    rows = [
        Row("show.position", (game.position_string(state),)),
        Row("show.rules", (rules_text(state.rules),)),
    ]
    if seed is not None:
        rows.append(Row("show.deal", (Say("show.deal.seed", seed=seed, dealer=SeatRef(state.dealer)),)))
    rows.append(Row("show.dealer", (SeatRef(state.dealer),)))
    rows.extend(game.show_rows(state, faces_for(game, state.rules, french)))
    return "\n".join(lines(rows))


def configure(parser: argparse.ArgumentParser) -> None:
    add_position_arguments(parser)


def run(args: argparse.Namespace) -> int:
    loaded = load_position(args)
    print(show_position(loaded.state, french=args.french, seed=loaded.seed))
    return 0


COMMAND = Command("show", "cmd.show.help", "cmd.show.description", configure, run)
