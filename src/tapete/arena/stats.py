"""The statistics of an arena run: means with a Student-t interval, rates with a Wilson interval.

Pure functions of numbers, so that each formula can be checked against a
hand computation. Intervals are 95% by default. A mean's interval needs
at least two values (else its ends are NaN); a rate's needs one trial.

>>> iv = mean_interval([1, 2, 3, 4, 5])
>>> round(iv.estimate, 3), round(iv.low, 3), round(iv.high, 3)
(3.0, 1.037, 4.963)
>>> iv = wilson_interval(8, 10)
>>> round(iv.low, 4), round(iv.high, 4)
(0.4902, 0.9433)
>>> round(t_quantile(0.975, 10), 4)
2.2281
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

#: The confidence of every interval unless told otherwise.
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """An estimate and its confidence interval ``[low, high]`` from ``n`` values or trials."""

    estimate: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width (NaN when undefined): the ``±`` of a symmetric interval."""
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, float | int | None]:
        """JSON-ready: undefined ends (NaN) become ``None``."""

        def clean(x: float) -> float | None:
            return None if math.isnan(x) else x

        return {"estimate": clean(self.estimate), "low": clean(self.low), "high": clean(self.high), "n": self.n}


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz; Numerical Recipes §6.4)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _beta_inc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(ln_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    tail = 0.5 * _beta_inc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (by bisection on :func:`t_cdf`: no scipy needed)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean with its Student-t interval, ``mean ± t(n-1) · s / √n`` (s: sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, math.nan, math.nan, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


def wilson_interval(successes: float, trials: int, confidence: float = CONFIDENCE) -> Interval:
    """A success rate with its Wilson score interval (good near 0 and 1, unlike ``p ± z·√(p(1-p)/n)``).

    ``successes`` may be fractional (a draw counted as half a win).
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2.0)
    p = successes / trials
    z2n = z * z / trials
    denom = 1.0 + z2n
    center = (p + z2n / 2.0) / denom
    half = z * math.sqrt(p * (1.0 - p) / trials + z2n / (4.0 * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, center - half)  # exact ends where rounding would miss them
    high = 1.0 if successes == trials else min(1.0, center + half)
    return Interval(p, low, high, trials)
