"""Reminders per player (issue 23): the times each player chose, and the reminders of a
phase planned per player. `ReminderRow.user_id` None: every player who owes orders."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.models import ReminderChoiceRow, ReminderRow

ALL_GAMES = 0  # the `game_id` of a choice made for all of a player's games


async def reminder_choices(
    session: AsyncSession, game_id: int, user_ids: Iterable[int]
) -> dict[int, tuple[int, ...]]:
    """The minutes each of `user_ids` chose for this game (else for all their games);
    a user who chose nothing is not in the answer."""
    users = sorted(set(user_ids))
    if not users:
        return {}
    rows = await session.execute(
        select(ReminderChoiceRow).where(
            ReminderChoiceRow.user_id.in_(users),
            ReminderChoiceRow.game_id.in_((game_id, ALL_GAMES)),
        )
    )
    chosen: dict[int, tuple[int, ...]] = {}
    # The game's own choice beats the one for all games: read it last.
    for row in sorted(rows.scalars().all(), key=lambda r: r.game_id == game_id):
        chosen[row.user_id] = tuple(row.minutes)
    return chosen


async def set_reminder_choice(
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


async def replace_player_reminders(
    session: AsyncSession,
    game_id: int,
    phase_id: int,
    due: Iterable[tuple[datetime, int | None]],
) -> None:
    """Forget the game's unsent reminders and plan these: (when, for whom)."""
    await session.execute(
        delete(ReminderRow).where(ReminderRow.game_id == game_id, ReminderRow.sent_at.is_(None))
    )
    for when, user_id in sorted(set(due), key=lambda d: (d[0], d[1] or 0)):
        session.add(ReminderRow(game_id=game_id, phase_id=phase_id, due_at=when, user_id=user_id))
