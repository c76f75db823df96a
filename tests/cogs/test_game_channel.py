"""The game's channel (issue 19): a game lives in a plain text channel, where private
threads exist and the bot holds every permission the README asks for; a thread of one
binds the game to it. Forum, voice and announcement channels are refused, saying why."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.cogs.conftest import Clock, default_fake, serving
from tests.fake_discord import GUILD_ANNOUNCEMENT, GUILD_FORUM, GUILD_VOICE, Driver, FakeDiscord
from tests.fake_discord import permissions as perm


@pytest_asyncio.fixture
async def fake(clock: Clock) -> AsyncIterator[FakeDiscord]:
    fake = default_fake(clock)
    fake.add_channel("voice-chat", type=GUILD_VOICE)
    fake.add_channel("news", type=GUILD_ANNOUNCEMENT)
    forum = fake.add_channel("forum", type=GUILD_FORUM)
    fake.add_thread(forum, "a forum post", owner=fake.gm)
    fake.add_thread(fake.game_channel, "a thread of #diplomacy", owner=fake.gm)
    locked_down = fake.add_channel("locked-down")
    fake.set_overwrite(locked_down, fake.bot_role(), deny=perm.EMBED_LINKS | perm.ATTACH_FILES)
    async with serving(fake) as started:
        yield started


def channel(driver: Driver, name: str):
    return driver.guild.channel_named(name)


@pytest.mark.parametrize(
    ("where", "why"),
    [
        ("voice-chat", "a voice channel"),
        ("news", "an announcement channel"),
        ("a forum post", "a forum"),
    ],
)
async def test_a_game_is_not_created_where_it_cannot_be_played(
    driver: Driver, where: str, why: str
) -> None:
    """Private threads exist only in plain text channels, and a forum holds no messages:
    a game made there would never post anything (or never open a thread)."""
    handle = await driver.slash(
        driver.fake.gm, channel(driver, where), "game create", {"name": "Nowhere"}
    )
    reply = await handle.reply()
    assert reply.ephemeral and why in reply.content and "text channel" in reply.content
    assert driver.bot_messages(channel(driver, where)) == [reply]
    with pytest.raises(Exception, match="no game"):
        await driver.bot.service.lobby.game_in_channel(channel(driver, where).id)


async def test_a_game_created_in_a_thread_belongs_to_its_text_channel(driver: Driver) -> None:
    thread = channel(driver, "a thread of #diplomacy")
    reply = await (
        await driver.slash(driver.fake.gm, thread, "game create", {"name": "Threaded"})
    ).reply()
    assert "is open" in reply.content
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert info.name == "Threaded" and info.channel_id == driver.fake.game_channel.id


async def test_missing_permissions_are_named_before_a_game_is_created(driver: Driver) -> None:
    """The bot checks the permissions the interaction says it has in the channel, and
    names each one the README asks for that is missing."""
    where = channel(driver, "locked-down")
    reply = await (
        await driver.slash(driver.fake.gm, where, "game create", {"name": "Mute"})
    ).reply()
    assert reply.ephemeral
    assert "Embed Links" in reply.content and "Attach Files" in reply.content
    assert "Send Messages" not in reply.content
    with pytest.raises(Exception, match="no game"):
        await driver.bot.service.lobby.game_in_channel(where.id)


async def test_create_ends_with_how_to_play_here(driver: Driver) -> None:
    reply = await (
        await driver.slash(
            driver.fake.gm, driver.fake.game_channel, "game create", {"name": "Welcome"}
        )
    ).reply()
    assert not reply.ephemeral
    for step in ("/game join", "by direct message", "/talk", "/game status"):
        assert step in reply.content, step
