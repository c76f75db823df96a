"""Excused misses (issue 23): a budget per power set before the start (webDiplomacy's
"excused missed turns"). When a power would miss a phase (late, as bot/service/deadlines/_grace.py
says: never one with nothing to order) and has excuses left, one is spent, once per
phase, and the deadline moves by the schedule: in a fixed-clock game to its next clock
time, not a flat day. The budget lives on the power, so a replacement inherits what is
left; a rollback restores it with the rest of the power's state (start_state.py).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.units import Phase
from bot.service.deadlines._grace import late_powers, tell
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    ServiceCore,
    count,
    deadline_text,
    keep_start_state,
    power_list,
    power_name,
)
from bot.service.timing import move_deadline
from bot.service.variants.match import sharing_the_deadline
from storage import queries
from storage.models import GameRow, PhaseRow, PowerRow


async def excuse_the_late(desk: ServiceCore, session: AsyncSession, game: GameRow, now) -> bool:
    """At the deadline: spend an excuse for each late power that has one left and has
    not spent one this phase, and move the deadline. Returns whether it moved.

    One-on-one (QUEUE: "an excuse or absence moves both boards"): the match's other
    board, waiting at the same movement phase for the same deadline, spends its own
    late powers' excuses too, and both boards keep one deadline, the later one."""
    if not desk._settings(game).schedule.excuses:
        return False  # no budget in this game: one look at the settings, nothing more
    boards = [game, *await sharing_the_deadline(desk, session, game)]
    spent = {board.id: e for board in boards if (e := await _excuse(desk, session, board, now))}
    if not spent:
        return False
    wanted = max(deadline for deadline, _, _ in spent.values())
    # Issue 29: the new deadline ends outside every absence, the excused powers' own too.
    deadline = await move_deadline(desk, session, boards, wanted, now)
    for board in boards:
        if board.id not in spent:  # it spent nothing itself: its channel hears why it waits
            moved = ev.DeadlineChanged(deadline=deadline, by_match=True)
            add_event(session, moved, now, game_id=board.id, channel_id=board.channel_id)
            continue
        _, phase, excused = spent[board.id]
        left = tuple((row.power, row.excuses_left) for row in excused)
        notice = partial(ev.Excused, phase=phase.code, deadline=deadline, left=left)
        tell(session, board, excused, notice, now, desk._settings(board).variant)
    return True


async def _excuse(
    desk: ServiceCore, session: AsyncSession, game: GameRow, now
) -> tuple[datetime, PhaseRow, list[PowerRow]] | None:
    """Spend the excuses of `game`'s late powers, as `excuse_the_late` says: the
    deadline the schedule then gives, the phase and the powers excused; None when no
    one was."""
    settings = desk._settings(game)
    if not settings.schedule.excuses:
        return None
    phase = await desk._current_phase(session, game)
    position = desk._position(phase)
    powers = await queries.powers.of_game(session, game.id)
    spent_before = set(phase.excused or ())
    excused = [
        row
        for row in late_powers(
            position,
            powers,
            await queries.submissions.of_phase(session, phase.id),
            desk.board,
            settings.rules.masters,
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
    return deadline, phase, excused


def excused_text(game_name: str, excused: ev.Excused) -> str:
    """The EXCUSED notice, naming the powers (never why, never what anyone ordered)."""
    deadline = deadline_text(excused.deadline)
    powers = power_list(excused.powers)
    phase = Phase.parse(excused.phase).title
    left = dict(excused.left)
    if excused.to == "player":
        remaining = " ".join(
            f"{power_name(p)} has {_misses_left(left[p])} left."
            for p in excused.powers
            if p in left
        )
        return (
            f"**{game_name}**, {phase}: I had no orders from {powers}, so one of your "
            f"excused misses was spent. {remaining} New deadline {deadline}; send your "
            "orders here by DM."
        ).replace("  ", " ")
    who = "GM: in" if excused.to == "gm" else "In"
    counts = ", ".join(
        f"{power_name(p)} {left[p] or 'none'} left" for p in excused.powers if p in left
    )
    return (
        f"{who} **{game_name}** {powers} used an excused miss for {phase}"
        + (f" ({counts})" if counts else "")
        + f". New deadline {deadline}."
    )


def _misses_left(n: int) -> str:
    return "no excused misses" if n == 0 else count(n, "excused miss", "excused misses")
