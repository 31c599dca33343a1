"""The server's persistence: users, tables, seats, the action log, chat, records and ratings.

:class:`Store` is the whole interface; it speaks SQLite or PostgreSQL through SQLAlchemy and hands out frozen
rows (:mod:`tapete.server.storage.rows`), never ORM objects, so callers on any thread can keep them.
"""

from __future__ import annotations

from tapete.server.storage.auth import hash_token, new_token
from tapete.server.storage.rows import (
    ActionRow,
    ChatRow,
    RatingRow,
    SeatRow,
    TableRow,
    UserRow,
    new_code,
    new_id,
    utcnow,
)
from tapete.server.storage.store import Store

__all__ = [
    "ActionRow",
    "ChatRow",
    "RatingRow",
    "SeatRow",
    "Store",
    "TableRow",
    "UserRow",
    "hash_token",
    "new_code",
    "new_id",
    "new_token",
    "utcnow",
]
