"""No hint of hidden retreats, through Discord (issue 29, rules/004 Kriegsplomacy).

A power is told "when a unit of yours is dislodged and forced to retreat", and nothing
else of the retreats but what its spies watch. France's army is dislodged in Fall 1901:
France is told at once and retreats; Germany and Italy, with nothing to retreat, hear
nothing until the retreats are played, then get Fall 1901's results with Winter 1901
and its deadline; the channel likewise. No message they or the channel get names a
retreat phase: not the results DM's "Next:" line, `/game status`, `/orders show`, the
answer to orders sent meanwhile, nor the channel's post (K14)."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from storage.models import OutboxRow
from tests.cogs.conftest import channel_posts, dm_orders, visible_text
from tests.cogs.test_kriegsplomacy import start_kriegsplomacy
from tests.fake_discord import Driver


async def _all_sent(driver: Driver) -> None:
    """Wait until the outbox holds nothing undelivered: every message decided so far is
    out (so one not sent was never going to be)."""
    store = driver.bot.service.store
    for _ in range(400):
        async with store.transaction() as session:
            query = select(OutboxRow.id).where(OutboxRow.delivered_at.is_(None))
            if not (await session.execute(query)).first():
                return
        await asyncio.sleep(0.05)
    raise AssertionError("the outbox was never emptied")


async def _play_movement(driver: Driver, clock, powers: dict, orders: dict) -> int:
    """Send `orders`, then let the deadline pass; returns the count of bot messages
    before the phase was played."""
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    for power, text in orders.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "rejected" not in echo.lower(), echo
    mark = len(driver.world.bot_messages)
    clock.now = max(clock.now, info.deadline_at)
    return mark


def _told_since(driver: Driver, user, mark: int) -> list[str]:
    return [
        visible_text(m)
        for m in driver.bot_messages(driver.dm(user))
        if driver.world.bot_messages.index(m) >= mark
    ]


async def test_rules004_krieg_a_power_with_nothing_to_retreat_hears_of_no_retreat_phase(
    driver: Driver, clock
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    france, germany, italy = powers["FRANCE"], powers["GERMANY"], powers["ITALY"]
    channel = driver.fake.game_channel
    spring = {
        "FRANCE": "A Par - Bur\nA Mar H\nF Bre - Mao",
        "GERMANY": "A Mun - Ruh\nA Ber - Mun\nF Kie - Hol",
        "ITALY": "A Ven H",
    }
    await _play_movement(driver, clock, powers, spring)
    await driver.wait_for_message(
        lambda m: "Spring 1901 has been played" in m.content, channel=driver.dm(italy)
    )
    await _all_sent(driver)
    fall = {
        "GERMANY": "A Mun - Bur\nA Ruh S A Mun - Bur\nF Hol H",
        "FRANCE": "A Bur H",
        "ITALY": "A Ven H",
    }
    mark = await _play_movement(driver, clock, powers, fall)

    # France, dislodged, is told at once and asked for its retreat.
    told = await driver.wait_for_message(
        lambda m: "Fall 1901 has been played" in m.content, channel=driver.dm(france), since=mark
    )
    assert "Next: **Fall 1901 Retreats**" in told.content and "`A Bur R Pic`" in told.content
    await _all_sent(driver)
    # Germany, Italy and the channel: nothing yet.
    assert _told_since(driver, germany, mark) == [] and _told_since(driver, italy, mark) == []
    assert [m for m in channel_posts(driver) if driver.world.bot_messages.index(m) >= mark] == []

    # What Italy sees meanwhile names the movement just played, never the retreats.
    status = await (await driver.slash(italy, channel, "game status")).reply()
    assert "Fall 1901** has been played" in visible_text(status)
    shown = await (await driver.slash(italy, channel, "orders show")).reply()
    assert shown.ephemeral and "Fall 1901 has been played" in shown.content
    await driver.user_says(italy, "dm", "A Ven - Tyr")
    answer = await driver.wait_for_message(channel=driver.dm(italy), since=mark)
    assert "Fall 1901 has been played" in answer.content, answer.content
    seen = await (await driver.slash(italy, channel, "game map")).reply()
    assert seen.ephemeral and seen.attachments and "1901R" not in visible_text(seen)
    listed = await (await driver.slash(italy, channel, "game history")).reply()
    assert "F1901M" not in listed.content  # not played yet, for Italy
    shared = await (await driver.slash(france, channel, "game status", {"share": True})).reply()
    assert "Fall 1901** has been played" in visible_text(shared)
    own = await (await driver.slash(france, channel, "game status")).reply()
    assert "Fall 1901 Retreats" in visible_text(own)  # France retreats: it is told
    assert "Fall 1901 Retreats" in visible_text(
        await (await driver.slash(driver.fake.gm, channel, "game status")).reply()
    )

    # The retreat ends the phase; now everyone hears of Fall 1901, with Winter next.
    await dm_orders(driver, france, "A Bur R Pic")
    for user in (germany, italy):
        news = await driver.wait_for_message(
            lambda m: "Fall 1901 has been played." in m.content, channel=driver.dm(user), since=mark
        )
        assert "Next: **Winter 1901 Adjustments**" in news.content, news.content
        assert news.attachments  # the map of its view
    post = await driver.wait_for_message(
        lambda m: "results of Fall 1901" in m.content, channel=channel, since=mark
    )
    assert "Winter 1901" in post.content
    await driver.wait_for_message(
        lambda m: "Fall 1901 Retreats has been played" in m.content,
        channel=driver.dm(france),
        since=mark,
    )
    await _all_sent(driver)
    # The record: the retreat phase is France's and the GM's, no one else's.
    for user, listed in ((italy, False), (france, True), (driver.fake.gm, True)):
        history = await (await driver.slash(user, channel, "game history")).reply()
        assert ("F1901R" in history.content) is listed, history.content
    refused = await (
        await driver.slash(italy, channel, "game history", {"phase": "F1901R"})
    ).reply()
    assert "No phase F1901R" in refused.content
    told = await (await driver.slash(italy, channel, "game history", {"phase": "F1901M"})).reply()
    # The movement as its DM told it, in words (issue 33).
    assert "Fall 1901, as your power may know it" in told.content
    assert "• A Ven H: held" in told.content and "etreat" not in told.content
    for user in (germany, italy):
        for text in _told_since(driver, user, mark):
            assert "etreat" not in text, text
    for message in channel_posts(driver):
        if driver.world.bot_messages.index(message) >= mark:
            # The schedule's "Retreats: 1 day" is the game's, not this phase's.
            text = visible_text(message).replace("Retreats: 1 day", "")
            assert "etreat" not in text, text
