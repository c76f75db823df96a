"""Proxy grants (rules/004 rule 10): a player's orders given by another for a power,
in force until revoked or ended (`col(ProxyGrantRow.revoked_at)`)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.models import ProxyGrantRow


async def in_force(session: AsyncSession, game_id: int) -> Sequence[ProxyGrantRow]:
    rows = await session.execute(
        select(ProxyGrantRow).where(
            col(ProxyGrantRow.game_id) == game_id, col(ProxyGrantRow.revoked_at).is_(None)
        )
    )
    return rows.scalars().all()


async def of_game(session: AsyncSession, game_id: int) -> Sequence[ProxyGrantRow]:
    """Every grant of the game, in force or ended."""
    rows = await session.execute(select(ProxyGrantRow).where(col(ProxyGrantRow.game_id) == game_id))
    return rows.scalars().all()
