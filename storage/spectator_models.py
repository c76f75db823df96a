"""Issue 31's spectators, in their own module (storage/models.py is long); registered on
the metadata by `storage.models`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from storage.enums import SpectatorStatus
from storage.types import UTCDateTime, row_id, words


class SpectatorRow(SQLModel, table=True):
    """A member who follows a game without playing it (`/game watch`), one row per
    member and game, kept after they stop: in Kriegsplomacy and Spy, `approved_at` (the
    GM let them see the whole board) bars them from ever holding a power in the game.

    `behind`: the GM chose to tell them each phase one phase late; `told_seq`: the last
    phase (its `seq`) of the GM's view sent to them, so that none is sent twice or
    skipped when the GM changes their mind or rolls the game back."""

    __tablename__ = "spectators"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    status: SpectatorStatus = Field(sa_column=Column(words(SpectatorStatus, 16), nullable=False))
    asked_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    approved_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    behind: bool = Field(default=False)
    told_seq: int | None = Field(default=None)
    # Their name in the game's server when they asked, for the GM's list.
    display_name: str | None = Field(default=None, max_length=100)
    changed_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
