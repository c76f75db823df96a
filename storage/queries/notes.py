"""Private notes (issue 31, `NoteRow`): a player's own notes in one game, and whether
a user held a power in the game, now or at any time before (who may keep notes).

Each function takes the caller's transaction; none commits."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.models import NoteRow


async def of_player(session: AsyncSession, game_id: int, user_id: int) -> list[NoteRow]:
    """The user's notes in the game, the oldest first."""
    rows = await session.execute(
        select(NoteRow)
        .where(col(NoteRow.game_id) == game_id, col(NoteRow.user_id) == user_id)
        .order_by(col(NoteRow.written_at), col(NoteRow.id))
    )
    return list(rows.scalars().all())


def add(
    session: AsyncSession, game_id: int, user_id: int, phase: str | None, text: str, now: datetime
) -> None:
    session.add(NoteRow(game_id=game_id, user_id=user_id, phase=phase, text=text, written_at=now))


async def clear(session: AsyncSession, game_id: int, user_id: int) -> None:
    """Delete the user's notes in the game (theirs alone)."""
    await session.execute(
        delete(NoteRow).where(col(NoteRow.game_id) == game_id, col(NoteRow.user_id) == user_id)
    )
