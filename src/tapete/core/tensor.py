"""A seat's observation as a fixed-shape vector: the layout every game fills in.

Research environments (:mod:`tapete.envs`: PettingZoo, Gymnasium, OpenSpiel,
self-play data) want one flat float vector per observation, the same for
every consumer. Each game describes its vector with a :class:`Layout` (named
fields, each documented) and fills it from an observation only, in its own
``tensor`` module, reached through ``Game.tensor(rules)``; numpy stays out of
the engines: a game hands back :class:`Features`, plain lists that
:mod:`tapete.envs.encoding` scatters into an array in a few vector operations.

A layout has three blocks, in this order:

- **card sets**: one slot per card of the deck each (the hand, the cards a
  seat played, ...): slot ``start + card`` is 1 for each card of the set;
- **flags**: slots that are 0 or 1 (one-hot values, booleans, sets of seats);
- **values**: numbers in [0, high], mostly scaled to [0, 1] (points, counts, scores).

A game fills the first two blocks by naming the slots that are 1 (``ones``),
the third by listing its numbers (``values``).

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from tapete.core.errors import SetupError
from tapete.core.views import SeatView


class Field(NamedTuple):
    """One named part of an observation vector: ``vector[start:start + length]``."""

    name: str
    start: int
    length: int
    doc: str


@dataclass(frozen=True)
class Features:
    """One observation, as a game hands it to the encoder (see :class:`Layout` for the blocks).

    ``ones``: the indices of the slots that are 1 (card sets and flags; the others are 0);
    ``values``: one number per slot of the value block, in order.
    """

    ones: list[int]
    values: list[float]


def add_cards(ones: list[int], start: int, mask: int) -> None:
    """Add the slots of the cards of bitmask ``mask`` in the card set at ``start`` to ``ones``.

    >>> ones = []
    >>> add_cards(ones, 40, 0b1010)
    >>> ones
    [41, 43]
    """
    while mask:
        low = mask & -mask
        ones.append(start + low.bit_length() - 1)
        mask ^= low


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


class SeatCards:
    """The card sets every trick-taking observation has, seats counted from the observer (``r0``):
    its hand, the cards each seat played in completed tricks, each seat's card in the trick in
    progress, and the cards each seat is known to hold."""

    def __init__(self, layout: Layout, n: int, hand_doc: str, known_doc: str) -> None:
        self.n = n
        self.hand = layout.cards("hand", hand_doc)
        self.played = [layout.cards(f"played_r{r}", f"cards seat r{r} played in completed tricks") for r in range(n)]
        self.trick = [
            layout.cards(f"trick_r{r}", f"the card seat r{r} played to the trick in progress") for r in range(n)
        ]
        self.known = [layout.cards(f"known_r{r}", known_doc.format(r=r)) for r in range(n)]

    def add(self, ones: list[int], obs: SeatView, known: Sequence[int]) -> None:
        """Add the slots of ``obs``'s cards; ``known``: each seat's known cards (bitmasks, by seat)."""
        n = self.n
        seat = obs.seat
        start = self.hand
        ones += [start + c for c in obs.hand]
        played = self.played
        for leader, _, cards in obs.tricks:
            r = leader - seat
            for c in cards:
                ones.append(played[r % n] + c)
                r += 1
        trick = self.trick
        for p, c in obs.trick:
            ones.append(trick[(p - seat) % n] + c)
        for r, start in enumerate(self.known):
            mask = known[(seat + r) % n]
            if mask:
                add_cards(ones, start, mask)


class TurnFlags:
    """The flags of whose turn it is, seats counted from the observer: the phase (one-hot of the game's
    phase names), the seat to act, the dealer, the leader of the trick in progress, the last trick's winner."""

    def __init__(self, layout: Layout, n: int, phases: Sequence[str]) -> None:
        self.n = n
        self.phases = {name: i for i, name in enumerate(phases)}
        self.phase = layout.flags("phase", len(phases), "one-hot: " + ", ".join(phases))
        self.turn = layout.flags("turn", n + 1, "one-hot: the seat to act, r0.., then none (deal over)")
        self.dealer = layout.flags("dealer", n, "one-hot: the dealer, r0..")
        self.leader = layout.flags("leader", n + 1, "one-hot: who led the trick in progress, r0.., then none")
        self.last = layout.flags("last_winner", n + 1, "one-hot: who won the last completed trick, r0.., then none")

    def add(self, ones: list[int], obs: SeatView) -> None:
        n = self.n
        seat = obs.seat
        cur = obs.current_player
        ones.append(self.phase + self.phases[obs.phase])
        ones.append(self.turn + ((cur - seat) % n if cur >= 0 else n))
        ones.append(self.dealer + (obs.dealer - seat) % n)
        ones.append(self.leader + ((obs.trick[0][0] - seat) % n if obs.trick else n))
        ones.append(self.last + ((obs.tricks[-1][1] - seat) % n if obs.tricks else n))


class StockDealHead:
    """The first fields of a game dealt from a stock with a face-up trump card under it (Guiñote,
    Brisca), in this order: every seat's cards (:class:`SeatCards`), that face-up card until it is
    drawn, whose turn it is (:class:`TurnFlags`), and the trump suit."""

    def __init__(
        self, layout: Layout, n: int, known_doc: str, card: tuple[str, str], phases: Sequence[str], suits: str
    ) -> None:
        self.cards = SeatCards(layout, n, "the seat's own cards", known_doc)
        self.card = layout.cards(*card)
        self.turns = TurnFlags(layout, n, phases)
        self.trump = layout.flags("trump", 4, f"one-hot: the trump suit ({suits})")

    def add(self, ones: list[int], obs: SeatView, known: Sequence[int], card: int, trump: int) -> None:
        """Add the slots of ``obs``'s cards (``known`` as for :class:`SeatCards`), the face-up ``card``
        and the ``trump`` suit (each -1: none)."""
        self.cards.add(ones, obs, known)
        if card >= 0:
            ones.append(self.card + card)
        self.turns.add(ones, obs)
        if trump >= 0:
            ones.append(self.trump + trump)


def seat_or_none(start: int, seat: int, other: int, n: int) -> int:
    """The slot of a one-hot of ``n + 1`` seats: ``other`` counted from ``seat``, or the last slot for -1."""
    return start + ((other - seat) % n if other >= 0 else n)


def relative(seat: int, other: int, n: int) -> int:
    """``other`` as ``seat`` sees the table: 0 itself, 1 the next to play after it, ...; -1 stays -1."""
    return -1 if other < 0 else (other - seat) % n


__all__ = [
    "Features",
    "Field",
    "Layout",
    "ObservationTensor",
    "SeatCards",
    "StockDealHead",
    "TurnFlags",
    "add_cards",
    "relative",
    "seat_or_none",
]
