"""Smoke tests of the fake's stricter rules about threads: who sees a private
thread, the permissions thread routes need, locked and archived threads. The tiny bot
of strict_bot.py (not dipgm's) drives each rule; see docs/DISCORD.md for the
documentation each rule follows.
"""

from __future__ import annotations

import discord
import pytest

from tests.cogs_smoke.strict_bot import channel_of, private_thread
from tests.fake_discord import Driver
from tests.fake_discord import permissions as perm

pytestmark = pytest.mark.asyncio


async def test_private_threads_are_seen_by_members_and_moderators(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    alice, carol, gm = driver.user("alice"), driver.user("carol"), fake.gm
    _, thread = await private_thread(driver, "alice")
    assert driver.can_read(alice, thread)
    assert not driver.can_read(carol, thread) and not driver.can_read(gm, thread)
    with pytest.raises(AssertionError, match="cannot see"):
        await driver.user_says(carol, thread, "let me in")
    # topics/threads: "or be a moderator (MANAGE_THREADS permission)".
    fake.add_role("Moderator", permissions=perm.MANAGE_THREADS)
    fake.add_member(gm, fake.guild, roles=("Moderator",))
    assert driver.can_read(gm, thread)
    fake.add_role("Admin", permissions=perm.ADMINISTRATOR)
    fake.add_member(carol, fake.guild, roles=("Admin",))
    assert driver.can_read(carol, thread)
    await driver.user_says(carol, thread, "admins see everything")
    # The owner holds every permission.
    assert driver.can_read(driver.world.owner, thread)
    # "Users must have the VIEW_CHANNEL permission to view any threads in the channel,
    # even if they are directly mentioned or added to the thread."
    await driver.set_overwrite(fake.game_channel, alice, deny=perm.VIEW_CHANNEL)
    assert not driver.can_read(alice, thread)


async def test_a_thread_needs_send_messages_in_threads_not_send_messages(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    thread, _ = await private_thread(driver, "alice")
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.SEND_MESSAGES)
    await thread.send("still allowed in the thread")
    await driver.set_overwrite(
        fake.game_channel, fake.bot_role(), deny=perm.SEND_MESSAGES_IN_THREADS
    )
    with pytest.raises(discord.Forbidden) as refused:
        await thread.send("not any more")
    assert refused.value.code == 50013


async def test_thread_routes_check_the_permission_each_page_names(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    parent = channel_of(driver, fake.game_channel)
    thread, fake_thread = await private_thread(driver, "alice")
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.MANAGE_THREADS)
    # Adding to a non-invitable private thread needs a moderator.
    with pytest.raises(discord.Forbidden):
        await thread.add_user(discord.Object(driver.user("bob").id))
    # Removing: "Requires the MANAGE_THREADS permission, or the creator of the thread if
    # it is a PRIVATE_THREAD" - the bot created it.
    await thread.remove_user(discord.Object(driver.user("alice").id))
    # Locking needs MANAGE_THREADS; renaming is the creator's right.
    with pytest.raises(discord.Forbidden):
        await thread.edit(locked=True)
    await thread.edit(name="renamed")
    assert fake_thread.name == "renamed"
    # Listing joined archived private threads needs READ_MESSAGE_HISTORY, which the
    # README no longer asks for: refused without it, as a bot bug (a violation).
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.READ_MESSAGE_HISTORY)
    with pytest.raises(discord.Forbidden):
        [t async for t in parent.archived_threads(private=True, joined=True)]
    assert [v.code for v in driver.take_violations()] == [50013]
    # Creating a private thread needs CREATE_PRIVATE_THREADS.
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.CREATE_PRIVATE_THREADS)
    with pytest.raises(discord.Forbidden):
        await parent.create_thread(name="x", type=discord.ChannelType.private_thread)
    assert driver.world.violations == []


async def test_locked_and_archived_threads_refuse_what_discord_refuses(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    thread, fake_thread = await private_thread(driver, "alice")
    posted = await thread.send("before the quiet week")
    await driver.archive(fake_thread)
    # "Users cannot edit messages [...] in archived threads" (50083)...
    with pytest.raises(discord.HTTPException) as archived:
        await posted.edit(content="edited")
    assert archived.value.code == 50083
    # ...but "Sending a message will automatically unarchive the thread".
    await thread.send("awake")
    assert not fake_thread.archived
    await thread.edit(locked=True)
    # A moderator still posts in a locked thread; without MANAGE_THREADS nobody does.
    await thread.send("the bot moderates")
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.MANAGE_THREADS)
    with pytest.raises(discord.Forbidden) as locked:
        await thread.send("not any more")
    assert locked.value.code == 160005
    with pytest.raises(AssertionError, match="locked"):
        await driver.user_says(driver.user("alice"), fake_thread, "hello?")
    assert driver.world.violations == []
