"""Initial schema: games, players, powers, phases, orders, votes, reminders, audit, outbox.

Revision ID: 0001
Revises:
Create Date: 2026-11-21 05:47:05.747013
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

import storage.types

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("gm_user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("current_phase_id", sa.Integer(), nullable=True),
        sa.Column("deadline_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("paused_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("ended_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("end_kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
        sa.Column("winners", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_channel_id"), ["channel_id"], unique=False)
        batch_op.create_index("ix_games_due", ["status", "deadline_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_games_guild_id"), ["guild_id"], unique=False)

    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("actor_user_id", sa.BigInteger(), nullable=False),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("at", storage.types.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_game_id"), ["game_id"], unique=False)

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("delivered_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_outbox_game_id"), ["game_id"], unique=False)
        batch_op.create_index(
            "ix_outbox_pending", ["delivered_at", "next_attempt_at"], unique=False
        )

    op.create_table(
        "phases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("code", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("position", sa.JSON(), nullable=False),
        sa.Column("started_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("deadline_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("adjudicated_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("outcomes", sa.JSON(), nullable=True),
        sa.Column("report", sa.Text(), nullable=True),
        sa.Column("rolled_back_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.create_index("ix_phases_game_seq", ["game_id", "seq"], unique=False)

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("preferences", sa.JSON(), nullable=False),
        sa.Column("joined_at", storage.types.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_players_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_players_user_id"), ["user_id"], unique=False)

    op.create_table(
        "powers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("standby_user_id", sa.BigInteger(), nullable=True),
        sa.Column("playable", sa.Boolean(), nullable=False),
        sa.Column("civil_disorder", sa.Boolean(), nullable=False),
        sa.Column("missed_phases", sa.Integer(), nullable=False),
        sa.Column("ready", sa.Boolean(), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("eliminated_year", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "power"),
    )
    with op.batch_alter_table("powers", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_powers_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_powers_user_id"), ["user_id"], unique=False)

    op.create_table(
        "proxy_grants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("grantee_user_id", sa.BigInteger(), nullable=False),
        sa.Column("provinces", sa.JSON(), nullable=True),
        sa.Column("granted_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("revoked_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("proxy_grants", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_proxy_grants_game_id"), ["game_id"], unique=False)

    op.create_table(
        "reminders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("due_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("sent_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("reminders", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_reminders_due_at"), ["due_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_reminders_game_id"), ["game_id"], unique=False)

    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("sender_user_id", sa.BigInteger(), nullable=False),
        sa.Column("raw_text", sa.Text(), nullable=False),
        sa.Column("received_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("submissions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_submissions_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_submissions_phase_id"), ["phase_id"], unique=False)

    op.create_table(
        "votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("proposer_user_id", sa.BigInteger(), nullable=True),
        sa.Column("anonymous", sa.Boolean(), nullable=False),
        sa.Column("new_deadline_at", storage.types.UTCDateTime(), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("created_at", storage.types.UTCDateTime(), nullable=False),
        sa.Column("closed_at", storage.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("votes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_votes_game_id"), ["game_id"], unique=False)

    op.create_table(
        "ballots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("vote_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("yes", sa.Boolean(), nullable=False),
        sa.Column("cast_at", storage.types.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["vote_id"],
            ["votes.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("vote_id", "power"),
    )
    with op.batch_alter_table("ballots", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ballots_vote_id"), ["vote_id"], unique=False)

    op.create_table(
        "orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("slot", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("order", sa.JSON(), nullable=False),
        sa.Column("submission_id", sa.Integer(), nullable=False),
        sa.Column("by_owner", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
        ),
        sa.ForeignKeyConstraint(
            ["submission_id"],
            ["submissions.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("phase_id", "power", "slot"),
    )
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_orders_phase_id"), ["phase_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_orders_phase_id"))

    op.drop_table("orders")
    with op.batch_alter_table("ballots", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ballots_vote_id"))

    op.drop_table("ballots")
    with op.batch_alter_table("votes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_votes_game_id"))

    op.drop_table("votes")
    with op.batch_alter_table("submissions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_submissions_phase_id"))
        batch_op.drop_index(batch_op.f("ix_submissions_game_id"))

    op.drop_table("submissions")
    with op.batch_alter_table("reminders", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_reminders_game_id"))
        batch_op.drop_index(batch_op.f("ix_reminders_due_at"))

    op.drop_table("reminders")
    with op.batch_alter_table("proxy_grants", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_proxy_grants_game_id"))

    op.drop_table("proxy_grants")
    with op.batch_alter_table("powers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_powers_user_id"))
        batch_op.drop_index(batch_op.f("ix_powers_game_id"))

    op.drop_table("powers")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_players_user_id"))
        batch_op.drop_index(batch_op.f("ix_players_game_id"))

    op.drop_table("players")
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.drop_index("ix_phases_game_seq")

    op.drop_table("phases")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_pending")
        batch_op.drop_index(batch_op.f("ix_outbox_game_id"))

    op.drop_table("outbox")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_game_id"))

    op.drop_table("audit_log")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_guild_id"))
        batch_op.drop_index("ix_games_due")
        batch_op.drop_index(batch_op.f("ix_games_channel_id"))

    op.drop_table("games")
