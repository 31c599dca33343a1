"""Positions of either game: one reader that tells the game from the rules token.

Preset names are unique across the games (``aragones``, ``clasico``, ... are
Guiñote; ``classique``, ``coinche``, ... are Belote), so the first token of a
position string says which game's notation reads the rest
(:mod:`tapete.guinote.notation` or :mod:`tapete.belote.notation`).

>>> parse_position("classique d0 bidding:1 h=- b=-")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.errors.NotationError: bad position, field r (retourne): missing: with bidding=taking, ...
>>> from tapete.belote.rules import BeloteRules
>>> from tapete.belote.state import BeloteState
>>> state = BeloteState.new_deal(BeloteRules.preset("coinche"), seed=2)
>>> type(parse_position(position_string(state))).__name__, game_of_position(position_string(state))
('BeloteState', 'belote')
"""

from __future__ import annotations

from typing import Final

from tapete.belote import notation as belote_notation
from tapete.belote.rules import PRESETS as BELOTE_PRESETS
from tapete.belote.state import BeloteState
from tapete.errors import NotationError
from tapete.guinote import notation as guinote_notation
from tapete.guinote.rules import PRESETS as GUINOTE_PRESETS
from tapete.guinote.state import GuinoteState
from tapete.notation_fields import preset_of_token

__all__ = ["GAMES", "Position", "game_of_position", "game_of_preset", "parse_position", "position_string"]

#: A deal position of either game.
Position = GuinoteState | BeloteState

#: The games, by the name records and the command line use, with their presets.
GAMES: Final[dict[str, tuple[str, ...]]] = {
    "guinote": tuple(GUINOTE_PRESETS),
    "belote": tuple(BELOTE_PRESETS),
}


def game_of_preset(name: str) -> str | None:
    """The game a preset name belongs to (``guinote`` or ``belote``), or None."""
    for game, presets in GAMES.items():
        if name in presets:
            return game
    return None


def game_of_position(text: str) -> str:
    """The game of a position string, from its rules token; raises :class:`NotationError` if none."""
    tokens = text.split()
    name = preset_of_token(tokens[0]) if tokens else None
    game = game_of_preset(name) if name is not None else None
    if game is not None:
        return game
    if len(tokens) < 3:
        raise NotationError(
            f"bad position {text!r}: expected '<rules> d<dealer> <phase> KEY=VALUE ...' "
            "(see tapete.guinote.notation and tapete.belote.notation for the grammars)"
        )
    known = f"a Guiñote preset ({', '.join(GUINOTE_PRESETS)}) or a Belote preset ({', '.join(BELOTE_PRESETS)})"
    if name is None:
        detail = f"cannot read {tokens[0]!r}: expected {known}, optionally followed by {{KEY=VALUE,...}}"
    else:
        detail = f"unknown preset {name!r}: expected {known}"
    raise NotationError(f"bad position, field rules (rules): {detail}")


def parse_position(text: str) -> Position:
    """Read a position string of either game into a new state."""
    if game_of_position(text) == "belote":
        return belote_notation.from_notation(text)
    return guinote_notation.from_notation(text)


def position_string(state: Position, history: bool = False) -> str:
    """The position string of a state of either game."""
    if isinstance(state, BeloteState):
        return belote_notation.to_notation(state, history)
    return guinote_notation.to_notation(state, history)
