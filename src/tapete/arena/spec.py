"""What an arena run is: the game and rules, a bot level per side, how many deals or matches, the seed.

An :class:`ArenaSpec` names everything that decides a run's results, so
that the same spec gives the same rows whatever the number of worker
processes (``workers`` only decides how fast). The bots are *entrants*,
one per scoring side (two partnerships at 4 players, each player at 2 or
3): entrant ``i`` plays side ``i``, except in duplicate, where every deal
(or match) is played once per rotation of the entrants over the sides,
with the same cards and dealer, so that luck of the cards cancels out.

>>> spec = ArenaSpec(preset="trois-joueurs", bots=("random",) * 3, count=2, duplicate=True)
>>> [(p.index, p.leg, p.seating) for p in plan(spec)][:4]
[(0, 0, (0, 1, 2)), (0, 1, (1, 2, 0)), (0, 2, (2, 0, 1)), (1, 0, (0, 1, 2))]
>>> ArenaSpec(bots=("random", "genius"))
Traceback (most recent call last):
...
tapete.core.errors.RulesError: unknown bot level 'genius': expected one of random, ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from tapete.bots.levels import check_level
from tapete.core.errors import SetupError
from tapete.games import GAMES, Game, game, game_of_preset

Mode = Literal["deals", "matches"]
MODES: Final[tuple[Mode, ...]] = ("deals", "matches")


@dataclass(frozen=True)
class ArenaSpec:
    """One arena run. Invalid values raise :class:`~tapete.core.errors.TapeteError` when the spec is made."""

    #: The game's name; empty: the game of ``preset`` (preset names are unique), else the first registered.
    game: str = ""
    #: Rules preset (None: the game's default) and options changed from it, as strings.
    preset: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    #: The bot level of each entrant, one per side (see :meth:`units`): names of
    #: :data:`~tapete.bots.levels.LEVELS`, or ``KIND:ARG`` levels (``policy:weights.npz``).
    bots: tuple[str, ...] = ("random", "random")
    #: ``"deals"``: each play is one deal; ``"matches"``: each play is a whole match.
    mode: Mode = "deals"
    #: How many deals or matches (in duplicate, each is played once per side rotation).
    count: int = 1000
    duplicate: bool = False
    seed: int = 1
    #: Worker processes (1: in this process). Changes the speed, never the results.
    workers: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "bots", tuple(self.bots))
        if not self.game:
            found = game_of_preset(self.preset) if self.preset else None
            object.__setattr__(self, "game", found.name if found is not None else next(iter(GAMES)))
        object.__setattr__(self, "options", dict(self.options))
        rules = self.rules()  # raises for an unknown game, preset or option
        if self.mode not in MODES:
            raise SetupError(f"unknown arena mode {self.mode!r}: expected one of {', '.join(MODES)}")
        units = self.game_info.units(rules)
        if len(self.bots) != units:
            raise SetupError(
                f"{self.game} with the {rules.preset_name} rules has {units} sides: "
                f"expected {units} bot levels, got {len(self.bots)}"
            )
        for level in self.bots:
            check_level(level)
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1:
            raise SetupError(f"the number of {self.mode} must be a whole number of at least 1, not {self.count!r}")
        if isinstance(self.workers, bool) or not isinstance(self.workers, int) or self.workers < 1:
            raise SetupError(f"workers must be a whole number of at least 1, not {self.workers!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SetupError(f"the seed must be a whole number, not {self.seed!r}")

    def __hash__(self) -> int:  # the options dict is not hashable itself; specs can still key a dict
        return hash((self.game, self.preset, tuple(sorted(self.options.items())), self.bots, self.mode, self.count,
                     self.duplicate, self.seed, self.workers))  # fmt: skip

    @property
    def game_info(self) -> Game:
        return game(self.game)

    def rules(self) -> Any:
        """The rules object of the run, built (and validated) from the preset and options."""
        return game(self.game).rules(self.preset, self.options)

    @property
    def units(self) -> int:
        """The number of sides, hence of entrants."""
        return len(self.bots)

    @property
    def legs(self) -> int:
        """Plays per deal or match: one per side rotation in duplicate, else one."""
        return self.units if self.duplicate else 1

    @property
    def total_plays(self) -> int:
        return self.count * self.legs

    def labels(self) -> tuple[str, ...]:
        """A name per entrant (see :meth:`labels_of`)."""
        return self.labels_of(self.bots)

    @staticmethod
    def labels_of(bots: Sequence[str]) -> tuple[str, ...]:
        """A name per entrant: its level, with a letter when two entrants share a level.

        >>> ArenaSpec.labels_of(("random", "random")), ArenaSpec.labels_of(("random", "pimc"))
        (('random A', 'random B'), ('random', 'pimc'))
        """
        return tuple(
            level if list(bots).count(level) == 1 else f"{level} {chr(ord('A') + i)}" for i, level in enumerate(bots)
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with the rules as records store them (preset plus changed options)."""
        return {
            "game": self.game,
            "preset": self.preset,
            "options": dict(self.options),
            "rules": self.rules().to_dict(),
            "bots": list(self.bots),
            "labels": list(self.labels()),
            "mode": self.mode,
            "count": self.count,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "workers": self.workers,
        }

    @classmethod
    def from_dict(cls, data: Any) -> ArenaSpec:
        """The spec stored by :meth:`to_dict` (the ``spec`` of a JSON result)."""
        if not isinstance(data, dict):
            raise SetupError("an arena spec must be a JSON object")
        keys = ("game", "preset", "options", "bots", "mode", "count", "duplicate", "seed", "workers")
        try:
            return cls(**{k: data[k] for k in keys if k in data})
        except TypeError as e:
            raise SetupError(f"bad arena spec: {e}") from None


@dataclass(frozen=True)
class Play:
    """One unit of work: deal or match number ``index``, duplicate ``leg``, and who sits where."""

    index: int
    leg: int
    #: The entrant playing each side: ``seating[side]``.
    seating: tuple[int, ...]


def seating(units: int, leg: int) -> tuple[int, ...]:
    """Leg ``leg`` rotates the entrants over the sides: side ``s`` gets entrant ``(s + leg) % units``.

    >>> seating(2, 0), seating(2, 1)
    ((0, 1), (1, 0))
    """
    return tuple((side + leg) % units for side in range(units))


def plan(spec: ArenaSpec) -> list[Play]:
    """Every play of a run, in order: each index's legs together."""
    return [Play(i, leg, seating(spec.units, leg)) for i in range(spec.count) for leg in range(spec.legs)]


def play_seed(seed: int, index: int) -> int:
    """The seed of deal or match ``index`` of a run (the same for each of its duplicate legs).

    It seeds :meth:`Game.new_match <tapete.games.Game.new_match>`, which draws the first dealer
    and shuffles the deck from it.
    """
    return random.Random(f"tapete-arena/{seed}/{index}").getrandbits(48)


__all__ = ["MODES", "ArenaSpec", "Mode", "Play", "plan", "play_seed", "seating"]
