"""What every game's observation holds: the seat, whose turn it is, the seat's own cards.

Each game's observation (``tapete.guinote.observation``,
``tapete.belote.observation``) is a frozen dataclass extending
:class:`SeatView` with its own public table; :func:`observe` in each module is
the only door through which hidden cards leave an engine.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatView:
    """The part of an observation that is the same for every game."""

    seat: int
    #: ``play``, ``bidding``, ``window``, ... as the game names its phases.
    phase: str
    #: The seat to act, or -1 when the deal is over.
    current_player: int
    dealer: int
    #: This seat's cards (ids, ascending).
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: The trick in progress as (seat, card) in playing order.
    trick: tuple[tuple[int, int], ...]
    #: Completed tricks as (leader, winner, cards in playing order): all of them, the perfect
    #: recall of what was played face up (a game's rules may let a person look back at fewer).
    tricks: tuple[tuple[int, int, tuple[int, ...]], ...]

    @property
    def hand_mask(self) -> int:
        m = 0
        for c in self.hand:
            m |= 1 << c
        return m

    def played_mask(self) -> int:
        """Every card seen played: completed tricks and the current one."""
        m = 0
        for _, _, cards in self.tricks:
            for c in cards:
                m |= 1 << c
        for _, c in self.trick:
            m |= 1 << c
        return m


def seen_hands(view: SeatView, known: tuple[int, ...]) -> tuple[list[int], int]:
    """Where a sampler starts: each seat's cards as far as ``view``'s seat can see them (its own
    hand, the cards publicly ``known`` in the others), and the mask of all those cards."""
    fixed = view.hand_mask
    hands = [0] * len(known)
    hands[view.seat] = fixed
    for p, cards in enumerate(known):
        if p != view.seat:
            hands[p] = cards
            fixed |= cards
    return hands, fixed
