"""A seat's observation as a fixed-shape vector: the layout every game fills in.

Research environments (:mod:`tapete.envs`: PettingZoo, Gymnasium, OpenSpiel,
self-play data) want one flat float vector per observation, the same for
every consumer. Each game describes its vector with a :class:`Layout` (named
fields, each documented) and fills it from an observation only, in its own
``tensor`` module, reached through ``Game.tensor(rules)``; numpy stays out of
the engines: a game hands back :class:`Features`, plain lists that
:mod:`tapete.envs.encoding` scatters into an array in three vector operations.

A layout has three blocks, in this order:

- **card sets**: one slot per card of the deck each, from a bitmask (the hand,
  the cards a seat played, ...);
- **flags**: slots that are 0 or 1, set by index (one-hot values and booleans);
- **values**: numbers, scaled to about [0, 1] (points, counts, scores).

>>> layout = Layout(4)
>>> layout.cards("hand", "cards in hand")
0
>>> layout.flags("phase", 2, "one-hot: play, over")
4
>>> layout.values("points", 1, "points / 10")
6
>>> [(f.name, f.start, f.length) for f in layout.fields], layout.size, layout.values_start
([('hand', 0, 4), ('phase', 4, 2), ('points', 6, 1)], 7, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from tapete.core.errors import SetupError


class Field(NamedTuple):
    """One named part of an observation vector: ``vector[start:start + length]``."""

    name: str
    start: int
    length: int
    doc: str


@dataclass(frozen=True)
class Features:
    """One observation, as a game hands it to the encoder (see :class:`Layout` for the blocks).

    ``cards``: one bitmask per card-set field, in layout order; ``flags``: the absolute
    indices set to 1 in the flag block; ``values``: one number per value slot, in order.
    """

    cards: list[int]
    flags: list[int]
    values: list[float]


class Layout:
    """The fields of one game's vector under one set of rules, declared block by block.

    Each declaring method returns the field's start, which a game keeps to fill it.
    """

    def __init__(self, n_cards: int) -> None:
        self.n_cards = n_cards
        self.fields: list[Field] = []
        #: How many card-set fields open the vector (``card_fields * n_cards`` slots).
        self.card_fields = 0
        self.size = 0
        self._values_start = -1
        self._block = 0
        #: ``(start, length, high)`` of the value fields: the most each slot can hold (card sets
        #: and flags hold at most 1).
        self.highs: list[tuple[int, int, float]] = []

    @property
    def flags_start(self) -> int:
        return self.card_fields * self.n_cards

    @property
    def values_start(self) -> int:
        """Where the value block begins (the end of the vector while it has none)."""
        return self.size if self._values_start < 0 else self._values_start

    def _add(self, block: int, name: str, length: int, doc: str) -> int:
        if block < self._block:
            raise SetupError(f"field {name!r}: declare card sets, then flags, then values")
        if length < 1:
            raise SetupError(f"field {name!r}: length must be positive, not {length}")
        if any(f.name == name for f in self.fields):
            raise SetupError(f"field {name!r} is declared twice")
        if block == 2 and self._values_start < 0:
            self._values_start = self.size
        self._block = block
        start = self.size
        self.fields.append(Field(name, start, length, doc))
        self.size += length
        return start

    def cards(self, name: str, doc: str) -> int:
        """A card set: slot ``start + card`` is 1 for each card of the set."""
        start = self._add(0, name, self.n_cards, doc)
        self.card_fields += 1
        return start

    def flags(self, name: str, length: int, doc: str) -> int:
        """``length`` slots of 0 or 1 (a one-hot value, a boolean, a set of seats)."""
        return self._add(1, name, length, doc)

    def values(self, name: str, length: int, doc: str, high: float = 1.0) -> int:
        """``length`` numbers in [0, ``high``], scaled as ``doc`` says (to about [0, 1] where the game allows)."""
        start = self._add(2, name, length, doc)
        self.highs.append((start, length, high))
        return start


class ObservationTensor(Protocol):
    """A game's vector under one set of rules: its layout, its actions, and the filling of it."""

    @property
    def layout(self) -> Layout: ...

    @property
    def action_count(self) -> int:
        """Every action id of the game under these rules is below it."""
        ...

    def features(self, obs: Any) -> Features:
        """The vector of one seat's observation, from that observation only."""
        ...


def relative(seat: int, other: int, n: int) -> int:
    """``other`` as ``seat`` sees the table: 0 itself, 1 the next to play after it, ...; -1 stays -1."""
    return -1 if other < 0 else (other - seat) % n


__all__ = ["Features", "Field", "Layout", "ObservationTensor", "relative"]
