"""Votes of a game (`VoteRow`: a draw, a deadline moved, a pause) and their ballots.

Each function takes the caller's session; none commits."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.enums import VoteKind, VoteStatus
from storage.models import BallotRow, VoteRow


async def open_of_game(session: AsyncSession, game_id: int) -> Sequence[VoteRow]:
    rows = await session.execute(
        select(VoteRow).where(
            col(VoteRow.game_id) == game_id, col(VoteRow.status) == VoteStatus.OPEN
        )
    )
    return rows.scalars().all()


async def open_of_kind(session: AsyncSession, game_id: int, kind: VoteKind) -> VoteRow | None:
    """The game's open vote of that kind, if any (one at a time)."""
    existing = await session.execute(
        select(VoteRow).where(
            col(VoteRow.game_id) == game_id,
            col(VoteRow.status) == VoteStatus.OPEN,
            col(VoteRow.kind) == kind,
        )
    )
    return existing.scalars().first()


async def open_in_phase(
    session: AsyncSession, phase_id: int, *, in_order: bool = False
) -> Sequence[VoteRow]:
    """The votes still open in the phase; `in_order`: the oldest first."""
    query = select(VoteRow).where(
        col(VoteRow.phase_id) == phase_id, col(VoteRow.status) == VoteStatus.OPEN
    )
    if in_order:
        query = query.order_by(col(VoteRow.id))
    rows = await session.execute(query)
    return rows.scalars().all()


async def ballots(session: AsyncSession, vote_id: int) -> list[BallotRow]:
    rows = await session.execute(select(BallotRow).where(col(BallotRow.vote_id) == vote_id))
    return list(rows.scalars().all())
