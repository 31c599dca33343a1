"""Engines for the two supported backends, tuned for the server's access pattern.

SQLite (the default, one file beside the user's data) gets write-ahead logging, so readers never block the
writer; enforced foreign keys, which SQLite leaves off by default; a busy timeout, so concurrent writers wait
instead of failing; and ``BEGIN IMMEDIATE`` for write transactions (see :func:`write_engine`). PostgreSQL goes
through psycopg 3 with a small pool whose connections are checked before use, so a server restart between two
games costs one reconnect rather than an error.
"""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

from tapete.core.errors import StorageError

#: Milliseconds a SQLite writer waits for the lock before giving up.
SQLITE_BUSY_TIMEOUT_MS: Final = 10_000
#: PostgreSQL pool: a few steady connections (the journal writer, request handlers) and room for bursts.
PG_POOL_SIZE: Final = 5
PG_MAX_OVERFLOW: Final = 10
PG_POOL_RECYCLE_S: Final = 1800
PG_CONNECT_TIMEOUT_S: Final = 10
#: Execution option that marks a write transaction (SQLite then takes the write lock at BEGIN).
WRITE_OPTION: Final = "tapete_write"


def parse_url(url: str | URL) -> URL:
    """The URL, with plain ``postgresql://`` routed to psycopg 3 (the driver tapete installs); else StorageError."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise StorageError(f"bad database URL {url!r}: {exc}") from exc
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.drivername not in ("sqlite", "sqlite+pysqlite", "postgresql+psycopg"):
        raise StorageError(
            f"unsupported database URL scheme {parsed.drivername!r}: use sqlite:///path.db or postgresql+psycopg://..."
        )
    return parsed


def is_memory_sqlite(url: URL) -> bool:
    """Whether the URL is an in-memory SQLite database (one connection, shared by every thread)."""
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def make_engine(url: str | URL) -> Engine:
    """An engine for ``url`` (no connection is made yet)."""
    parsed = parse_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed)
    try:
        return create_engine(
            parsed,
            pool_size=PG_POOL_SIZE,
            max_overflow=PG_MAX_OVERFLOW,
            pool_pre_ping=True,
            pool_recycle=PG_POOL_RECYCLE_S,
            connect_args={"connect_timeout": PG_CONNECT_TIMEOUT_S, "application_name": "tapete"},
        )
    except ImportError as exc:
        raise StorageError(f"PostgreSQL needs psycopg 3: pip install 'tapete[postgres]' ({exc})") from exc


def write_engine(engine: Engine) -> Engine:
    """The same engine (and pool) with write transactions marked.

    On SQLite a deferred ``BEGIN`` that reads and then writes can fail at once with "database is locked" when
    another writer committed in between, busy timeout or not; ``BEGIN IMMEDIATE`` takes the write lock up front,
    so writers queue on the busy timeout instead. PostgreSQL ignores the mark.
    """
    return engine.execution_options(**{WRITE_OPTION: True})


def _sqlite_engine(url: URL) -> Engine:
    if is_memory_sqlite(url):
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
        # sqlite3 would BEGIN on its own, too late and always deferred: SQLAlchemy's "begin" event does it.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # with WAL: a process kill loses no commit
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        immediate = bool(conn.get_execution_options().get(WRITE_OPTION))
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine
