"""Results of a finished deal (a plain class: picklable, compiled or not)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DealResult:
    """How a finished deal scored, per team (index 0 = seats 0 and 2)."""

    card_points: tuple[int, int]
    cante_points: tuple[int, int]
    last_trick: tuple[int, int]
    capote_bonus: tuple[int, int]
    tricks: tuple[int, int]
    last_trick_team: int
    capote_team: int
    tute_team: int
    claim_team: int
    claim_ok: bool

    @property
    def totals(self) -> tuple[int, int]:
        return (
            self.card_points[0] + self.cante_points[0] + self.last_trick[0] + self.capote_bonus[0],
            self.card_points[1] + self.cante_points[1] + self.last_trick[1] + self.capote_bonus[1],
        )

    @property
    def trick_points(self) -> tuple[int, int]:
        """Points of tricks without cantes: card points plus the last-trick bonus."""
        return (self.card_points[0] + self.last_trick[0], self.card_points[1] + self.last_trick[1])
