"""Engine errors in words (catalog ``errors``): the :class:`~tapete.core.words.Say` of a TapeteError.

The English texts equal the errors' own English messages, so ``str(error)`` and
:func:`tapete.text.error_text` agree in English.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str | tuple[str, str]]] = {
    # rules (tapete.core.rules)
    "error.rules.unknown_preset": "unknown {game} preset {name!r}: expected one of {choices}",
    "error.rules.unknown_option": "unknown {game} option {name!r}: expected one of {choices}",
    "error.rules.bad_revision": "bad rules revision {value!r}: expected a whole number from 1 to {most}",
    "error.rules.bad_choice": "bad value {value!r} for {name}: expected one of {choices}",
    "error.rules.bad_int": "bad value {value!r} for {name}: expected a whole number",
    "error.rules.bad_bool": "bad value {value!r} for {name}: expected true or false",
    "error.rules.negative": "bad value {value} for {name}: expected 0 or more",
    # cards (tapete.core.cards.deck)
    "error.card.short": "bad card {text!r}: expected a rank ({ranks}) then a suit ({suits})",
    "error.card.suit": "bad card {text!r}: unknown suit {suit!r}; expected one of {suits}",
    "error.card.rank": "bad card {text!r}: unknown rank {rank!r}; expected {ranks}",
    "error.card.repeated": "repeated card in {text!r}: each card may appear once",
    # games (tapete.games)
    "error.game.unknown": "unknown game {name!r}: expected one of {choices}",
    # turns (tables)
    "error.turn.not_yours": "it is not {seat}'s turn: {current} is to act",
    "error.match.over": "the match is over",
    # saving a table (tapete.table.session)
    "error.save": "cannot save the table to {path!r}: {reason}",
}
