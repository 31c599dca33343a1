"""``tapete solve``: the exact value of each legal action of a position (see :mod:`tapete.solver`)."""

from __future__ import annotations

import argparse
import json
import time

from tapete.cli.command import Command, UsageError
from tapete.cli.common import add_position_arguments, load_position
from tapete.cli.legal import legal_lines, phase_text, seat_text
from tapete.cli.words import say
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
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES, metavar="N",
                        help=msg("solve.opt.max_nodes", default=MAX_NODES))  # fmt: skip


#: Default search limit: an early position of a long deal can take hours; later positions need far less.
MAX_NODES = 20_000_000


def side_text(state: Position, side: int) -> str:
    """Who the values count for, in words (the game says who a side is)."""
    return say(game_of_rules(state.rules).solver_side(state, side))


def run(args: argparse.Namespace) -> int:
    if args.tt_mb < 1:
        raise UsageError(msg("solve.error.tt_mb", value=args.tt_mb))
    state = load_position(args).state
    lines = legal_lines(state, french=args.french)
    start = time.perf_counter()
    try:
        sol: Solution = solve(state, tt_bytes=args.tt_mb << 20, max_nodes=max(0, args.max_nodes))
    except SearchLimitError:
        raise UsageError(msg("solve.error.too_deep", nodes=args.max_nodes)) from None
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
