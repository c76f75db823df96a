"""What dipgm keeps of a Discord user apart from any game: the palette they chose for
what is sent to them alone (`UserSettingsRow`), and whether their DMs are closed to
dipgm (`ClosedDmRow`, bot/service/gm/_reach.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.models import ClosedDmRow, UserSettingsRow


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
    await session.execute(delete(ClosedDmRow).where(ClosedDmRow.user_id == user_id))


async def dms_closed(session: AsyncSession) -> frozenset[int]:
    """Every user whose DMs are closed to dipgm."""
    rows = await session.execute(select(ClosedDmRow.user_id))
    return frozenset(r[0] for r in rows.all())


async def dms_closed_of(session: AsyncSession, user_ids: set[int]) -> list[int]:
    """Those of `user_ids` whose DMs are closed to dipgm."""
    closed = await session.execute(
        select(ClosedDmRow.user_id).where(ClosedDmRow.user_id.in_(user_ids))
    )
    return [u for (u,) in closed.all()]
