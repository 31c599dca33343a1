"""The lobby of a cluster: every node's open tables, as their owners list them in Redis.

No node holds every table, so the lobby cannot be read from the tables in memory as on one process.
Each owner keeps an entry per open table in the hash ``<prefix>:lobby`` (:func:`listing`: what the
table's page shows, and who its parties are: never a hand, a seed or a token), written with the
table's facts and removed when it is over. A node's lobby (:meth:`tapete.server.cluster.node.Node.lobby`)
reads the hash at most once per ``lobby_cache_seconds`` and orders, pages and filters it exactly as
one process does, through :class:`ListedTable`, which answers what the lobby asks of a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from tapete.server.access import TableAccess
from tapete.server.live import SeatState
from tapete.server.storage.rows import SeatRow, TableRow

if TYPE_CHECKING:
    from tapete.server.live import LiveTable


def listing(table: LiveTable) -> dict[str, Any]:
    """An open table's lobby entry: its summary, and who holds its seats (for the parties' own lobby)."""
    return {
        "summary": table.summary(),
        "created_at": table.row.created_at.isoformat(),
        "seats": [[s.row.kind, s.row.user_id, s.row.name, s.row.level, s.away] for s in table.seats],
    }


class ListedTable:
    """An open table of any node, as the lobby reads it (the surface of a LiveTable the lobby uses)."""

    def __init__(self, row: TableRow, seats: list[SeatState], summary: dict[str, Any]) -> None:
        self.row = row
        self.seats = seats
        self._summary = summary

    @staticmethod
    def of(data: Mapping[str, Any]) -> ListedTable:
        s = data["summary"]
        when = datetime.fromisoformat(str(data["created_at"]))
        started = datetime.fromisoformat(s["started_at"]) if s.get("started_at") else None
        row = TableRow(
            id=str(s["id"]),
            code=str(s["code"]),
            game=str(s["game"]),
            preset=str(s["preset"]),
            options={str(k): str(v) for k, v in dict(s.get("options") or {}).items()},
            target=s.get("target"),
            clock_seconds=int(s.get("clock_seconds") or 0),
            public=bool(s["public"]),
            spectators_see_hands=bool(s.get("spectators_see_hands")),
            rated=bool(s.get("rated")),
            owner_id=str(s["owner_id"]),
            seed=0,  # never listed: the lobby plays no match
            status=str(s["status"]),
            created_at=when,
            started_at=started,
        )
        seats = [
            SeatState(SeatRow(row.id, i, str(kind), user_id, str(name), level), away=bool(away))
            for i, (kind, user_id, name, level, away) in enumerate(data["seats"])
        ]
        return ListedTable(row, seats, s)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    def summary(self) -> dict[str, Any]:
        return dict(self._summary)

    def seat_of_user(self, user_id: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.row.kind == "human" and s.row.user_id == user_id:
                return i
        return None

    def access(self) -> TableAccess:
        return TableAccess.of(self.row, (s.row for s in self.seats))


__all__ = ["ListedTable", "listing"]
