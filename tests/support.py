"""Test helpers both games use: random play through the public surface, and refused actions."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tapete.core.errors import IllegalActionError


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


def play_in_step(
    a: P,
    b: P,
    rng: random.Random,
    same: Callable[[P, P], None],
    choose: Callable[[P, random.Random], int] | None = None,
) -> None:
    """Apply the same random actions to two games (deals or matches) to the end, checking after
    every step that they offer the same actions and that ``same(a, b)`` holds."""
    while True:
        same(a, b)
        legal = a.legal_actions()
        assert b.legal_actions() == legal
        if a.is_terminal():
            return
        action = choose(a, rng) if choose is not None else legal[rng.randrange(len(legal))]
        a.apply_action(action)
        b.apply_action(action)


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


def missing_scenario_tests(package: str, option_tests: dict[str, list[str]]) -> list[str]:
    """The ``module:test`` references of ``option_tests`` that do not name a test in ``package``.

    Each game's rules tests map every option to the scenario tests that cover it; an option
    with no entry, or an entry naming no test, is reported.
    """
    missing = []
    for option, tests in option_tests.items():
        if not tests:
            missing.append(f"{option}: no scenario test")
        for ref in tests:
            module, name = ref.split(":")
            try:
                mod = importlib.import_module(f"{package}.{module}")
            except ModuleNotFoundError:
                missing.append(f"{option}: module {module}")
                continue
            if not callable(getattr(mod, name, None)):
                missing.append(f"{option}: {ref}")
    return missing


def need_extra(module: str, extra: str = "envs") -> None:
    """Skip the calling test module without ``module`` (an optional extra), except under $CI, whose
    test extra installs it: there a missing module is an error, not a quiet skip."""
    import os

    import pytest

    try:
        importlib.import_module(module)
    except ImportError:  # pragma: no cover - CI installs it (the test extra)
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            raise
        pytest.skip(f"{module} is not installed (pip install 'tapete[{extra}]')", allow_module_level=True)
