"""Elo ratings of players and of fixed pairs, as pure functions (the store applies them in one transaction).

Why Elo: results arrive one match at a time and the server must update ratings at once, from nothing but the
current numbers; Elo does exactly that, and its numbers are familiar to card players. The expected score of a
side rated ``a`` against one rated ``b`` is the logistic curve ``1 / (1 + 10 ** ((b - a) / 400))`` (A. Elo,
"The Rating of Chessplayers, Past and Present", 1978): 400 points is odds of 10 to 1. Everyone starts at
:data:`START` and moves by at most :data:`K` per match, enough to find a level in a few dozen matches without
one lucky deal swinging it much.

Sides: in a partnership game a side's strength is the mean of its members' ratings, and every member moves by
the side's change, because the result belongs to the side (nobody can tell which partner earned it). Pairs are
also rated as units (key: the two user ids sorted and joined by :data:`PAIR_SEPARATOR`), because in these
games a settled partnership, with its signals and habits, is stronger than two strangers of the same ratings.

With more than two sides (a three-handed game) the winner counts as beating each other side, each such duel
weighted ``1 / (sides - 1)``, which is plain Elo for two sides. Every duel moves winner and loser by the same
amount in opposite directions, so the updates sum to zero over the sides.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

#: The rating of a player or pair with no rated match yet.
START: Final = 1500.0
#: The most a side can gain or lose in one match (against a much weaker or stronger side).
K: Final = 32.0
#: Rating difference that means odds of 10 to 1.
SCALE: Final = 400.0
#: Joins the two sorted user ids of a pair key; ids (URL-safe base64) never contain it.
PAIR_SEPARATOR: Final = ":"


def expected_score(rating: float, opponent: float) -> float:
    """The share of points ``rating`` is expected to take from ``opponent`` (0.5 when equal)."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / SCALE))


def side_rating(ratings: Sequence[float]) -> float:
    """A side's strength: the mean of its members' ratings."""
    if not ratings:
        raise ValueError("a side needs at least one member")
    return sum(ratings) / len(ratings)


def side_deltas(ratings: Sequence[float], winner: int, k: float = K) -> list[float]:
    """The change of each side's rating after side ``winner`` won; the changes sum to zero."""
    if len(ratings) < 2:
        raise ValueError(f"a match needs at least two sides, got {len(ratings)}")
    if not 0 <= winner < len(ratings):
        raise ValueError(f"winner {winner} is not a side (0..{len(ratings) - 1})")
    weight = k / (len(ratings) - 1)
    deltas = [0.0] * len(ratings)
    for loser, rating in enumerate(ratings):
        if loser != winner:
            gain = weight * (1.0 - expected_score(ratings[winner], rating))
            deltas[winner] += gain
            deltas[loser] -= gain
    return deltas


def pair_key(a: str, b: str) -> str:
    """The key of the pair of users ``a`` and ``b``: the same whichever is named first."""
    if a == b:
        raise ValueError(f"a pair needs two different users, got {a!r} twice")
    for user in (a, b):
        if not user or PAIR_SEPARATOR in user:
            raise ValueError(f"user id {user!r} cannot be part of a pair key")
    first, second = sorted((a, b))
    return f"{first}{PAIR_SEPARATOR}{second}"


def pair_members(key: str) -> tuple[str, str]:
    """The two user ids of a :func:`pair_key`, in key order."""
    first, sep, second = key.partition(PAIR_SEPARATOR)
    if not sep or not first or not second or PAIR_SEPARATOR in second:
        raise ValueError(f"{key!r} is not a pair key")
    return first, second
