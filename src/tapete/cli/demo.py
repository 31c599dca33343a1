"""``tapete demo``: a whole seeded match of any game between random players, told deal by deal.

The match is played here, the same way for every game (a random bot per seat,
all seeded); the game tells it (:meth:`~tapete.core.game.Game.demo_lines`).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from tapete.bots.random_bot import RandomBot
from tapete.cli.common import add_game_arguments, chosen_game, deal_rules, faces_for
from tapete.cli.rows import lines
from tapete.core.game import Match
from tapete.games import Game
from tapete.text.messages import msg

HELP = "cmd.demo.help"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=1, metavar="N", help=msg("opt.demo_seed"))
    p.add_argument("--french", action="store_true", help=msg("opt.french"))
    p.add_argument("--hands", action="store_true", help=msg("opt.hands"))


def play_match(game: Game, rules: Any, seed: int) -> Match:
    """Play a match to the end with one random bot per seat, all seeded."""
    match = game.new_match(rules, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    while not match.is_terminal():
        match.apply_action(bot.act(game.observe(match, match.current_player), rng))
    return match


def narrate(game: Game, match: Match, french: bool = False, hands: bool = False) -> list[str]:
    """The match as lines of text in the current language."""
    return lines(game.demo_lines(match, hands, faces_for(game, match.rules, french)))


def run(args: argparse.Namespace) -> int:
    game = chosen_game(args)
    rules = deal_rules(args)
    for line in narrate(game, play_match(game, rules, args.seed), french=args.french, hands=args.hands):
        print(line)
    return 0
