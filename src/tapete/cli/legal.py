"""``tapete legal``: the legal actions of the seat to act, as text or JSON."""

from __future__ import annotations

import argparse
import json

from tapete.cli.command import Command
from tapete.cli.common import add_position_arguments, load_position
from tapete.cli.messages import msg
from tapete.cli.render import legal_lines, phase_name, phase_text, seat_text
from tapete.notation import game_of_position, position_string


def configure(parser: argparse.ArgumentParser) -> None:
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help=msg("opt.json"))


def run(args: argparse.Namespace) -> int:
    state = load_position(args).state
    lines = legal_lines(state, french=args.french)
    if args.json:
        position = position_string(state)
        data = {
            "game": game_of_position(position),
            "position": position,
            "phase": phase_name(state),
            "seat": state.current_player,
            "actions": [
                {"action": text, "id": action, "description": description}
                for action, (text, description) in zip(state.legal_actions(), lines, strict=True)
            ],
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    if not lines:
        print(msg("legal.none"))
        return 0
    print(msg("legal.header", seat=seat_text(state.current_player), phase=phase_text(state)))
    width = max(len(text) for text, _ in lines)
    for text, description in lines:
        print(f"  {text:<{width}}  {description}")
    return 0


COMMAND = Command("legal", "cmd.legal.help", "cmd.legal.description", configure, run)
