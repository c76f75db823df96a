"""Absences declared ahead (issue 29, `AbsenceRow`): a player's powers, the days they are
away, in force until cancelled."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.models import AbsenceRow


async def in_force(session: AsyncSession, game_id: int) -> list[AbsenceRow]:
    """The game's absences not cancelled, the first to start first."""
    rows = await session.execute(
        select(AbsenceRow)
        .where(col(AbsenceRow.game_id) == game_id, col(AbsenceRow.cancelled_at).is_(None))
        .order_by(col(AbsenceRow.starts_at), col(AbsenceRow.id))
    )
    return list(rows.scalars().all())


async def of_declaration(session: AsyncSession, found: AbsenceRow) -> list[AbsenceRow]:
    """The rows of one declaration not cancelled: its player's powers, on each board of
    a match (the same user, start and moment of declaring)."""
    rows = await session.execute(
        select(AbsenceRow).where(
            col(AbsenceRow.user_id) == found.user_id,
            col(AbsenceRow.starts_at) == found.starts_at,
            col(AbsenceRow.created_at) == found.created_at,
            col(AbsenceRow.cancelled_at).is_(None),
        )
    )
    return list(rows.scalars().all())
