"""/talk private threads and /press announcements."""

from __future__ import annotations

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


def threads(driver: Driver) -> list:
    return [c for c in driver.guild.channels.values() if c.is_thread]


async def test_private_thread_has_exactly_its_players_and_the_gm(driver: Driver) -> None:
    powers = await start_game(driver, copy_gm=True)
    channel, bot_id = driver.fake.game_channel, driver.world.bot_user.id
    france, germany = powers["FRANCE"], powers["GERMANY"]
    reply = await (await driver.slash(france, channel, "talk", {"power": "GERMANY"})).reply()
    assert reply.ephemeral and reply.content.startswith("Opened <#")
    (thread,) = threads(driver)
    assert thread.name == "France–Germany" and thread.type == 12 and not thread.invitable
    assert thread.member_ids == {bot_id, france.id, germany.id, driver.fake.gm.id}

    # Asking again (from the other side) reuses the same thread.
    again = await (await driver.slash(germany, channel, "talk", {"power": "FRANCE"})).reply()
    assert again.content == f"Your thread is <#{thread.id}>."
    assert len(threads(driver)) == 1

    # A replacement takes the old player's seat; the game's end locks the thread.
    outsider = driver.user("outsider")
    await driver.slash(
        driver.fake.gm, channel, "gm replace", {"power": "GERMANY", "player": outsider}
    )
    await driver.wait_until(
        lambda: thread.member_ids == {bot_id, france.id, outsider.id, driver.fake.gm.id},
        what="the thread's members to follow the replacement",
    )
    ask = await (await driver.slash(driver.fake.gm, channel, "gm end", {"draw": True})).reply()
    await driver.click(driver.fake.gm, ask, "dipgm:confirm")
    # Five thread-member requests so far fill Discord's bucket of five per five
    # seconds (docs/DISCORD.md, "Rate limits"): discord.py waits for it to reset.
    # Locked and archived, so it no longer counts against the server's active threads.
    await driver.wait_until(
        lambda: thread.locked and thread.archived, timeout=15, what="the thread locked, archived"
    )


async def test_thread_without_the_gm_unless_copied(driver: Driver) -> None:
    powers = await start_game(driver)
    england = powers["ENGLAND"]
    options = {"power": "RUSSIA", "power2": "TURKEY"}
    await (await driver.slash(england, driver.fake.game_channel, "talk", options)).reply()
    (thread,) = threads(driver)
    assert thread.name == "England–Russia–Turkey"
    expected = {driver.world.bot_user.id, england.id, powers["RUSSIA"].id, powers["TURKEY"].id}
    assert thread.member_ids == expected


async def test_outsider_cannot_talk(driver: Driver) -> None:
    await start_game(driver)
    outsider = driver.user("outsider")
    reply = await (
        await driver.slash(outsider, driver.fake.game_channel, "talk", {"power": "FRANCE"})
    ).reply()
    assert reply.ephemeral and "Only the players" in reply.content
    assert threads(driver) == []


async def test_press_signed_and_anonymous(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    italy = powers["ITALY"]
    reply = await (
        await driver.slash(italy, channel, "press", {"text": "Peace in our time"})
    ).reply()
    assert reply.ephemeral
    post = await driver.wait_for_message(lambda m: bool(m.embeds), channel=channel)
    assert post.embeds[0]["description"] == "Peace in our time" and not post.ephemeral
    assert post.embeds[0]["author"]["name"] == "Press from Italy"
    refused = await (
        await driver.slash(italy, channel, "press", {"text": "Boo", "anonymous": True})
    ).reply()
    assert refused.ephemeral and "does not allow anonymous press" in refused.content


async def test_anonymous_press_when_allowed(driver: Driver) -> None:
    powers = await start_game(driver, anonymous_press=True)
    channel = driver.fake.game_channel
    await driver.slash(powers["AUSTRIA"], channel, "press", {"text": "Beware", "anonymous": True})
    post = await driver.wait_for_message(lambda m: bool(m.embeds), channel=channel)
    press = post.embeds[0]
    assert press["author"]["name"] == "Anonymous press" and press["description"] == "Beware"
    assert "Austria" not in str(post.embeds) + post.content


async def test_a_kicked_player_leaves_the_threads(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    austria, italy = powers["AUSTRIA"], powers["ITALY"]
    await (await driver.slash(austria, channel, "talk", {"power": "ITALY"})).reply()
    (thread,) = threads(driver)
    assert italy.id in thread.member_ids
    reply = await (
        await driver.slash(driver.fake.gm, channel, "gm kick", {"player": italy})
    ).reply()
    assert reply.ephemeral
    # The service's kick event, once delivered, takes the player out of the thread.
    await driver.wait_until(
        lambda: thread.member_ids == {driver.world.bot_user.id, austria.id},
        what="Italy to leave the thread",
    )
    await driver.wait_for_message(
        lambda m: "removed" in m.content and "Italy" in m.content, channel=channel
    )


async def test_a_thread_archived_after_a_quiet_week_is_still_the_games(driver: Driver) -> None:
    # Discord archives a thread after its quiet period; it keeps members and history.
    powers = await start_game(driver)
    channel, bot_id = driver.fake.game_channel, driver.world.bot_user.id
    france, germany = powers["FRANCE"], powers["GERMANY"]
    await (await driver.slash(france, channel, "talk", {"power": "GERMANY"})).reply()
    (thread,) = threads(driver)
    await driver.archive(thread)

    # Asking again reuses it, awake, rather than opening a second France–Germany.
    again = await (await driver.slash(germany, channel, "talk", {"power": "FRANCE"})).reply()
    assert again.content == f"Your thread is <#{thread.id}>."
    assert threads(driver) == [thread] and not thread.archived
    assert thread.member_ids == {bot_id, france.id, germany.id}

    # Archived again, it still follows a replacement: the old player must not read
    # what is said when someone revives it.
    await driver.archive(thread)
    outsider = driver.user("outsider")
    await driver.slash(
        driver.fake.gm, channel, "gm replace", {"power": "GERMANY", "player": outsider}
    )
    await driver.wait_until(
        lambda: thread.member_ids == {bot_id, france.id, outsider.id},
        what="the archived thread's members to follow the replacement",
    )

    # And the game's end locks it, archived or not, so no post can revive it.
    await driver.archive(thread)
    ask = await (await driver.slash(driver.fake.gm, channel, "gm end", {"draw": True})).reply()
    await driver.click(driver.fake.gm, ask, "dipgm:confirm")
    await driver.wait_until(
        lambda: thread.locked and thread.archived, what="the archived thread locked, archived"
    )


async def test_a_kicked_player_leaves_archived_threads_too(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    austria, italy = powers["AUSTRIA"], powers["ITALY"]
    await (await driver.slash(austria, channel, "talk", {"power": "ITALY"})).reply()
    (thread,) = threads(driver)
    await driver.archive(thread)
    await (await driver.slash(driver.fake.gm, channel, "gm kick", {"player": italy})).reply()
    await driver.wait_until(
        lambda: thread.member_ids == {driver.world.bot_user.id, austria.id},
        what="Italy to leave the archived thread",
    )


async def test_rolling_back_an_ended_game_opens_its_threads_again(driver: Driver) -> None:
    powers = await start_game(driver)
    channel, gm = driver.fake.game_channel, driver.fake.gm
    await (await driver.slash(powers["FRANCE"], channel, "talk", {"power": "GERMANY"})).reply()
    (thread,) = threads(driver)
    ask = await (await driver.slash(gm, channel, "gm end", {"draw": True})).reply()
    await driver.click(gm, ask, "dipgm:confirm")
    await driver.wait_until(lambda: thread.locked, what="the thread to be locked at the end")
    ask = await (await driver.slash(gm, channel, "gm rollback", {"phase": "S1901M"})).reply()
    await driver.click(gm, ask, ask.custom_ids()[0])
    await driver.wait_until(
        lambda: not thread.locked and not thread.archived, what="the thread open again"
    )
