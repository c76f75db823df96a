"""Late powers and grace (issue 23; QUEUE "Late").

A power is late when the deadline passes, it has something to order, and it sent no
order at all for the phase: a partial sender is reminded, not late; one who marked
itself ready (holding on purpose) is not late; a power with nothing to order never is.
With a grace in the schedule the game then waits for the late, once per phase; who is
told follows the variant's `lateness_told` (never what anyone ordered).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.board import Board
from adjudication.masters.options import MastersRules
from adjudication.position import Position
from adjudication.units import Power
from adjudication.variants import VARIANTS, Disclosure
from bot.service import event_payloads as ev
from bot.service.event_codec import add_event
from bot.service.game_state import GameState
from bot.service.match_deadlines import sharing_the_deadline
from bot.service.service_core import ServiceCore, owes_orders
from bot.service.words import deadline_text, power_list
from storage import repo
from storage.models import GameRow, PhaseRow, PowerRow, SubmissionRow


def late_powers(
    position: Position,
    powers: Sequence[PowerRow],
    subs: Sequence[SubmissionRow],
    board: Board,
    masters: MastersRules,
) -> list[PowerRow]:
    """The powers late at this deadline, as QUEUE defines it. A power in civil
    disorder is not waited for: it already plays as no orders."""
    sent = {s.power for s in subs}
    return [
        row
        for row in powers
        if row.playable
        and row.user_id is not None
        and not row.civil_disorder
        and not row.ready
        and row.power not in sent
        and owes_orders(position, row.power, board, masters)
    ]


async def wait_for_late(desk: ServiceCore, session: AsyncSession, game: GameRow, now) -> bool:
    """At the deadline: with a grace in the schedule and powers late, move the deadline
    to the grace's end, tell who must know, and remind the late daily. Returns whether
    the game now waits; a phase whose grace has passed is played.

    One-on-one: the match's other board, sharing this movement deadline, waits with it
    (QUEUE "Late": both boards move together; a grace on one alone would part their
    deadlines); its own late powers are told, else its channel hears why it waits."""
    settings = desk._settings(game)
    grace = settings.schedule.grace_minutes
    if not grace:
        return False
    phase = await desk._current_phase(session, game)
    if phase.grace_until is not None:
        return False
    boards = [game, *await sharing_the_deadline(desk, session, game)]
    waiting = [(board, *await _late_on(desk, session, board)) for board in boards]
    if not any(late for _, _, late in waiting):
        return False
    deadline = max(game.deadline_at or now, now)
    until = deadline + timedelta(minutes=grace)
    for board, board_phase, late in waiting:
        board_phase.grace_until = board.deadline_at = until
        # The late are reminded daily until the grace ends (as every reminder, only
        # while they still owe orders).
        days = range(1, grace // (24 * 60) + 1)
        daily = [deadline + timedelta(days=d) for d in days if deadline + timedelta(days=d) < until]
        await repo.replace_reminders(session, board.id, board_phase.id, daily)
        if late:
            notice = partial(ev.Late, phase=board_phase.code, until=until)
            tell(session, board, late, notice, now, desk._settings(board).variant)
        else:  # it waits for the other board: a changed deadline, as an excuse's
            GameState(board).set_deadline(until)  # buttons made for the old one are stale
            moved = ev.DeadlineChanged(deadline=until, by_match=True)
            add_event(session, moved, now, game_id=board.id, channel_id=board.channel_id)
    return True


async def _late_on(
    desk: ServiceCore, session: AsyncSession, game: GameRow
) -> tuple[PhaseRow, list[PowerRow]]:
    """`game`'s current phase and its late powers."""
    phase = await desk._current_phase(session, game)
    late = late_powers(
        desk._position(phase),
        await repo.powers(session, game.id),
        await repo.submissions(session, phase.id),
        desk.board,
        desk._settings(game).rules.masters,
    )
    return phase, late


def tell(
    session: AsyncSession,
    game: GameRow,
    rows: Sequence[PowerRow],
    notice: Callable[..., ev.Payload],
    now: datetime,
    variant: str,
) -> None:
    """Tell who must know about these powers (late, excused): the channel when the
    variant says so, always the GM, and each player about their own powers alone.
    `notice(to=…, powers=…)` makes the payload for each."""
    names = tuple(sorted(r.power for r in rows))
    if VARIANTS[variant].lateness_told is Disclosure.PUBLIC:
        told = notice(to="channel", powers=names)
        add_event(session, told, now, game_id=game.id, channel_id=game.channel_id)
    add_event(session, notice(to="gm", powers=names), now, game_id=game.id, user_id=game.gm_user_id)
    by_user: dict[int, list[Power]] = {}
    for row in rows:
        if row.user_id is not None:
            by_user.setdefault(row.user_id, []).append(row.power)
    for user_id, mine in sorted(by_user.items()):
        told = notice(to="player", powers=tuple(sorted(mine)))
        add_event(session, told, now, game_id=game.id, user_id=user_id)


def late_text(game_name: str, late: ev.Late) -> str:
    """The LATE notice: the channel's and the GM's name the late powers; a player's
    says what to do. Never what anyone ordered."""
    until = deadline_text(late.until)
    powers = power_list(late.powers)
    if late.to == "player":
        return (
            f"**{game_name}**, {late.phase}: the deadline passed and I have no orders "
            f"from {powers}. The game waits for you until {until}; send your orders here "
            "by DM. Without them your units hold (retreats disband, builds are waived)."
        )
    who = "GM: in" if late.to == "gm" else "In"
    return (
        f"{who} **{game_name}** the deadline for {late.phase} passed with no orders "
        f"from {powers}. The game waits for them until {until}, then plays."
    )
