"""The tables: everything a GM keeps to reconstruct a game, kept for ever.

Positions, orders and outcomes are stored as the plain JSON of `storage.codec`.
Discord ids are 64-bit, hence BigInteger columns. Times are UTC.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from storage.types import UTCDateTime


def _big(**kw: Any) -> Any:
    return Field(sa_column=Column(BigInteger, **kw))


def _when(nullable: bool = True, index: bool = False) -> Any:
    return Field(default=None, sa_column=Column(UTCDateTime(), nullable=nullable, index=index))


def _json(nullable: bool = False) -> Any:
    return Field(default=None, sa_column=Column(JSON, nullable=nullable))


class GameRow(SQLModel, table=True):
    """A game in a channel. `version` grows by one with every change of phase: the
    compare-and-set that makes adjudication happen exactly once."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_due", "status", "deadline_at"),)

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = _big(nullable=False, index=True)
    channel_id: int = _big(nullable=False, index=True)
    gm_user_id: int = _big(nullable=False)
    name: str = Field(max_length=100)
    status: str = Field(max_length=16)  # GameStatus
    settings: dict = _json()
    seed: int = _big(nullable=False)
    version: int = Field(default=0)
    current_phase_id: int | None = Field(default=None)
    deadline_at: datetime | None = _when()
    paused_at: datetime | None = _when()
    created_at: datetime = _when(nullable=False)
    ended_at: datetime | None = _when()
    end_kind: str | None = Field(default=None, max_length=16)
    winners: list | None = _json(nullable=True)


class PlayerRow(SQLModel, table=True):
    """A person in a game: joined in the lobby, a standby, or a replacement."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    user_id: int = _big(nullable=False, index=True)
    status: str = Field(max_length=16)  # PlayerStatus
    preferences: list = _json()
    joined_at: datetime = _when(nullable=False)


class PowerRow(SQLModel, table=True):
    """A great power in a game and who plays it. `user_id` None: nobody (an
    eliminated power of the fewer-player rules, or a power in civil disorder)."""

    __tablename__ = "powers"
    __table_args__ = (UniqueConstraint("game_id", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    power: str = Field(max_length=32)
    user_id: int | None = _big(nullable=True, index=True)
    standby_user_id: int | None = _big(nullable=True)
    playable: bool = Field(default=True)  # False: held by rules/000 §14.2
    civil_disorder: bool = Field(default=False)
    missed_phases: int = Field(default=0)
    ready: bool = Field(default=False)
    score: float | None = Field(default=None)
    eliminated_year: int | None = Field(default=None)


class PhaseRow(SQLModel, table=True):
    """One phase of a game: the position it starts from and, once played, its outcomes.

    `seq` counts phases from 0; after a rollback the replayed phases get new rows with
    the same `seq` and the abandoned ones keep `rolled_back_at`."""

    __tablename__ = "phases"
    __table_args__ = (Index("ix_phases_game_seq", "game_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    seq: int
    code: str = Field(max_length=8)
    position: dict = _json()
    started_at: datetime = _when(nullable=False)
    deadline_at: datetime | None = _when()
    adjudicated_at: datetime | None = _when()
    outcomes: list | None = _json(nullable=True)
    report: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    rolled_back_at: datetime | None = _when()


class SubmissionRow(SQLModel, table=True):
    """A message of orders exactly as received, with what the parser made of each line."""

    __tablename__ = "submissions"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id", index=True)
    power: str = Field(max_length=32)
    sender_user_id: int = _big(nullable=False)
    raw_text: str = Field(sa_column=Column(Text, nullable=False))
    received_at: datetime = _when(nullable=False)
    lines: list = _json()


class OrderRow(SQLModel, table=True):
    """The order in force for one unit (or one build site, or one waive) of a phase."""

    __tablename__ = "orders"
    __table_args__ = (UniqueConstraint("phase_id", "power", "slot"),)

    id: int | None = Field(default=None, primary_key=True)
    phase_id: int = Field(foreign_key="phases.id", index=True)
    power: str = Field(max_length=32)
    slot: str = Field(max_length=16)  # province of the unit or build; "WAIVE1", …
    order: dict = _json()
    submission_id: int = Field(foreign_key="submissions.id")
    by_owner: bool = Field(default=True)


class ProxyGrantRow(SQLModel, table=True):
    """rules/004 rule 10: a power lets another player order some (or all) of its units."""

    __tablename__ = "proxy_grants"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    power: str = Field(max_length=32)
    grantee_user_id: int = _big(nullable=False)
    provinces: list | None = _json(nullable=True)  # None: every unit
    granted_at: datetime = _when(nullable=False)
    revoked_at: datetime | None = _when()


class VoteRow(SQLModel, table=True):
    """A draw proposal or a deadline change, decided by the surviving powers."""

    __tablename__ = "votes"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id")
    kind: str = Field(max_length=16)  # VoteKind
    proposer_user_id: int | None = _big(nullable=True)  # None when anonymous
    anonymous: bool = Field(default=False)
    new_deadline_at: datetime | None = _when()
    status: str = Field(max_length=16)  # VoteStatus
    created_at: datetime = _when(nullable=False)
    closed_at: datetime | None = _when()


class BallotRow(SQLModel, table=True):
    __tablename__ = "ballots"
    __table_args__ = (UniqueConstraint("vote_id", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    vote_id: int = Field(foreign_key="votes.id", index=True)
    power: str = Field(max_length=32)
    user_id: int = _big(nullable=False)
    yes: bool
    cast_at: datetime = _when(nullable=False)


class ReminderRow(SQLModel, table=True):
    """A reminder due before a phase's deadline; `sent_at` makes it go once. `skipped`:
    not sent, because a later reminder of the phase was due at the same time."""

    __tablename__ = "reminders"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id")
    due_at: datetime = _when(nullable=False, index=True)
    sent_at: datetime | None = _when()
    skipped: bool = Field(default=False)


class AuditRow(SQLModel, table=True):
    """Every GM action, with who did it and when."""

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    actor_user_id: int = _big(nullable=False)
    action: str = Field(max_length=32)
    details: dict = _json()
    at: datetime = _when(nullable=False)


class OutboxRow(SQLModel, table=True):
    """An event to deliver to Discord, written in the transaction that caused it."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "delivered_at", "next_attempt_at"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int | None = Field(default=None, foreign_key="games.id", index=True)
    kind: str = Field(max_length=32)  # EventKind
    channel_id: int | None = _big(nullable=True)
    user_id: int | None = _big(nullable=True)
    payload: dict = _json()
    created_at: datetime = _when(nullable=False)
    attempts: int = Field(default=0)
    next_attempt_at: datetime | None = _when()
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    delivered_at: datetime | None = _when()
