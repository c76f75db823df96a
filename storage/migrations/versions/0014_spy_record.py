"""Spy Diplomacy's record of the spies in each played phase (issue 12).

Revision ID: 0014
Revises: 0013 (another branch may also write a 0014; the integrator re-chains)
Create Date: 2026-12-20 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # What the spies' orders did and which units followed them: the GM's record, and
    # each spy's owner's own report (never sent to other powers).
    op.add_column("phases", sa.Column("spies", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("spies")
