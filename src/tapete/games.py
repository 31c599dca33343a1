"""The games tapete plays: one registry of :class:`~tapete.core.game.Game` objects.

Each game package exports its ``GAME`` (see :mod:`tapete.core.game`); adding a
game is one line in :data:`GAMES`. Faces, bots and the solver find a game here
by name, by its rules, by a record or by a position string, and ask it the rest.

>>> game = GAMES["belote"]
>>> rules = game.rules("trois-joueurs")
>>> game.players(rules), game.units(rules), game.side_of(rules, 2)
(3, 3, 2)
>>> game_of_position("classique d0 bidding:1 h=- b=-").name
'belote'
>>> parse_position("classique d0 bidding:1 h=- b=-")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.core.errors.NotationError: bad position, field r (retourne): missing: with bidding=taking, ...
"""

from __future__ import annotations

from typing import Any, Final

from tapete.belote.game import GAME as BELOTE
from tapete.brisca.game import GAME as BRISCA
from tapete.core.errors import NotationError, RecordError, RulesError
from tapete.core.game import Game, Match
from tapete.core.position_fields import preset_of_token
from tapete.core.rules import RulesBase
from tapete.core.words import Say
from tapete.guinote.game import GAME as GUINOTE

#: Every game, by the name records, positions, the command line and the server use.
GAMES: Final[dict[str, Game]] = {g.name: g for g in (GUINOTE, BELOTE, BRISCA)}

#: A deal position of any game (each game's own state class).
Position = Any


def game(name: str) -> Game:
    """The game called ``name``; an unknown name raises :class:`RulesError` listing the games."""
    try:
        return GAMES[name]
    except KeyError:
        choices = ", ".join(GAMES)
        raise RulesError(
            f"unknown game {name!r}: expected one of {choices}",
            say=Say("error.game.unknown", name=name, choices=choices),
        ) from None


def game_of_rules(rules: RulesBase) -> Game:
    for g in GAMES.values():
        if isinstance(rules, g.rules_class):
            return g
    raise RulesError(f"no game plays {type(rules).__name__}")


def game_of_record(data: Any) -> Game:
    """The game a parsed record is of (its envelope's ``game``)."""
    name = data.get("game") if isinstance(data, dict) else None
    if name not in GAMES:
        raise RecordError(f'record "game" must be one of {", ".join(GAMES)}, not {name!r}')
    return GAMES[name]


def game_of_preset(name: str) -> Game | None:
    """The game a preset name belongs to (preset names are unique across the games), or None."""
    for g in GAMES.values():
        if name in g.presets:
            return g
    return None


def game_of_position(text: str) -> Game:
    """The game of a position string, from its rules token; raises :class:`NotationError` if none."""
    tokens = text.split()
    name = preset_of_token(tokens[0]) if tokens else None
    found = game_of_preset(name) if name is not None else None
    if found is not None:
        return found
    if len(tokens) < 3:
        raise NotationError(
            f"bad position {text!r}: expected '<rules> d<dealer> <phase> KEY=VALUE ...' "
            "(see each game's notation module, e.g. tapete.guinote.notation, for its grammar)"
        )
    known = " or ".join(f"a {g.title} preset ({', '.join(g.presets)})" for g in GAMES.values())
    if name is None:
        detail = f"cannot read {tokens[0]!r}: expected {known}, optionally followed by {{KEY=VALUE,...}}"
    else:
        detail = f"unknown preset {name!r}: expected {known}"
    raise NotationError(f"bad position, field rules (rules): {detail}")


def parse_position(text: str) -> Position:
    """Read a position string of any game into a new deal state."""
    return game_of_position(text).parse_position(text)


def position_string(state: Position, history: bool = False) -> str:
    """The position string of a deal state of any game."""
    return game_of_rules(state.rules).position_string(state, history)


__all__ = [
    "GAMES",
    "Game",
    "Match",
    "Position",
    "game",
    "game_of_position",
    "game_of_preset",
    "game_of_record",
    "game_of_rules",
    "parse_position",
    "position_string",
]
