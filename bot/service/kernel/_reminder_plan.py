"""Planning reminders each player chooses (issue 23): up to three times before the deadline, or
none, for one game or all their games; the game's default is its GM's (`reminders`).

A phase's reminders are planned when its deadline is set and again whenever it moves
(re-armed): one row per time, for every player when nobody chose otherwise (the cheap
case: no row per player), else one row per player and time. The scheduler sends each
row once, by compare-and-set, also across restarts and several processes, through the
outbox as every message (bot/service/app/_scheduler.py).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.kernel._errors import InvalidSetting
from storage import queries
from storage.models import GameRow

MAX_REMINDERS = 3
MAX_REMINDER_HOURS = 14 * 24


def read_reminder_hours(text: str) -> tuple[int, ...]:
    """ "24, 1" → minutes before the deadline, latest first; "none" → no reminders."""
    words = text.replace(",", " ").lower().split()
    if words in (["none"], ["no"], ["off"]):
        return ()
    form = (
        f"Give up to {MAX_REMINDERS} times in whole hours before the deadline, 1 to "
        f"{MAX_REMINDER_HOURS} (e.g. `24, 1`), or `none`."
    )
    if not 1 <= len(words) <= MAX_REMINDERS or not all(w.isdigit() for w in words):
        raise InvalidSetting(form)
    hours = sorted({int(w) for w in words}, reverse=True)
    if not all(1 <= h <= MAX_REMINDER_HOURS for h in hours):
        raise InvalidSetting(form)
    return tuple(h * 60 for h in hours)


async def plan_reminders(
    session: AsyncSession,
    game: GameRow,
    phase_id: int,
    deadline: datetime,
    now: datetime,
    default: tuple[int, ...],
) -> None:
    """Plan the phase's reminders before `deadline`: each player's chosen times, the
    game's `default` for the others; only those still ahead."""
    users = {
        r.user_id for r in await queries.powers.of_game(session, game.id) if r.user_id is not None
    }
    chosen = await queries.reminders.choices(session, game.id, users)
    due: list[tuple[datetime, int | None]] = []
    if not chosen:
        due = [(deadline - timedelta(minutes=m), None) for m in default]
    else:
        for user in users:
            for m in chosen.get(user, default):
                due.append((deadline - timedelta(minutes=m), user))
    await queries.reminders.replace_for_players(
        session, game.id, phase_id, [d for d in due if d[0] > now]
    )
