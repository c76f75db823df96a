"""Excused misses (issue 23): a budget per power set before the start (webDiplomacy's
"excused missed turns"). When a power would miss a phase (late, as bot/service/grace.py
says: never one with nothing to order) and has excuses left, one is spent, once per
phase, and the deadline moves by the schedule: in a fixed-clock game to its next clock
time, not a flat day. The budget lives on the power, so a replacement inherits what is
left; a rollback restores it with the rest of the power's state (start_state.py).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service import matches
from bot.service.events import EventKind
from bot.service.game_state import GameState
from bot.service.grace import late_powers, tell
from bot.service.service_core import ServiceCore
from bot.service.start_state import keep_start_state
from bot.service.views import GameStatus
from bot.service.words import deadline_text, power_list
from storage import repo
from storage.models import GameRow


async def excuse_the_late(desk: ServiceCore, session: AsyncSession, game: GameRow, now) -> bool:
    """At the deadline: spend an excuse for each late power that has one left and has
    not spent one this phase, and move the deadline. Returns whether it moved.

    One-on-one (QUEUE: "an excuse or absence moves both boards"): the match's other
    board, waiting at the same movement phase for the same deadline, spends its own
    late powers' excuses too, and both boards keep one deadline, the later one."""
    if not desk._settings(game).schedule.excuses:
        return False  # no budget in this game: one look at the settings, nothing more
    boards = [game, *await _sharing_the_deadline(desk, session, game)]
    moved = [d for board in boards if (d := await _excuse(desk, session, board, now))]
    if not moved:
        return False
    deadline = max(moved)
    for board in boards:
        if board.deadline_at == deadline:
            continue
        was_moved = board.deadline_at is not None and board.deadline_at > now
        GameState(board).set_deadline(deadline)  # buttons made for the old one are stale
        phase = await desk._current_phase(session, board)
        await desk._schedule_reminders(session, board, phase.id, deadline, now)
        if not was_moved:  # it spent nothing itself: its channel hears why it waits
            repo.add_outbox(
                session,
                EventKind.DEADLINE_CHANGED,
                now,
                game_id=board.id,
                channel_id=board.channel_id,
                payload={"deadline": deadline.isoformat(), "by_match": True},
            )
    return True


async def _sharing_the_deadline(
    desk: ServiceCore, session: AsyncSession, game: GameRow
) -> list[GameRow]:
    """The other board of `game`'s match when it stands at the same phase with the same
    deadline (a shared movement deadline); none otherwise."""
    if game.match_id is None:
        return []
    other = await matches.other_board(session, game)
    if other is None or other.status != GameStatus.ACTIVE:
        return []
    if other.deadline_at != game.deadline_at:
        return []
    mine, theirs = (
        await desk._current_phase(session, game),
        await desk._current_phase(session, other),
    )
    return [other] if mine.code == theirs.code else []


async def _excuse(desk: ServiceCore, session: AsyncSession, game: GameRow, now) -> datetime | None:
    """Spend the excuses of `game`'s late powers, as `excuse_the_late` says, and move
    its deadline: the new deadline, or None when no one was excused."""
    settings = desk._settings(game)
    if not settings.schedule.excuses:
        return None
    phase = await desk._current_phase(session, game)
    position = desk._position(phase)
    powers = await repo.powers(session, game.id)
    spent_before = set(phase.excused or ())
    excused = [
        row
        for row in late_powers(
            position, powers, await repo.submissions(session, phase.id), desk.board
        )
        if row.excuses_left > 0 and row.power not in spent_before
    ]
    if not excused:
        return None
    await keep_start_state(session, game.id, phase)  # before the powers' state changes
    for row in excused:
        row.excuses_left -= 1
    phase.excused = sorted(spent_before | {row.power for row in excused})
    deadline = settings.schedule.next_clock_time(
        position.phase.kind, max(game.deadline_at or now, now)
    )
    game.deadline_at = deadline
    await desk._schedule_reminders(session, game, phase.id, deadline, now)
    notice = {"phase": phase.code, "deadline": deadline.isoformat()}
    tell(session, game, EventKind.EXCUSED, excused, notice, now, settings.variant)
    return deadline


def excused_text(game_name: str, payload: dict) -> str:
    """The EXCUSED notice, naming the powers (never why, never what anyone ordered)."""
    deadline = deadline_text(datetime.fromisoformat(payload["deadline"]))
    powers = power_list(payload["powers"])
    if payload["to"] == "player":
        return (
            f"**{game_name}**, {payload['phase']}: I had no orders from {powers}, so one of "
            f"your excused misses was spent. New deadline {deadline}; send your orders "
            "here by DM."
        )
    who = "GM: in" if payload["to"] == "gm" else "In"
    return (
        f"{who} **{game_name}** {powers} used an excused miss for {payload['phase']}. "
        f"New deadline {deadline}."
    )
