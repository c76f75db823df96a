"""Smoke tests of the fake's stricter rules about the gateway: privileged intents
and the endpoints behind GUILD_MEMBERS. The tiny bot of strict_bot.py (not dipgm's)
drives each rule; see docs/DISCORD.md for the documentation each rule follows.
"""

from __future__ import annotations

import discord
import pytest

from tests.cogs_smoke.strict_bot import StrictBot, private_thread, running
from tests.fake_discord import GUILD_MEMBERS, GUILD_PRESENCES, Driver, FakeDiscord

pytestmark = pytest.mark.asyncio


async def test_a_privileged_intent_not_granted_closes_the_gateway_with_4014() -> None:
    intents = discord.Intents.default()
    intents.members = True
    fake = FakeDiscord()
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(fake, StrictBot(intents=intents)):
            pass
    assert closed.value.code == 4014


async def test_message_content_is_privileged_too() -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(FakeDiscord(), StrictBot(intents=intents)):
            pass
    assert closed.value.code == 4014


async def test_an_undocumented_intent_bit_closes_with_4013() -> None:
    intents = discord.Intents.none()
    intents.value = 1 << 30
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(FakeDiscord(), StrictBot(intents=intents)):
            pass
    assert closed.value.code == 4013


async def test_granted_intents_are_accepted_and_presences_bring_every_member() -> None:
    intents = discord.Intents.default()
    intents.members = True
    intents.presences = True
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS | GUILD_PRESENCES)
    async with running(fake, StrictBot(intents=intents)) as driver:
        guild = driver.bot.get_guild(fake.guild.id)
        assert guild is not None and guild.chunked
        assert {m.id for m in guild.members} == set(fake.guild.members)


async def test_members_intent_without_presences_chunks_at_startup() -> None:
    intents = discord.Intents.default()
    intents.members = True
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS)
    async with running(fake, StrictBot(intents=intents)) as driver:
        guild = driver.bot.get_guild(fake.guild.id)
        assert guild is not None and guild.chunked
        assert guild.get_member(fake.gm.id) is not None


async def test_without_presences_guild_create_holds_only_the_bot(driver_default: Driver) -> None:
    driver = driver_default
    guild = driver.bot.get_guild(driver.guild.id)
    assert guild is not None
    assert [m.id for m in guild.members] == [driver.world.bot_user.id]
    assert guild.member_count == len(driver.guild.members)  # the real count
    assert not guild.chunked  # and discord.py does not try to chunk without the intent


async def test_list_thread_members_and_guild_members_need_the_members_intent(
    driver_default: Driver,
) -> None:
    driver = driver_default
    thread, _ = await private_thread(driver, "alice")
    with pytest.raises(discord.Forbidden) as refused:
        await thread.fetch_members()
    assert refused.value.status == 403 and refused.value.code == 50001
    with pytest.raises(discord.Forbidden) as refused_guild:
        await driver.bot.http.get_members(driver.guild.id, 10, None)
    assert refused_guild.value.code == 50001
    taken = driver.take_violations(50001)
    assert [v.route.split("/")[-1] for v in taken] == ["thread-members", "members"]
    # One member at a time is not restricted.
    alice = await thread.fetch_member(driver.user("alice").id)
    assert alice.id == driver.user("alice").id
    with pytest.raises(discord.NotFound):
        await thread.fetch_member(driver.user("bob").id)


async def test_the_members_endpoints_follow_the_app_setting_not_the_session() -> None:
    # "HTTP API restrictions are independent of Gateway restrictions": the intent is
    # enabled for the app, the bot does not ask for it on the gateway.
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS)
    async with running(fake) as driver:
        thread, _ = await private_thread(driver, "alice", "bob")
        members = await thread.fetch_members()
        assert {m.id for m in members} == {
            driver.world.bot_user.id,
            driver.user("alice").id,
            driver.user("bob").id,
        }
        listed = await driver.bot.http.get_members(fake.guild.id, 1000, None)
        assert len(listed) == len(fake.guild.members)


async def test_thread_members_update_about_others_needs_the_members_intent() -> None:
    fake = FakeDiscord()
    async with running(fake) as driver:
        thread, _ = await private_thread(driver, "alice")
        await driver.wait_until(
            lambda: driver.user("alice").id in driver.world.channels[thread.id].member_ids
        )
        assert driver.bot.thread_member_events == []  # not told about alice
    intents = discord.Intents.none()
    intents.guilds = True
    intents.members = True
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS)
    async with running(fake, StrictBot(intents=intents)) as driver:
        thread, _ = await private_thread(driver, "alice")
        alice = driver.user("alice").id
        await driver.wait_until(lambda: alice in driver.bot.thread_member_events)


async def test_an_identify_without_its_object_closes_with_4002() -> None:
    """opcodes-and-status-codes: "4002 Decode error: You sent an invalid payload to
    Discord." An IDENTIFY whose `d` is not an object is one."""
    import aiohttp

    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
            hello = await ws.receive_json(timeout=5)
            assert hello["op"] == 10
            await ws.send_json({"op": 2, "d": None})
            closing = await ws.receive(timeout=5)
            assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert ws.close_code == 4002
    finally:
        await fake.close()
