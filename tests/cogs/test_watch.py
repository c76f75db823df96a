"""Issue 31's spectators through the fake Discord, as a member and a GM would use them:
`/game watch` of a public game brings the channel's results by DM, never a player's own
news, until `/game unwatch` (sent from that DM); in Kriegsplomacy the GM is asked, lets
the member watch one phase behind with `/gm spectator`, and the member, having watched,
is refused as a standby."""

from __future__ import annotations

from tests.cogs.conftest import dm_orders, start_game
from tests.cogs.test_kriegsplomacy import start_kriegsplomacy
from tests.fake_discord import Driver
from tests.fake_discord import permissions as perm

# What only a player's own results say (bot/service/kernel/_phase_news.py `own_news`).
PRIVATE = ("has been played.", "Send your orders", "Your options", "your A", "moved, now in")


async def _played(driver: Driver, clock, title: str) -> None:
    """Move the clock to the deadline and wait for the channel's results of `title`."""
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    clock.now = max(clock.now, info.deadline_at)
    await driver.wait_for_message(
        lambda m: f"results of {title}" in m.content, channel=driver.fake.game_channel, timeout=30
    )


async def test_issue31_a_member_watches_a_public_game_by_dm_and_stops_from_there(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver)
    outsider, channel = driver.user("outsider"), driver.fake.game_channel
    reply = await (await driver.slash(outsider, channel, "game watch")).reply()
    assert reply.ephemeral and "You watch **Test Game**" in reply.content
    assert "`/game unwatch`" in reply.content
    player = await (await driver.slash(powers["FRANCE"], channel, "game watch")).reply()
    assert player.ephemeral and "You play France in Test Game" in player.content

    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    await _played(driver, clock, "Spring 1901")
    post = next(m for m in driver.bot_messages(channel) if "results of Spring 1901" in m.content)
    dm = await driver.wait_for_message(
        lambda m: "results of Spring 1901" in m.content, channel=driver.dm(outsider), timeout=30
    )
    # The channel's own post, its map and files, and how to stop; nothing of a player's.
    assert dm.content.startswith(post.content)
    assert dm.content.endswith("`/game unwatch game:1` stops these messages.")
    assert [a.filename for a in dm.attachments] == [a.filename for a in post.attachments]
    assert dm.attachments[0].data == post.attachments[0].data  # the same map
    assert not any(word in dm.content for word in PRIVATE), dm.content
    assert "A Par - Bur: moved" in dm.content

    stop = await (await driver.slash(outsider, driver.dm(outsider), "game unwatch")).reply()
    assert stop.ephemeral and "You no longer watch Test Game" in stop.content
    told = len(driver.bot_messages(driver.dm(outsider)))
    await _played(driver, clock, "Fall 1901")
    await driver.wait_for_message(
        lambda m: "Fall 1901 has been played" in m.content, channel=driver.dm(powers["FRANCE"])
    )
    assert len(driver.bot_messages(driver.dm(outsider))) == told


async def test_issue31_the_gm_lets_a_member_watch_kriegsplomacy_one_phase_behind(
    driver: Driver, clock
) -> None:
    powers = await start_kriegsplomacy(driver, clock)  # Winter 1900 played
    outsider, channel, gm = driver.user("outsider"), driver.fake.game_channel, driver.fake.gm
    asked = await (await driver.slash(outsider, channel, "game watch")).reply()
    assert asked.ephemeral and "The GM of **Test Game** decides" in asked.content
    await driver.wait_for_message(
        lambda m: "asks to watch" in m.content and "`/gm spectator`" in m.content,
        channel=driver.dm(gm),
    )
    options = {"player": outsider, "answer": "behind"}
    said = await (await driver.slash(gm, channel, "gm spectator", options)).reply()
    assert said.ephemeral and "watches **Test Game**, one phase behind" in said.content
    await driver.wait_for_message(
        lambda m: "lets you watch it" in m.content, channel=driver.dm(outsider)
    )
    listed = await (await driver.slash(gm, channel, "gm spectators")).reply()
    assert "watches, one phase behind the players" in listed.content

    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    await _played(driver, clock, "Spring 1901")
    board = await driver.wait_for_message(
        lambda m: "the whole board of Winter 1900" in m.content,
        channel=driver.dm(outsider),
        timeout=30,
    )
    # The GM's view: every power's builds, one phase behind; the map with every unit.
    assert "(one phase behind the players)" in board.content
    assert "Russia" in board.content or "RUSSIA" in board.content.upper()
    assert [a.filename for a in board.attachments] == ["map-W1900A.png"]
    assert not any("Spring 1901" in m.content for m in driver.bot_messages(driver.dm(outsider)))

    refused = await (
        await driver.slash(gm, channel, "gm standby", {"power": "FRANCE", "player": outsider})
    ).reply()
    assert refused.ephemeral and "watched Test Game" in refused.content
    assert "may never play in it" in refused.content


async def test_issue31_a_member_who_cannot_see_the_games_channel_cannot_watch_it(
    driver: Driver,
) -> None:
    # Its results by DM would show them what the channel keeps from them.
    await start_game(driver)
    channel, outsider = driver.fake.game_channel, driver.user("outsider")
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    await driver.set_overwrite(channel, outsider, deny=perm.VIEW_CHANNEL)
    reply = await (
        await driver.slash(outsider, driver.fake.general, "game watch", {"game": info.id})
    ).reply()
    assert reply.ephemeral and f"You cannot see {channel.mention}" in reply.content
    assert "ask the server's moderators" in reply.content
    gm = driver.fake.gm
    assert (
        "Nobody has asked"
        in (await (await driver.slash(gm, channel, "gm spectators")).reply()).content
    )
