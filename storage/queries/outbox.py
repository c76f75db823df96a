"""The outbox (`OutboxRow`): what the service has to say on Discord, written in the
transaction that decided it and delivered after it, leased, retried, held for a user
Discord will not let dipgm reach, given up to the GM, pruned once delivered and old.

Each function takes the caller's transaction; none commits."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from storage.db import for_update, rows_matched, table_of
from storage.enums import EventKind
from storage.models import OutboxRow

_OUTBOX = table_of(OutboxRow)

# Delivered before the cutoff, a batch at a time; `delivered_at` leads the index of
# pending events, so finding none to delete reads no row.
_PRUNE = delete(_OUTBOX).where(
    _OUTBOX.c.id.in_(
        select(_OUTBOX.c.id)
        .where(_OUTBOX.c.delivered_at < bindparam("cutoff"))
        .limit(bindparam("batch"))
    )
)


def add(
    session: AsyncSession,
    kind: EventKind,
    now: datetime,
    *,
    game_id: int | None,
    channel_id: int | None = None,
    user_id: int | None = None,
    payload: dict[str, Any] | None = None,
) -> None:
    session.add(
        OutboxRow(
            game_id=game_id,
            kind=kind,
            channel_id=channel_id,
            user_id=user_id,
            payload=payload or {},
            created_at=now,
            next_attempt_at=now,
        )
    )


async def pending(session: AsyncSession, now: datetime, limit: int) -> Sequence[OutboxRow]:
    """Undelivered events due now, locked (PostgreSQL: skipping rows another process
    holds) so the caller can lease them."""
    query = (
        select(OutboxRow)
        .where(col(OutboxRow.delivered_at).is_(None), col(OutboxRow.next_attempt_at) <= now)
        .order_by(col(OutboxRow.id))
        .limit(limit)
    )
    rows = await session.execute(
        for_update(query, session.get_bind().dialect.name, skip_locked=True)
    )
    return rows.scalars().all()


async def next_attempt(session: AsyncSession, after: datetime) -> datetime | None:
    """The earliest moment after `after` at which an undelivered event is offered again
    (a retry, a lease run out; events held for a user wait for them instead)."""
    found = await session.execute(
        select(func.min(col(OutboxRow.next_attempt_at))).where(
            col(OutboxRow.delivered_at).is_(None),
            col(OutboxRow.held_for_user_id).is_(None),
            col(OutboxRow.next_attempt_at) > after,
        )
    )
    return found.scalar_one()


async def release_leases(session: AsyncSession, now: datetime, lease: timedelta) -> int:
    """Undelivered events leased until some moment within `lease` from now are offered
    again now (a process that has just taken the lead: the one before it, dead, will
    not report them). Events held for a user stay held. Returns how many."""
    leased = (
        update(OutboxRow)
        .where(
            col(OutboxRow.delivered_at).is_(None),
            col(OutboxRow.held_for_user_id).is_(None),
            col(OutboxRow.next_attempt_at) > now,
            col(OutboxRow.next_attempt_at) <= now + lease,
        )
        .values(next_attempt_at=now)
    )
    return rows_matched(await session.execute(leased))


async def sent_for(
    session: AsyncSession, game_id: int, kind: str, key: str, value: int
) -> Sequence[OutboxRow]:
    """A game's events of `kind` whose payload has `key` == `value`, with what they
    sent. (The payload is JSON: compared in Python; a game has few such events.)"""
    rows = await session.execute(
        select(OutboxRow).where(
            col(OutboxRow.game_id) == game_id,
            col(OutboxRow.kind) == kind,
            col(OutboxRow.sent).is_not(None),
        )
    )
    return [r for r in rows.scalars().all() if r.payload.get(key) == value]


async def prune(conn: AsyncConnection, cutoff: datetime, batch: int) -> int:
    """Delete up to `batch` outbox events delivered before `cutoff`; never one still to
    be delivered. Returns how many went."""
    return (await conn.execute(_PRUNE, {"cutoff": cutoff, "batch": batch})).rowcount


# --- held for a user out of reach (bot/service/gm/_reach.py) ----------------------------


async def held_user_ids(session: AsyncSession) -> list[int]:
    """The users with undelivered events held for them."""
    held = await session.execute(
        select(col(OutboxRow.held_for_user_id))
        .where(col(OutboxRow.held_for_user_id).is_not(None), col(OutboxRow.delivered_at).is_(None))
        .distinct()
    )
    # The WHERE has already left out None: the test tells the type checker so.
    return [user_id for (user_id,) in held.all() if user_id is not None]


async def release_held(session: AsyncSession, user_id: int, now: datetime) -> None:
    """The events held for the user are offered again now."""
    await session.execute(
        update(OutboxRow)
        .where(col(OutboxRow.held_for_user_id) == user_id, col(OutboxRow.delivered_at).is_(None))
        .values(next_attempt_at=now, held_for_user_id=None)
    )


async def given_up(
    session: AsyncSession, game_id: int, shown: int
) -> tuple[Sequence[OutboxRow], int]:
    """The game's events given up on: the newest `shown` of them, and how many in all."""
    given_up = select(OutboxRow).where(
        col(OutboxRow.game_id) == game_id, col(OutboxRow.given_up_at).is_not(None)
    )
    newest = await session.execute(given_up.order_by(col(OutboxRow.id).desc()).limit(shown))
    counted = await session.execute(select(func.count()).select_from(given_up.subquery()))
    return newest.scalars().all(), int(counted.scalar() or 0)
