"""Issue 31: a roll-call before the first phase. A game keeps when its roll-call was
called, until when players may answer and when the silent are reminded; a player, when
they answered "I'm in" (or took a dropped player's place). Every column is empty for the
games stored before: they had no roll-call.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29 05:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import storage.types

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

GAME_COLUMNS = ("roll_called_at", "roll_call_until", "roll_call_reminder_at")


def upgrade() -> None:
    for name in GAME_COLUMNS:
        op.add_column("games", sa.Column(name, storage.types.UTCDateTime(), nullable=True))
    op.add_column("players", sa.Column("confirmed_at", storage.types.UTCDateTime(), nullable=True))


def downgrade() -> None:
    # ALTER TABLE … DROP COLUMN, on SQLite too (3.35 and later): a batch copy of `games`
    # would drop the table that players, powers and phases refer to, which SQLite's
    # foreign keys (on in dipgm) refuse once the database holds a game.
    op.drop_column("players", "confirmed_at")
    for name in reversed(GAME_COLUMNS):
        op.drop_column("games", name)
