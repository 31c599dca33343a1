"""Alembic's entry point for tapete's schema.

:meth:`tapete.server.storage.store.Store.upgrade` hands over an open connection in ``config.attributes``, so
migrations run on the store's own engine (with its SQLite pragmas) and need no alembic.ini. Run by hand
(``alembic -c src/tapete/server/storage/alembic.ini -x url=sqlite:///tapete.db revision --autogenerate -m ...``)
it builds an engine from ``-x url=`` or ``sqlalchemy.url``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from tapete.server.storage.db import make_engine
from tapete.server.storage.models import Base


def _url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url") or context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("no database: pass -x url=sqlite:///path.db (or postgresql+psycopg://...)")
    return url


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    """Run the migrations offline (SQL text), on the given connection, or on a fresh engine."""
    if context.is_offline_mode():
        context.configure(url=_url(), target_metadata=Base.metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    given = context.config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
        return
    engine = make_engine(_url())
    try:
        with engine.begin() as connection:
            _run(connection)
    finally:
        engine.dispose()


main()
