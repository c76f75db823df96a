"""The tables of issue 31's sandboxes: a user's private boards, each a line of positions
(the first where it was made from, the last the phase being ordered), kept apart from
every game: nothing of a game, its record or its ratings reads them. Registered on the
metadata by `storage.models`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from storage.types import UTCDateTime


class SandboxRow(SQLModel, table=True):
    """A sandbox of `user_id`'s. `source` says in words where it was made from;
    `rules` are that game's options (`storage.codec.rules_to_json`); `used_at`, its last
    use, from which it is deleted when unused for long (bot/service/sandbox)."""

    __tablename__ = "sandboxes"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    source: str = Field(max_length=200)
    rules: dict = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    used_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False, index=True))


class SandboxPositionRow(SQLModel, table=True):
    """One phase of a sandbox, `seq` counting from 1: its position
    (`storage.codec.position_to_json`) and the orders given for it (`order_to_json`,
    each under its power: `[power, order]`), pending on the last phase, as played on
    the others, so that stepping back finds them again."""

    __tablename__ = "sandbox_positions"
    __table_args__ = (UniqueConstraint("sandbox_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    sandbox_id: int = Field(foreign_key="sandboxes.id")
    seq: int
    position: dict = Field(sa_column=Column(JSON, nullable=False))
    orders: list = Field(sa_column=Column(JSON, nullable=False))
