"""Late powers and grace (issue 23; QUEUE "Late"; issue 33).

A power is late when the deadline passes, it has something to order, and it sent no
order at all for the phase: a partial sender is reminded, not late; one who marked
itself ready (holding on purpose) is not late; a power with nothing to order never is.
With a grace in the schedule the game then waits for the late, once per phase; who is
told follows the variant's `lateness_told` (never what anyone ordered). The grace ends
as soon as every late power has marked ready or ordered every unit it has (the others'
orders were final at the deadline), else at its end. No grace is waited in a variant
whose missed orders are not reported (`Variant.takes_grace`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.units import Phase, Power
from adjudication.variants import VARIANTS, Disclosure
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import GameState, Grace, ServiceCore, deadline_text, power_list
from bot.service.orders import owes_orders, progress
from bot.service.timing import move_deadline
from bot.service.variants.masters import awaited_progress
from bot.service.variants.match import sharing_the_deadline
from storage import queries
from storage.enums import GameStatus
from storage.models import GameRow, PhaseRow, PowerRow, SubmissionRow
from storage.orders_in_force import slots_of

log = logging.getLogger(__name__)

MAX_GRACES_PER_TICK = 1_000


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
    if not grace or not VARIANTS[settings.variant].takes_grace:  # stored before the ruling
        return False
    phase = await desk._current_phase(session, game)
    if phase.grace_until is not None:
        return False
    boards = [game, *await sharing_the_deadline(desk, session, game)]
    waiting = [(board, *await _late_on(desk, session, board)) for board in boards]
    if not any(late for _, _, late in waiting):
        return False
    deadline = max(game.deadline_at or now, now)
    for _, board_phase, _ in waiting:
        # The phase keeps the deadline that passed: whoever had sent nothing by then is
        # late, and the grace ends once they have all ordered (`grace_wait`).
        board_phase.deadline_at = deadline
        board_phase.grace_until = deadline + timedelta(minutes=grace)
    # Issue 29: the grace's end too falls outside every absence.
    until = await move_deadline(
        desk, session, boards, deadline + timedelta(minutes=grace), now, remind=False
    )
    for board, board_phase, late in waiting:
        board_phase.grace_until = until
        # The late are reminded daily until the grace ends (as every reminder, only
        # while they still owe orders).
        daily = []
        day = deadline + timedelta(days=1)
        while day < until:
            daily.append(day)
            day += timedelta(days=1)
        await queries.reminders.replace(session, board.id, board_phase.id, daily)
        if late:
            notice = partial(ev.Late, phase=board_phase.code, until=until)
            tell(session, board, late, notice, now, desk._settings(board).variant)
        else:  # it waits for the other board: a changed deadline, as an excuse's
            moved = ev.DeadlineChanged(deadline=until, by_match=True)
            add_event(session, moved, now, game_id=board.id, channel_id=board.channel_id)
    return True


async def grace_wait(desk: ServiceCore, session: AsyncSession, game: GameRow) -> Grace | None:
    """The grace `game`'s phase is in (None: it is in none): its end, and the late
    powers it still waits for. A power late at the deadline (it had sent nothing by
    then) is waited for until it has marked ready or ordered every unit it has."""
    phase = await desk._current_phase(session, game)
    if phase.grace_until is None or game.deadline_at is None:
        return None
    position = desk._position(phase)
    masters = desk._settings(game).rules.masters
    passed = phase.deadline_at
    subs = await queries.submissions.of_phase(session, phase.id)
    by_then = [s for s in subs if passed is None or s.received_at <= passed]
    late = late_powers(
        position, await queries.powers.of_game(session, game.id), by_then, desk.board, masters
    )
    slots = slots_of(await queries.orders.in_force(session, phase.id))
    awaited = []
    for row in late:
        done = progress(position, row.power, slots, desk.board)
        owing = awaited_progress(position, row.power, masters, done)
        if owing is not None and owing.given < owing.owed:
            awaited.append((row.power, owing))
    return Grace(until=game.deadline_at, awaited=tuple(awaited))


async def end_graces_early(desk: ServiceCore, now: datetime) -> int:
    """Issue 33's ruling: "When a grace ends: as soon as every late power has marked
    ready or ordered every unit it has". Each game in grace whose late have all done so
    (in a One-on-one match, those of both boards) gets its deadline now, for this tick
    to play. Returns how many games."""
    async with desk.transaction() as session:
        game_ids = await queries.games.in_grace(session, now, MAX_GRACES_PER_TICK)
    ended = 0
    for game_id in game_ids:
        async with desk.transaction() as session:
            game = await desk._game(session, game_id)  # locked, and read again
            if game.status != GameStatus.ACTIVE or game.paused_at is not None:
                continue
            if game.deadline_at is None or game.deadline_at <= now:
                continue  # played meanwhile, or its match's other board ended it
            boards = [game, *await sharing_the_deadline(desk, session, game)]
            waits = [await grace_wait(desk, session, board) for board in boards]
            if any(wait is None or wait.awaited for wait in waits):
                continue
            for board in boards:
                GameState(board).set_deadline(now)
            log.info("game %s: the late have all ordered; the grace ends", game_id)
            ended += 1
    return ended


async def _late_on(
    desk: ServiceCore, session: AsyncSession, game: GameRow
) -> tuple[PhaseRow, list[PowerRow]]:
    """`game`'s current phase and its late powers."""
    phase = await desk._current_phase(session, game)
    late = late_powers(
        desk._position(phase),
        await queries.powers.of_game(session, game.id),
        await queries.submissions.of_phase(session, phase.id),
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
    phase = Phase.parse(late.phase).title
    if late.to == "player":
        return (
            f"**{game_name}**, {phase}: the deadline passed and I have no orders from "
            f"{powers}. The game waits for you until {until}, and is played as soon as "
            "every unit has an order (or you say you are ready); send your orders here by "
            "DM. Without them your units hold (retreats disband, builds are waived)."
        )
    who = "GM: in" if late.to == "gm" else "In"
    return (
        f"{who} **{game_name}** the deadline for {phase} passed with no orders from "
        f"{powers}. The game waits for them until {until}, and plays as soon as they "
        "have ordered."
    )
