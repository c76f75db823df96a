"""Issue 23, reminders each player chooses: up to three times before the deadline, or
none, for one game or all their games; the game's default is the GM's. A reminder goes
only to those who owe orders and says what is missing, once per deadline across a
restart and with several processes, and is re-armed when the deadline moves."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.events import EventKind, Reminder
from bot.service.kernel import Caller, GameSettings, InvalidSetting, reminder_text
from bot.service.timing import ReminderChoices
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, outbox, owner, started_game

ONE_HOUR = GameSettings(reminder_minutes=(60,))  # the GM's default: an hour before


async def reminded(service) -> list:
    return [e for e in await outbox(service) if e.kind is EventKind.REMINDER]


async def test_issue23_each_player_gets_reminders_at_the_times_they_chose(service):
    info = await started_game(service, settings=ONE_HOUR)
    france, italy = owner(info, "FRANCE"), owner(info, "ITALY")
    choices = ReminderChoices(service)
    assert await choices.choose(france, info.id, "30, 6", T0) == (30 * 60, 6 * 60)
    await choices.choose(italy, None, "none", T0)  # all of Italy's games: none
    scheduler = Scheduler(service)
    deadline = info.deadline_at
    await scheduler.tick(deadline - timedelta(hours=30))
    assert [e.user_id for e in await reminded(service)] == [france]
    await scheduler.tick(deadline - timedelta(hours=6))
    await scheduler.tick(deadline - timedelta(hours=1))
    sent = await reminded(service)
    assert [e.user_id for e in sent].count(france) == 2
    assert italy not in {e.user_id for e in sent}
    others = {owner(info, p) for p in ("ENGLAND", "GERMANY", "RUSSIA", "TURKEY", "AUSTRIA")}
    assert {e.user_id for e in sent} - {france} == others  # the GM's hour for the rest


async def test_issue23_a_game_choice_beats_the_all_games_one_and_none_restores_default(service):
    info = await started_game(service, settings=ONE_HOUR)
    england = owner(info, "ENGLAND")
    choices = ReminderChoices(service)
    await choices.choose(england, None, "none", T0)
    await choices.choose(england, info.id, "2", T0)
    await Scheduler(service).tick(info.deadline_at - timedelta(hours=2))
    assert [e.user_id for e in await reminded(service)] == [england]
    await choices.choose(england, info.id, None, T0)  # back to all games: none
    assert (await Scheduler(service).tick(info.deadline_at - timedelta(hours=1))).reminders_sent
    assert [e.user_id for e in await reminded(service)].count(england) == 1  # the 2 h one


@pytest.mark.parametrize("text", ["24 12 6 1", "0", "337", "soon", ""])
async def test_issue23_bad_reminder_times_are_refused_with_the_range(service, text):
    info = await started_game(service, settings=ONE_HOUR)
    with pytest.raises(InvalidSetting, match=r"up to 3 times .* 1 to 336"):
        await ReminderChoices(service).choose(owner(info, "ENGLAND"), info.id, text, T0)


async def test_issue23_reminder_says_what_is_missing(service):
    info = await started_game(service, settings=ONE_HOUR)
    italy = owner(info, "ITALY")
    await service.orders.submit_orders(Caller(italy), "A ROM H", T0)
    await Scheduler(service).tick(info.deadline_at - timedelta(hours=1))
    (to_italy,) = [e for e in await reminded(service) if e.user_id == italy]
    text = reminder_text("Test game", to_italy.payload, info.deadline_at)
    assert "1 of 3 units ordered; still without an order: " in text
    assert "no build yet" in reminder_text(
        "G", Reminder(power="ITALY", phase="W1901A", given=0, owed=2, builds_left=2), None
    )


async def test_issue23_reminder_rearmed_when_the_deadline_moves(service):
    info = await started_game(service, settings=ONE_HOUR)
    scheduler = Scheduler(service)
    first = (await scheduler.tick(info.deadline_at - timedelta(hours=1))).reminders_sent
    assert first == 7
    await service.gm.gm_set_deadline(info.id, Caller(GM, GUILD), timedelta(days=1), T0)
    moved = info.deadline_at + timedelta(days=1)
    assert (await scheduler.tick(info.deadline_at)).reminders_sent == 0  # not due yet
    assert (await scheduler.tick(moved - timedelta(hours=1))).reminders_sent == 7


async def test_issue23_player_reminder_once_across_restart_and_two_processes(
    service, migrated_db_url
):
    info = await started_game(service, settings=ONE_HOUR)
    france = owner(info, "FRANCE")
    await ReminderChoices(service).choose(france, info.id, "3", T0)
    due = info.deadline_at - timedelta(hours=3)
    # Two processes on one database tick at once inside the window...
    other = await open_service(migrated_db_url)
    try:
        await asyncio.gather(Scheduler(service).tick(due), Scheduler(other).tick(due))
    finally:
        await other.store.db.dispose()
    # ... then one is killed and a fresh one ticks again within the same window.
    restarted = await open_service(migrated_db_url)
    try:
        await Scheduler(restarted).tick(due + timedelta(minutes=5))
    finally:
        await restarted.store.db.dispose()
    assert [e.user_id for e in await reminded(service)].count(france) == 1
