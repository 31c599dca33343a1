"""Optional decisions nobody else may learn of: a seat's private turn, and the table as the others see it.

A game marks the actions that decline an optional decision (:meth:`~tapete.core.game.Game.is_silent`:
passing on a cante or on the exchange of the 7). At a real table a player who could sing or exchange
and does not shows nothing: nobody knows they could have, nor that they thought about it. So while
the seat to act holds such a decision (its *private turn*: a silent action is among its legal
actions) every face shows everybody else the table as it would be had the seat already declined
(:func:`settle`): the same position, the same seat to act, the same choices for that seat, the same
version. The seat that holds the decision sees its own choice; a declined one is told to nobody.

The next public actor (:func:`public_player`) may act at once: its action closes the pending private
turns, which are then declined for their seats (:func:`declines`), as at a real table, where the
lead ends the time to sing or to exchange. Every action, a declined one too, is in the record.

Nothing here knows a game: it asks ``game.is_silent`` and the deal's own legal actions.

>>> from tapete.games import game_of_preset
>>> game = game_of_preset("aragones")
>>> match = game.new_match(game.rules("aragones"), seed=1)
>>> state = match.deal
>>> silent_choice(game, state) is None and settle(game, state) is state
True
>>> public_player(game, state) == state.current_player and declines(game, state, state.current_player)
[]
"""

from __future__ import annotations

from typing import Any, Final

from tapete.core.game import Game

#: More pending private turns than this in a row is a game's bug, not a position: stop there.
_MOST: Final = 64


def silent_choice(game: Game, state: Any) -> int | None:
    """The action that declines the decision the seat to act holds, if its turn is a private one; else None."""
    if state.is_terminal() or state.current_player < 0:
        return None
    rules = state.rules
    for action in state.legal_actions():
        if game.is_silent(rules, action):
            return int(action)
    return None


def settle(game: Game, state: Any, seat: int | None = None) -> Any:
    """The deal as ``seat`` may see it (None: a spectator): every pending private turn of another seat
    declined, in a copy. Returns ``state`` itself, not a copy, when no such turn is pending (the usual case).
    """
    out = state
    for _ in range(_MOST):
        action = silent_choice(game, out)
        if action is None or out.current_player == seat:
            return out
        if out is state:
            out = state.clone()
        out.apply_action(action)
    return out


def public_player(game: Game, state: Any) -> int:
    """The seat to act as everybody but the holder of a private turn sees it: after every pending one is declined."""
    return int(settle(game, state).current_player)


def declines(game: Game, state: Any, seat: int) -> list[tuple[int, int]] | None:
    """The (seat, action) declines that must come before ``seat`` may act: the pending private turns of
    other seats, in order. Empty when ``seat`` is to act now; None when it is not to act even then.
    """
    out: list[tuple[int, int]] = []
    probe = state
    for _ in range(_MOST):
        if probe.is_terminal():
            return None
        if probe.current_player == seat:
            return out
        action = silent_choice(game, probe)
        if action is None:
            return None
        if probe is state:
            probe = state.clone()
        out.append((probe.current_player, action))
        probe.apply_action(action)
    return None


def is_private(game: Game, rules: Any, action: int, record_ended: bool) -> bool:
    """Whether an applied action is told to nobody but its seat: a silent one that did not end the deal
    (the end of a deal is news for everybody, whatever ended it)."""
    return game.is_silent(rules, action) and not record_ended


__all__ = ["declines", "is_private", "public_player", "settle", "silent_choice"]
