"""Issue 31's quickness: the powers marked ready when each phase was played
(`phases.ready`). Phases played before it have none (NULL: not known, never "nobody
was ready").

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-30 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("phases", sa.Column("ready", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("ready")
