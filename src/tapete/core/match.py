"""What a match of any game shares: the seeded deck stream, the first dealer, the surface of a deal.

A match chains deals under one rules object until a side wins. Whatever the
game, it has the same surface as a deal (``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``) so that bots
and faces can drive either, and the same randomness: one
``random.Random(seed)`` draws the first dealer, then shuffles a fresh deck for
each deal (always, even when the deck is forced, so that the stream does not
depend on it). A game's match subclasses :class:`MatchBase` and supplies how
a deal starts and what a finished deal does to the match.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from tapete.core.errors import IllegalActionError, SetupError


class DealState(Protocol):
    """The surface of one deal that a match drives."""

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def apply_action(self, action: int) -> None: ...

    def is_terminal(self) -> bool: ...


class DealLog(Protocol):
    """A match's record of one deal: at least the actions applied to it."""

    actions: list[int]


S = TypeVar("S", bound=DealState)
D = TypeVar("D", bound=DealLog)


class MatchBase(Generic[S, D]):
    """Deals until a side wins. Subclasses set ``self.deal`` (from :meth:`_start_deal`) and finish deals."""

    deal: S

    def __init__(
        self,
        players: int,
        n_cards: int | Sequence[int],
        seed: int | None,
        dealer: int | None,
        decks: Sequence[Sequence[int]] | None,
    ) -> None:
        self.players: int = players
        #: The card ids a deck is shuffled from (``n_cards``: ids 0 to n_cards - 1).
        self.pack: list[int] = list(range(n_cards)) if isinstance(n_cards, int) else list(n_cards)
        self.n_cards: int = len(self.pack)
        self.seed: int | None = seed
        self._rng = random.Random(seed)
        drawn = self._rng.randrange(players)  # always drawn, so the deck stream is the same either way
        if dealer is None:
            dealer = drawn
        elif not 0 <= dealer < players:
            raise SetupError(f"dealer {dealer} is not a seat: expected 0..{players - 1}")
        self.first_dealer: int = dealer
        self._forced: list[list[int]] = [list(d) for d in decks] if decks is not None else []
        self.winner: int = -1
        self.deals: list[D] = []

    def _next_deck(self) -> list[int]:
        """The next deal's deck: a fresh shuffle, unless a forced deck is waiting."""
        deck = self.pack[:]
        self._rng.shuffle(deck)
        if self._forced:
            return self._forced.pop(0)
        return deck

    def _finish_deal(self, record: D) -> None:
        """Settle the deal that just ended: update the score, set ``winner`` or start the next deal."""
        raise NotImplementedError

    # ------------------------------------------------------------ the surface of a deal
    @property
    def current_player(self) -> int:
        return -1 if self.winner >= 0 else self.deal.current_player

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def legal_actions(self) -> list[int]:
        return [] if self.winner >= 0 else self.deal.legal_actions()

    def apply_action(self, action: int) -> None:
        """Apply an action to the current deal; settles it (and starts the next) when it ends."""
        if self.winner >= 0:
            raise IllegalActionError("the match is over: no more actions")
        self.deal.apply_action(action)
        record = self.deals[-1]
        record.actions.append(action)
        if self.deal.is_terminal():
            self._finish_deal(record)

    def side_of_seat(self, seat: int) -> int:
        """The side a seat wins or loses with: ``seat % 2`` (partners sit opposite; at two
        players, the seat itself)."""
        return seat % 2

    def returns(self) -> list[float]:
        """+1 for each seat of the winning side, -1 for the others (0 while playing)."""
        if self.winner < 0:
            return [0.0] * self.players
        return [1.0 if self.side_of_seat(s) == self.winner else -1.0 for s in range(self.players)]
