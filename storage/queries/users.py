"""What dipgm keeps of a Discord user apart from any game: the palette they chose for
what is sent to them alone (`UserSettingsRow`), whether their DMs are closed to
dipgm (`ClosedDmRow`, bot/service/gm/_reach.py), and their DM channel with the bot
(`DmChannelRow`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.bot_models import DmChannelRow
from storage.db import table_of
from storage.models import ClosedDmRow, UserSettingsRow

_DM_CHANNELS = table_of(DmChannelRow)


async def palette(session: AsyncSession, user_id: int) -> str | None:
    """The palette a player chose for what is sent to them alone (None: none chosen)."""
    row = await session.get(UserSettingsRow, user_id)
    return row.palette if row is not None else None


async def set_palette(
    session: AsyncSession, user_id: int, palette: str | None, now: datetime
) -> None:
    row = await session.get(UserSettingsRow, user_id)
    if row is None:
        session.add(UserSettingsRow(user_id=user_id, palette=palette, updated_at=now))
    else:
        row.palette, row.updated_at = palette, now


async def dms_open(session: AsyncSession, user_id: int) -> None:
    """A DM reached the user: their DMs are no longer closed."""
    await session.execute(delete(ClosedDmRow).where(col(ClosedDmRow.user_id) == user_id))


async def dms_closed(session: AsyncSession) -> frozenset[int]:
    """Every user whose DMs are closed to dipgm."""
    rows = await session.execute(select(col(ClosedDmRow.user_id)))
    return frozenset(r[0] for r in rows.all())


async def dms_closed_of(session: AsyncSession, user_ids: set[int]) -> list[int]:
    """Those of `user_ids` whose DMs are closed to dipgm."""
    closed = await session.execute(
        select(col(ClosedDmRow.user_id)).where(col(ClosedDmRow.user_id).in_(user_ids))
    )
    return [u for (u,) in closed.all()]


async def dm_channel(session: AsyncSession, user_id: int) -> int | None:
    """The id of the user's DM channel with the bot, if one is kept."""
    row = await session.get(DmChannelRow, user_id)
    return row.channel_id if row is not None else None


async def keep_dm_channel(
    session: AsyncSession, user_id: int, channel_id: int, now: datetime
) -> None:
    """Keep `channel_id` as the user's DM channel, in place of any kept before: one
    statement, so that two processes opening it at once do not collide."""
    module = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    insert = module.insert(_DM_CHANNELS).values(
        user_id=user_id, channel_id=channel_id, opened_at=now
    )
    await session.execute(
        insert.on_conflict_do_update(
            index_elements=[_DM_CHANNELS.c.user_id],
            set_={"channel_id": insert.excluded.channel_id, "opened_at": insert.excluded.opened_at},
        )
    )


async def forget_dm_channel(session: AsyncSession, user_id: int, channel_id: int) -> None:
    """Discord says `channel_id` is gone: forget it, unless another channel was kept for
    the user since (by another process that met the same answer first)."""
    await session.execute(
        delete(DmChannelRow).where(
            col(DmChannelRow.user_id) == user_id, col(DmChannelRow.channel_id) == channel_id
        )
    )
