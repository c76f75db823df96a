"""Sandboxes (issue 31, `SandboxRow`): a user's private boards and the positions of each
(`SandboxPositionRow`, numbered from 1). A sandbox counts as kept while it was used
after `since` (the service's limit of days unused); older ones are deleted by `expire`.

Each function takes the caller's session; none commits."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.db import for_update
from storage.sandbox_models import SandboxPositionRow, SandboxRow


async def count_of(session: AsyncSession, user_id: int, since: datetime) -> int:
    """How many sandboxes the user keeps."""
    found = await session.execute(
        select(func.count())
        .select_from(SandboxRow)
        .where(col(SandboxRow.user_id) == user_id, col(SandboxRow.used_at) > since)
    )
    return int(found.scalar_one())


async def of_user(session: AsyncSession, user_id: int, since: datetime) -> list[SandboxRow]:
    """The user's sandboxes, the oldest first."""
    rows = await session.execute(
        select(SandboxRow)
        .where(col(SandboxRow.user_id) == user_id, col(SandboxRow.used_at) > since)
        .order_by(col(SandboxRow.id))
    )
    return list(rows.scalars().all())


async def mine(
    session: AsyncSession, user_id: int, since: datetime, sandbox_id: int | None = None
) -> SandboxRow | None:
    """The user's sandbox numbered `sandbox_id` (None: the one used last), locked for the
    transaction: two commands on one sandbox at once take turns. Another user's
    sandbox is not found."""
    query = select(SandboxRow).where(
        col(SandboxRow.user_id) == user_id, col(SandboxRow.used_at) > since
    )
    if sandbox_id is not None:
        query = query.where(col(SandboxRow.id) == sandbox_id)
    query = query.order_by(col(SandboxRow.used_at).desc(), col(SandboxRow.id).desc()).limit(1)
    found = await session.execute(for_update(query, session.get_bind().dialect.name))
    return found.scalars().first()


async def last_position(session: AsyncSession, sandbox_id: int) -> SandboxPositionRow:
    """The sandbox's phase being ordered (every sandbox has one)."""
    found = await session.execute(
        select(SandboxPositionRow)
        .where(col(SandboxPositionRow.sandbox_id) == sandbox_id)
        .order_by(col(SandboxPositionRow.seq).desc())
        .limit(1)
    )
    return found.scalars().one()


async def position_before(
    session: AsyncSession, sandbox_id: int, seq: int
) -> SandboxPositionRow | None:
    """The sandbox's phase before the one numbered `seq` (None: that was its first)."""
    found = await session.execute(
        select(SandboxPositionRow)
        .where(col(SandboxPositionRow.sandbox_id) == sandbox_id, col(SandboxPositionRow.seq) < seq)
        .order_by(col(SandboxPositionRow.seq).desc())
        .limit(1)
    )
    return found.scalars().first()


async def drop_before(session: AsyncSession, sandbox_id: int, seq: int) -> None:
    """Forget the sandbox's phases numbered below `seq` (its oldest, past keeping)."""
    await session.execute(
        delete(SandboxPositionRow).where(
            col(SandboxPositionRow.sandbox_id) == sandbox_id, col(SandboxPositionRow.seq) < seq
        )
    )


async def last_positions(
    session: AsyncSession, sandbox_ids: Collection[int]
) -> dict[int, SandboxPositionRow]:
    """Each sandbox's phase being ordered, by sandbox, in one statement."""
    if not sandbox_ids:
        return {}
    latest = (
        select(
            col(SandboxPositionRow.sandbox_id).label("sandbox_id"),
            func.max(SandboxPositionRow.seq).label("seq"),
        )
        .where(col(SandboxPositionRow.sandbox_id).in_(sandbox_ids))
        .group_by(col(SandboxPositionRow.sandbox_id))
        .subquery()
    )
    rows = await session.execute(
        select(SandboxPositionRow).join(
            latest,
            (col(SandboxPositionRow.sandbox_id) == latest.c.sandbox_id)
            & (col(SandboxPositionRow.seq) == latest.c.seq),
        )
    )
    return {row.sandbox_id: row for row in rows.scalars().all()}


async def remove(session: AsyncSession, sandbox_id: int) -> None:
    """Delete the sandbox and its positions."""
    await session.execute(
        delete(SandboxPositionRow).where(col(SandboxPositionRow.sandbox_id) == sandbox_id)
    )
    await session.execute(delete(SandboxRow).where(col(SandboxRow.id) == sandbox_id))


async def expire(session: AsyncSession, since: datetime) -> int:
    """Delete every sandbox not used after `since`, with its positions; how many. The
    sandboxes are locked first (PostgreSQL), so that one in use at that moment, whose
    use makes it recent again, is left whole."""
    query = select(col(SandboxRow.id)).where(col(SandboxRow.used_at) <= since)
    found = await session.execute(for_update(query, session.get_bind().dialect.name))
    unused = [sandbox_id for (sandbox_id,) in found.all()]
    if not unused:
        return 0
    await session.execute(
        delete(SandboxPositionRow).where(col(SandboxPositionRow.sandbox_id).in_(unused))
    )
    await session.execute(delete(SandboxRow).where(col(SandboxRow.id).in_(unused)))
    return len(unused)
