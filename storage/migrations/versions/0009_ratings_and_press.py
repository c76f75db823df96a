"""Ratings and press (issue 10): whom each power's score counts for, the scoring system
of each scored game, and public press kept in the game's record.

A power's score counted, before this, for whoever held it at the end: `rated_user_id`
starts as that player (a power already in civil disorder keeps no player, so its old
score stays uncounted, as before). An ended game's `scoring` is read from its settings,
for games that were scored (some power has a score).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import storage.types

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

_games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("settings", sa.JSON),
    sa.column("scoring", sa.String),
)
_powers = sa.table(
    "powers",
    sa.column("game_id", sa.Integer),
    sa.column("user_id", sa.BigInteger),
    sa.column("rated_user_id", sa.BigInteger),
    sa.column("score", sa.Float),
)


def upgrade() -> None:
    with op.batch_alter_table("powers") as batch:
        batch.add_column(sa.Column("rated_user_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("score_choice_from", sa.BigInteger(), nullable=True))
        batch.create_index("ix_powers_rated_user_id", ["rated_user_id"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("scoring", sa.String(length=16), nullable=True))
    bind = op.get_bind()
    bind.execute(_powers.update().values(rated_user_id=_powers.c.user_id))
    scored = sa.select(_powers.c.game_id).where(_powers.c.score.is_not(None)).distinct()
    for game_id, settings in bind.execute(
        sa.select(_games.c.id, _games.c.settings).where(_games.c.id.in_(scored))
    ).all():
        system = (settings or {}).get("scoring", "haynes")
        bind.execute(_games.update().where(_games.c.id == game_id).values(scoring=system))
    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("signed_by", sa.JSON(), nullable=False),
        sa.Column("sender_user_id", sa.BigInteger(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("posted_at", storage.types.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["phase_id"], ["phases.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_press_game_id", "press", ["game_id"])
    op.create_index("ix_press_phase_id", "press", ["phase_id"])


def downgrade() -> None:
    op.drop_index("ix_press_phase_id", table_name="press")
    op.drop_index("ix_press_game_id", table_name="press")
    op.drop_table("press")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("scoring")
    with op.batch_alter_table("powers") as batch:
        batch.drop_index("ix_powers_rated_user_id")
        batch.drop_column("score_choice_from")
        batch.drop_column("rated_user_id")
