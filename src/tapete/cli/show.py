"""``tapete show``: a position laid out for people, with its position string."""

from __future__ import annotations

import argparse

from tapete.cli.command import Command
from tapete.cli.common import add_position_arguments, load_position
from tapete.cli.render import show_position


def configure(parser: argparse.ArgumentParser) -> None:
    add_position_arguments(parser)


def run(args: argparse.Namespace) -> int:
    loaded = load_position(args)
    print(show_position(loaded.state, french=args.french, seed=loaded.seed))
    return 0


COMMAND = Command("show", "cmd.show.help", "cmd.show.description", configure, run)
