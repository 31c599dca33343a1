"""One observation encoding for every research interface: a float vector and an action mask.

PettingZoo, Gymnasium, OpenSpiel and the self-play data all see a seat's
observation through one :class:`Encoder`, so a policy trained on one plays on
the others. The encoder asks the game (``Game.tensor(rules)``, each game's
``tensor`` module) for the fields and their contents, and only scatters them
into numpy arrays here: this module never names a game. Its input is an
observation (``Game.observe``), the one door hidden cards never pass, so the
vector cannot carry a card the seat may not see. The fields, field by field:
docs/envs.md.

Action ids are the engine's own (``Match.legal_actions``, ``Game.action_str``), the
same the command line, the records and the server speak.

>>> from tapete.games import GAMES
>>> for name, game in GAMES.items():
...     enc = encoder(name, game.rules())
...     match = game.new_match(enc.rules, seed=1)
...     obs = game.observe(match, match.current_player)
...     vec, mask = enc.encode(obs), enc.mask(obs)
...     assert vec.shape == (enc.size,) and vec.dtype == "float32" and mask.dtype == "int8"
...     assert int(mask.sum()) == len(match.legal_actions())
...     assert int(vec[enc.slice("hand")].sum()) == len(obs.hand)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from tapete.core.game import Game
from tapete.core.tensor import Field, ObservationTensor

__all__ = ["Encoder", "Field", "encoder"]


class Encoder:
    """The vector and the action mask of a game's observations under one set of rules."""

    def __init__(self, game: Game, rules: Any) -> None:
        self.game = game
        self.rules = rules
        code: ObservationTensor = game.tensor(rules)
        self._code = code
        layout = code.layout
        #: Length of the observation vector (fixed per game and rules).
        self.size: int = layout.size
        #: The vector's named parts, in order (documented in docs/envs.md).
        self.fields: tuple[Field, ...] = tuple(layout.fields)
        #: The size of the Discrete action space: every action id of the game is below it.
        self.action_count: int = code.action_count
        self._values_start = layout.values_start
        self._by_name = {f.name: f for f in self.fields}
        high = np.ones(self.size, dtype=np.float32)
        for start, length, top in layout.highs:
            high[start : start + length] = top
        self._no_actions = np.zeros(self.action_count, dtype=np.int8)
        #: The most each slot of a vector can hold (the bounds of a Box space; the least is 0).
        self.high: npt.NDArray[np.float32] = high

    def field(self, name: str) -> Field:
        """The field called ``name`` (KeyError if the game has none)."""
        return self._by_name[name]

    def slice(self, name: str) -> slice:
        """Where field ``name`` lies in a vector: ``vec[enc.slice("hand")]``."""
        f = self._by_name[name]
        return slice(f.start, f.start + f.length)

    def encode(self, obs: Any) -> npt.NDArray[np.float32]:
        """The vector of one seat's observation (float32, shape ``(size,)``), from it only."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(obs, out)
        return out

    def encode_into(self, obs: Any, out: npt.NDArray[np.float32]) -> None:
        """Fill ``out`` (zeros, shape ``(size,)``) with the vector of ``obs``: no allocation of the vector."""
        feats = self._code.features(obs)
        if feats.ones:
            out.put(feats.ones, 1.0)
        if feats.values:
            out[self._values_start :] = feats.values

    def mask(self, obs: Any) -> npt.NDArray[np.int8]:
        """The legal actions of ``obs`` (int8, shape ``(action_count,)``, 1 = legal), from
        ``obs.legal_actions``: the view of its seat, which may show its own turn while another seat's
        silent choice is pending (declined in that view); who is really to act is the match's to say."""
        out = self._no_actions.copy()
        legal = obs.legal_actions
        if legal:
            out.put(legal, 1)
        return out

    def describe(self) -> list[tuple[str, int, int, str]]:
        """The fields as ``(name, start, length, doc)`` rows (for docs/envs.md and ``--help`` texts)."""
        return [(f.name, f.start, f.length, f.doc) for f in self.fields]

    def __repr__(self) -> str:
        return f"<Encoder {self.game.name} {getattr(self.rules, 'preset_name', '')} size={self.size}>"


@functools.lru_cache(maxsize=64)
def _cached(game_name: str, rules: Any) -> Encoder:
    from tapete.games import game

    return Encoder(game(game_name), rules)


def encoder(game_name: str, rules: Any) -> Encoder:
    """The encoder of ``game_name`` under ``rules`` (cached: rules are frozen and hashable)."""
    return _cached(game_name, rules)
