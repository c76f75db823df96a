"""What the tests of one migration share: moving a database to a revision, what it
holds, and a game row as any revision since the first writes it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from alembic import command
from sqlalchemy import JSON, bindparam, inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.schema import alembic_config
from storage.types import UTCDateTime


def to(revision: str) -> Callable[[Connection], None]:
    """For `conn.run_sync`: upgrade to `revision`."""
    return lambda connection: command.upgrade(alembic_config(connection), revision)


def down_to(revision: str) -> Callable[[Connection], None]:
    """For `conn.run_sync`: downgrade to `revision`."""
    return lambda connection: command.downgrade(alembic_config(connection), revision)


def tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


def columns(table: str) -> Callable[[Connection], set[str]]:
    return lambda connection: {c["name"] for c in inspect(connection).get_columns(table)}


GAME = text(
    "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status, settings, seed,"
    " version, created_at) VALUES (1, 1, 1, 1, 'g', 'active', :s, 1, 0, :t)"
).bindparams(bindparam("s", type_=JSON), bindparam("t", type_=UTCDateTime))


async def add_game(conn: AsyncConnection, at: datetime, settings: dict[str, Any]) -> None:
    """Game 1, active, with `settings` as stored."""
    await conn.execute(GAME, {"s": settings, "t": at})
