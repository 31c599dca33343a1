"""The :class:`Store`: every read and write the server makes, each in its own short transaction.

Thread-safe by construction: one engine (a connection pool) and a new session per call, and only frozen rows
come out. Database errors surface as :class:`~tapete.core.errors.StorageError` with the operation named, and a
failed call leaves the database as it was.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import fields
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final, cast

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Table, delete, func, insert, or_, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError, SQLAlchemyError, StatementError
from sqlalchemy.orm import Session, sessionmaker

from tapete.core.errors import StorageError
from tapete.server import identity_names as names
from tapete.server import ratings as elo
from tapete.server.storage import auth
from tapete.server.storage.db import is_memory_sqlite, make_engine, parse_url, write_engine
from tapete.server.storage.models import Action, Chat, GameTable, Rating, Record, Seat, Token, User
from tapete.server.storage.rows import (
    RATING_KINDS,
    RECOVERABLE_STATUSES,
    SEAT_KINDS,
    TABLE_STATUSES,
    ActionRow,
    ChatRow,
    RatingRow,
    SeatRow,
    TableRow,
    UserRow,
    new_id,
    utcnow,
)

#: Where the Alembic scripts live: inside the package, so an installed wheel can migrate its database.
MIGRATIONS: Final = Path(__file__).resolve().parent / "migrations"
MAX_NAME: Final = names.MAX_NAME
MAX_CHAT: Final = 300
_INT64: Final = 2**63
#: The PostgreSQL advisory lock held while the schema is migrated (any number, the same for every node).
MIGRATION_LOCK: Final = 0x7A9E7E
#: TableRow fields update_table may change (the id is the row's identity).
_TABLE_FIELDS: Final = frozenset(f.name for f in fields(TableRow)) - {"id"}


class NameTaken(StorageError):
    """A name that is, or looks the same as, a registered user's."""


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """An Alembic config built in code (no alembic.ini): the package's scripts, and a connection or URL."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


class Store:
    """The server's database. ``url``: ``sqlite:///path.db`` or ``postgresql+psycopg://user:pw@host/db``."""

    def __init__(self, url: str) -> None:
        self.url = parse_url(url)
        self._engine = make_engine(self.url)
        self._writer_engine = write_engine(self._engine)
        self._reads = sessionmaker(bind=self._engine, expire_on_commit=False)
        self._writes = sessionmaker(bind=self._writer_engine, expire_on_commit=False)
        # An in-memory SQLite database is a single connection: threads must take turns on it.
        self._lock: AbstractContextManager[Any] = threading.RLock() if is_memory_sqlite(self.url) else nullcontext()

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._engine.dialect.name

    # ------------------------------------------------------------------ schema

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (a no-op when it is there already)."""
        self._migrate("upgrade", "head")

    def downgrade(self, revision: str = "base") -> None:
        """Step the schema back to ``revision``; ``"base"`` drops every table (tests and rollbacks)."""
        self._migrate("downgrade", revision)

    def revision(self) -> str | None:
        """The schema's current migration id, None for a database never upgraded."""
        with self._lock, _errors("revision"), self._engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def _migrate(self, direction: str, revision: str) -> None:
        with self._lock, _errors(direction), self._writer_engine.begin() as conn:
            if self.dialect == "postgresql":  # nodes of a cluster starting together migrate one at a time
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config = alembic_config(conn)
            if direction == "upgrade":
                command.upgrade(config, revision)
            else:
                command.downgrade(config, revision)

    def close(self) -> None:
        """Close the pool's connections (the store can still be used; it reconnects)."""
        self._engine.dispose()

    # ------------------------------------------------------------------ sessions

    @contextmanager
    def _read(self, what: str) -> Iterator[Session]:
        with self._lock, _errors(what), self._reads.begin() as session:
            yield session

    @contextmanager
    def _write(self, what: str) -> Iterator[Session]:
        with self._lock, _errors(what), self._writes.begin() as session:
            yield session

    def _upsert_insert(self) -> Any:
        """The backend's INSERT that supports ``on_conflict_do_update`` (both SQLite and PostgreSQL do)."""
        return postgresql.insert if self.dialect == "postgresql" else sqlite.insert

    # ------------------------------------------------------------------ users

    def create_user(
        self, name: str, password: str | None = None, *, password_hash: str | None = None, now: datetime | None = None
    ) -> tuple[UserRow, str]:
        """A new guest (no password) or registered user, and a bearer token for it.

        The name is cleaned (:func:`~tapete.server.identity_names.clean_name`; StorageError if refused) and
        may not be, or look like, a registered user's (:class:`NameTaken`), for a guest either. A password is
        hashed before the transaction begins; a caller that hashes elsewhere passes ``password_hash``.
        """
        try:
            name = names.clean_name(name)
        except names.BadName as exc:
            raise StorageError(f"create_user: {exc}") from None
        key = names.name_key(name)
        if password is not None:
            if not password:
                raise StorageError("a registered user needs a non-empty password")
            password_hash = auth.hash_password(password)
        registered = password_hash is not None
        stamp = now if now is not None else utcnow()
        try:
            with self._write("create_user") as session:
                if self._registered_with_key(session, key) is not None:
                    raise NameTaken(f"the name {name!r} is already registered, or looks the same as one that is")
                user = User(
                    id=new_id(),
                    name=name,
                    name_key=key,
                    registered=registered,
                    password_hash=password_hash,
                    created_at=stamp,
                )
                session.add(user)
                session.flush()
                return _user_row(user), _issue_token(session, user.id, stamp)
        except StorageError as exc:
            if registered and isinstance(exc.__cause__, IntegrityError):  # lost a race for the same name
                raise NameTaken(f"the name {name!r} is already registered") from exc
            raise

    @staticmethod
    def _registered_with_key(session: Session, key: str) -> str | None:
        return session.scalar(select(User.id).where(User.name_key == key, User.registered.is_(True)).limit(1))

    def credentials(self, name: str) -> tuple[UserRow, str] | None:
        """The registered user that ``name`` signs in as, with their password hash; None if there is none.

        A name matches its own spelling and every one that is the same up to case and look-alikes; a user
        whose key had to be set apart (migration 0003) matches by exact name.
        """
        try:
            clean = names.clean_name(name)
        except names.BadName:
            return None
        key = names.name_key(clean)
        query = select(User).where(User.registered.is_(True), or_(User.name_key == key, User.name == clean)).limit(2)
        with self._read("credentials") as session:
            found = sorted(session.scalars(query), key=lambda u: u.name != clean)
            if not found or found[0].password_hash is None:
                return None
            return _user_row(found[0]), found[0].password_hash

    def issue_token(self, user_id: str, now: datetime | None = None) -> str:
        """A new bearer token for an existing user (StorageError if there is no such user)."""
        with self._write("issue_token") as session:
            return _issue_token(session, user_id, now if now is not None else utcnow())

    def login(self, name: str, password: str, now: datetime | None = None) -> tuple[UserRow, str] | None:
        """A new token for a registered user whose password matches, else None.

        The password is checked between two short transactions, never inside one (scrypt takes tens of
        milliseconds, and a write transaction holds SQLite's only write lock). The server itself does the
        same in steps (:mod:`tapete.server.identity`), hashing on its own threads.
        """
        found = self.credentials(name)
        if found is None:
            auth.burn_password_time(password)
            return None
        user, password_hash = found
        if not auth.check_password(password, password_hash):
            return None
        return user, self.issue_token(user.id, now)

    def user_by_token(
        self,
        token: str,
        *,
        now: datetime | None = None,
        lifetime: timedelta | None = None,
        touch: timedelta | None = None,
    ) -> UserRow | None:
        """The user a bearer token belongs to, if any.

        With ``lifetime``, a token unused that long has expired (None); with ``touch``, a use more than
        ``touch`` after the last recorded one is recorded (what keeps a token in use alive).
        """
        digest = auth.hash_token(token)
        stamp = now if now is not None else utcnow()
        with self._read("user_by_token") as session:
            found = session.execute(
                select(User, Token.last_used_at).join(Token).where(Token.token_hash == digest)
            ).first()
            if found is None:
                return None
            user, last_used = _user_row(found[0]), found[1]
        if lifetime is not None and stamp - last_used >= lifetime:
            return None
        if touch is not None and stamp - last_used >= touch:
            with self._write("user_by_token") as session:
                session.execute(update(Token).where(Token.token_hash == digest).values(last_used_at=stamp))
        return user

    def user(self, user_id: str) -> UserRow | None:
        """A user by id."""
        with self._read("user") as session:
            user = session.get(User, user_id)
            return _user_row(user) if user is not None else None

    def logout(self, token: str) -> bool:
        """Revoke a bearer token; whether it existed."""
        with self._write("logout") as session:
            token_row = session.get(Token, auth.hash_token(token))
            if token_row is None:
                return False
            session.delete(token_row)
            return True

    def expire_tokens(self, unused_since: datetime) -> list[str]:
        """Delete every token last used before ``unused_since``; the hashes of those deleted."""
        with self._write("expire_tokens") as session:
            result = session.execute(delete(Token).where(Token.last_used_at < unused_since).returning(Token.token_hash))
            return [h for (h,) in result]

    def seats_granted_by(self, token_hashes: Sequence[str]) -> list[SeatRow]:
        """The seats whose token was asked for with one of these bearer tokens (by their hashes)."""
        if not token_hashes:
            return []
        with self._read("seats_granted_by") as session:
            seats = session.scalars(select(Seat).where(Seat.granted_by.in_(list(token_hashes))))
            return [_seat_row(s) for s in seats]

    # ------------------------------------------------------------------ tables and seats

    def create_table(self, row: TableRow) -> None:
        """Insert a table; its id and invite code must be new (else StorageError)."""
        _check_table_values(row.status, row.seed)
        with self._write("create_table") as session:
            session.add(
                GameTable(
                    **{f.name: getattr(row, f.name) for f in fields(TableRow) if f.name != "options"},
                    options=_options_json(row.options),
                )
            )

    def get_table(self, table_id: str) -> TableRow | None:
        """A table by id."""
        with self._read("get_table") as session:
            table = session.get(GameTable, table_id)
            return _table_row(table) if table is not None else None

    def table_by_code(self, code: str) -> TableRow | None:
        """A table by invite code (codes are upper case; the lookup forgives lower case)."""
        with self._read("table_by_code") as session:
            table = session.scalar(select(GameTable).where(GameTable.code == code.strip().upper()))
            return _table_row(table) if table is not None else None

    def update_table(self, table_id: str, **fields_: Any) -> None:
        """Change some fields of a table (status, started_at, finished_at, options ...)."""
        unknown = set(fields_) - _TABLE_FIELDS
        if unknown:
            raise StorageError(f"update_table: unknown or read-only fields {sorted(unknown)}")
        _check_table_values(fields_.get("status", "waiting"), fields_.get("seed", 0))
        with self._write("update_table") as session:
            table = session.get(GameTable, table_id)
            if table is None:
                raise StorageError(f"update_table: no table {table_id!r}")
            for field_name, value in fields_.items():
                setattr(table, field_name, _options_json(value) if field_name == "options" else value)

    def list_tables(self, *, public_only: bool, statuses: Sequence[str]) -> list[TableRow]:
        """Tables in any of ``statuses`` (only public ones if asked), newest first."""
        _check_statuses(statuses)
        query = select(GameTable).where(GameTable.status.in_(list(statuses)))
        if public_only:
            query = query.where(GameTable.public.is_(True))
        with self._read("list_tables") as session:
            tables = session.scalars(query.order_by(GameTable.created_at.desc(), GameTable.id))
            return [_table_row(t) for t in tables]

    def open_tables_of(self, owner_id: str) -> int:
        """How many waiting or live tables ``owner_id`` owns (the cluster's count, where no node has them all)."""
        query = select(func.count()).where(GameTable.owner_id == owner_id, GameTable.status.in_(RECOVERABLE_STATUSES))
        with self._read("open_tables_of") as session:
            return int(session.scalar(query) or 0)

    def open_table_ids(self) -> list[str]:
        """The ids of the tables waiting or in play (what a cluster's nodes share out among themselves)."""
        query = select(GameTable.id).where(GameTable.status.in_(RECOVERABLE_STATUSES))
        with self._read("open_table_ids") as session:
            return list(session.scalars(query))

    def tables_to_recover(self) -> list[TableRow]:
        """Tables waiting or in play, oldest first: what a restarting server rebuilds."""
        query = select(GameTable).where(GameTable.status.in_(RECOVERABLE_STATUSES))
        with self._read("tables_to_recover") as session:
            tables = session.scalars(query.order_by(GameTable.created_at, GameTable.id))
            return [_table_row(t) for t in tables]

    def set_seat(self, row: SeatRow) -> None:
        """Insert the seat, or replace what was at (table_id, seat)."""
        if row.kind not in SEAT_KINDS:
            raise StorageError(f"set_seat: kind {row.kind!r} is not one of {SEAT_KINDS}")
        if row.seat < 0:
            raise StorageError(f"set_seat: seat {row.seat} is negative")
        values = {f.name: getattr(row, f.name) for f in fields(SeatRow)}
        changed = {k: v for k, v in values.items() if k not in ("table_id", "seat")}
        statement = self._upsert_insert()(Seat).values(values)
        with self._write("set_seat") as session:
            session.execute(statement.on_conflict_do_update(index_elements=["table_id", "seat"], set_=changed))

    def seats(self, table_id: str) -> list[SeatRow]:
        """A table's seats in seat order."""
        with self._read("seats") as session:
            seats = session.scalars(select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat))
            return [_seat_row(s) for s in seats]

    # ------------------------------------------------------------------ the action log

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        """Append a batch of actions (any tables) in one transaction, or nothing at all.

        Each table's versions must continue its log with no gap or repeat (the last version + 1, + 2 ...); a
        batch that does not, or that loses a race to another writer of the same version, raises StorageError.
        """
        if not rows:
            return
        by_table: dict[str, list[int]] = {}
        for row in rows:
            by_table.setdefault(row.table_id, []).append(row.version)
        with self._write("append_actions") as session:
            # One grouped query for the whole batch: the journal writes many tables at once.
            query = (
                select(Action.table_id, func.max(Action.version))
                .where(Action.table_id.in_(list(by_table)))
                .group_by(Action.table_id)
            )
            lasts: dict[str, int] = {tid: int(v) for tid, v in session.execute(query)}
            for table_id, versions in by_table.items():
                last = lasts.get(table_id, 0)
                expected = list(range(last + 1, last + 1 + len(versions)))
                if versions != expected:
                    raise StorageError(
                        f"append_actions: table {table_id!r} is at version {last}, so the next versions are "
                        f"{expected}, not {versions}"
                    )
            # A Core insert (executemany), not the ORM's bulk path: the journal calls this for every
            # batch of every live table, and the ORM's bookkeeping was most of its time.
            session.execute(
                insert(cast(Table, Action.__table__)),
                [{f.name: getattr(row, f.name) for f in fields(ActionRow)} for row in rows],
            )

    def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        """A table's actions after version ``since``, in order."""
        query = select(Action).where(Action.table_id == table_id, Action.version > since).order_by(Action.version)
        with self._read("actions") as session:
            return [ActionRow(a.table_id, a.version, a.seat, a.action, a.at) for a in session.scalars(query)]

    def last_version(self, table_id: str) -> int:
        """A table's number of logged actions (0 for none)."""
        with self._read("last_version") as session:
            return session.scalar(select(func.max(Action.version)).where(Action.table_id == table_id)) or 0

    # ------------------------------------------------------------------ chat

    def add_chat(self, row: ChatRow) -> None:
        """Store a chat message (at most :data:`MAX_CHAT` characters)."""
        if len(row.text) > MAX_CHAT:
            raise StorageError(f"add_chat: a message has at most {MAX_CHAT} characters, this one {len(row.text)}")
        with self._write("add_chat") as session:
            session.add(Chat(table_id=row.table_id, user_id=row.user_id, name=row.name, text=row.text, at=row.at))

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        """The last ``limit`` messages of a table, oldest first."""
        query = select(Chat).where(Chat.table_id == table_id).order_by(Chat.id.desc()).limit(limit)
        with self._read("chat") as session:
            messages = list(session.scalars(query))
            return [ChatRow(m.table_id, m.user_id, m.name, m.text, m.at) for m in reversed(messages)]

    # ------------------------------------------------------------------ finished games

    def save_record(self, table_id: str, record: dict[str, Any]) -> None:
        """Store (or replace) a finished game's record, as JSON text."""
        try:
            text = json.dumps(record, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise StorageError(f"save_record: the record is not JSON: {exc}") from exc
        values = {"table_id": table_id, "record": text, "saved_at": utcnow()}
        statement = self._upsert_insert()(Record).values(values)
        with self._write("save_record") as session:
            session.execute(
                statement.on_conflict_do_update(
                    index_elements=["table_id"], set_={"record": text, "saved_at": values["saved_at"]}
                )
            )

    def record(self, table_id: str) -> dict[str, Any] | None:
        """A table's stored record, if any."""
        with self._read("record") as session:
            text = session.scalar(select(Record.record).where(Record.table_id == table_id))
        if text is None:
            return None
        value = json.loads(text)
        if not isinstance(value, dict):
            raise StorageError(f"record: the stored record of {table_id!r} is not a JSON object")
        return value

    def games_of_user(self, user_id: str) -> list[TableRow]:
        """Finished tables the user sat at, newest first."""
        sat = select(Seat.table_id).where(Seat.user_id == user_id)
        query = (
            select(GameTable)
            .where(GameTable.id.in_(sat), GameTable.status == "finished")
            .order_by(func.coalesce(GameTable.finished_at, GameTable.created_at).desc(), GameTable.id)
        )
        with self._read("games_of_user") as session:
            return [_table_row(t) for t in session.scalars(query)]

    # ------------------------------------------------------------------ ratings

    def rating(self, game: str, kind: str, key: str) -> RatingRow | None:
        """A player's (key: user id) or pair's (key: :func:`tapete.server.ratings.pair_key`) rating."""
        _check_kind(kind)
        with self._read("rating") as session:
            rating = session.get(Rating, (game, kind, key))
            return _rating_row(rating) if rating is not None else None

    def apply_match_result(
        self,
        game: str,
        sides: Sequence[Sequence[str]],
        winner: int,
        *,
        table_id: str | None = None,
        finished_at: datetime | None = None,
    ) -> list[RatingRow]:
        """Rate a finished match: every member of every side, and every two-member side as a pair.

        ``sides`` lists each side's user ids; ``winner`` indexes the side that won. One transaction: the rows
        are locked while read, so two results touching the same player cannot lose an update. Returns the new
        player rows (in the order of ``sides``) then the new pair rows.

        With ``table_id`` the same transaction marks that table finished, and a table already finished is not
        rated again (returns []): a server that dies between the two and finishes the match again on recovery
        cannot count it twice.
        """
        members = _check_sides(sides, winner)
        with self._write("apply_match_result") as session:
            if table_id is not None:
                table = session.scalars(select(GameTable).where(GameTable.id == table_id).with_for_update()).first()
                if table is None:
                    raise StorageError(f"apply_match_result: no table {table_id!r}")
                if table.status == "finished":
                    return []
                table.status = "finished"
                table.finished_at = finished_at if finished_at is not None else utcnow()
            users = {u.id: u for u in session.scalars(select(User).where(User.id.in_(members)))}
            missing = [m for m in members if m not in users]
            if missing:
                raise StorageError(f"apply_match_result: no users {missing}")
            player_names = {m: users[m].name for m in members}
            pairs = {i: elo.pair_key(*side) for i, side in enumerate(sides) if len(side) == 2}
            pair_names = {key: " & ".join(users[m].name for m in elo.pair_members(key)) for key in pairs.values()}
            players = self._locked_ratings(session, game, "player", player_names)
            pair_rows = self._locked_ratings(session, game, "pair", pair_names)

            means = [elo.side_rating([players[m].rating for m in side]) for side in sides]
            for side, delta in zip(sides, elo.side_deltas(means, winner), strict=True):
                for member in side:
                    _bump(players[member], delta)
            pair_strength = [pair_rows[pairs[i]].rating if i in pairs else means[i] for i in range(len(sides))]
            for i, delta in enumerate(elo.side_deltas(pair_strength, winner)):
                if i in pairs:
                    _bump(pair_rows[pairs[i]], delta)
            session.flush()
            return [_rating_row(players[m]) for m in members] + [_rating_row(pair_rows[k]) for k in pairs.values()]

    def _locked_ratings(self, session: Session, game: str, kind: str, names: dict[str, str]) -> dict[str, Rating]:
        """The rating rows of ``names``' keys, created at the start rating if new, locked until commit."""
        if not names:
            return {}
        keys = sorted(names)  # one lock order for everyone: no deadlocks between concurrent results
        fresh = [
            {"game": game, "kind": kind, "key": k, "name": names[k], "rating": elo.START, "games": 0} for k in keys
        ]
        session.execute(self._upsert_insert()(Rating).values(fresh).on_conflict_do_nothing())
        query = (
            select(Rating)
            .where(Rating.game == game, Rating.kind == kind, Rating.key.in_(keys))
            .order_by(Rating.key)
            .with_for_update()
        )
        rows = {r.key: r for r in session.scalars(query)}
        for key, name in names.items():
            rows[key].name = name
        return rows

    def leaderboard(self, game: str, kind: str, limit: int = 50) -> list[RatingRow]:
        """The best ratings of a game and kind, highest first."""
        _check_kind(kind)
        query = (
            select(Rating)
            .where(Rating.game == game, Rating.kind == kind)
            .order_by(Rating.rating.desc(), Rating.games.desc(), Rating.key)
            .limit(limit)
        )
        with self._read("leaderboard") as session:
            return [_rating_row(r) for r in session.scalars(query)]

    # ------------------------------------------------------------------ maintenance

    def delete_table(self, table_id: str) -> bool:
        """Delete a table with its seats, actions, chat and record; whether it existed."""
        with self._write("delete_table") as session:
            result = session.execute(delete(GameTable).where(GameTable.id == table_id).returning(GameTable.id))
            return result.first() is not None


# ---------------------------------------------------------------------- helpers


@contextmanager
def _errors(what: str) -> Iterator[None]:
    """Turn database errors into StorageError naming the operation (StorageError itself passes through)."""
    try:
        yield
    except StorageError:
        raise
    except IntegrityError as exc:
        raise StorageError(f"{what}: refused by the database: {exc.orig}") from exc
    except StatementError as exc:
        raise StorageError(f"{what}: {exc.orig}") from exc
    except SQLAlchemyError as exc:
        raise StorageError(f"{what}: database error: {exc}") from exc


def _issue_token(session: Session, user_id: str, now: datetime) -> str:
    token = auth.new_token()
    session.add(Token(token_hash=auth.hash_token(token), user_id=user_id, created_at=now, last_used_at=now))
    return token


def _bump(rating: Rating, delta: float) -> None:
    rating.rating += delta
    rating.games += 1


def _check_statuses(statuses: Sequence[str]) -> None:
    bad = [s for s in statuses if s not in TABLE_STATUSES]
    if bad:
        raise StorageError(f"unknown table statuses {bad}: use {TABLE_STATUSES}")


def _check_table_values(status: str, seed: int) -> None:
    _check_statuses([status])
    if not -_INT64 <= seed < _INT64:
        raise StorageError(f"seed {seed} does not fit the database's 64-bit integer")


def _check_kind(kind: str) -> None:
    if kind not in RATING_KINDS:
        raise StorageError(f"rating kind {kind!r} is not one of {RATING_KINDS}")


def _check_sides(sides: Sequence[Sequence[str]], winner: int) -> list[str]:
    """All members in order; StorageError unless there are two or more non-empty sides of distinct users."""
    members = [m for side in sides for m in side]
    if len(sides) < 2 or any(not side for side in sides):
        raise StorageError(f"apply_match_result: need two or more non-empty sides, got {sides!r}")
    if len(set(members)) != len(members):
        raise StorageError(f"apply_match_result: a user appears twice in {sides!r}")
    if not 0 <= winner < len(sides):
        raise StorageError(f"apply_match_result: winner {winner} is not a side (0..{len(sides) - 1})")
    return members


def _options_json(options: dict[str, str]) -> str:
    return json.dumps(options, ensure_ascii=False, sort_keys=True)


def _user_row(user: User) -> UserRow:
    return UserRow(id=user.id, name=user.name, registered=user.registered, created_at=user.created_at)


def _table_row(table: GameTable) -> TableRow:
    values = {f.name: getattr(table, f.name) for f in fields(TableRow)}
    values["options"] = json.loads(table.options)
    return TableRow(**values)


def _seat_row(seat: Seat) -> SeatRow:
    return SeatRow(**{f.name: getattr(seat, f.name) for f in fields(SeatRow)})


def _rating_row(rating: Rating) -> RatingRow:
    return RatingRow(rating.game, rating.kind, rating.key, rating.name, rating.rating, rating.games)
