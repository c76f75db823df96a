"""Public press kept in the game's record (issue 10, `PressRow`)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.models import PressRow


async def of_phase(session: AsyncSession, game_id: int, phase_id: int) -> Sequence[PressRow]:
    """The press posted during one play of a phase, oldest first."""
    rows = await session.execute(
        select(PressRow)
        .where(col(PressRow.game_id) == game_id, col(PressRow.phase_id) == phase_id)
        .order_by(col(PressRow.posted_at), col(PressRow.id))
    )
    return rows.scalars().all()
