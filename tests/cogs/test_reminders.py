"""Issue 23 through the fake Discord: `/settings reminders` and the DM reminders with
their text, only to those who owe orders."""

from __future__ import annotations

from tests.cogs.conftest import PLAYERS, dm_orders, start_game
from tests.fake_discord import Driver


async def test_issue23_settings_reminders_and_the_dm_saying_what_is_missing(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, PLAYERS[:3], movement_hours=48)
    france = powers["FRANCE"]
    reply = await (
        await driver.slash(france, driver.dm(france), "settings reminders", {"hours": "30"})
    ).reply()
    assert reply.ephemeral and "reminded 30 hours before each deadline" in reply.content
    await dm_orders(driver, france, "A Par - Bur")
    mark = len(driver.world.bot_messages)
    clock.advance(hours=18, minutes=1)  # 30 hours before the 48-hour deadline
    reminder = await driver.wait_for_message(
        lambda m: m.content.startswith("Reminder") and "**France**" in m.content,
        channel=driver.dm(france),
        since=mark,
    )
    assert "**France**: 1 of 3 units ordered; still without an order: " in reminder.content
    assert "<t:" in reminder.content


async def test_issue23_settings_reminders_refuses_bad_times_with_the_range(driver: Driver) -> None:
    powers = await start_game(driver, PLAYERS[:3])
    user = powers["ITALY"]
    reply = await (
        await driver.slash(user, driver.dm(user), "settings reminders", {"hours": "48 24 12 1"})
    ).reply()
    assert reply.ephemeral and "up to 3 times" in reply.content and "1 to 336" in reply.content
    none = await (
        await driver.slash(user, driver.dm(user), "settings reminders", {"hours": "none"})
    ).reply()
    assert "No reminders in your games." in none.content
