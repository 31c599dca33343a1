"""Throttles: how often one key (an account, a client's address) may do something costly or guessable.

A :class:`Throttle` keeps a token bucket per key: ``limit`` events at once, then one more every
``window / limit`` seconds (so at most ``limit`` per ``window`` in the long run, and a key left alone
for ``window`` seconds is as fresh as a new one). :meth:`Throttle.take` counts one event and answers
0.0, or refuses it, counting nothing, and answers the seconds until the key may try again;
:meth:`Throttle.give_back` returns an event that turned out not to count (a login that succeeded).
The clock is injectable, so tests count events instead of sleeping.

Memory is bounded: at most ``max_keys`` keys are remembered, and when a new one would pass that
the key touched least recently is forgotten (forgetting only ever forgives: a forgotten key starts
fresh). Keys of client addresses come from :func:`address_key`, which throttles an IPv6 client by
its /64 network (one machine usually holds a whole /64, so throttling single addresses would not
hold it back).

>>> t = iter([0.0, 0.0, 0.0, 30.0]).__next__
>>> throttle = Throttle(limit=2, window=60.0, now=t)
>>> throttle.take("ana"), throttle.take("ana"), throttle.take("ana"), throttle.take("ana")
(0.0, 0.0, 30.0, 0.0)
>>> address_key("2001:db8::1") == address_key("2001:db8::2"), address_key("::ffff:10.0.0.1")
(True, '10.0.0.1')
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

#: Keys a throttle remembers unless told otherwise.
MAX_KEYS: Final = 100_000


class Throttle:
    """At most ``limit`` events per key at once, refilled at ``limit / window`` per second."""

    def __init__(
        self, limit: int, window: float, *, now: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS
    ) -> None:
        if limit < 1 or window <= 0 or max_keys < 1:
            raise ValueError(
                f"a throttle needs limit >= 1, window > 0, max_keys >= 1: not {limit}, {window}, {max_keys}"
            )
        self.limit = limit
        self.window = window
        self.rate = limit / window
        self.max_keys = max_keys
        self._now = now
        #: key -> (tokens left, when they were counted), least recently touched first.
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def _tokens(self, key: str, now: float) -> float:
        kept = self._buckets.get(key)
        if kept is None:
            return float(self.limit)
        tokens, stamp = kept
        return min(float(self.limit), tokens + max(0.0, now - stamp) * self.rate)

    def _store(self, key: str, tokens: float, now: float) -> None:
        self._buckets.pop(key, None)
        if tokens < self.limit:  # a full bucket is the same as none
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may take one more event (0.0: now); counts nothing."""
        tokens = self._tokens(key, self._now())
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def take(self, key: str) -> float:
        """Count one event of ``key`` and answer 0.0, or count nothing and answer the seconds to wait."""
        now = self._now()
        tokens = self._tokens(key, now)
        if tokens < 1.0:
            return (1.0 - tokens) / self.rate
        self._store(key, tokens - 1.0, now)
        return 0.0

    def give_back(self, key: str) -> None:
        """Return one event taken from ``key`` (it did not count after all)."""
        now = self._now()
        self._store(key, min(float(self.limit), self._tokens(key, now) + 1.0), now)

    def forget(self, key: str) -> None:
        """Start ``key`` afresh."""
        self._buckets.pop(key, None)


def retry_after(seconds: float) -> int:
    """Whole seconds for a ``Retry-After`` header and for people: never 0 while something must wait."""
    return max(1, math.ceil(seconds - 1e-9))


def address_key(host: str | None) -> str:
    """The key a client's address is throttled by: the IPv4 address, an IPv6 /64, else the text as given."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


__all__ = ["MAX_KEYS", "Throttle", "address_key", "retry_after"]
