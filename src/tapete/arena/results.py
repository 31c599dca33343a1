"""What an arena run produced: one row per play, and the summary of each entrant.

A row holds the points of each *side*; which entrant (bot) sat on which
side is its ``seating``, so every figure is attributed to the bots, not to
the seats. The summary treats each deal or match number as one
independent *block*: in duplicate, its legs (the same cards with the
sides rotated) are averaged first, and the interval is computed over the
block averages, which is what makes duplicate intervals narrower.

>>> rows = [PlayRow(0, 0, 7, 1, (0, 1), (80, 50), 0, 1), PlayRow(0, 1, 7, 1, (1, 0), (90, 40), 0, 1)]
>>> s = summarize(rows, ("random", "random"), "deals")
>>> s.entrants[0].points.estimate, s.entrants[0].margin.estimate, s.entrants[0].wins
(60.0, -10.0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tapete.arena.spec import ArenaSpec, Mode
from tapete.arena.stats import Interval, mean_interval, wilson_interval
from tapete.core.errors import SetupError


@dataclass(frozen=True)
class PlayRow:
    """One deal or match as played: its number, leg, seed, first dealer, who sat where, and the score."""

    index: int
    leg: int
    #: The seed of :meth:`Game.new_match <tapete.games.Game.new_match>` that dealt it.
    seed: int
    #: The dealer of the (first) deal.
    dealer: int
    #: The entrant on each side.
    seating: tuple[int, ...]
    #: Per side: the deal's points (as the game counts them: ``Game.deal_points``), or the match's final score.
    points: tuple[int, ...]
    #: The winning side: the match's winner, or the side with strictly the most points of the deal; -1: none.
    winner: int
    #: Deals played (1 for a single deal).
    deals: int

    def side_of(self, entrant: int) -> int:
        return self.seating.index(entrant)

    def points_of(self, entrant: int) -> int:
        return self.points[self.side_of(entrant)]

    def margin_of(self, entrant: int) -> float:
        """The entrant's points minus the mean of the other sides' points (zero-sum over the sides)."""
        own = self.points_of(entrant)
        return own - (sum(self.points) - own) / (len(self.points) - 1)

    def won(self, entrant: int) -> bool:
        return self.winner >= 0 and self.seating[self.winner] == entrant

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "leg": self.leg,
            "seed": self.seed,
            "dealer": self.dealer,
            "seating": list(self.seating),
            "points": list(self.points),
            "winner": self.winner,
            "deals": self.deals,
        }

    @classmethod
    def from_dict(cls, data: Any) -> PlayRow:
        try:
            return cls(
                int(data["index"]),
                int(data["leg"]),
                int(data["seed"]),
                int(data["dealer"]),
                tuple(int(x) for x in data["seating"]),
                tuple(int(x) for x in data["points"]),
                int(data["winner"]),
                int(data["deals"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise SetupError(f"bad arena row {data!r}: {e}") from None


def deal_winner(points: Sequence[int]) -> int:
    """The side with strictly the most points, or -1 on a tie for the most.

    >>> deal_winner((70, 60)), deal_winner((65, 65)), deal_winner((0, 90, 72))
    (0, -1, 1)
    """
    top = max(points)
    best = [s for s, p in enumerate(points) if p == top]
    return best[0] if len(best) == 1 else -1


@dataclass(frozen=True)
class EntrantSummary:
    """How one entrant did over a run."""

    entrant: int
    level: str
    label: str
    plays: int
    wins: int
    #: Share of plays won, with its Wilson interval.
    win_rate: Interval
    #: Mean points per deal (or final match score), with a t interval over the blocks.
    points: Interval
    #: Mean margin over the other sides per deal or match, with a t interval over the blocks.
    margin: Interval

    def to_dict(self) -> dict[str, Any]:
        return {
            "entrant": self.entrant,
            "level": self.level,
            "label": self.label,
            "plays": self.plays,
            "wins": self.wins,
            "win_rate": self.win_rate.to_dict(),
            "points": self.points.to_dict(),
            "margin": self.margin.to_dict(),
        }


@dataclass(frozen=True)
class Summary:
    """The whole run in figures: one :class:`EntrantSummary` per entrant."""

    mode: Mode
    #: Deals or matches (a duplicate block counts once).
    blocks: int
    plays: int
    #: Plays that no side won (a tie for the most points of a deal).
    draws: int
    entrants: tuple[EntrantSummary, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "blocks": self.blocks,
            "plays": self.plays,
            "draws": self.draws,
            "entrants": [e.to_dict() for e in self.entrants],
        }


def summarize(rows: Sequence[PlayRow], bots: Sequence[str], mode: Mode, labels: Sequence[str] | None = None) -> Summary:
    """The summary of the rows of a run whose entrants have the levels ``bots``."""
    if labels is None:
        labels = ArenaSpec.labels_of(bots)
    blocks: dict[int, list[PlayRow]] = {}
    for row in rows:
        blocks.setdefault(row.index, []).append(row)
    entrants = []
    for e, level in enumerate(bots):
        points = [sum(r.points_of(e) for r in block) / len(block) for block in blocks.values()]
        margins = [sum(r.margin_of(e) for r in block) / len(block) for block in blocks.values()]
        wins = sum(1 for r in rows if r.won(e))
        entrants.append(
            EntrantSummary(
                e,
                level,
                labels[e],
                len(rows),
                wins,
                wilson_interval(wins, len(rows)),
                mean_interval(points),
                mean_interval(margins),
            )
        )
    draws = sum(1 for r in rows if r.winner < 0)
    return Summary(mode, len(blocks), len(rows), draws, tuple(entrants))


@dataclass(frozen=True)
class ArenaResult:
    """A finished run: its spec, its rows in order, its summary and how long it took."""

    spec: ArenaSpec
    rows: tuple[PlayRow, ...]
    summary: Summary
    seconds: float
    #: The processes that played it (at most ``spec.workers``: a small run needs fewer).
    workers: int = 1

    @property
    def plays_per_second(self) -> float:
        return len(self.rows) / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the spec, the summary and every row."""
        return {
            "format": "tapete-arena",
            "version": 1,
            "spec": self.spec.to_dict(),
            "seconds": self.seconds,
            "workers": self.workers,
            "summary": self.summary.to_dict(),
            "rows": [r.to_dict() for r in self.rows],
        }

    @classmethod
    def from_dict(cls, data: Any) -> ArenaResult:
        """A result read back from :meth:`to_dict` (the summary is recomputed from the rows)."""
        if not isinstance(data, dict) or data.get("format") != "tapete-arena":
            raise SetupError('not a tapete arena result: "format" must be "tapete-arena"')
        if data.get("version") != 1:
            raise SetupError(f"unsupported arena result version {data.get('version')!r}: expected 1")
        spec = ArenaSpec.from_dict(data.get("spec"))
        raw = data.get("rows")
        if not isinstance(raw, list):
            raise SetupError('an arena result needs a "rows" list')
        rows = tuple(PlayRow.from_dict(r) for r in raw)
        seconds, workers = data.get("seconds", 0.0), data.get("workers", 1)
        if not isinstance(seconds, int | float) or not isinstance(workers, int):
            raise SetupError('an arena result\'s "seconds" and "workers" must be numbers')
        return cls(spec, rows, summarize(rows, spec.bots, spec.mode, spec.labels()), float(seconds), workers)
