"""How fast one connection may talk: a token bucket, and the point where the server hangs up.

Each websocket gets a :class:`TokenBucket` of ``burst`` tokens refilled at ``rate`` per second;
a message takes one. A message that finds the bucket empty is refused with ``rate_limited``
and changes nothing. A client that keeps sending regardless is not a person clicking fast but
a program flooding the server: once it has been refused ``3 x burst`` times in a row without
the bucket refilling in between, :meth:`TokenBucket.take` says to close (code 1008).

>>> clock = iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__
>>> bucket = TokenBucket(rate=1, burst=2, now=clock)
>>> [bucket.take() for _ in range(4)]
[<Verdict.OK: 'ok'>, <Verdict.OK: 'ok'>, <Verdict.REFUSE: 'refuse'>, <Verdict.OK: 'ok'>]
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable


class Verdict(enum.Enum):
    OK = "ok"
    #: Refuse this message (``rate_limited``), keep the connection.
    REFUSE = "refuse"
    #: Flooding: close the connection with code 1008 (policy violation).
    CLOSE = "close"


class TokenBucket:
    """``burst`` messages at once, ``rate`` per second on average."""

    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a token bucket needs rate > 0 and burst >= 1, not {rate} and {burst}")
        self.rate = rate
        self.burst = burst
        self._now = now
        self._tokens = float(burst)
        self._stamp = now()
        #: Messages refused since the last one accepted.
        self.refused = 0

    def take(self) -> Verdict:
        """Account for one message and say what to do with it."""
        now = self._now()
        self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            self.refused = 0
            return Verdict.OK
        self.refused += 1
        return Verdict.CLOSE if self.refused >= 3 * self.burst else Verdict.REFUSE


__all__ = ["TokenBucket", "Verdict"]
