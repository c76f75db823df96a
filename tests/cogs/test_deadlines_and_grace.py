"""Issues 29 and 33 through the fake Discord: the channel says who moved a deadline (an
absence is not "the GM"); a grace ends as soon as the late power has ordered every
unit, its results posted before the grace's end; and `/game create` refuses a grace
for Kriegsplomacy, with the reason (the project's ruling: rules/004, missed orders are
not reported, and a grace would show that someone was late)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.kernel import Caller, NotFound
from tests.cogs.conftest import PLAYERS, create_game, dm_orders, start_game
from tests.fake_discord import Driver


async def _gm_sets(driver: Driver, setting: str, value: str) -> str:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    handle = await driver.slash(
        gm, channel, "gm settings set", {"setting": setting, "value": value}
    )
    return (await handle.reply()).content


async def test_issue29_an_absence_moving_the_deadline_is_not_said_to_be_the_gm(
    driver: Driver,
) -> None:
    players = await start_game(driver, PLAYERS[:3])
    await _gm_sets(driver, "absence_days", "7")
    channel = driver.fake.game_channel
    # T0 is Monday 2 March 2026: the first deadline is Friday 6th, inside the absence.
    await (
        await driver.slash(players["ENGLAND"], channel, "absence declare", {"dates": "5-7 Mar"})
    ).reply()
    moved = await driver.wait_for_message(
        lambda m: not m.ephemeral and "1772928000" in m.content and "will be away" not in m.content,
        channel=channel,
    )
    assert "by the GM" not in moved.content
    assert "absence" in moved.content


async def test_issue33_a_grace_ends_when_the_late_power_orders_every_unit(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver)
    assert "Changed." in await _gm_sets(driver, "grace_hours", "24")
    channel = driver.fake.game_channel
    service = driver.bot.service
    info = await service.lobby.game_in_channel(channel.id)
    for power, user in powers.items():
        if power != "RUSSIA":
            await service.orders.set_ready(Caller(user.id), clock())
    clock.advance(hours=97)  # the deadline passes with nothing from Russia
    await driver.wait_for_message(
        lambda m: "passed with no orders" in m.content and "Russia" in m.content,
        channel=channel,
    )
    clock.advance(hours=15)  # nine hours of grace left
    echo = await dm_orders(driver, powers["RUSSIA"], "A Mos H\nA War H\nF Sev H\nF Stp/sc H")
    assert "Every unit has an order." in echo
    results = await driver.wait_for_message(
        lambda m: "results of Spring 1901" in m.content, channel=channel
    )
    assert "Russia" in results.content
    after = await service.lobby.game_in_channel(channel.id)
    assert after.phase.code == "F1901M"
    assert clock() < info.deadline_at + timedelta(hours=24)  # before the grace's end


async def test_issue33_game_create_refuses_a_grace_for_kriegsplomacy(driver: Driver) -> None:
    reply = await create_game(driver, "Fog", variant="kriegsplomacy", grace_hours=24)
    assert reply.ephemeral
    assert "Kriegsplomacy takes no grace" in reply.content and "not reported" in reply.content
    with pytest.raises(NotFound):  # nothing was made
        await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    made = await create_game(driver, "Fog", variant="kriegsplomacy")
    assert "is open" in made.content


def test_issue29_the_channel_says_who_moved_the_deadline() -> None:
    from datetime import UTC, datetime

    from bot.delivery import deadline_changed_text
    from bot.service.events import payloads as ev

    when = datetime(2026, 3, 8, tzinfo=UTC)
    said = {
        "gm": deadline_changed_text(ev.DeadlineChanged(deadline=when)),
        "vote": deadline_changed_text(ev.DeadlineChanged(deadline=when, by_vote=True)),
        "absence": deadline_changed_text(ev.DeadlineChanged(deadline=when, by_absence=True)),
        "hidden": deadline_changed_text(
            ev.DeadlineChanged(deadline=when, by_absence=True), absence_told=False
        ),
        "match": deadline_changed_text(ev.DeadlineChanged(deadline=when, by_match=True)),
    }
    assert said["gm"].startswith("The deadline was changed by the GM: <t:1772928000:F>")
    assert "by unanimous vote" in said["vote"]
    assert said["absence"].startswith("The deadline moves to the end of a player's absence")
    assert said["hidden"].startswith("The deadline moves: <t:1772928000:F>")  # no reason
    assert said["match"].startswith("Both boards of the match")
    assert all("<t:1772928000:R>" in text for text in said.values())
