"""Issue 31: spectators, members who follow a game without playing it (`spectators`).

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29 05:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # No row for the games before it: nobody watched them.
    op.create_table(
        "spectators",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("asked_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("approved_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("behind", sa.Boolean(), nullable=False),
        sa.Column("told_seq", sa.Integer(), nullable=True),
        sa.Column("display_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True),
        sa.Column("changed_at", storage.types.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    op.create_index("ix_spectators_game_id", "spectators", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_spectators_game_id", table_name="spectators")
    op.drop_table("spectators")
