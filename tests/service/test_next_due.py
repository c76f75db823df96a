"""Issue 32: the delivery loop sleeps until the scheduler's next moment rather than a
fixed pause, and is nudged when this process queues events or ends a phase early.

`Scheduler.next_due(after)` is read from the database (deadlines, reminders, roll-calls,
the outbox's retries), so every process finds the same moment after a restart."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from bot.service import GameService
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings
from storage.models import ReminderRow
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, started_game


async def reminder_times(service: GameService, game_id: int) -> list:
    async with service.store.transaction() as session:
        rows = await session.execute(select(ReminderRow).where(ReminderRow.game_id == game_id))
        return sorted(r.due_at for r in rows.scalars().all())


async def test_nothing_waiting_means_no_moment(service: GameService) -> None:
    assert await Scheduler(service).next_due(T0) is None


async def test_the_next_moment_is_the_earliest_reminder_or_deadline(
    service: GameService,
) -> None:
    info = await started_game(service)
    deadline = info.deadline_at
    assert deadline is not None
    reminders = await reminder_times(service, info.id)
    assert reminders, "a started game has reminders before its deadline"
    scheduler = Scheduler(service)
    # The start's own posts are due at T0 itself: only what comes after counts.
    assert await scheduler.next_due(T0) == min([*reminders, deadline])
    last_reminder = max(reminders)
    assert last_reminder < deadline
    assert await scheduler.next_due(last_reminder) == deadline
    assert await scheduler.next_due(deadline - timedelta(seconds=1)) == deadline
    assert await scheduler.next_due(deadline) is None


async def test_a_paused_games_deadline_is_no_moment(service: GameService) -> None:
    info = await started_game(service)
    assert info.deadline_at is not None
    await service.gm.gm_pause(info.id, Caller(GM, GUILD), T0)
    reminders = await reminder_times(service, info.id)
    after = max([T0, *reminders])
    assert await Scheduler(service).next_due(after) is None


async def test_an_events_retry_is_a_moment(service: GameService) -> None:
    info = await started_game(service)
    (event, *_) = await service.outbox.pending_events(T0, 1)
    failed_at = T0 + timedelta(minutes=1)
    await service.outbox.mark_failed(event.id, "Discord was down", failed_at)
    due = await Scheduler(service).next_due(failed_at)
    assert due is not None and failed_at < due <= failed_at + timedelta(minutes=1)
    assert info.deadline_at is not None and due < info.deadline_at


async def test_a_roll_calls_reminder_and_time_are_moments(service: GameService) -> None:
    info = await started_game(service, settings=GameSettings(roll_call=True))
    assert info.roll_call is not None
    scheduler = Scheduler(service)
    halfway = await scheduler.next_due(T0)
    assert halfway is not None and T0 < halfway < info.roll_call.until
    assert await scheduler.next_due(halfway) == info.roll_call.until


async def test_events_queued_nudge_the_loop_once_committed(service: GameService) -> None:
    nudges: list[int] = []
    service.store.on_nudge(lambda: nudges.append(1))
    await started_game(service)  # the start queues its posts and DMs
    assert nudges
    count = len(nudges)
    assert await service.lobby.game_in_channel(CHANNEL) is not None  # a read
    assert len(nudges) == count, "a transaction that queues nothing nudges nothing"


async def test_a_phase_ended_early_nudges_the_loop(service: GameService) -> None:
    info = await started_game(service)
    nudges: list[int] = []
    service.store.on_nudge(lambda: nudges.append(1))
    players = [p.user_id for p in info.powers if p.user_id is not None]
    for user in players[:-1]:
        result = await service.orders.set_ready(Caller(user), T0 + timedelta(minutes=1))
        assert not result.ends_phase
    assert nudges == []
    result = await service.orders.set_ready(Caller(players[-1]), T0 + timedelta(minutes=1))
    assert result.ends_phase and nudges == [1]
    assert len(players) == len(PLAYERS)
