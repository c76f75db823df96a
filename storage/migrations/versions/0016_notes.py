"""Issue 31: private notes, a player's own per game (`notes`).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29 05:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("phase", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("written_at", storage.types.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_notes_game_user", "notes", ["game_id", "user_id"])


def downgrade() -> None:
    op.drop_index("ix_notes_game_user", table_name="notes")
    op.drop_table("notes")
