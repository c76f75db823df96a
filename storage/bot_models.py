"""The bot's own keeping, apart from any game: its small facts (the slash commands'
hash), users whose DMs Discord refuses, each user's DM channel with the bot, a DM of
orders waiting for its game to be picked, each player's own settings. Registered on
the metadata by `storage.models`, which re-exports them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Column, Text
from sqlmodel import Field, SQLModel

from storage.types import UTCDateTime


class BotStateRow(SQLModel, table=True):
    """The bot's own small facts, by key (storage/bot_state.py): what it last told
    Discord (the slash commands' hash and scope), not any game's."""

    __tablename__ = "bot_state"

    key: str = Field(primary_key=True, max_length=64)
    value: dict = Field(default=None, sa_column=Column(JSON, nullable=False))
    updated_at: datetime = Field(default=None, sa_column=Column(UTCDateTime(), nullable=False))


class ClosedDmRow(SQLModel, table=True):
    """A user whose direct messages Discord refuses (50007: they allow no DMs from the
    server's members). Written when a DM is first refused, at which moment they are
    told once in the game's channel; deleted when a DM reaches them again."""

    __tablename__ = "closed_dms"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    closed_at: datetime = Field(default=None, sa_column=Column(UTCDateTime(), nullable=False))


class DmChannelRow(SQLModel, table=True):
    """The DM channel between a user and the bot (Discord's answer to Create DM, or the
    channel of a DM they sent), so that a DM to them is one request, not two, in every
    process and after a restart (issue 32). Replaced when Discord says it is gone and
    another is opened."""

    __tablename__ = "dm_channels"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    channel_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    opened_at: datetime = Field(default=None, sa_column=Column(UTCDateTime(), nullable=False))


class PendingOrdersRow(SQLModel, table=True):
    """A DM of orders from a player of several games, waiting for them to pick the game
    ("which game?" buttons): kept here, so a restart between the DM and the pick loses
    nothing. `sent_at` is Discord's time for the DM (the deadline is judged by it)."""

    __tablename__ = "pending_orders"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    text: str = Field(sa_column=Column(Text, nullable=False))
    sent_at: datetime = Field(default=None, sa_column=Column(UTCDateTime(), nullable=False))
    created_at: datetime = Field(default=None, sa_column=Column(UTCDateTime(), nullable=False))


class UserSettingsRow(SQLModel, table=True):
    """A player's own choices, the same in every game: `palette` the map colours of
    what is sent to them alone (render/palette.py; None: each game's own)."""

    __tablename__ = "user_settings"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    palette: str | None = Field(default=None, max_length=16)
    updated_at: datetime = Field(default=None, sa_column=Column(UTCDateTime(), nullable=False))
