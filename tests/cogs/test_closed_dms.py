"""Closed DMs (issues 14 and 19): Discord refuses the bot's DMs to a player who allows no
direct messages from the server's members (50007). The player is told once, in the game's
channel, pinged alone; what was meant for them is kept until they use dipgm again, not
retried in a loop; reminders and ballots are dropped; the GM sees who cannot be reached."""

from __future__ import annotations

from bot.service.kernel import Caller
from tests.cogs.conftest import PLAYERS, channel_posts, rounds_begun_after_now, start_game
from tests.fake_discord import Driver

THREE = PLAYERS[:3]


def told(driver: Driver) -> list:
    return [m for m in channel_posts(driver) if "I can't DM you" in m.content]


async def a_round(driver: Driver) -> None:
    """Wait until the delivery loop has gone round once more, whole: counted by its
    heartbeat file, touched at the end of each round (watching `in_round` could miss
    a round that begins and ends between two looks)."""
    heartbeat = driver.bot.delivery.heartbeat
    assert heartbeat is not None
    await rounds_begun_after_now(driver, [heartbeat])


async def test_a_player_with_closed_dms_is_told_once_and_gets_everything_later(
    driver: Driver, clock
) -> None:
    await start_game(driver, THREE)
    channel, bob = driver.fake.game_channel, driver.user("bob")
    bob.dms_closed = True
    # A reminder (1 hour before), then the phase's results: both refused.
    clock.advance(hours=95, minutes=30)
    notice = await driver.wait_for_message(lambda m: "I can't DM you" in m.content)
    assert notice.channel_id == channel.id and notice.pinged_users == {bob.id}
    assert "allow direct messages from this server's members" in notice.content
    clock.advance(hours=1)
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    await a_round(driver)
    refused = len([r for r in driver.refusals if r.code == 50007])
    assert refused >= 2  # a reminder for each of his powers, then his results
    for _ in range(3):
        clock.advance(hours=1)
        await a_round(driver)
    assert len([r for r in driver.refusals if r.code == 50007]) == refused  # no loop
    assert len(told(driver)) == 1  # told once
    assert not [m for m in channel_posts(driver) if "stopped trying" in m.content]
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    status = await driver.bot.service.reach.gm_status(info.id, Caller(info.gm_user_id))
    assert status.dms_closed == (bob.id,)
    # Bob opens his DMs and uses a command: the results kept for him arrive, the
    # reminder (long past) does not.
    bob.dms_closed = False
    mark = len(driver.world.bot_messages)
    await (await driver.slash(bob, channel, "game status")).reply()
    news = await driver.wait_for_message(
        lambda m: "Spring 1901 has been played" in m.content, channel=driver.dm(bob), since=mark
    )
    await a_round(driver)
    assert [m for m in driver.bot_messages(driver.dm(bob)) if m.id >= news.id] == [news]
    status = await driver.bot.service.reach.gm_status(info.id, Caller(info.gm_user_id))
    assert status.dms_closed == ()


async def test_closing_dms_again_is_told_again(driver: Driver, clock) -> None:
    """Told once per closing: a player who opened their DMs and closed them again is
    told again the next time a DM is refused."""
    await start_game(driver, THREE)
    bob = driver.user("bob")
    bob.dms_closed = True
    clock.advance(hours=95, minutes=30)  # the reminder
    await driver.wait_until(lambda: len(told(driver)) == 1, what="the first notice")
    bob.dms_closed = False
    await (await driver.slash(bob, driver.fake.game_channel, "game status")).reply()
    clock.advance(hours=1)  # the results reach him: his DMs count as open
    await driver.wait_for_message(
        lambda m: "has been played" in m.content, channel=driver.dm(bob), since=0
    )
    bob.dms_closed = True
    handle = await driver.slash(
        driver.fake.gm, driver.fake.game_channel, "gm standby", {"power": "ENGLAND", "player": bob}
    )
    await handle.reply()
    await driver.wait_until(lambda: len(told(driver)) == 2, what="a second notice")


async def test_orders_from_a_player_whose_dms_are_closed_are_taken_and_they_are_told(
    driver: Driver,
) -> None:
    """Their orders arrive by DM, but the echo cannot go back: the orders stand, the bot
    copes, and the player is told in the game's channel how to open their DMs."""
    powers = await start_game(driver, THREE)
    bob = driver.user("bob")
    mine = next(p for p, u in powers.items() if u is bob)
    bob.dms_closed = True
    unit = {"FRANCE": "A Par", "ENGLAND": "A Lvp", "GERMANY": "A Ber", "RUSSIA": "A Mos"}
    unit |= {"AUSTRIA": "A Vie", "ITALY": "A Rom", "TURKEY": "A Con"}
    await driver.user_says(bob, "dm", f"{unit[mine]} H")
    notice = await driver.wait_for_message(lambda m: "I can't DM you" in m.content)
    assert notice.pinged_users == {bob.id}
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    power = next(p for p in info.powers if p.power == mine)
    assert power.submitted
