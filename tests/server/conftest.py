"""Fixtures for the server's tests: a store on a real SQLite file and on a real PostgreSQL server.

PostgreSQL comes from ``$TAPETE_TEST_POSTGRES_URL``
(``export TAPETE_TEST_POSTGRES_URL="$(tools/postgres_for_tests.sh)"``). Without it the PostgreSQL tests skip,
except under ``$CI``, where they must run and fail instead: a CI that silently skipped them would pass with the
PostgreSQL path never exercised.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import MetaData

from tapete.server.storage import Store
from tapete.server.storage.db import make_engine

POSTGRES_ENV = "TAPETE_TEST_POSTGRES_URL"


def in_ci() -> bool:
    """Whether ``$CI`` is set to something other than a "no"."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def postgres_url() -> str:
    """The test server's URL; skips (or fails under $CI) when none is configured."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        how = f'export {POSTGRES_ENV}="$(tools/postgres_for_tests.sh)"'
        if in_ci():
            pytest.fail(f"${POSTGRES_ENV} is not set, and under $CI the PostgreSQL tests must run: {how}")
        pytest.skip(f"no PostgreSQL: {how}")
    return url


def wipe(url: str) -> None:
    """Drop every table in the database (whatever state an earlier run left it in), alembic_version included."""
    engine = make_engine(url)
    try:
        metadata = MetaData()
        with engine.begin() as conn:
            metadata.reflect(conn)
            metadata.drop_all(conn)
    finally:
        engine.dispose()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    """A migrated store on a fresh SQLite file."""
    store = Store(f"sqlite:///{tmp_path / 'tapete.db'}")
    store.upgrade()
    yield store
    store.close()


@pytest.fixture
def pg_store() -> Iterator[Store]:
    """A migrated store on the test PostgreSQL database, emptied first so every test starts clean."""
    url = postgres_url()
    wipe(url)
    store = Store(url)
    store.upgrade()
    yield store
    store.close()


@pytest.fixture(params=[pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest) -> Store:
    """The same test on both backends."""
    fixture = "sqlite_store" if request.param == "sqlite" else "pg_store"
    result: Store = request.getfixturevalue(fixture)
    return result
