"""Smoke tests of the fake's stricter rules about messages: sending and reading
them under permissions, and pings (allowed mentions). The tiny bot of strict_bot.py
(not dipgm's) drives each rule; see docs/DISCORD.md for the documentation each rule
follows.
"""

from __future__ import annotations

import io

import discord
import pytest
from discord.http import Route

from tests.cogs_smoke.strict_bot import channel_of, private_thread
from tests.fake_discord import MESSAGE_CONTENT, Driver
from tests.fake_discord import permissions as perm

pytestmark = pytest.mark.asyncio


async def test_sending_without_a_permission_is_refused_as_discord_does(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    bot_role = fake.bot_role()
    general = channel_of(driver, fake.general)
    # A server removing a permission the README asks for: a plain 403, not a violation.
    await driver.set_overwrite(fake.general, bot_role, deny=perm.SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as refused:
        await general.send("results")
    assert refused.value.code == 50013
    assert driver.refusals[-1].code == 50013 and "SEND_MESSAGES" in driver.refusals[-1].detail
    await driver.set_overwrite(fake.general, bot_role, deny=perm.ATTACH_FILES)
    await general.send("text is fine")
    with pytest.raises(discord.Forbidden):
        await general.send("map", file=discord.File(io.BytesIO(b"png"), "map.png"))
    await driver.set_overwrite(fake.general, bot_role, deny=perm.EMBED_LINKS)
    with pytest.raises(discord.Forbidden):
        await general.send(embed=discord.Embed(title="Status"))
    await driver.set_overwrite(fake.general, bot_role, deny=perm.VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as hidden:
        await general.send("anyone?")
    assert hidden.value.code == 50001
    assert driver.world.violations == []


async def test_reading_messages_follows_history_and_content_rules(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    general = channel_of(driver, fake.general)
    await driver.user_says(fake.user("alice"), fake.general, "my secret plan")
    own = await general.send("the bot's own post")
    history = [m async for m in general.history(limit=10)]
    # No MESSAGE_CONTENT intent: a member's message reads empty, the bot's own does not.
    assert [m.content for m in history] == ["the bot's own post", ""]
    fake.granted_intents = MESSAGE_CONTENT
    history = [m async for m in general.history(limit=10)]
    assert [m.content for m in history] == ["the bot's own post", "my secret plan"]
    # "If the current user is missing the READ_MESSAGE_HISTORY permission in the channel,
    # then no messages will be returned." (The README asks for it no more.)
    await driver.set_overwrite(fake.general, fake.bot_role(), deny=perm.READ_MESSAGE_HISTORY)
    assert [m async for m in general.history(limit=10)] == []
    with pytest.raises(discord.Forbidden):
        await general.fetch_message(own.id)
    assert [v.code for v in driver.take_violations()] == [50013]
    fetched = await driver.bot.fetch_guild(fake.guild.id)
    assert fetched.name == fake.guild.name


async def test_pings_follow_allowed_mentions(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    alice, bob = fake.user("alice"), fake.user("bob")
    general = channel_of(driver, fake.general)
    # The client default is AllowedMentions.none(): nobody is pinged.
    silent = await general.send(f"{alice.mention} and {bob.mention}")
    fake_silent = driver.world.messages[silent.id]
    assert fake_silent.pinged_users == set() and fake_silent.mentions == []
    loud = await general.send(
        f"{alice.mention} and {bob.mention}", allowed_mentions=discord.AllowedMentions(users=True)
    )
    assert driver.world.messages[loud.id].pinged_users == {alice.id, bob.id}
    only_bob = await general.send(
        f"{alice.mention} and {bob.mention}",
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(bob.id)]),
    )
    assert driver.world.messages[only_bob.id].pinged_users == {bob.id}
    # An edit rebuilds the mentions from the new content.
    await loud.edit(
        content=f"only {bob.mention} now", allowed_mentions=discord.AllowedMentions(users=True)
    )
    assert driver.world.messages[loud.id].pinged_users == {bob.id}


async def test_everyone_and_roles_need_permission_or_a_mentionable_role(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    general = channel_of(driver, fake.general)
    quiet = fake.add_role("Quiet", mentionable=False)
    loud = fake.add_role("Loud", mentionable=True)
    everything = discord.AllowedMentions.all()
    sent = await general.send(
        f"@everyone <@&{quiet.id}> <@&{loud.id}>", allowed_mentions=everything
    )
    message = driver.world.messages[sent.id]
    assert not message.pinged_everyone and message.pinged_roles == {loud.id}
    fake.bot_role().permissions |= perm.MENTION_EVERYONE
    sent = await general.send(f"@here <@&{quiet.id}>", allowed_mentions=everything)
    message = driver.world.messages[sent.id]
    assert message.pinged_everyone and message.pinged_roles == {quiet.id}
    assert driver.world.notified(message) >= {fake.user("alice").id, fake.gm.id}


async def test_a_user_who_cannot_read_the_thread_is_not_pinged(driver_default: Driver) -> None:
    driver = driver_default
    thread, _ = await private_thread(driver, "alice")
    alice, carol = driver.user("alice"), driver.user("carol")
    sent = await thread.send(
        f"{alice.mention} {carol.mention}", allowed_mentions=discord.AllowedMentions(users=True)
    )
    message = driver.world.messages[sent.id]
    assert {u.id for u in message.mentions} == {alice.id, carol.id}
    assert message.pinged_users == {alice.id}


async def test_parse_and_a_list_of_the_same_type_is_refused(driver_default: Driver) -> None:
    driver = driver_default
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=driver.fake.general.id)
    body = {"content": "<@1>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}
    with pytest.raises(discord.HTTPException) as refused:
        await driver.bot.http.request(route, json=body)
    assert refused.value.code == 50035
    assert driver.take_violations(50035)
