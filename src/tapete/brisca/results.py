"""Results of a finished Brisca deal (a plain class: picklable, compiled or not)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DealResult:
    """How a finished deal scored, per side (index 0 = seat 0, and seat 2 at four players).

    ``winner`` is the side with 61 or more of the 120 card points, or -1 for a 60-60 tie.
    """

    card_points: tuple[int, int]
    tricks: tuple[int, int]
    last_trick_side: int
    winner: int

    @property
    def totals(self) -> tuple[int, int]:
        return self.card_points
