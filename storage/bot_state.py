"""The bot's own key/value facts (table `bot_state`): small JSON values that belong to
no game, such as the hash of the slash commands last registered with Discord."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

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
