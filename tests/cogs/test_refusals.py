"""What the real Discord refuses in a game's channel, and late interactions (issue 14,
"Other refusals"): missing permissions (50013, 50001), a deleted channel (10003) and
an interaction answered after Discord's 3 s (10062). Each gets a clear line in the log;
where a person can fix it the GM is told, by DM when the game's channel is what
refuses; and none holds up the other games."""

from __future__ import annotations

import logging

from tests.cogs.conftest import PLAYERS, Clock, rounds_begun_after_now, start_game
from tests.fake_discord import Driver
from tests.fake_discord import permissions as perm

THREE = PLAYERS[:3]


async def rounds_until(driver: Driver, clock: Clock, done, what: str) -> None:
    """Move the clock a few minutes at a time, letting the delivery loop run, until
    `done()` (a refused event is tried again after 10 s, 20 s, 40 s, … on the bot's
    clock, five times, then given up)."""
    for _ in range(20):
        if done():
            return
        clock.advance(minutes=5)
        assert driver.bot.delivery.heartbeat is not None
        await rounds_begun_after_now(driver, [driver.bot.delivery.heartbeat])
    raise AssertionError(f"never: {what}")


def gm_dms(driver: Driver, words: str) -> list:
    return [m for m in driver.bot_messages(driver.dm(driver.fake.gm)) if words in m.content]


async def test_a_channel_where_the_bot_lost_send_messages_is_reported_to_the_gm_by_dm(
    driver: Driver, clock: Clock, caplog
) -> None:
    gm, here = driver.fake.gm, driver.fake.game_channel
    there = driver.guild.channel_named("second-game")
    await start_game(driver, THREE)
    await start_game(driver, THREE, channel=there)
    # A moderator takes Send Messages from the bot's role in the first game's channel.
    await driver.set_overwrite(here, driver.fake.bot_role(), deny=perm.SEND_MESSAGES)
    await (await driver.slash(gm, here, "gm pause")).reply()
    await driver.wait_until(
        lambda: any(r.code == 50013 for r in driver.refusals), what="the pause notice refused"
    )
    # The other game is not held up by it.
    await (await driver.slash(gm, there, "gm pause")).reply()
    await driver.wait_for_message(lambda m: "paused" in m.content, channel=there)

    await rounds_until(driver, clock, lambda: gm_dms(driver, "cannot post"), "the GM told by DM")
    (told,) = gm_dms(driver, "cannot post")
    assert f"<#{here.id}>" in told.content and "Send Messages" in told.content
    assert "the notice of a pause" in told.content
    assert "Test Game" in told.content
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert refused and all(r.levelno == logging.WARNING for r in refused)
    assert any("50013" in r.getMessage() for r in refused)
    # Told once: the notice is not posted again, nor the GM told again, later on.
    clock.advance(hours=2)
    await driver.wait_until(lambda: driver.bot.delivery.in_round, what="a round")
    await driver.wait_until(lambda: not driver.bot.delivery.in_round, what="its end")
    assert len(gm_dms(driver, "cannot post")) == 1


async def test_a_deleted_game_channel_is_reported_to_the_gm_by_dm(
    driver: Driver, clock: Clock
) -> None:
    here, there = driver.fake.game_channel, driver.guild.channel_named("second-game")
    await start_game(driver, THREE)
    await start_game(driver, THREE, channel=there)
    info = await driver.bot.service.lobby.game_in_channel(here.id)
    await driver.delete_channel(here)
    # The deadline of both games passes: the first game's results cannot be posted.
    clock.advance(hours=97)
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=there)
    await rounds_until(driver, clock, lambda: gm_dms(driver, "cannot post"), "the GM told by DM")
    (told,) = gm_dms(driver, "cannot post")
    assert info.name in told.content and "no longer exists" in told.content
    assert "a phase's results" in told.content


async def test_an_interaction_answered_too_late_is_logged_not_apologised_for(
    driver: Driver, caplog
) -> None:
    """Discord forgets an interaction not answered within 3 s (10062): no answer can
    reach the user any more, so there is no apology to send; a warning says what
    happened (a slow database, an overloaded host), and the bot goes on."""
    driver.fake.api.interaction_deadline = 0.0  # every answer comes too late
    alice = driver.user("alice")
    await driver.slash(alice, driver.fake.general, "help")
    await driver.wait_until(
        lambda: any(r.code == 10062 for r in driver.refusals), what="the late answer"
    )
    driver.take_violations(10062)
    driver.fake.api.interaction_deadline = 3.0
    # The bot answers the next command as usual.
    reply = await (await driver.slash(alice, driver.fake.general, "help")).reply()
    assert reply.ephemeral
    late = [r for r in caplog.records if "10062" in r.getMessage() or "3 s" in r.getMessage()]
    assert late and all(r.levelno == logging.WARNING for r in late)
