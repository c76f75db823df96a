"""Trust: one unfinished game per channel (enforced by the database), phases found by
their code without reading the whole game, proxy grants
that know their grantor and why they ended, players who can read private threads,
and the members of each private thread as dipgm keeps them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25 11:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

OPEN = sa.text("status != 'ended'")


def upgrade() -> None:
    # A channel that already holds several unfinished games (possible before this
    # index) keeps the newest open; the older ones end as cancelled, recorded so.
    op.execute(
        """
        UPDATE games SET status = 'ended', end_kind = 'cancelled', winners = '[]'
        WHERE status != 'ended' AND id NOT IN (
            SELECT max(id) FROM games WHERE status != 'ended' GROUP BY channel_id
        )
        """
    )
    op.create_index(
        "ux_games_open_channel",
        "games",
        ["channel_id"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )
    # A phase looked up by its code reads one game's rows for that code, not the game.
    op.create_index("ix_phases_game_code", "phases", ["game_id", "code"], unique=False)
    with op.batch_alter_table("proxy_grants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("grantor_user_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(
            sa.Column("end_reason", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True)
        )
    # A grant in force was made by the power's player of the moment.
    op.execute(
        """
        UPDATE proxy_grants SET grantor_user_id = (
            SELECT powers.user_id FROM powers
            WHERE powers.game_id = proxy_grants.game_id AND powers.power = proxy_grants.power
        )
        WHERE revoked_at IS NULL
        """
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "reads_private_threads", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )

    op.create_table(
        "talk_threads",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("powers", sa.JSON(), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("locked_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "name"),
        sa.UniqueConstraint("thread_id"),
    )
    op.create_index(op.f("ix_talk_threads_game_id"), "talk_threads", ["game_id"], unique=False)
    op.create_table(
        "thread_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("talk_thread_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("why", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("wanted", sa.Boolean(), nullable=False),
        sa.Column("on_discord", sa.Boolean(), nullable=False),
        sa.Column("changed_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("last_error", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.ForeignKeyConstraint(["talk_thread_id"], ["talk_threads.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("talk_thread_id", "user_id"),
    )
    op.create_index(
        op.f("ix_thread_members_talk_thread_id"),
        "thread_members",
        ["talk_thread_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_thread_members_talk_thread_id"), table_name="thread_members")
    op.drop_table("thread_members")
    op.drop_index(op.f("ix_talk_threads_game_id"), table_name="talk_threads")
    op.drop_table("talk_threads")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("reads_private_threads")
    with op.batch_alter_table("proxy_grants", schema=None) as batch_op:
        batch_op.drop_column("end_reason")
        batch_op.drop_column("grantor_user_id")
    op.drop_index("ix_phases_game_code", table_name="phases")
    op.drop_index("ux_games_open_channel", table_name="games")
