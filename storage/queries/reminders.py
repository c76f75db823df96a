"""Reminders of a deadline (`ReminderRow`: when, for whom, sent or passed over) and the
times each player chose for them (issue 23, `ReminderChoiceRow`). A reminder's
`user_id` None: every player who owes orders.

Each function takes the caller's session; none commits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.db import rows_matched
from storage.enums import GameStatus
from storage.models import GameRow, ReminderChoiceRow, ReminderRow

ALL_GAMES = 0  # the `game_id` of a choice made for all of a player's games


async def replace(
    session: AsyncSession, game_id: int, phase_id: int, times: Sequence[datetime]
) -> None:
    """Forget the phase's unsent reminders and schedule these instead."""
    await session.execute(
        delete(ReminderRow).where(
            col(ReminderRow.game_id) == game_id, col(ReminderRow.sent_at).is_(None)
        )
    )
    for due in sorted(set(times)):
        session.add(ReminderRow(game_id=game_id, phase_id=phase_id, due_at=due))


async def replace_for_players(
    session: AsyncSession,
    game_id: int,
    phase_id: int,
    due: Iterable[tuple[datetime, int | None]],
) -> None:
    """Forget the game's unsent reminders and plan these: (when, for whom)."""
    await session.execute(
        delete(ReminderRow).where(
            col(ReminderRow.game_id) == game_id, col(ReminderRow.sent_at).is_(None)
        )
    )
    for when, user_id in sorted(set(due), key=lambda d: (d[0], d[1] or 0)):
        session.add(ReminderRow(game_id=game_id, phase_id=phase_id, due_at=when, user_id=user_id))


async def due(session: AsyncSession, now: datetime, limit: int) -> Sequence[ReminderRow]:
    rows = await session.execute(
        select(ReminderRow)
        .join(GameRow, and_(col(GameRow.id) == col(ReminderRow.game_id)))
        .where(
            col(ReminderRow.sent_at).is_(None),
            col(ReminderRow.due_at) <= now,
            col(GameRow.status) == GameStatus.ACTIVE,
            col(GameRow.paused_at).is_(None),
            col(GameRow.deadline_at) > now,  # a reminder after the deadline helps nobody
            col(GameRow.current_phase_id) == col(ReminderRow.phase_id),
        )
        .order_by(col(ReminderRow.due_at), col(ReminderRow.id))
        .limit(limit)
    )
    return rows.scalars().all()


async def next_due(session: AsyncSession, after: datetime) -> datetime | None:
    """The earliest moment after `after` at which a reminder not yet sent falls due
    (issue 32: the delivery loop sleeps until then)."""
    found = await session.execute(
        select(func.min(col(ReminderRow.due_at))).where(
            col(ReminderRow.sent_at).is_(None), col(ReminderRow.due_at) > after
        )
    )
    return found.scalar_one()


async def mark_sent(
    session: AsyncSession, reminder_id: int, now: datetime, *, skipped: bool = False
) -> bool:
    """Compare-and-set, so a reminder goes once even with two schedulers. `skipped`:
    record it as passed over rather than sent."""
    result = await session.execute(
        update(ReminderRow)
        .where(col(ReminderRow.id) == reminder_id, col(ReminderRow.sent_at).is_(None))
        .values(sent_at=now, skipped=skipped)
    )
    return rows_matched(result) == 1


async def choices(
    session: AsyncSession, game_id: int, user_ids: Iterable[int]
) -> dict[int, tuple[int, ...]]:
    """The minutes each of `user_ids` chose for this game (else for all their games);
    a user who chose nothing is not in the answer."""
    users = sorted(set(user_ids))
    if not users:
        return {}
    rows = await session.execute(
        select(ReminderChoiceRow).where(
            col(ReminderChoiceRow.user_id).in_(users),
            col(ReminderChoiceRow.game_id).in_((game_id, ALL_GAMES)),
        )
    )
    chosen: dict[int, tuple[int, ...]] = {}
    # The game's own choice beats the one for all games: read it last.
    for row in sorted(rows.scalars().all(), key=lambda r: r.game_id == game_id):
        chosen[row.user_id] = tuple(row.minutes)
    return chosen


async def set_choice(
    session: AsyncSession, user_id: int, game_id: int, minutes: Sequence[int] | None, now
) -> None:
    """Choose `minutes` (empty: no reminders) or, with None, go back to the default."""
    row = await session.get(ReminderChoiceRow, (user_id, game_id))
    if minutes is None:
        if row is not None:
            await session.delete(row)
        return
    if row is None:
        session.add(
            ReminderChoiceRow(
                user_id=user_id, game_id=game_id, minutes=list(minutes), updated_at=now
            )
        )
    else:
        row.minutes, row.updated_at = list(minutes), now
