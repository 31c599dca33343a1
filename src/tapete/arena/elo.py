"""Elo ratings of bot levels from duplicate results: a Bradley-Terry fit with bootstrap intervals.

Why this method: duplicate play already cancels most of the luck of the
cards, so each duplicate *deal* of a pairing (the same cards played once
with each seating) gives one clean verdict: the level that scored more
points over both seatings won the deal, equal points is a draw. Those
verdicts are fitted with the standard Bradley-Terry model on the Elo
scale, by maximum likelihood (the method of BayesElo and of most
engine-rating lists):

    P(a beats b) = 1 / (1 + 10 ** ((R_b - R_a) / 400)),

a draw counting as half a win for each side. Only differences are
identified, so one level (the *anchor*, ``random`` by default) is fixed at
a rating (0 by default). ``prior_draws`` virtual draws are added to each
pairing (as BayesElo does), so that a level that won every deal still
gets a finite rating; with thousands of deals they change little.

The 95% intervals come from a seeded bootstrap over deals: each pairing's
deals are resampled with replacement, the ratings refitted, and the
2.5% and 97.5% quantiles of each level's rating taken. The deals are drawn
from the pairing's record smoothed by the same prior (each virtual draw as
half a win and half a loss): without it a pairing won on every deal would
resample to the same sweep every time and show no uncertainty at all.

Hand-checkable: with one pairing of 3 wins and 1 loss (no prior), the
winner is ``400 * log10(3)`` = 190.8 points above the loser.

>>> ratings = fit_elo([Pairing("heuristic", "random", wins=3, draws=0, losses=1)], prior_draws=0)
>>> round(ratings["random"], 1), round(ratings["heuristic"], 1)
(0.0, 190.8)
>>> round(expected_score(190.8), 3)
0.75
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tapete.arena.results import ArenaResult, PlayRow
from tapete.arena.stats import CONFIDENCE, Interval

#: Elo points per factor of 10 in the odds of winning.
ELO_SCALE = 400.0
#: Natural-log odds to Elo points: R = θ · 400 / ln 10.
_TO_ELO = ELO_SCALE / math.log(10.0)
#: Virtual draws added to each pairing unless told otherwise (see the module docstring).
DEFAULT_PRIOR_DRAWS = 1.0
#: The level fixed at the anchor rating when it takes part and no anchor is named.
DEFAULT_ANCHOR = "random"
#: A rating further than this from the anchor means the fit has no finite maximum.
_DIVERGED = 5000.0


@dataclass(frozen=True)
class Pairing:
    """The duplicate deals of level ``a`` against level ``b``, counted from ``a``'s side."""

    a: str
    b: str
    wins: int
    draws: int
    losses: int

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"a pairing needs two different levels, not {self.a!r} twice")
        if min(self.wins, self.draws, self.losses) < 0:
            raise ValueError(f"counts of deals cannot be negative: {self}")

    @property
    def deals(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``a``'s score: wins plus half the draws."""
        return self.wins + self.draws / 2.0

    def swapped(self) -> Pairing:
        """The same deals counted from ``b``'s side."""
        return Pairing(self.b, self.a, self.losses, self.draws, self.wins)


def expected_score(diff: float) -> float:
    """The expected score of a level rated ``diff`` Elo points above its opponent.

    >>> expected_score(0.0), round(expected_score(400.0), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + math.pow(10.0, -diff / ELO_SCALE))


def elo_difference(score: float) -> float:
    """The rating difference whose expected score is ``score`` (0 < score < 1): the inverse of
    :func:`expected_score`.

    >>> round(elo_difference(0.75), 2), elo_difference(0.5)
    (190.85, 0.0)
    """
    if not 0.0 < score < 1.0:
        raise ValueError(f"an expected score must be strictly between 0 and 1, not {score}")
    return ELO_SCALE * math.log10(score / (1.0 - score))


def block_outcome(rows: Iterable[PlayRow], entrant: int = 0) -> float:
    """One duplicate deal's verdict for ``entrant``: 1 if its margin summed over the legs (the same
    cards in every seating) is positive, 0 if negative, 0.5 if zero.

    >>> rows = [PlayRow(0, 0, 7, 1, (0, 1), (80, 50), 0, 1), PlayRow(0, 1, 7, 1, (1, 0), (90, 40), 0, 1)]
    >>> block_outcome(rows, 0), block_outcome(rows, 1)
    (0.0, 1.0)
    """
    margin = sum(r.margin_of(entrant) for r in rows)
    return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5


def pairing_of(result: ArenaResult, first: int = 0) -> Pairing:
    """The deals of a two-entrant arena run as a :class:`Pairing` from entrant ``first``'s side.

    Each deal (or match) number is one block: in duplicate its legs are judged together by
    :func:`block_outcome`; otherwise each play is its own verdict.
    """
    bots = result.spec.labels()  # the levels, lettered when both entrants share one
    if len(bots) != 2:
        raise ValueError(f"an Elo pairing needs a run of two entrants, not {len(bots)}")
    blocks: dict[int, list[PlayRow]] = {}
    for row in result.rows:
        blocks.setdefault(row.index, []).append(row)
    outcomes = [block_outcome(rows, first) for rows in blocks.values()]
    return Pairing(
        bots[first],
        bots[1 - first],
        wins=outcomes.count(1.0),
        draws=outcomes.count(0.5),
        losses=outcomes.count(0.0),
    )


def levels_of(pairings: Sequence[Pairing]) -> list[str]:
    """The levels that take part, in order of first appearance."""
    names: list[str] = []
    for p in pairings:
        for name in (p.a, p.b):
            if name not in names:
                names.append(name)
    return names


def _check_connected(names: Sequence[str], pairings: Sequence[Pairing]) -> None:
    """Ratings are only comparable between levels linked by a chain of pairings with deals."""
    links: dict[str, set[str]] = {n: set() for n in names}
    for p in pairings:
        if p.deals > 0:
            links[p.a].add(p.b)
            links[p.b].add(p.a)
    seen = {names[0]}
    todo = [names[0]]
    while todo:
        for other in links[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    apart = [n for n in names if n not in seen]
    if apart:
        raise ValueError(f"no chain of played pairings links {', '.join(apart)} to {names[0]}: add pairings")


def _check_finite(names: Sequence[str], games: Sequence[tuple[int, int, float, float]]) -> None:
    """Finite maximum-likelihood ratings exist iff no group of levels scored nothing against the rest,
    that is iff the graph "i scored (won or drew) against j" is strongly connected (Zermelo 1929; Ford 1957).
    """
    k = len(names)
    forward: list[set[int]] = [set() for _ in range(k)]
    backward: list[set[int]] = [set() for _ in range(k)]
    for i, j, n, s in games:
        if s > 0:  # i scored against j
            forward[i].add(j)
            backward[j].add(i)
        if n - s > 0:
            forward[j].add(i)
            backward[i].add(j)
    for graph in (forward, backward):
        seen = {0}
        todo = [0]
        while todo:
            for other in graph[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        if len(seen) < k:
            raise ValueError(
                "some levels won or lost every deal against the others: no finite ratings; use prior_draws > 0"
            )


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """``matrix · x = rhs`` by Gaussian elimination with partial pivoting (small systems only)."""
    n = len(rhs)
    a = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("the ratings are not identifiable from these pairings")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def _fit(names: Sequence[str], games: Sequence[tuple[int, int, float, float]], anchor: int) -> list[float]:
    """Maximum-likelihood log-strengths θ (θ[anchor] = 0) by damped Newton steps.

    ``games`` holds ``(i, j, n, s)``: n comparisons of level i with level j, i scoring s of them.
    The log-likelihood Σ s·log P(θi-θj) + (n-s)·log P(θj-θi), P the logistic, is concave, so Newton's method with
    step halving climbs to its maximum.
    """
    k = len(names)
    free = [i for i in range(k) if i != anchor]
    where = {i: f for f, i in enumerate(free)}
    theta = [0.0] * k

    def loglik(t: Sequence[float]) -> float:
        total = 0.0
        for i, j, n, s in games:
            d = t[i] - t[j]
            # log P(d) = -log(1 + e^-d), computed stably for either sign of d
            log_p = -math.log1p(math.exp(-d)) if d >= 0 else d - math.log1p(math.exp(d))
            log_q = log_p - d
            total += s * log_p + (n - s) * log_q
        return total

    current = loglik(theta)
    for _ in range(200):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for i, j, n, s in games:
            p = 1.0 / (1.0 + math.exp(-(theta[i] - theta[j])))
            g = s - n * p
            w = n * p * (1.0 - p)
            fi, fj = where.get(i), where.get(j)
            if fi is not None:
                grad[fi] += g
                hess[fi][fi] += w
            if fj is not None:
                grad[fj] -= g
                hess[fj][fj] += w
            if fi is not None and fj is not None:
                hess[fi][fj] -= w
                hess[fj][fi] -= w
        if max((abs(g) for g in grad), default=0.0) < 1e-10:
            break
        step = _solve(hess, grad)  # Newton step of -log L: H·Δ = ∇ (H here is minus the Hessian)
        scale = 1.0
        while True:
            trial = theta[:]
            for f, i in enumerate(free):
                trial[i] += scale * step[f]
            value = loglik(trial)
            if value >= current - 1e-12 or scale < 1e-9:
                break
            scale /= 2.0
        theta, current = trial, value
        if max(abs(t) for t in theta) * _TO_ELO > _DIVERGED:  # guarded by _check_finite; a safety net
            raise ValueError("the ratings do not converge: no finite maximum of the likelihood")
        if max(abs(x) for x in step) * scale < 1e-12:
            break
    return theta


def fit_elo(
    pairings: Sequence[Pairing],
    anchor: str | None = None,
    anchor_rating: float = 0.0,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
) -> dict[str, float]:
    """Each level's Elo rating, by maximum likelihood over the pairings' deals (see the module docstring).

    ``anchor`` (default: ``random`` if it plays, else the first level named) is fixed at
    ``anchor_rating``. Pairings of the same two levels add up, whichever side they are counted from.

    >>> r = fit_elo([Pairing("b", "a", 6, 0, 2), Pairing("c", "b", 1, 2, 1)], anchor="a", prior_draws=0)
    >>> round(r["b"], 1), round(r["c"] - r["b"], 1)
    (190.8, 0.0)
    """
    if prior_draws < 0:
        raise ValueError(f"prior_draws cannot be negative, not {prior_draws}")
    if not pairings:
        raise ValueError("no pairings to rate")
    names = levels_of(pairings)
    if anchor is None:
        anchor = DEFAULT_ANCHOR if DEFAULT_ANCHOR in names else names[0]
    if anchor not in names:
        raise ValueError(f"the anchor {anchor!r} is not among the levels rated: {', '.join(names)}")
    _check_connected(names, pairings)
    index = {n: i for i, n in enumerate(names)}
    totals: dict[tuple[int, int], list[float]] = {}
    for p in pairings:
        i, j = index[p.a], index[p.b]
        key, score = ((i, j), p.score) if i < j else ((j, i), p.deals - p.score)
        entry = totals.setdefault(key, [0.0, 0.0])
        entry[0] += p.deals
        entry[1] += score
    games = [(i, j, n + prior_draws, s + prior_draws / 2.0) for (i, j), (n, s) in totals.items()]
    _check_finite(names, games)
    theta = _fit(names, [g for g in games if g[2] > 0], index[anchor])
    return {n: anchor_rating + theta[index[n]] * _TO_ELO for n in names}


def _resample(p: Pairing, rng: random.Random, prior_draws: float) -> Pairing:
    """The pairing with its deals drawn again, with replacement, from its own deals smoothed by the
    prior (each virtual draw counting as half a win and half a loss, as it does in the fit)."""
    if p.deals == 0:
        return p
    half = prior_draws / 2.0
    drawn = rng.choices((0, 1, 2), weights=(p.wins + half, p.draws, p.losses + half), k=p.deals)
    return Pairing(p.a, p.b, drawn.count(0), drawn.count(1), drawn.count(2))


def elo_intervals(
    pairings: Sequence[Pairing],
    anchor: str | None = None,
    anchor_rating: float = 0.0,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    samples: int = 1000,
    seed: int = 1,
    confidence: float = CONFIDENCE,
) -> dict[str, Interval]:
    """Each level's rating (the fit of :func:`fit_elo`) with a percentile bootstrap interval over deals.

    The bootstrap is seeded (``seed``), so the same pairings always give the same intervals.
    ``n`` of each interval is the number of deals the level played. The anchor's interval is
    the single point ``anchor_rating``: the others are relative to it. With ``prior_draws=0``, a
    resample in which a level won or lost everything has no finite fit: the intervals are then
    reported unbounded (``-inf``, ``inf``).
    """
    if samples < 1:
        raise ValueError(f"the bootstrap needs at least 1 sample, not {samples}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"the confidence must be strictly between 0 and 1, not {confidence}")
    estimate = fit_elo(pairings, anchor, anchor_rating, prior_draws)
    if anchor is None:
        anchor = DEFAULT_ANCHOR if DEFAULT_ANCHOR in estimate else next(iter(estimate))
    rng = random.Random(f"tapete-elo/{seed}")
    draws: dict[str, list[float]] = {n: [] for n in estimate}
    unbounded = False
    for _ in range(samples):
        try:
            fitted = fit_elo([_resample(p, rng, prior_draws) for p in pairings], anchor, anchor_rating, prior_draws)
        except ValueError:  # a clean sweep in the resample and no prior: no finite ratings at all
            unbounded = True
            continue
        for n, r in fitted.items():
            draws[n].append(r)
    played = {n: 0 for n in estimate}
    for p in pairings:
        played[p.a] += p.deals
        played[p.b] += p.deals
    tail = (1.0 - confidence) / 2.0
    out: dict[str, Interval] = {}
    for n in estimate:
        if n == anchor:
            out[n] = Interval(anchor_rating, anchor_rating, anchor_rating, played[n])
        elif unbounded:
            out[n] = Interval(estimate[n], -math.inf, math.inf, played[n])
        else:
            out[n] = Interval(estimate[n], quantile(draws[n], tail), quantile(draws[n], 1.0 - tail), played[n])
    return out


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics (numpy's default).

    >>> quantile([1.0, 2.0, 3.0, 4.0], 0.5), quantile([5.0], 0.9)
    (2.5, 5.0)
    """
    if not values:
        raise ValueError("the quantile of no values")
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    if pos == lo or ordered[lo] == ordered[hi]:  # also keeps infinities from turning into NaN
        return ordered[lo]
    return ordered[lo] + (pos - lo) * (ordered[hi] - ordered[lo])


def elo_table(ratings: Mapping[str, Interval], order: Sequence[str] | None = None) -> list[str]:
    """Lines of a plain-text table of ratings with their intervals (strongest first unless ``order``)."""
    names = list(order) if order is not None else sorted(ratings, key=lambda n: -ratings[n].estimate)
    width = max([len("level")] + [len(n) for n in names])
    lines = [f"{'level':<{width}}  {'Elo':>6}  {'95% interval':>17}  {'deals':>6}"]
    for n in names:
        r = ratings[n]
        lines.append(f"{n:<{width}}  {r.estimate:>6.0f}  [{r.low:>7.0f}, {r.high:>7.0f}]  {r.n:>6}")
    return lines


__all__ = [
    "DEFAULT_ANCHOR",
    "DEFAULT_PRIOR_DRAWS",
    "ELO_SCALE",
    "Pairing",
    "block_outcome",
    "elo_difference",
    "elo_intervals",
    "elo_table",
    "expected_score",
    "fit_elo",
    "levels_of",
    "pairing_of",
    "quantile",
]
