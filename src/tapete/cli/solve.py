"""``tapete solve``: the exact value of each legal action of a position (see :mod:`tapete.solver`).

A position further from the end of its deal than the game's solver reaches within seconds
(``Game.solve_reach``) is refused at once, with the way to a solvable one, rather than after a
long search: ``--tricks-left N`` deals a fresh position and plays it there with the game's
heuristic bots; ``--max-nodes`` searches a deeper position anyway.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from tapete.cli.command import Command, UsageError
from tapete.cli.common import add_position_arguments, load_position
from tapete.cli.legal import legal_lines, phase_text, seat_text
from tapete.cli.words import say
from tapete.core.game import Game
from tapete.games import Position, game_of_rules
from tapete.solver import DEFAULT_TT_BYTES, SearchLimitError, Solution, solve
from tapete.text.messages import msg


def configure(parser: argparse.ArgumentParser) -> None:
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help=msg("opt.json"))
    parser.add_argument(
        "--tt-mb", type=int, default=DEFAULT_TT_BYTES >> 20, metavar="MB",
        help=msg("solve.opt.tt_mb", default=DEFAULT_TT_BYTES >> 20),
    )  # fmt: skip
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help=msg("solve.opt.max_nodes", default=MAX_NODES))  # fmt: skip
    parser.add_argument("--tricks-left", type=int, default=None, metavar="N", help=msg("solve.opt.tricks_left"))


#: Default search limit: an early position of a long deal can take hours; later positions need far less.
MAX_NODES = 20_000_000


def side_text(state: Position, side: int) -> str:
    """Who the values count for, in words (the game says who a side is)."""
    return say(game_of_rules(state.rules).solver_side(state, side))


def played_to(game: Game, state: Any, tricks: int, seed: int) -> Any:
    """The deal played on by the game's heuristic bot (seeded) until ``tricks`` tricks are left."""
    bot, rng = game.heuristic_bot(), random.Random(seed)
    while not state.is_terminal() and game.tricks_left(state) > tricks:
        state.apply_action(bot.act(game.observe_deal(state, state.current_player), rng))
    if state.is_terminal():
        raise UsageError(msg("solve.error.deal_ended", seed=seed, tricks=tricks))
    return state


def position_to_solve(args: argparse.Namespace) -> Any:
    """The position given, or a fresh deal (played to ``--tricks-left``), checked to be within reach."""
    loaded = load_position(args)
    state = loaded.state
    game = game_of_rules(state.rules)
    reach = game.solve_reach(state.rules)
    if reach <= 0:
        raise UsageError(msg("solve.error.no_solver", game=game.title))
    if args.tricks_left is not None:
        if loaded.seed is None:
            raise UsageError(msg("solve.error.tricks_left_with_position"))
        most = game.tricks_left(state)
        if not 1 <= args.tricks_left <= most:
            raise UsageError(msg("solve.error.tricks_left_range", value=args.tricks_left, most=most))
        state = played_to(game, state, args.tricks_left, loaded.seed)
        if not args.json:
            print(msg("solve.played_to", seed=loaded.seed, tricks=args.tricks_left))
            print(f"  {game.position_string(state)}")
    left = game.tricks_left(state)
    if args.max_nodes is None and left > reach:
        raise UsageError(msg("solve.error.out_of_reach", left=left, reach=reach))
    return state


def run(args: argparse.Namespace) -> int:
    if args.tt_mb < 1:
        raise UsageError(msg("solve.error.tt_mb", value=args.tt_mb))
    state = position_to_solve(args)
    lines = legal_lines(state, french=args.french)
    max_nodes = MAX_NODES if args.max_nodes is None else max(0, args.max_nodes)
    start = time.perf_counter()
    try:
        sol: Solution = solve(state, tt_bytes=args.tt_mb << 20, max_nodes=max_nodes)
    except SearchLimitError:
        raise UsageError(msg("solve.error.too_deep", nodes=max_nodes)) from None
    ms = (time.perf_counter() - start) * 1000
    actions = state.legal_actions()
    if args.json:
        game = game_of_rules(state.rules)
        data = {
            "game": game.name,
            "position": game.position_string(state),
            "phase": game.phase_name(state),
            "seat": state.current_player,
            "side": sol.side,
            "best": lines[actions.index(sol.best)][0],
            "value": sol.values[sol.best],
            "nodes": sol.nodes,
            "actions": [
                {"action": text, "id": action, "description": description, "value": sol.values[action]}
                for action, (text, description) in zip(actions, lines, strict=True)
            ],
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    print(msg("solve.header", seat=seat_text(state.current_player), phase=phase_text(state),
              side=side_text(state, sol.side)))  # fmt: skip
    width = max(len(text) for text, _ in lines)
    dwidth = max(len(description) for _, description in lines)
    for action, (text, description) in zip(actions, lines, strict=True):
        mark = "  " + msg("solve.mark.best") if action == sol.best else ""
        print(f"  {text:<{width}}  {description:<{dwidth}}  {sol.values[action]:>4}{mark}".rstrip())
    print(msg("solve.best", action=lines[actions.index(sol.best)][0], value=sol.values[sol.best]))
    print(msg("solve.nodes", nodes=sol.nodes, ms=f"{ms:.1f}"))
    return 0


COMMAND = Command("solve", "solve.help", "solve.description", configure, run)
