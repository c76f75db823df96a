"""What the real Discord refuses or reveals: players' names (shown beside mentions),
players found gone from the server, users whose DMs are closed and the direct messages
held for them, and DMs of orders waiting for their sender to pick the game.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 17:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("display_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True)
        )
        batch_op.add_column(sa.Column("left_server_at", storage.types.UTCDateTime(), nullable=True))
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("held_for_user_id", sa.BigInteger(), nullable=True))
        batch_op.create_index(
            batch_op.f("ix_outbox_held_for_user_id"), ["held_for_user_id"], unique=False
        )
    op.create_table(
        "closed_dms",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("closed_at", storage.types.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "pending_orders",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("sent_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )


def downgrade() -> None:
    op.drop_table("pending_orders")
    op.drop_table("closed_dms")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_held_for_user_id"))
        batch_op.drop_column("held_for_user_id")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("left_server_at")
        batch_op.drop_column("display_name")
