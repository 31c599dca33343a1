"""Why a choice at the table is refused, in the person's language, from their observation only.

The game works out the rule in play (``game.explain_illegal``: a duty of
trick play, a timing rule, a call out of turn) and returns a
:class:`~tapete.core.words.Say`; this module says it. It knows no game.

>>> from tapete.games import game_of_preset
>>> game = game_of_preset("classique")
>>> match = game.new_match(game.rules("classique"), seed=4)
>>> obs = game.observe(match, match.current_player)
>>> refusal(game, obs, 0)
'Trumps are not chosen yet: take, bid or pass first.'
"""

from __future__ import annotations

from typing import Any

from tapete.core.game import Game
from tapete.table.narrate import _game
from tapete.text.render import Names, say

Explanation = tuple[str, dict[str, Any]]


def refusal(game: Game | str, obs: Any, action: int, names: Names | None = None) -> str:
    """Why ``action`` is refused to ``obs.seat``, as a sentence; a legal action raises :class:`ValueError`."""
    return say(_game(game).explain_illegal(obs, action), names, sentence=True)


def explain_illegal(game: Game | str, obs: Any, action: int) -> Explanation:
    """The refusal as a message id and its values, for ``msg(key, **values)`` (older callers)."""
    s = _game(game).explain_illegal(obs, action)
    values: dict[str, Any] = dict(s.values)
    if s.count is not None:
        values["count"] = s.count
    return s.key, values


__all__ = ["Explanation", "explain_illegal", "refusal"]
