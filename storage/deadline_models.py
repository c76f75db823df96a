"""The tables of issue 23's later parts: absences declared ahead and the reminder
times each player chooses. Registered on the metadata by `storage.models`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Column
from sqlmodel import Field, SQLModel

from storage.types import UTCDateTime, row_id


class AbsenceRow(SQLModel, table=True):
    """A power's player away from `starts_at` to `ends_at` (UTC; whole local days of
    the game's zone): a deadline falling inside moves to `ends_at`. `days` are what it
    counts against the game's cap; `asked_days` what was asked (more when the cap cut
    it). Kept with the power, so a replacement inherits the days used (QUEUE)."""

    __tablename__ = "absences"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    power: str = Field(max_length=32)
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    starts_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    ends_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    days: int
    asked_days: int
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    cancelled_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )


class ReminderChoiceRow(SQLModel, table=True):
    """The reminders a player chose: minutes before each deadline (empty: none), for
    one game, or for all their games when `game_id` is 0. No row: the game's default,
    which its GM sets (`reminders`)."""

    __tablename__ = "reminder_choices"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    game_id: int = Field(default=0, primary_key=True, sa_column_kwargs={"autoincrement": False})
    minutes: list = Field(sa_column=Column(JSON, nullable=False))
    updated_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
