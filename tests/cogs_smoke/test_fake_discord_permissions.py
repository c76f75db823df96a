"""Smoke tests of the fake's stricter rules about servers, channels and
permissions: the bot's permissions, their computation with overwrites, a second server,
channel kinds. The tiny bot of strict_bot.py (not dipgm's) drives each rule; see
docs/DISCORD.md for the documentation each rule follows.
"""

from __future__ import annotations

import discord
import pytest

from tests.cogs_smoke.strict_bot import channel_of, running
from tests.fake_discord import (
    GUILD_ANNOUNCEMENT,
    GUILD_CATEGORY,
    GUILD_FORUM,
    GUILD_VOICE,
    Driver,
    FakeDiscord,
)
from tests.fake_discord import permissions as perm

pytestmark = pytest.mark.asyncio


async def test_the_bot_holds_exactly_the_readme_permissions(driver_default: Driver) -> None:
    driver = driver_default
    role = driver.fake.bot_role()
    assert role.permissions == 360777305088 and role.bot_id == driver.world.bot_user.id
    guild = driver.bot.get_guild(driver.guild.id)
    assert guild is not None and guild.owner_id == driver.world.owner.id
    me = guild.me
    assert not me.guild_permissions.administrator
    assert me.guild_permissions.manage_threads and not me.guild_permissions.manage_channels


async def test_permission_computation_follows_the_documented_order() -> None:
    fake = FakeDiscord()
    world, guild, channel = fake.world, fake.guild, fake.game_channel
    alice = fake.user("alice")
    gm_role = guild.role_named("GM")
    everyone = perm.DEFAULT_PERMISSIONS
    assert world.permissions_in(alice.id, channel) == everyone
    # @everyone deny, a role's allow wins over it, the member's deny wins over both.
    fake.set_overwrite(channel, guild, deny=perm.SEND_MESSAGES)
    assert not world.permissions_in(alice.id, channel) & perm.SEND_MESSAGES
    fake.add_member(alice, guild, roles=("GM",))
    fake.set_overwrite(channel, gm_role, allow=perm.SEND_MESSAGES)
    assert world.permissions_in(alice.id, channel) & perm.SEND_MESSAGES
    fake.set_overwrite(channel, alice, deny=perm.SEND_MESSAGES)
    assert not world.permissions_in(alice.id, channel) & perm.SEND_MESSAGES
    # Implicit: no SEND_MESSAGES, no ATTACH_FILES/EMBED_LINKS; no VIEW_CHANNEL, nothing.
    assert not world.permissions_in(alice.id, channel) & perm.ATTACH_FILES
    assert world.permissions_in(alice.id, channel, implicit=False) & perm.ATTACH_FILES
    fake.set_overwrite(channel, alice, deny=perm.VIEW_CHANNEL)
    assert world.permissions_in(alice.id, channel) & perm.CHANNEL_PERMISSIONS == 0
    # Administrator and the owner: every permission, overwrites or not.
    admin = fake.add_role("Admin", permissions=perm.ADMINISTRATOR)
    fake.add_member(alice, guild, roles=(admin.name,))
    assert world.permissions_in(alice.id, channel) == perm.ALL
    assert world.permissions_in(world.owner.id, channel) == perm.ALL
    assert world.permissions_in(fake.user("bob").id, fake.add_guild("Other").general) == 0


async def test_a_permission_outside_the_readme_is_a_bot_bug(driver_default: Driver) -> None:
    driver = driver_default
    general = channel_of(driver, driver.fake.general)
    with pytest.raises(discord.Forbidden):
        await general.edit(name="renamed")  # MANAGE_CHANNELS
    message = await general.send("pin me")
    with pytest.raises(discord.Forbidden):
        await message.pin()  # PIN_MESSAGES
    said = await driver.user_says(driver.user("alice"), driver.fake.general, "hi")
    with pytest.raises(discord.Forbidden):
        await general.get_partial_message(said.id).delete()  # MANAGE_MESSAGES
    taken = driver.take_violations(50013)
    assert [v.detail.split()[2] for v in taken] == [
        "MANAGE_CHANNELS",
        "PIN_MESSAGES",
        "MANAGE_MESSAGES",
    ]


async def test_a_second_server_shares_users_with_the_first() -> None:
    fake = FakeDiscord()
    other = fake.add_guild("Other Server")
    alice = fake.user("alice")
    fake.add_member(alice, other, roles=("GM",))
    stranger = fake.add_user("stranger", guild=other)
    async with running(fake) as driver:
        assert {g.id for g in driver.bot.guilds} == {fake.guild.id, other.id}
        assert other.game_channel is not None and other.general is not None
        handle = await driver.slash(alice, other.game_channel, "perms")
        await handle.reply()
        assert handle.record.guild_id == other.id
        roles = handle.record.payload["member"]["roles"]
        assert roles == [str(other.role_named("GM").id)]
        with pytest.raises(AssertionError, match="not a member"):
            await driver.slash(stranger, fake.game_channel, "perms")


async def test_channel_kinds_behave_as_on_discord() -> None:
    fake = FakeDiscord()
    forum = fake.add_channel("forum", type=GUILD_FORUM)
    voice = fake.add_channel("voice", type=discord.ChannelType.voice)
    news = fake.add_channel("news", type=GUILD_ANNOUNCEMENT)
    category = fake.add_channel("category", type=GUILD_CATEGORY)
    assert voice.type == GUILD_VOICE
    async with running(fake) as driver:
        bot = driver.bot
        assert isinstance(bot.get_channel(forum.id), discord.ForumChannel)
        assert isinstance(bot.get_channel(voice.id), discord.VoiceChannel)
        text_news = bot.get_channel(news.id)
        assert isinstance(text_news, discord.TextChannel) and text_news.is_news()
        # Voice channels have a text chat; announcement channels take messages.
        await bot.get_channel(voice.id).send("in the voice chat")
        await text_news.send("news")
        # Forums only hold threads (40058); categories hold nothing (50008).
        with pytest.raises(discord.HTTPException) as forum_refused:
            await bot.http.send_message(forum.id, params=_text("hello"))
        assert forum_refused.value.code == 40058
        with pytest.raises(discord.HTTPException) as category_refused:
            await bot.http.send_message(category.id, params=_text("hello"))
        assert category_refused.value.code == 50008
        # "Private threads [...] can only be created in GUILD_TEXT channels."
        with pytest.raises(discord.HTTPException) as news_refused:
            await text_news.create_thread(name="secret", type=discord.ChannelType.private_thread)
        assert news_refused.value.code == 50024
        # A forum post is a thread with its first message.
        post = await bot.get_channel(forum.id).create_thread(name="Game 1", content="Rules")
        assert post.thread.parent_id == forum.id and post.message.content == "Rules"
        # A user cannot post in a forum or a category either.
        with pytest.raises(AssertionError, match="forum"):
            await driver.user_says(fake.user("alice"), forum, "hello")
        assert sorted(v.code for v in driver.take_violations()) == [40058, 50008, 50024]


def _text(content: str):
    from discord.http import handle_message_parameters

    return handle_message_parameters(content=content)
