"""Identity: names unique up to case and look-alikes, tokens that expire, seat tokens tied to a sign-in.

- ``users.name_key``: what makes two names the same (case folded, look-alike letters mapped; see
  :mod:`tapete.server.identity_names`), unique among registered users. Existing users get the key of
  their name; should two registered users already share one ("Ana" and "ANA"), the older keeps it and
  each later one gets its key followed by ``#`` and its id, so nobody is locked out (they sign in by
  their exact name) and the index can be built.
- ``tokens.last_used_at``: when a bearer token was last used (existing tokens: when they were made), so
  that tokens unused for the server's ``token_lifetime`` expire.
- ``seats.granted_by``: the bearer token that asked for a seat's token (unknown, NULL, for seats taken
  before), so that signing out or expiring cuts the seat's connections off too.

Revision ID: 0003
Revises: 0002
Create Date: 2027-01-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The key function is the application's own: on a new database there are no rows, and on an old one
    # this runs once, with the function of the version that brings the migration.
    from tapete.server.identity_names import name_key

    # Added in place, never by copying the table (SQLite's batch mode): other tables refer to users, and
    # with foreign keys on, dropping the old copy would delete their tokens and unseat them.
    op.add_column("users", sa.Column("name_key", sa.String(255), nullable=False, server_default=""))
    users = sa.table(
        "users",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
        sa.column("registered", sa.Boolean),
        sa.column("created_at", sa.DateTime),
    )
    conn = op.get_bind()
    taken: set[str] = set()
    query = sa.select(users.c.id, users.c.name, users.c.registered).order_by(users.c.created_at, users.c.id)
    rows = conn.execute(query)
    for user_id, name, registered in list(rows):
        key = name_key(name)[:200]
        if registered:
            if key in taken:
                key = f"{key}#{user_id}"
            taken.add(key)
        conn.execute(sa.update(users).where(users.c.id == user_id).values(name_key=key))
    if conn.dialect.name != "sqlite":  # SQLite cannot drop a default in place; the store always sets the key
        op.alter_column("users", "name_key", server_default=None)
    op.create_index(
        "uq_users_registered_name_key",
        "users",
        ["name_key"],
        unique=True,
        sqlite_where=sa.text("registered"),
        postgresql_where=sa.text("registered"),
    )

    # Nothing refers to tokens: SQLite may copy that table to make the column NOT NULL.
    with op.batch_alter_table("tokens") as batch:
        batch.add_column(sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE tokens SET last_used_at = created_at")
    with op.batch_alter_table("tokens") as batch:
        batch.alter_column("last_used_at", existing_type=sa.DateTime(timezone=True), nullable=False)
    op.create_index("ix_tokens_last_used_at", "tokens", ["last_used_at"])

    op.add_column("seats", sa.Column("granted_by", sa.String(64), nullable=True))
    op.create_index("ix_seats_granted_by", "seats", ["granted_by"])


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN in place (SQLite 3.35 and later), for the reason given in upgrade().
    for table, index, column in (
        ("seats", "ix_seats_granted_by", "granted_by"),
        ("tokens", "ix_tokens_last_used_at", "last_used_at"),
        ("users", "uq_users_registered_name_key", "name_key"),
    ):
        op.drop_index(index, table_name=table)
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
