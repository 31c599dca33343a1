"""Test helpers both games use: random play through the public surface, and refused actions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tapete.errors import IllegalActionError


class Playable(Protocol):
    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> list[int]: ...

    def apply_action(self, action: int) -> None: ...


P = TypeVar("P", bound=Playable)


def play_random(game: P, steps: int, seed: int) -> P:
    """Apply up to ``steps`` uniformly random legal actions (a deal or a match), seeded."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        la = game.legal_actions()
        game.apply_action(la[rng.randrange(len(la))])
    return game


def assert_refused(state: Any, action: int, snapshot: Callable[[Any], object]) -> None:
    """The action raises IllegalActionError and the state is exactly as before."""
    before = snapshot(state)
    try:
        state.apply_action(action)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"action {action} was accepted")
    assert snapshot(state) == before
