"""``tapete legal``: the legal actions of the seat to act, as text or JSON."""

from __future__ import annotations

import argparse
import json

from tapete.cli.command import Command
from tapete.cli.common import add_position_arguments, faces_for, load_position
from tapete.cli.words import say
from tapete.games import Position, game_of_rules
from tapete.text.grammar import Label
from tapete.text.messages import msg
from tapete.text.render import seat_label


def legal_lines(state: Position, french: bool = False) -> list[tuple[str, str]]:
    """(action string, description) of each legal action, asked of the state's game."""
    game = game_of_rules(state.rules)
    rules = state.rules
    faces = faces_for(game, rules, french)
    symbols = french or faces.startswith("french")
    return [
        (game.action_str(rules, a, symbols=french and symbols), say(game.describe_action(state, a, faces)))
        for a in state.legal_actions()
    ]


def phase_text(state: Position) -> str:
    """The phase in words."""
    return msg(f"phase.{game_of_rules(state.rules).phase_name(state)}")


def seat_text(seat: int) -> Label:
    """A seat's label: the template picks its form ("el jugador 2", "del jugador 2")."""
    return seat_label(seat)


def configure(parser: argparse.ArgumentParser) -> None:
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help=msg("opt.json"))


def run(args: argparse.Namespace) -> int:
    state = load_position(args).state
    game = game_of_rules(state.rules)
    lines = legal_lines(state, french=args.french)
    if args.json:
        data = {
            "game": game.name,
            "position": game.position_string(state),
            "phase": game.phase_name(state),
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
