"""The server's Store on real databases: SQLite files and (marker ``postgres``) a PostgreSQL 15 server.

Every test that takes ``store`` runs on both backends. Refused writes are checked to leave the database as it
was, since the server relies on that (an action it could not log was never played).
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from tapete.core.errors import StorageError, TapeteError
from tapete.server.ratings import pair_key
from tapete.server.storage import (
    ActionRow,
    ChatRow,
    RatingRow,
    SeatRow,
    Store,
    TableRow,
    UserRow,
    hash_token,
    new_code,
    new_id,
    utcnow,
)
from tapete.server.storage.db import make_engine
from tapete.server.storage.models import Base
from tapete.server.storage.rows import CODE_ALPHABET

T0 = datetime(2025, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)
TABLES = {"users", "tokens", "game_tables", "seats", "actions", "chat", "records", "ratings"}


def table_row(owner: str, *, status: str = "waiting", public: bool = True, minutes: int = 0, **kw: object) -> TableRow:
    values: dict[str, object] = {
        "id": new_id(),
        "code": new_code(),
        "game": "guinote",
        "preset": "classic",
        "options": {"cantes": "yes", "arrastre": "estricto"},
        "target": 101,
        "clock_seconds": 60,
        "public": public,
        "spectators_see_hands": False,
        "rated": True,
        "owner_id": owner,
        "seed": 2**62 + 7,
        "status": status,
        "created_at": T0 + timedelta(minutes=minutes),
    }
    values.update(kw)
    return TableRow(**values)  # type: ignore[arg-type]


def action(table_id: str, version: int, seat: int = 0, act: str = "3o") -> ActionRow:
    return ActionRow(table_id, version, seat, act, T0 + timedelta(seconds=version))


def raw(store: Store, sql: str) -> list[tuple[object, ...]]:
    """Read the database behind the store's back, through a separate engine."""
    engine = make_engine(store.url)
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(sql))]
    finally:
        engine.dispose()


# ---------------------------------------------------------------------- schema


def test_upgrade_is_idempotent_and_keeps_data(store: Store) -> None:
    assert store.revision() == "0003"
    user, _ = store.create_user("Ana")
    store.upgrade()
    store.upgrade()
    assert store.revision() == "0003"
    assert store.user(user.id) == user


def test_downgrade_drops_everything_and_upgrade_restores(store: Store) -> None:
    store.create_user("Ana")
    store.downgrade("base")
    assert store.revision() is None
    engine = make_engine(store.url)
    try:
        assert TABLES.isdisjoint(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    with pytest.raises(StorageError, match="create_user"):
        store.create_user("Luis")
    store.upgrade()
    assert store.revision() == "0003"
    assert raw(store, "SELECT count(*) FROM users") == [(0,)]


def test_tables_from_before_rules_revisions_read_as_revision_1(store: Store) -> None:
    """Migration 0002: a table stored before it was created under the presets' first revision."""
    owner, _ = store.create_user("Ana")
    row = table_row(owner.id, rules_revision=2)
    store.create_table(row)
    assert store.get_table(row.id) == row
    store.downgrade("0001")
    store.upgrade()
    got = store.get_table(row.id)
    assert got is not None and got.rules_revision == 1 and got.preset == row.preset


def test_migrations_create_exactly_the_models(store: Store) -> None:
    engine = make_engine(store.url)
    try:
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= TABLES
            diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    finally:
        engine.dispose()
    assert diff == []


def test_upgrade_needs_no_ini_file() -> None:
    from tapete.server.storage.store import MIGRATIONS, alembic_config

    config = alembic_config()
    assert config.config_file_name is None
    assert (MIGRATIONS / "env.py").is_file()
    assert (MIGRATIONS / "versions" / "0001_initial.py").is_file()


def test_sqlite_pragmas(sqlite_store: Store) -> None:
    engine = make_engine(sqlite_store.url)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
    finally:
        engine.dispose()


def test_a_store_does_no_io_until_used() -> None:
    store = Store("postgresql+psycopg://nobody:x@127.0.0.1:9/nothing")  # nothing listens on port 9
    assert store.dialect == "postgresql"
    with pytest.raises(StorageError, match="user_by_token"):
        store.user_by_token("abc")
    store.close()


@pytest.mark.parametrize("url", ["mysql://u@h/db", "not a url", "sqlite+aiosqlite:///x.db"])
def test_unsupported_urls_are_refused(url: str) -> None:
    with pytest.raises(StorageError):
        Store(url)
    assert issubclass(StorageError, TapeteError)


def test_plain_postgresql_url_uses_psycopg() -> None:
    assert Store("postgresql://u:p@127.0.0.1/db").url.drivername == "postgresql+psycopg"


def test_in_memory_sqlite_works_across_threads() -> None:
    store = Store("sqlite://")
    store.upgrade()
    user, token = store.create_user("Ana")
    found: list[UserRow | None] = []
    worker = threading.Thread(target=lambda: found.append(store.user_by_token(token)))
    worker.start()
    worker.join()
    assert found == [user]


# ---------------------------------------------------------------------- users


def test_guest_round_trip(store: Store) -> None:
    user, token = store.create_user("  Ana  ")
    assert user.name == "Ana" and not user.registered
    assert user.created_at.tzinfo is not None
    assert store.user_by_token(token) == user
    assert store.user(user.id) == user
    twin, _ = store.create_user("Ana")  # guests may share a name
    assert twin.id != user.id
    assert store.login("Ana", "") is None


def test_registered_user_login_and_tokens(store: Store) -> None:
    user, first = store.create_user("Luis", "s3cret-ñ")
    assert user.registered
    found = store.login("Luis", "s3cret-ñ")
    assert found is not None
    again, second = found
    assert again == user and second != first
    assert store.user_by_token(first) == store.user_by_token(second) == user
    assert store.login("Luis", "s3cret-n") is None
    assert store.login("Nadie", "s3cret-ñ") is None
    assert store.user_by_token("not a token") is None
    assert store.logout(first) is True
    assert store.logout(first) is False
    assert store.user_by_token(first) is None
    assert store.user_by_token(second) == user


def test_secrets_are_stored_hashed(store: Store) -> None:
    user, token = store.create_user("Eva", "hunter2")
    other, _ = store.create_user("Eve", "hunter2")
    hashes = [h for (h,) in raw(store, "SELECT token_hash FROM tokens")]
    assert hash_token(token) == hashlib.sha256(token.encode()).hexdigest() in hashes
    assert token not in hashes
    stored = dict(raw(store, "SELECT id, password_hash FROM users"))
    assert all(str(v).startswith("scrypt$") and "hunter2" not in str(v) for v in stored.values())
    assert stored[user.id] != stored[other.id]  # per-user salt


def test_registered_names_are_unique(store: Store) -> None:
    store.create_user("Ana", "pw")
    with pytest.raises(StorageError, match="already registered"):
        store.create_user("Ana", "other")
    with pytest.raises(StorageError, match="already registered"):
        store.create_user("Ana")  # nor may a guest take a registered name (tests/server/test_identity.py)
    assert raw(store, "SELECT count(*) FROM users WHERE registered") == [(1,)]


@pytest.mark.parametrize(("name", "password"), [("", None), ("   ", None), ("x" * 65, None), ("Ana", "")])
def test_bad_users_are_refused(store: Store, name: str, password: str | None) -> None:
    with pytest.raises(StorageError):
        store.create_user(name, password)
    assert raw(store, "SELECT count(*) FROM users") == [(0,)]


# ---------------------------------------------------------------------- tables and seats


def test_table_round_trip(store: Store) -> None:
    owner, _ = store.create_user("Ana")
    madrid = timezone(timedelta(hours=1))
    row = table_row(
        owner.id,
        options={"variante": "tute ñ", "x": "1"},
        target=None,
        clock_seconds=0,  # no turn clock
        started_at=datetime(2025, 3, 1, 14, 0, tzinfo=madrid),
    )
    store.create_table(row)
    got = store.get_table(row.id)
    assert got == row  # aware datetimes compare by instant
    assert got is not None and got.started_at is not None and got.started_at.utcoffset() == timedelta(0)
    assert store.table_by_code(row.code.lower()) == row
    assert store.get_table("nope") is None and store.table_by_code("ZZZZZZ") is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.status = "live"  # type: ignore[misc]


def test_duplicate_or_bad_tables_are_refused(store: Store) -> None:
    owner, _ = store.create_user("Ana")
    row = table_row(owner.id)
    store.create_table(row)
    with pytest.raises(StorageError):
        store.create_table(table_row(owner.id, code=row.code))
    with pytest.raises(StorageError):
        store.create_table(table_row("no-such-user"))
    with pytest.raises(StorageError, match="status"):
        store.create_table(table_row(owner.id, status="paused"))
    with pytest.raises(StorageError):
        store.create_table(table_row(owner.id, clock_seconds=-1))
    with pytest.raises(StorageError, match="64-bit"):
        store.create_table(table_row(owner.id, seed=2**63))
    with pytest.raises(StorageError, match="naive"):
        store.create_table(table_row(owner.id, created_at=datetime(2025, 1, 1)))
    assert [t.id for t in store.list_tables(public_only=False, statuses=["waiting"])] == [row.id]


def test_update_table(store: Store) -> None:
    owner, _ = store.create_user("Ana")
    row = table_row(owner.id)
    store.create_table(row)
    store.update_table(row.id, status="live", started_at=T0, options={"a": "b"})
    assert store.get_table(row.id) == dataclasses.replace(row, status="live", started_at=T0, options={"a": "b"})
    for bad in ({"id": "x"}, {"colour": "red"}, {"status": "paused"}, {"finished_at": datetime(2025, 1, 1)}):
        with pytest.raises(StorageError):
            store.update_table(row.id, **bad)
    with pytest.raises(StorageError, match="no table"):
        store.update_table("nope", status="live")
    assert store.get_table(row.id) == dataclasses.replace(row, status="live", started_at=T0, options={"a": "b"})


def test_list_tables_and_recovery_listing(store: Store) -> None:
    owner, _ = store.create_user("Ana")
    rows = {
        status: table_row(owner.id, status=status, minutes=i, public=i % 2 == 0)
        for i, status in enumerate(["waiting", "live", "finished", "abandoned"])
    }
    late_live = table_row(owner.id, status="live", minutes=10, public=True)
    for row in [*rows.values(), late_live]:
        store.create_table(row)
    ids = [t.id for t in store.list_tables(public_only=False, statuses=["waiting", "live"])]
    assert ids == [late_live.id, rows["live"].id, rows["waiting"].id]  # newest first
    ids = [t.id for t in store.list_tables(public_only=True, statuses=["waiting", "live"])]
    assert ids == [late_live.id, rows["waiting"].id]
    assert store.list_tables(public_only=False, statuses=[]) == []
    with pytest.raises(StorageError):
        store.list_tables(public_only=False, statuses=["paused"])
    recover = store.tables_to_recover()
    assert [t.id for t in recover] == [rows["waiting"].id, rows["live"].id, late_live.id]  # oldest first
    assert recover[1] == rows["live"]


def test_recovery_after_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.db'}"
    first = Store(url)
    first.upgrade()
    owner, _ = first.create_user("Ana")
    live = table_row(owner.id, status="live")
    done = table_row(owner.id, status="finished")
    first.create_table(live)
    first.create_table(done)
    first.append_actions([action(live.id, 1), action(live.id, 2, seat=1, act="sing:o")])
    first.close()
    second = Store(url)  # a new process would build a new Store on the same file
    second.upgrade()
    assert second.tables_to_recover() == [live]
    assert [(a.version, a.action) for a in second.actions(live.id)] == [(1, "3o"), (2, "sing:o")]


def test_seats_insert_replace_and_order(store: Store) -> None:
    owner, _ = store.create_user("Ana")
    row = table_row(owner.id)
    store.create_table(row)
    seats = [
        SeatRow(row.id, 2, "bot", None, "Bot", level="hard"),
        SeatRow(row.id, 0, "human", owner.id, "Ana", token_hash=hash_token("t")),
        SeatRow(row.id, 1, "open", None, ""),
    ]
    for seat in seats:
        store.set_seat(seat)
    assert store.seats(row.id) == sorted(seats, key=lambda s: s.seat)
    replaced = SeatRow(row.id, 1, "human", owner.id, "Ana again", token_hash=hash_token("u"))
    store.set_seat(replaced)
    assert store.seats(row.id)[1] == replaced
    assert len(store.seats(row.id)) == 3
    with pytest.raises(StorageError, match="kind"):
        store.set_seat(SeatRow(row.id, 3, "ghost", None, "x"))
    with pytest.raises(StorageError, match="negative"):
        store.set_seat(SeatRow(row.id, -1, "open", None, "x"))
    with pytest.raises(StorageError):
        store.set_seat(SeatRow("no-such-table", 0, "open", None, "x"))
    assert store.seats("no-such-table") == []


# ---------------------------------------------------------------------- the action log


def _table(store: Store) -> str:
    owner, _ = store.create_user("Ana")
    row = table_row(owner.id, status="live")
    store.create_table(row)
    return row.id


def test_actions_round_trip_and_since(store: Store) -> None:
    table_id = _table(store)
    batch = [action(table_id, v, seat=v % 4, act=f"a{v}") for v in range(1, 6)]
    store.append_actions(batch[:2])
    store.append_actions(batch[2:])
    store.append_actions([])
    assert store.actions(table_id) == batch
    assert store.actions(table_id, since=3) == batch[3:]
    assert store.actions(table_id, since=5) == []
    assert store.last_version(table_id) == 5
    assert store.last_version("nope") == 0


@pytest.mark.parametrize(
    "versions",
    [[4], [2], [3, 5], [4, 3], [3, 3], [0], [-1]],
    ids=["gap", "repeat", "gap-inside", "descending", "twice", "zero", "negative"],
)
def test_a_version_out_of_sequence_is_refused_and_changes_nothing(store: Store, versions: list[int]) -> None:
    table_id = _table(store)
    store.append_actions([action(table_id, 1), action(table_id, 2)])
    before = store.actions(table_id)
    with pytest.raises(StorageError, match="append_actions"):
        store.append_actions([action(table_id, v) for v in versions])
    assert store.actions(table_id) == before


def test_a_failed_batch_writes_nothing_for_any_table(store: Store) -> None:
    good, bad = _table(store), _table(store)
    store.append_actions([action(bad, 1)])
    with pytest.raises(StorageError, match=bad):
        store.append_actions([action(good, 1), action(good, 2), action(bad, 3)])
    assert store.actions(good) == []
    with pytest.raises(StorageError):
        store.append_actions([action(good, 1), action("no-such-table", 1)])
    assert store.actions(good) == []
    store.append_actions([action(good, 1), action(bad, 2), action(good, 2)])  # interleaved tables are fine
    assert [a.version for a in store.actions(good)] == [1, 2]
    assert [a.version for a in store.actions(bad)] == [1, 2]


def test_concurrent_appends_to_different_tables(store: Store) -> None:
    tables = [_table(store) for _ in range(4)]
    errors: list[BaseException] = []

    def play(table_id: str) -> None:
        try:
            for v in range(1, 41, 2):
                store.append_actions([action(table_id, v), action(table_id, v + 1)])
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for table_id in tables:
        assert [a.version for a in store.actions(table_id)] == list(range(1, 41))


def test_racing_writers_of_one_table_keep_the_log_gapless(store: Store) -> None:
    table_id = _table(store)
    wins: list[int] = []
    refused = [0]
    lock = threading.Lock()

    def race(seat: int) -> None:
        while True:
            last = store.last_version(table_id)
            if last >= 30:
                return
            try:
                store.append_actions([action(table_id, last + 1, seat=seat)])
            except StorageError:
                with lock:
                    refused[0] += 1
            else:
                with lock:
                    wins.append(last + 1)

    threads = [threading.Thread(target=race, args=(s,)) for s in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(wins) == list(range(1, 31))
    assert [a.version for a in store.actions(table_id)] == list(range(1, 31))


# ---------------------------------------------------------------------- chat and records


def test_chat(store: Store) -> None:
    table_id = _table(store)
    user, _ = store.create_user("Ana")
    messages = [ChatRow(table_id, user.id if i % 2 else None, "Ana", f"hola {i} ¿qué tal?", T0) for i in range(5)]
    for message in messages:
        store.add_chat(message)
    assert store.chat(table_id) == messages
    assert store.chat(table_id, limit=2) == messages[-2:]  # the latest, oldest first
    with pytest.raises(StorageError, match="300"):
        store.add_chat(ChatRow(table_id, None, "Ana", "x" * 301, T0))
    with pytest.raises(StorageError):
        store.add_chat(ChatRow("no-such-table", None, "Ana", "hola", T0))
    assert store.chat(table_id) == messages


def test_records(store: Store) -> None:
    table_id = _table(store)
    assert store.record(table_id) is None
    record = {"format": "tapete-record", "game": "guinote", "actions": ["3o", "sing:o"], "names": ["Ñoño", None]}
    store.save_record(table_id, record)
    assert store.record(table_id) == record
    text_stored = raw(store, "SELECT record FROM records")[0][0]
    assert isinstance(text_stored, str) and '"Ñoño"' in text_stored  # JSON text, readable
    store.save_record(table_id, {"replaced": True})
    assert store.record(table_id) == {"replaced": True}
    with pytest.raises(StorageError, match="JSON"):
        store.save_record(table_id, {"when": T0})
    with pytest.raises(StorageError):
        store.save_record("no-such-table", record)
    assert store.record(table_id) == {"replaced": True}


def test_games_of_user(store: Store) -> None:
    ana, _ = store.create_user("Ana")
    luis, _ = store.create_user("Luis")
    old = table_row(ana.id, status="finished", finished_at=T0 + timedelta(hours=1))
    new = table_row(ana.id, status="finished", finished_at=T0 + timedelta(hours=2))
    live = table_row(ana.id, status="live")
    not_hers = table_row(ana.id, status="finished", finished_at=T0 + timedelta(hours=3))
    for row in (old, new, live, not_hers):
        store.create_table(row)
        store.set_seat(SeatRow(row.id, 1, "human", luis.id, "Luis"))
        if row is not not_hers:
            store.set_seat(SeatRow(row.id, 0, "human", ana.id, "Ana"))
    assert [t.id for t in store.games_of_user(ana.id)] == [new.id, old.id]
    assert [t.id for t in store.games_of_user(luis.id)] == [not_hers.id, new.id, old.id]
    assert store.games_of_user("nobody") == []


def test_delete_table_cascades(store: Store) -> None:
    table_id = _table(store)
    store.append_actions([action(table_id, 1)])
    store.set_seat(SeatRow(table_id, 0, "open", None, ""))
    store.add_chat(ChatRow(table_id, None, "x", "y", T0))
    store.save_record(table_id, {"a": 1})
    assert store.delete_table(table_id) is True
    assert store.delete_table(table_id) is False
    for name in ("actions", "seats", "chat", "records"):
        assert raw(store, f"SELECT count(*) FROM {name}") == [(0,)]


# ---------------------------------------------------------------------- ratings


def test_ratings_of_a_partnership_match(store: Store) -> None:
    a, b, c, d = (store.create_user(n)[0] for n in ("Ana", "Bea", "Carlos", "Dani"))
    rows = store.apply_match_result("guinote", [[a.id, c.id], [b.id, d.id]], winner=0)
    ac, bd = pair_key(a.id, c.id), pair_key(b.id, d.id)
    assert [(r.kind, r.key, r.rating, r.games) for r in rows] == [
        ("player", a.id, 1516.0, 1),
        ("player", c.id, 1516.0, 1),
        ("player", b.id, 1484.0, 1),
        ("player", d.id, 1484.0, 1),
        ("pair", ac, 1516.0, 1),
        ("pair", bd, 1484.0, 1),
    ]
    assert store.rating("guinote", "player", a.id) == rows[0]
    assert store.rating("guinote", "pair", ac) == rows[4]
    assert set(rows[4].name.split(" & ")) == {"Ana", "Carlos"}
    assert store.rating("belote", "player", a.id) is None
    # A second match: B and D win against a side 32 points stronger; player and pair sides are both 32 apart.
    rows = store.apply_match_result("guinote", [[a.id, c.id], [b.id, d.id]], winner=1)
    gain = 32 * (1 - 1 / (1 + 10 ** (32 / 400)))
    by_key = {(r.kind, r.key): r for r in rows}
    assert by_key["player", b.id].rating == pytest.approx(1484 + gain)
    assert by_key["player", a.id].rating == pytest.approx(1516 - gain)
    assert by_key["pair", bd].rating == pytest.approx(1484 + gain)
    assert by_key["pair", ac].games == 2
    assert sum(r.rating for r in rows if r.kind == "player") == pytest.approx(4 * 1500)


def test_ratings_of_a_single_match_and_leaderboard(store: Store) -> None:
    a, b, c = (store.create_user(n)[0] for n in ("Ana", "Bea", "Carlos"))
    assert [r.rating for r in store.apply_match_result("belote", [[a.id], [b.id]], winner=0)] == [1516.0, 1484.0]
    store.apply_match_result("belote", [[c.id], [b.id]], winner=0)
    board = store.leaderboard("belote", "player")
    assert [r.key for r in board] == [a.id, c.id, b.id]
    # Carlos (1500) beat Bea (1484): he expected 1 / (1 + 10 ** (-16 / 400)) of the points.
    assert board[0].rating == 1516.0
    assert board[1].rating == pytest.approx(1500 + 32 * (1 - 1 / (1 + 10 ** (-16 / 400))))
    assert [r.key for r in store.leaderboard("belote", "player", limit=1)] == [a.id]
    assert store.leaderboard("belote", "pair") == []
    assert isinstance(board[0], RatingRow)
    with pytest.raises(StorageError, match="kind"):
        store.leaderboard("belote", "team")


def test_rating_names_follow_the_user(store: Store) -> None:
    a, b = (store.create_user(n)[0] for n in ("Ana", "Bea"))
    store.apply_match_result("guinote", [[a.id], [b.id]], winner=1)
    row = store.rating("guinote", "player", b.id)
    assert row is not None and row.name == "Bea"


@pytest.mark.parametrize(
    ("sides", "winner"),
    [("solo", 0), ("twice", 0), ("empty", 0), ("winner", 2), ("winner", -1), ("unknown", 0)],
)
def test_bad_match_results_are_refused_and_change_nothing(store: Store, sides: str, winner: int) -> None:
    a, b = (store.create_user(n)[0].id for n in ("Ana", "Bea"))
    shapes = {
        "solo": [[a, b]],
        "twice": [[a], [a, b]],
        "empty": [[a], []],
        "winner": [[a], [b]],
        "unknown": [[a], ["ghost"]],
    }
    with pytest.raises(StorageError, match="apply_match_result"):
        store.apply_match_result("guinote", shapes[sides], winner)
    assert raw(store, "SELECT count(*) FROM ratings") == [(0,)]


def test_concurrent_results_lose_no_update(store: Store) -> None:
    a, b = (store.create_user(n)[0].id for n in ("Ana", "Bea"))
    errors: list[BaseException] = []

    def play() -> None:
        try:
            for _ in range(5):
                store.apply_match_result("guinote", [[a], [b]], winner=0)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=play) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    ana, bea = store.rating("guinote", "player", a), store.rating("guinote", "player", b)
    assert ana is not None and bea is not None
    assert ana.games == bea.games == 15
    assert ana.rating + bea.rating == pytest.approx(3000)


def test_row_helpers() -> None:
    assert utcnow().tzinfo is not None
    assert len(new_id()) == 12 and new_id() != new_id()
    code = new_code()
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    assert not set("01ILO") & set(CODE_ALPHABET)


def test_a_match_rated_with_its_table_is_never_rated_twice(store: Store) -> None:
    """Rating and marking the table finished are one transaction: a recovery that finishes the
    match again (the server died after rating it) finds it finished and rates nothing."""
    table_id = _table(store)
    a, b = (store.create_user(n)[0] for n in ("Eva", "Fran"))
    first = store.apply_match_result("belote", [[a.id], [b.id]], winner=0, table_id=table_id)
    assert [r.rating for r in first] == [1516.0, 1484.0]
    row = store.get_table(table_id)
    assert row is not None and row.status == "finished" and row.finished_at is not None
    assert store.apply_match_result("belote", [[a.id], [b.id]], winner=0, table_id=table_id) == []
    rating = store.rating("belote", "player", a.id)
    assert rating is not None and rating.rating == 1516.0 and rating.games == 1
    with pytest.raises(StorageError, match="no table"):
        store.apply_match_result("belote", [[a.id], [b.id]], winner=0, table_id="nope")
