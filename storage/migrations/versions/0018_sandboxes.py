"""Issue 31: sandboxes, each user's private boards, and the positions of each (its
history, for stepping back).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-29 05:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sandboxes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("used_at", storage.types.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_sandboxes_user_id", "sandboxes", ["user_id"])
    op.create_index("ix_sandboxes_used_at", "sandboxes", ["used_at"])
    op.create_table(
        "sandbox_positions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sandbox_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("position", sa.JSON(), nullable=False),
        sa.Column("orders", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["sandbox_id"], ["sandboxes.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("sandbox_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("sandbox_positions")
    op.drop_index("ix_sandboxes_used_at", table_name="sandboxes")
    op.drop_index("ix_sandboxes_user_id", table_name="sandboxes")
    op.drop_table("sandboxes")
