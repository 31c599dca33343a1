"""The initial schema: users and tokens, tables and seats, the action log, chat, records, ratings.

Written out in full rather than imported from models.py: a migration is a snapshot, and must still create
this schema after the models have moved on.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _time(name: str, nullable: bool = False) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("registered", sa.Boolean(), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=True),
        _time("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_users"),
    )
    op.create_index(
        "uq_users_registered_name",
        "users",
        ["name"],
        unique=True,
        sqlite_where=sa.text("registered"),
        postgresql_where=sa.text("registered"),
    )
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        _time("created_at"),
        sa.PrimaryKeyConstraint("token_hash", name="pk_tokens"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_tokens_user_id_users", ondelete="CASCADE"),
    )
    op.create_index("ix_tokens_user_id", "tokens", ["user_id"])
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("target", sa.Integer(), nullable=True),
        sa.Column("clock_seconds", sa.Integer(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("spectators_see_hands", sa.Boolean(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("owner_id", sa.String(32), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        _time("created_at"),
        _time("started_at", nullable=True),
        _time("finished_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_game_tables"),
        sa.UniqueConstraint("code", name="uq_game_tables_code"),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], name="fk_game_tables_owner_id_users"),
        sa.CheckConstraint("status IN ('waiting', 'live', 'finished', 'abandoned')", name="ck_game_tables_status"),
        sa.CheckConstraint("clock_seconds >= 0", name="ck_game_tables_clock_seconds"),
    )
    op.create_index("ix_game_tables_owner_id", "game_tables", ["owner_id"])
    op.create_index("ix_game_tables_status_public", "game_tables", ["status", "public"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_seats_table_id_game_tables", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_seats_user_id_users", ondelete="SET NULL"),
        sa.CheckConstraint("kind IN ('open', 'human', 'bot')", name="ck_seats_kind"),
        sa.CheckConstraint("seat >= 0", name="ck_seats_seat"),
    )
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        _time("at"),
        sa.PrimaryKeyConstraint("table_id", "version", name="pk_actions"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_actions_table_id_game_tables", ondelete="CASCADE"
        ),
        sa.CheckConstraint("version >= 1", name="ck_actions_version"),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        _time("at"),
        sa.PrimaryKeyConstraint("id", name="pk_chat"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_chat_table_id_game_tables", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_chat_user_id_users", ondelete="SET NULL"),
    )
    op.create_index("ix_chat_table_id_id", "chat", ["table_id", "id"])
    op.create_table(
        "records",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        _time("saved_at"),
        sa.PrimaryKeyConstraint("table_id", name="pk_records"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_records_table_id_game_tables", ondelete="CASCADE"
        ),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("name", sa.String(160), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game", "kind", "key", name="pk_ratings"),
        sa.CheckConstraint("kind IN ('player', 'pair')", name="ck_ratings_kind"),
        sa.CheckConstraint("games >= 0", name="ck_ratings_games"),
    )
    op.create_index("ix_ratings_leaderboard", "ratings", ["game", "kind", "rating"])


def downgrade() -> None:
    for table in ("ratings", "records", "chat", "actions", "seats", "game_tables", "tokens", "users"):
        op.drop_table(table)
