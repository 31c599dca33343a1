"""The rows the :class:`~tapete.server.storage.store.Store` takes and returns.

Frozen dataclasses, not ORM objects: an ORM object is tied to the session (and thread) that loaded it, and
lazily touches the database when read, while these are plain values that cross threads and outlive the
transaction. Times are timezone-aware UTC; the store refuses naive ones rather than guess their zone.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

#: The statuses of a table: seats being filled, in play, over with a result, or given up without one.
TABLE_STATUSES: Final = ("waiting", "live", "finished", "abandoned")
#: Tables the server rebuilds from the action log when it starts.
RECOVERABLE_STATUSES: Final = ("waiting", "live")
#: Who holds a seat.
SEAT_KINDS: Final = ("open", "human", "bot")
#: Rating kinds: one player (key: user id), or a fixed partnership (key: see tapete.server.ratings.pair_key).
RATING_KINDS: Final = ("player", "pair")
#: Invite codes avoid letters and digits that look alike (0/O, 1/I/L): 31 symbols.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: 8 symbols of 31: 31**8 = 8.5e11 codes (39.6 bits), so that guessing one is hopeless (docs/server.md,
#: "Who may see a table, and table spam"). Tables made when codes had 6 keep theirs, which still work.
CODE_LENGTH: Final = 8


def utcnow() -> datetime:
    """Now, timezone-aware in UTC: the only kind of time the store accepts."""
    return datetime.now(UTC)


def new_id() -> str:
    """A fresh random id for a user or a table (12 URL-safe characters, 72 random bits)."""
    return secrets.token_urlsafe(9)


def new_code() -> str:
    """A fresh invite code: 8 symbols (about 40 random bits) from an alphabet without look-alikes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class UserRow:
    """A guest (no password) or a registered user."""

    id: str
    name: str
    registered: bool
    created_at: datetime


@dataclass(frozen=True)
class TableRow:
    """A table: enough to rebuild its match (game, preset, options, target, seed) plus who may see what."""

    id: str
    code: str
    game: str
    preset: str
    options: dict[str, str]
    target: int | None
    clock_seconds: int
    public: bool
    spectators_see_hands: bool
    rated: bool
    owner_id: str
    seed: int
    status: str
    created_at: datetime
    started_at: datetime | None = None
    finished_at: datetime | None = None
    #: The revision of the game's preset defaults the table was created under (RulesBase.REVISION):
    #: a table saved before a preset's default changed replays under the rules it was played with.
    rules_revision: int = 1


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table; ``token_hash`` is the sha256 of the seat's bearer token (never the token)."""

    table_id: str
    seat: int
    kind: str
    user_id: str | None
    name: str
    level: str | None = None
    token_hash: str | None = None
    #: The sha256 of the bearer token that asked for ``token_hash`` (revoking one revokes the other).
    granted_by: str | None = None


@dataclass(frozen=True)
class ActionRow:
    """One applied action; ``version`` counts a table's actions from 1 with no gaps."""

    table_id: str
    version: int
    seat: int
    action: str
    at: datetime


@dataclass(frozen=True)
class ChatRow:
    """A chat message at a table (``user_id`` None for a message the server itself posts)."""

    table_id: str
    user_id: str | None
    name: str
    text: str
    at: datetime


@dataclass(frozen=True)
class RatingRow:
    """An Elo rating of a player or a pair in one game."""

    game: str
    kind: str
    key: str
    name: str
    rating: float
    games: int
