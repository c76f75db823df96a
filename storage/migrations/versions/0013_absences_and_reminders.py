"""Absences declared ahead and the reminders each player chooses (issue 23).

Revision ID: 0013
Revises: 0012 (another branch may also write a 0013; the integrator re-chains)
Create Date: 2026-12-12 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "absences",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("starts_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("ends_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("asked_days", sa.Integer(), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("cancelled_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_absences_game_id", "absences", ["game_id"])
    op.create_table(
        "reminder_choices",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("minutes", sa.JSON(), nullable=False),
        sa.Column("updated_at", storage.types.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game_id"),
    )
    # Old reminders are the game's, for every player who owes orders.
    op.add_column("reminders", sa.Column("user_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reminders") as batch:
        batch.drop_column("user_id")
    op.drop_table("reminder_choices")
    op.drop_index("ix_absences_game_id", table_name="absences")
    op.drop_table("absences")
