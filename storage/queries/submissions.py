"""Messages of orders as received (`SubmissionRow`: the raw text, its sender, its time,
how each line was read), kept whatever became of their orders.

Each function takes the caller's transaction; none commits."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.db import Db, connection, table_of
from storage.models import SubmissionRow

_SUBMISSIONS = table_of(SubmissionRow)
_ADD = insert(_SUBMISSIONS)  # built once: an order submission writes one per power


async def add(
    db: Db,
    *,
    game_id: int,
    phase_id: int,
    power: str,
    sender_user_id: int,
    raw_text: str,
    received_at: datetime,
    lines: list[dict],
) -> int:
    """Record a message of orders as received; returns the submission's id."""
    result = await (await connection(db)).execute(
        _ADD,
        {
            "game_id": game_id,
            "phase_id": phase_id,
            "power": power,
            "sender_user_id": sender_user_id,
            "raw_text": raw_text,
            "received_at": received_at,
            "lines": lines,
        },
    )
    key = result.inserted_primary_key
    assert key is not None  # None only for a statement that inserted nothing
    return key[0]


async def of_phase(
    session: AsyncSession, phase_id: int, power: str | None = None
) -> Sequence[SubmissionRow]:
    """The phase's messages of orders (for `power` alone if given), in the order received."""
    query = select(SubmissionRow).where(col(SubmissionRow.phase_id) == phase_id)
    if power is not None:
        query = query.where(col(SubmissionRow.power) == power)
    rows = await session.execute(query.order_by(col(SubmissionRow.id)))
    return rows.scalars().all()


async def powers_sent_by(db: Db, phase_id: int, until: datetime) -> set[str]:
    """The powers a message of orders was kept for in the phase by `until`."""
    conn = await connection(db)
    rows = await conn.execute(
        select(_SUBMISSIONS.c.power)
        .where(_SUBMISSIONS.c.phase_id == phase_id, _SUBMISSIONS.c.received_at <= until)
        .distinct()
    )
    return set(rows.scalars().all())


async def senders(session: AsyncSession, submission_ids: Collection[int]) -> dict[int, int]:
    """submission id -> the user who sent it."""
    rows = await session.execute(
        select(col(SubmissionRow.id), col(SubmissionRow.sender_user_id)).where(
            col(SubmissionRow.id).in_(submission_ids)
        )
    )
    return dict(rows.all())
