"""Who may see a table, live or finished, and its hands: one rule, asked by every door.

Every route and the websocket's hello ask these pure functions (no database, no clock) about a
:class:`TableAccess`, the few facts of a table that decide it, built from its stored row and seats:

- **A party** to a table (:func:`is_party`) is its owner or a person holding one of its seats
  (a person who left a live match keeps the seat, so stays a party). A party may always see the
  table, live or finished, and its record and replay.
- **A public table** may be seen by anybody, signed in or not: in the lobby while it waits or is
  in play, its page, watching it, and its record and replay once it is over.
- **A private table** is not listed. While it waits or is in play, whoever knows it (its invite
  code, or its id, which only the invite and its parties give) may see its page and watch it: knowing
  the code is the invitation. Once it is over (finished or abandoned) only its parties may see
  anything of it: an outsider's watch, hello, page or code lookup finds no such table (404, the same
  answer as for a code that names nothing), and its record and replay answer ``not_allowed`` (403).
- **Every hand** goes to a spectator only at a table whose owner allowed it and where no person
  holds a seat (:func:`may_see_hands`): a table of bots. Wherever a person sits, spectators see
  what any spectator sees, whoever they are, so that no seated person can see another's hand from a
  second account. The hands of a finished match are in its replay, for whoever may see that.

>>> bots = TableAccess(public=False, status="live", owner_id="o", people=frozenset(), hands_allowed=True)
>>> may_view(bots, None), may_see_hands(bots)
(True, True)
>>> over = TableAccess(public=False, status="finished", owner_id="o", people=frozenset({"ana"}))
>>> may_view(over, "eve"), may_view(over, "ana"), may_view(over, "o"), may_see_record(over, None)
(False, True, True, False)
>>> may_see_hands(TableAccess(True, "live", "o", frozenset({"ana"}), hands_allowed=True))
False

:class:`Throttle` is the small per-key token bucket the table routes use for code lookups and table
creation (per client address, per person), with an injectable clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tapete.server.storage.rows import SeatRow, TableRow

#: Statuses of a table that is still open: listed in the lobby, open to whoever knows a private one.
OPEN_STATUSES = ("waiting", "live")


@dataclass(frozen=True)
class TableAccess:
    """The facts of a table that decide who may see what of it."""

    public: bool
    status: str
    owner_id: str
    #: The user ids of the people holding its seats.
    people: frozenset[str]
    #: Whether the owner let spectators see every hand.
    hands_allowed: bool = False

    @staticmethod
    def of(row: TableRow, seats: Iterable[SeatRow]) -> TableAccess:
        """The facts of a stored table and its seats."""
        people = frozenset(s.user_id for s in seats if s.kind == "human" and s.user_id is not None)
        return TableAccess(row.public, row.status, row.owner_id, people, row.spectators_see_hands)


def is_party(table: TableAccess, person: str | None) -> bool:
    """Whether ``person`` (a user id; None: nobody signed in) owns the table or holds one of its seats."""
    return person is not None and (person == table.owner_id or person in table.people)


def may_view(table: TableAccess, person: str | None) -> bool:
    """Whether ``person`` may see the table at all: its page, its code, watching it, its events and chat."""
    return table.public or is_party(table, person) or table.status in OPEN_STATUSES


def may_watch(table: TableAccess, person: str | None) -> bool:
    """Whether ``person`` may be given a spectator's pass (or use one): a table they may see, not given up."""
    return may_view(table, person) and table.status != "abandoned"


def may_see_record(table: TableAccess, person: str | None) -> bool:
    """Whether ``person`` may have the record and replay of the table (once over): public, or theirs."""
    return table.public or is_party(table, person)


def listed(table: TableAccess, person: str | None) -> bool:
    """Whether the lobby shows the table to ``person``: open, and public or theirs."""
    return table.status in OPEN_STATUSES and (table.public or is_party(table, person))


def may_see_hands(table: TableAccess) -> bool:
    """Whether a spectator, anybody, sees every hand live: the owner allowed it and no person sits there."""
    return table.hands_allowed and not table.people


# ---------------------------------------------------------------- throttling
class Throttle:
    """A token bucket per key (a client address, a person): ``burst`` at once, ``per_minute`` on average.

    :meth:`take` spends one token of a key, or says how many seconds until one is there (spending
    nothing). ``per_minute`` <= 0 turns the throttle off. Memory is bounded: past ``max_keys`` keys,
    those whose bucket is full again are forgotten first, then the oldest.

    >>> clock = [0.0]
    >>> t = Throttle(per_minute=6, burst=2, now=lambda: clock[0])
    >>> t.take("a"), t.take("a"), t.take("a"), t.take("b")
    (0.0, 0.0, 10.0, 0.0)
    >>> clock[0] = 10.0
    >>> t.take("a"), t.take("a")
    (0.0, 10.0)
    """

    def __init__(
        self, per_minute: float, burst: int, now: Callable[[], float] = time.monotonic, max_keys: int = 100_000
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self._now = now
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    @property
    def active(self) -> bool:
        return self.rate > 0

    def _tokens(self, key: str, now: float) -> float:
        tokens, stamp = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - stamp) * self.rate)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may go (0.0: now), spending nothing."""
        if not self.active:
            return 0.0
        tokens = self._tokens(key, self._now())
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def take(self, key: str) -> float:
        """Spend one token of ``key`` (0.0), or the seconds until one is there (nothing spent)."""
        if not self.active:
            return 0.0
        now = self._now()
        tokens = self._tokens(key, now)
        if tokens < 1.0:
            return (1.0 - tokens) / self.rate
        self._buckets.pop(key, None)  # re-inserted last: the dict's order is the order of last use
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self.max_keys:
            self._prune(now)
        return 0.0

    def _prune(self, now: float) -> None:
        for key in [k for k in self._buckets if self._tokens(k, now) >= self.burst]:
            del self._buckets[key]
        while len(self._buckets) > self.max_keys:
            del self._buckets[next(iter(self._buckets))]

    def __len__(self) -> int:
        return len(self._buckets)


def retry_seconds(wait: float) -> int:
    """A wait as the whole seconds of a ``Retry-After`` header (at least 1)."""
    return max(1, int(wait + 0.999))


__all__ = [
    "OPEN_STATUSES",
    "TableAccess",
    "Throttle",
    "is_party",
    "listed",
    "may_see_hands",
    "may_see_record",
    "may_view",
    "may_watch",
    "retry_seconds",
]
