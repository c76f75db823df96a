"""Outbox: the steps of an event already done (a retry resumes after them), the
messages it sent (for later edits), and when it was given up.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 16:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import storage.types

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("steps_done", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("sent", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("given_up_at", storage.types.UTCDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("given_up_at")
        batch_op.drop_column("sent")
        batch_op.drop_column("steps_done")
