"""Smoke tests of the fake's Create Message `nonce` with `enforce_nonce`, and of a DM
channel Discord no longer knows (issue 32). The tiny bot of strict_bot.py sends; see
docs/DISCORD.md, "Direct messages, edits and interaction tokens", for the documentation
each rule follows."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio

from tests.cogs_smoke.strict_bot import channel_of, running
from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord.nonces import NONCE_WINDOW
from tests.fake_discord.rate_limits import TEST_TIME_SCALE

pytestmark = pytest.mark.asyncio


class DiscordClock:
    """Discord's clock, which a test moves (the nonce window is on it)."""

    def __init__(self) -> None:
        self.now = 1_772_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def clock() -> DiscordClock:
    return DiscordClock()


@pytest_asyncio.fixture
async def driver(clock: DiscordClock) -> AsyncIterator[Driver]:
    fake = FakeDiscord(clock=clock, time_scale=TEST_TIME_SCALE)
    async with running(fake) as drv:
        yield drv


async def test_a_message_sent_again_with_its_nonce_is_the_first_one(
    driver: Driver, clock: DiscordClock
) -> None:
    """resources/message, Create Message, `enforce_nonce`: "If true and nonce is
    present, it will be checked for uniqueness in the past few minutes. If another
    message was created by the same author with the same nonce, that message will be
    returned and no new message will be created." Even in another channel: the rule is
    the author's, not the channel's."""
    fake = driver.fake
    general = channel_of(driver, fake.general)
    first = await general.send("Results of Spring 1901", nonce="e41.0.0")
    again = await general.send("Results of Spring 1901", nonce="e41.0.0")
    assert again.id == first.id and again.content == first.content
    assert again.nonce == "e41.0.0"
    assert [m.id for m in driver.bot_messages(fake.general)] == [first.id]
    elsewhere = await channel_of(driver, fake.game_channel).send("other", nonce="e41.0.0")
    assert elsewhere.id == first.id and driver.bot_messages(fake.game_channel) == []
    other = await general.send("Results of Spring 1901", nonce="e41.0.1")
    assert other.id != first.id
    # discord.py gives every message a random nonce of its own: all are created.
    await general.send("hello")
    await general.send("hello")
    assert len(driver.bot_messages(fake.general)) == 4
    # A few minutes later the nonce is free again: a new message.
    clock.now += NONCE_WINDOW + 1
    later = await general.send("Results of Spring 1901", nonce="e41.0.0")
    assert later.id != first.id
    assert driver.world.violations == []


async def test_a_nonce_longer_than_25_characters_is_refused(driver: Driver) -> None:
    """Create Message: "nonce? integer or string … (up to 25 characters)": a longer one
    is an invalid form body, and nothing is created."""
    general = channel_of(driver, driver.fake.general)
    await general.send("fits", nonce="x" * 25)
    with pytest.raises(discord.HTTPException) as refused:
        await general.send("too long", nonce="x" * 26)
    assert refused.value.status == 400 and refused.value.code == 50035
    (violation,) = driver.take_violations(50035)
    assert "nonce" in violation.detail
    assert [m.content for m in driver.bot_messages(driver.fake.general)] == ["fits"]


async def test_the_nonce_of_a_deleted_message_is_refused_not_sent_again(driver: Driver) -> None:
    """discord.py's `Messageable.send`: NotFound when "You sent a message with the same
    nonce as one that has been explicitly deleted shortly earlier" (10008 Unknown
    Message)."""
    general = channel_of(driver, driver.fake.general)
    first = await general.send("Results", nonce="e7.0.0")
    await first.delete()
    with pytest.raises(discord.NotFound) as refused:
        await general.send("Results", nonce="e7.0.0")
    assert refused.value.code == 10008
    assert driver.world.violations == []


async def test_a_dm_channel_discord_no_longer_knows_is_unknown_and_opened_anew(
    driver: Driver,
) -> None:
    """A DM channel Discord says is gone answers every request 404 10003 "Unknown
    Channel" (opcodes-and-status-codes); Create DM ("Create a new DM channel with a
    user. Returns a DM channel object") then opens another."""
    alice = driver.user("alice")
    old = await driver.bot.create_dm(discord.Object(alice.id))
    await old.send("hello")
    driver.world.delete_dm_channel(alice)
    stale = driver.bot.get_partial_messageable(old.id, type=discord.ChannelType.private)
    with pytest.raises(discord.NotFound) as gone:
        await stale.send("are you there?")
    assert gone.value.code == 10003
    # discord.py keeps the old one in memory; the bot's own client asks Discord again.
    data = await driver.bot.http.start_private_message(alice.id)
    assert int(data["id"]) != old.id
    anew = driver.bot.get_partial_messageable(int(data["id"]), type=discord.ChannelType.private)
    await anew.send("hello again")
    assert [m.content for m in driver.bot_messages(driver.dm(alice))] == ["hello again"]
    assert driver.world.violations == []
