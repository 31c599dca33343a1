"""What every OpenSpiel state of one tapete game, rules and dealer shares: sizes, bounds, the deal's template.

One :class:`Setup` per (game, preset, options, dealer), cached: the OpenSpiel game
object and each of its states point at the same one, which a state's clone
shares (``__deepcopy__``) and its serialization names by key (``__reduce__``),
so copying a state never copies the rules or the encoder.

Parameters reach a game as OpenSpiel game parameters: ``preset`` (a preset name),
``options`` (rules options changed from the preset, ``name:value;name:value``:
OpenSpiel's game strings reserve ``=`` and ``,``) and ``dealer`` (a seat).

>>> parse_options("target:101; vueltas:false")
{'target': '101', 'vueltas': 'false'}
>>> options_text({"vueltas": "false", "target": "101"})
'target:101;vueltas:false'
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from tapete.core.errors import SetupError
from tapete.core.game import Game
from tapete.envs.encoding import Encoder, encoder
from tapete.games import game as game_named

#: Every game registers as ``tapete_<name>``, its name in :data:`tapete.games.GAMES`.
PREFIX: Final = "tapete_"

#: The utility bound, in ordinary deals (``SearchHooks.scale``: the card points of a deal). No deal of
#: any game comes near: the largest is a surcoinched capot with every declaration of the pack in the
#: French game, about 26 ordinary deals (4 x (162 + 90 + 800)); the Spanish games' deals stay under 2.
UTILITY_DEALS: Final = 50


def parse_options(text: str) -> dict[str, str]:
    """Rules options from a game parameter: ``name:value`` pairs separated by ``;`` (blanks ignored)."""
    out: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition(":")
        if not sep or not name.strip():
            raise SetupError(f"bad rules option {part!r}: expected name:value (pairs separated by ';')")
        out[name.strip()] = value.strip()
    return out


def options_text(options: Mapping[str, Any]) -> str:
    """The ``options`` game parameter for rules options (sorted, so equal rules give one game string)."""
    return ";".join(f"{k}:{_value_text(v)}" for k, v in sorted(options.items()))


def _value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True, eq=False)
class Setup:
    """One game under one rules object and dealer, as every OpenSpiel state of it needs it."""

    game: Game
    rules: Any
    dealer: int
    encoder: Encoder
    #: The card ids the deck is shuffled from (the deal's chance outcomes), ascending.
    pack: tuple[int, ...]
    #: A deal record of this game: ``deal_from_record`` of it with ``deck`` and ``dealer`` replaced
    #: starts the deal a chance sequence dealt.
    template: Any
    players: int
    #: The scoring side of each seat.
    sides: tuple[int, ...]
    units: int
    #: Card ids are below it (OpenSpiel's ``max_chance_outcomes``).
    n_cards: int
    #: The points of an ordinary deal (the game's ``SearchHooks.scale``).
    scale: float
    #: The largest return, in points (see :data:`UTILITY_DEALS`).
    bound: float
    #: A bound on the decisions of a deal (OpenSpiel's ``max_game_length``): every card once, and
    #: twice every call per card, far above any deal measured (under 50 decisions).
    max_length: int
    #: (game, preset, options, dealer): what :func:`setup` is called with.
    key: tuple[str, str, str, int]

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str, str, int]]:
        return (setup, self.key)

    def new_world(self, order: list[int]) -> Any:
        """The deal a chance sequence dealt: ``order[0]`` dealt first, as the engine deals a shuffled deck."""
        record = dataclasses.replace(self.template, deck=order, dealer=self.dealer)
        return self.game.deal_from_record(self.rules, record)

    def returns(self, world: Any) -> list[float]:
        """Each seat's return of a finished deal: its side's points minus the mean of the other sides'
        (zero-sum; with two sides, the margin the arena reports)."""
        points = self.game.deal_points(world.result())
        total = sum(points)
        per_side = [p - (total - p) / (self.units - 1) for p in points]
        return [float(per_side[side]) for side in self.sides]


@functools.lru_cache(maxsize=128)
def setup(game_name: str, preset: str, options: str, dealer: int) -> Setup:
    """The setup of ``game_name`` under a preset, options (``name:value;...``) and a dealer; bad ones raise a
    TapeteError saying what is expected."""
    game = game_named(game_name)
    rules = game.rules(preset or None, parse_options(options))
    canonical = options_text(rules.options_changed())
    if canonical != options:  # the same rules written another way: one setup for them
        return setup(game_name, preset, canonical, dealer)
    players = game.players(rules)
    if not 0 <= dealer < players:
        raise SetupError(f"dealer {dealer} is not a seat: expected 0..{players - 1}")
    match: Any = game.new_match(rules, seed=0, dealer=dealer)
    first = match.deals[0]
    world = game.deal_from_record(rules, first)
    scale = float(game.search_hooks(game.observe_deal(world, world.current_player)).scale)
    enc = encoder(game.name, rules)
    n_cards = game.deck(rules).n_cards
    calls = enc.action_count - n_cards
    pack = tuple(sorted(match.pack))
    return Setup(
        game=game,
        rules=rules,
        dealer=dealer,
        encoder=enc,
        pack=pack,
        template=first,
        players=players,
        sides=tuple(game.side_of(rules, s) for s in range(players)),
        units=game.units(rules),
        n_cards=n_cards,
        scale=scale,
        bound=UTILITY_DEALS * scale,
        max_length=len(pack) * (1 + 2 * max(calls, 0)),
        key=(game.name, preset, options, dealer),
    )


__all__ = ["PREFIX", "UTILITY_DEALS", "Setup", "options_text", "parse_options", "setup"]
