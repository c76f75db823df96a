"""Issue 31's private notes, in their own module (storage/models.py is long);
registered on the metadata by `storage.models`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Column, Index, Text
from sqlmodel import Field, SQLModel

from storage.types import UTCDateTime, row_id


class NoteRow(SQLModel, table=True):
    """One note a player wrote in a game (`/notes add`), read by them alone. Kept with
    the game and by the user, not the power: a player replaced keeps their notes, and
    whoever takes the power over starts with none. `phase`: the code of the phase in
    play when it was written (None if there was none)."""

    __tablename__ = "notes"
    __table_args__ = (Index("ix_notes_game_user", "game_id", "user_id"),)

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id")
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    phase: str | None = Field(default=None, max_length=8)
    text: str = Field(sa_column=Column(Text, nullable=False))
    written_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
