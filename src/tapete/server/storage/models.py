"""The database schema as SQLAlchemy 2.x typed ORM classes.

These classes are private to the storage package: the store converts them to the frozen rows of
:mod:`tapete.server.storage.rows` before they leave a session. The migrations in ``migrations/versions`` create
the same schema (a test compares the two), so a change here needs a new migration.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Constraint names fixed by convention, so migrations can name (and later drop) them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC in and out on every backend.

    PostgreSQL keeps the zone (timestamptz) but SQLite has no time type and SQLAlchemy's SQLite datetime drops
    the zone; storing UTC and reattaching it on the way out gives both backends the same aware values.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: the store keeps timezone-aware UTC times only")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """The declarative base: one metadata with the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class User(Base):
    """A guest or registered user; only registered names are unique (two guests may both be "Ana").

    ``name_key`` is what makes two names the same (:func:`tapete.server.identity_names.name_key`: case
    folded, look-alikes mapped): registered users' keys are unique, and a guest may not take one.
    """

    __tablename__ = "users"
    __table_args__ = (
        Index(
            "uq_users_registered_name",
            "name",
            unique=True,
            sqlite_where=text("registered"),
            postgresql_where=text("registered"),
        ),
        Index(
            "uq_users_registered_name_key",
            "name_key",
            unique=True,
            sqlite_where=text("registered"),
            postgresql_where=text("registered"),
        ),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(255))
    registered: Mapped[bool] = mapped_column(Boolean)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Token(Base):
    """A user's bearer token, by its sha256 hex (a user may hold several: one per login).

    ``last_used_at`` is when it was last seen (written at most once per ``token_touch``): a token unused
    for the server's ``token_lifetime`` has expired, and the sweep deletes it.
    """

    __tablename__ = "tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class GameTable(Base):
    """A table (named ``game_tables`` to keep clear of SQL's own vocabulary)."""

    __tablename__ = "game_tables"
    __table_args__ = (
        CheckConstraint("status IN ('waiting', 'live', 'finished', 'abandoned')", name="status"),
        CheckConstraint("clock_seconds >= 0", name="clock_seconds"),
        Index("ix_game_tables_status_public", "status", "public"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    game: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)
    target: Mapped[int | None] = mapped_column(Integer)
    clock_seconds: Mapped[int] = mapped_column(Integer)
    public: Mapped[bool] = mapped_column(Boolean)
    spectators_see_hands: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    rules_revision: Mapped[int] = mapped_column(Integer, server_default="1")


class Seat(Base):
    """A seat of a table, keyed by (table, seat number)."""

    __tablename__ = "seats"
    __table_args__ = (
        CheckConstraint("kind IN ('open', 'human', 'bot')", name="kind"),
        CheckConstraint("seat >= 0", name="seat"),
    )

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(8))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    level: Mapped[str | None] = mapped_column(String(16))
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    #: The sha256 of the bearer token that asked for the seat token: revoking it revokes the seat token.
    granted_by: Mapped[str | None] = mapped_column(String(64), index=True)


class Action(Base):
    """The event log: the primary key (table, version) is what makes two writers of one version impossible."""

    __tablename__ = "actions"
    __table_args__ = (CheckConstraint("version >= 1", name="version"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class Chat(Base):
    """A chat message; the serial id orders messages that share a timestamp."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_table_id_id", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class Record(Base):
    """A finished game's record, as JSON text (the tapete records format)."""

    __tablename__ = "records"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    record: Mapped[str] = mapped_column(Text)
    saved_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Rating(Base):
    """An Elo rating of a player or a pair in one game; the index serves the leaderboard."""

    __tablename__ = "ratings"
    __table_args__ = (
        CheckConstraint("kind IN ('player', 'pair')", name="kind"),
        CheckConstraint("games >= 0", name="games"),
        Index("ix_ratings_leaderboard", "game", "kind", "rating"),
    )

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    name: Mapped[str] = mapped_column(String(160))
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
