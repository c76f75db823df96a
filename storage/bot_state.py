"""The bot's own key/value facts (table `bot_state`): small JSON values that belong to
no game, such as the hash of the slash commands last registered with Discord."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.models import BotStateRow


async def get(session: AsyncSession, key: str) -> dict | None:
    row = await session.get(BotStateRow, key)
    return None if row is None else dict(row.value)


async def put(session: AsyncSession, key: str, value: dict, now: datetime) -> None:
    row = await session.get(BotStateRow, key)
    if row is None:
        session.add(BotStateRow(key=key, value=value, updated_at=now))
    else:
        row.value = value
        row.updated_at = now


async def locked(
    session: AsyncSession, key: str, now: datetime, *, create: bool = True
) -> tuple[dict, float]:
    """The value under `key` (with `create`, made `{}` if there is none), its row locked
    until the transaction ends, and the database's own clock as of the lock, in seconds
    since the epoch: one clock for every process that shares the row, whatever their
    hosts' say. PostgreSQL only (`clock_timestamp()`, FOR UPDATE)."""
    if create:  # by several processes at once: whoever is second inserts nothing
        empty = {"key": key, "value": {}, "updated_at": now}
        await session.execute(pg_insert(BotStateRow).values(empty).on_conflict_do_nothing())
    query = (
        select(BotStateRow, func.extract("epoch", func.clock_timestamp()))
        .where(col(BotStateRow.key) == key)
        .with_for_update()
    )
    row, clock = (await session.execute(query)).one()
    return dict(row.value), float(clock)
