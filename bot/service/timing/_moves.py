"""Where every deadline goes through (issue 29): one rule, that a deadline never falls
inside an absence in force ("A deadline that would fall inside moves to the end of the
absence"), and one way to move a running deadline.

A new phase's deadline is the schedule's, then the rule (`outside_absences`, the
adjudicator); a running deadline moves only through `move_deadline`, which applies the
rule: a resume, an excuse, a grace, the GM's `/gm extend` and `/gm deadline`, a vote,
an absence declared. The absences that hold are those of a power that owes orders in
the phase, each as the game's cap (`absence_days`) let it be declared; a game whose GM
has set no absence days (0: none) holds none.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from bot.service.kernel import Clock, GameState, ServiceCore
from bot.service.orders import owes_orders
from storage import queries
from storage.models import AbsenceRow, GameRow


async def outside_absences(
    core: ServiceCore,
    session: AsyncSession,
    game: GameRow,
    position: Position,
    deadline: datetime,
) -> datetime:
    """`deadline`, moved past every absence in force it falls inside of a power that
    owes orders in `position`'s phase (absences may follow one another): to the end of
    the absence, in a fixed-clock game to the first clock time after it."""
    schedule = core._settings(game).schedule
    if not schedule.absence_days:
        return deadline
    board, masters = core.board_at(position), core._settings(game).rules.masters
    away = [
        r
        for r in await absences_in_force(session, game.id)
        if owes_orders(position, r.power, board, masters)
    ]
    kind = position.phase.kind
    moved = True
    while moved:
        moved = False
        for r in away:
            if r.starts_at <= deadline < r.ends_at:
                deadline = r.ends_at
                if isinstance(schedule.timing(kind), Clock):
                    deadline = schedule.next_clock_time(kind, deadline)
                moved = True
    return deadline


async def move_deadline(
    core: ServiceCore,
    session: AsyncSession,
    boards: Sequence[GameRow],
    deadline: datetime,
    now: datetime,
    *,
    remind: bool = True,
) -> datetime:
    """Move the running deadline of `boards` (a game, or both boards of a One-on-one
    match sharing it) to `deadline` as the rule leaves it, the same for every board;
    plan the reminders again (`remind`: False for a grace, which plans its own).
    Returns the deadline set."""
    positions = []
    for board in boards:
        positions.append((board, core._position(await core._current_phase(session, board))))
    settled = None
    while settled != deadline:  # one board's absence may fall in another's
        settled = deadline
        for board, position in positions:
            deadline = await outside_absences(core, session, board, position, deadline)
    for board, _ in positions:
        GameState(board).set_deadline(deadline)  # buttons made for the old one are stale
        phase = await core._current_phase(session, board)
        if phase.grace_until is None:
            phase.deadline_at = deadline  # the phase's own; a grace keeps the one passed
        if remind:
            await core._schedule_reminders(session, board, phase.id, deadline, now)
    return deadline


async def absences_in_force(session: AsyncSession, game_id: int) -> list[AbsenceRow]:
    return await queries.absences.in_force(session, game_id)
