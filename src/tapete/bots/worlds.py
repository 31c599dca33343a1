"""Worlds for a search, drawn in proportion to how likely they are given what the others did.

The game's sampler deals the unseen cards uniformly among the deals
consistent with the observation (its hand, the cards shown, the voids the
duties prove). Bids and plays say more: a seat that bid 120 in hearts holds
hearts. Where the game gives a likelihood (``SearchHooks.likelihood``), a pool
of sampled worlds is weighed by it and the worlds solved are drawn from the
pool in proportion to their weights (sampling importance resampling), so
that the plain mean over the solved worlds estimates the mean over the
posterior. A world drawn twice is solved once and counted twice
(:func:`resample` gives pool indices).

>>> import random
>>> sorted(resample([0.0, 0.0], 4, random.Random(1)))
[0, 0, 1, 1]
>>> resample([0.0, -50.0, 0.0], 6, random.Random(2)).count(1)
0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from tapete.core.search_hooks import SearchHooks


def resample(log_weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` pool indices drawn in proportion to ``exp(log_weights)``: systematic resampling
    (one random offset, evenly spaced draws: the least noisy of the usual schemes), in random order."""
    if not log_weights:
        return []
    top = max(log_weights)
    weights = [math.exp(w - top) for w in log_weights]
    total = sum(weights)
    step = total / count
    u = rng.random() * step
    out: list[int] = []
    acc = weights[0]
    i = 0
    for _ in range(count):
        while u > acc and i < len(weights) - 1:
            i += 1
            acc += weights[i]
        out.append(i)
        u += step
    rng.shuffle(out)
    return out


def draw_worlds(
    obs: Any, hooks: SearchHooks, rng: random.Random, count: int, pool: int, stop: Callable[[], bool] | None = None
) -> tuple[list[Any], list[int]]:
    """(the pool of worlds, the order to solve them in as pool indices, ``count`` of them).

    Without a likelihood, or with ``pool`` at most 1, each world is its own draw (no pool beyond
    ``count``). ``stop`` is asked between samples: when it says so, the pool stops growing there."""
    likelihood = hooks.likelihood
    if likelihood is None or pool <= 1:
        return [hooks.sample(obs, rng) for _ in range(count)], list(range(count))
    worlds: list[Any] = []
    weights: list[float] = []
    for _ in range(max(pool, 1)):
        world = hooks.sample(obs, rng)
        worlds.append(world)
        weights.append(likelihood(obs, world))
        if stop is not None and stop():
            break
    return worlds, resample(weights, count, rng)


def effective_size(log_weights: Sequence[float]) -> float:
    """Kish's effective sample size of weighted worlds: how many equal worlds they are worth.

    >>> effective_size([0.0, 0.0, 0.0]), round(effective_size([0.0, -100.0]), 3)
    (3.0, 1.0)
    """
    if not log_weights:
        return 0.0
    top = max(log_weights)
    w = [math.exp(x - top) for x in log_weights]
    return sum(w) ** 2 / sum(x * x for x in w)


__all__ = ["draw_worlds", "effective_size", "resample"]
