"""Phases: `start_state`, each power's state (who plays it, its standby, missed phases,
civil disorder, elimination) and the proxies in force when the phase began, so that a
rollback restores them.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.add_column(sa.Column("start_state", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.drop_column("start_state")
