"""One-on-one matches (rules/004): two games played in parallel by two players.

The `matches` table, and each game's `match_id` (None for every game stored before).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("second_channel_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("ended_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("result", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
        sa.Column("winners", sa.JSON(), nullable=True),
        sa.Column("scores", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_matches_guild_id", "matches", ["guild_id"])
    # Added in place, not by a batch copy of `games`: SQLite could not drop the old
    # table while other tables refer to it, and alembic writes no REFERENCES clause for
    # SQLite's ALTER TABLE ... ADD COLUMN.
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE games ADD COLUMN match_id INTEGER REFERENCES matches (id)")
    else:
        op.add_column("games", sa.Column("match_id", sa.Integer(), nullable=True))
        op.create_foreign_key("fk_games_match_id", "games", "matches", ["match_id"], ["id"])
    op.create_index("ix_games_match_id", "games", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_games_match_id", table_name="games")
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint("fk_games_match_id", "games", type_="foreignkey")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("match_id")
    op.drop_index("ix_matches_guild_id", table_name="matches")
    op.drop_table("matches")
