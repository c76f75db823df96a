"""The GM's audit log (`AuditRow`): what a GM did, and the two things only the GM may
know (an anonymous press's sender, whose score a power's counts for)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.enums import AuditAction
from storage.models import AuditRow


def add(
    session: AsyncSession,
    game_id: int,
    actor_user_id: int,
    action: AuditAction,
    now: datetime,
    details: dict[str, Any] | None = None,
) -> None:
    session.add(
        AuditRow(
            game_id=game_id,
            actor_user_id=actor_user_id,
            action=action,
            details=details or {},
            at=now,
        )
    )


async def count(session: AsyncSession, game_id: int) -> int:
    found = await session.execute(
        select(func.count()).select_from(AuditRow).where(col(AuditRow.game_id) == game_id)
    )
    return int(found.scalar_one())


async def page(session: AsyncSession, game_id: int, offset: int, limit: int) -> Sequence[AuditRow]:
    """`limit` entries of the game's audit log, newest first, after skipping `offset`."""
    rows = await session.execute(
        select(AuditRow)
        .where(col(AuditRow.game_id) == game_id)
        .order_by(col(AuditRow.id).desc())
        .offset(offset)
        .limit(limit)
    )
    return rows.scalars().all()


async def log(session: AsyncSession, game_id: int) -> Sequence[AuditRow]:
    rows = await session.execute(
        select(AuditRow).where(col(AuditRow.game_id) == game_id).order_by(col(AuditRow.id))
    )
    return rows.scalars().all()
