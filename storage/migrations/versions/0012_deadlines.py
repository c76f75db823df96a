"""Deadlines people can live with (issue 23): a phase's grace for late powers and the
excuses spent in it, and each power's excused misses left.

Revision ID: 0012
Revises: 0010 (another branch writes 0011; the integrator re-chains)
Create Date: 2026-12-10 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import storage.types

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Set when the deadline passed with powers late and the game waits for them.
    op.add_column("phases", sa.Column("grace_until", storage.types.UTCDateTime(), nullable=True))
    # The powers whose excuse was spent in the phase: the record, and spent once.
    op.add_column("phases", sa.Column("excused", sa.JSON(), nullable=True))
    # Old games have no excuses: their powers get none (the budget is set at creation).
    op.add_column(
        "powers",
        sa.Column("excuses_left", sa.Integer(), nullable=False, server_default="0"),
    )


def downgrade() -> None:
    with op.batch_alter_table("powers") as batch:
        batch.drop_column("excuses_left")
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("excused")
        batch.drop_column("grace_until")
