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
"""

from __future__ import annotations

from collections.abc import Iterable
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


__all__ = [
    "OPEN_STATUSES",
    "TableAccess",
    "is_party",
    "listed",
    "may_see_hands",
    "may_see_record",
    "may_view",
    "may_watch",
]
