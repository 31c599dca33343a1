"""What the contract suite runs over: every registered game, each preset, a few option mixes.

The suite knows no game by name: it reads :data:`tapete.games.GAMES`, so a game is
tested by registering it. Only the :class:`~tapete.core.game.Game` interface and
the deal state's public surface are used (``legal_actions``, ``apply_action``,
``is_terminal``, ``returns``, ``current_player``, ``clone``, ``push``/``pop``
where the engine has them, copying and pickling).

Every failure says where it happened: ``game/preset{options} seed S step N`` and
the position string there, so a reader can rebuild the position at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tapete.core.errors import TapeteError
from tapete.core.game import Game
from tapete.games import GAMES


@dataclass(frozen=True)
class Case:
    """One game under one rules object: a preset, with some options changed."""

    game_name: str
    preset: str
    options: dict[str, str] = field(default_factory=dict)

    @property
    def game(self) -> Game:
        return GAMES[self.game_name]

    @property
    def rules(self) -> Any:
        return self.game.rules(self.preset, self.options or None)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_name}/{self.preset}" + (f"{{{opts}}}" if opts else "")


def _option_values(rules: Any) -> dict[str, list[str]]:
    """Each option of a rules object that takes one of a few values, with the values it does not have now."""
    values: dict[str, list[str]] = {}
    current = rules.to_dict()
    for name, allowed in rules.CHOICES.items():
        values[name] = [v for v in allowed if v != current.get(name)]
    for name, value in current.items():
        if isinstance(value, bool):
            values[name] = ["false" if value else "true"]
    return {k: v for k, v in values.items() if v}


def _option_mixes(game: Game, count: int, size: int) -> list[Case]:
    """``count`` seeded mixes of ``size`` options changed on a preset, keeping those the rules accept."""
    rng = random.Random(f"contract-mixes-{game.name}")
    mixes: list[Case] = []
    presets = sorted(game.presets)
    for _ in range(count * 10):
        if len(mixes) == count:
            break
        preset = rng.choice(presets)
        values = _option_values(game.rules(preset))
        names = rng.sample(sorted(values), min(size, len(values)))
        options = {name: rng.choice(values[name]) for name in names}
        try:
            game.rules(preset, options)
        except TapeteError:
            continue
        mixes.append(Case(game.name, preset, options))
    return mixes


def all_cases(mixes: int = 3, size: int = 4) -> list[Case]:
    """Every preset of every game, then ``mixes`` option mixes per game."""
    cases = [Case(name, preset) for name, game in GAMES.items() for preset in game.presets]
    for game in GAMES.values():
        cases.extend(_option_mixes(game, mixes, size))
    return cases


CASES: list[Case] = all_cases()
CASE_IDS: list[str] = [case.id for case in CASES]


def where(case: Case, seed: int, step: int, state: Any | None = None) -> str:
    """Where a check failed, for its message: the case, the seed, the step and the position there."""
    text = f"{case.id} seed {seed} step {step}"
    if state is not None:
        try:
            text += f"\n  position: {case.game.position_string(state)}"
        except Exception as e:  # pragma: no cover - only while reporting another failure
            text += f"\n  (no position string: {e})"
    return text


def walk(case: Case, seed: int, max_steps: int = 400) -> Iterator[tuple[int, Any, random.Random]]:
    """A seeded random playout of one deal: yields ``(step, state, rng)`` before each action and at the end.

    The caller may look at (not change) the state; the walk then applies a random legal action
    (a card four times in five when one is legal).
    """
    game, rules = case.game, case.rules
    rng = random.Random(seed)
    state = game.new_deal(rules, seed=seed, dealer=seed % game.players(rules))
    for step in range(max_steps):
        yield step, state, rng
        if state.is_terminal():
            return
        actions = state.legal_actions()
        assert actions, f"no legal action in a deal that is not over: {where(case, seed, step, state)}"
        # Mostly cards, so that deals with claims or other ways to stop early still often reach their end.
        cards = [a for a in actions if game.is_card(rules, a)]
        choices = cards if cards and rng.random() < 0.8 else actions
        state.apply_action(choices[rng.randrange(len(choices))])
    raise AssertionError(f"deal not over after {max_steps} actions: {where(case, seed, max_steps, state)}")


def observations(game: Game, state: Any) -> list[Any]:
    """The observation of every seat."""
    return [game.observe_deal(state, seat) for seat in range(game.players(state.rules))]
