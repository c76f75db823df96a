"""Issue 32: each user's DM channel with the bot (`dm_channels`), so that a DM costs one
request to Discord, not two.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-29 05:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import storage.types

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "dm_channels",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("opened_at", storage.types.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )


def downgrade() -> None:
    op.drop_table("dm_channels")
