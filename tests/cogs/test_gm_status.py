"""`/gm status` (issue 19): for the GM only, privately, the game as the GM needs it:
phase, deadline, each power's player and how far their orders go, who can read every
private thread, who cannot be reached (gone from the server, DMs closed), what dipgm
gave up delivering, and who is missing from the private threads."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.service.kernel import Caller, NotAllowed
from tests.cogs.conftest import Clock, default_fake, dm_orders, rounds_begun_after_now, serving
from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord import permissions as perm


@pytest_asyncio.fixture
async def fake(clock: Clock) -> AsyncIterator[FakeDiscord]:
    fake = default_fake(clock)
    fake.add_role("Moderator", permissions=perm.MANAGE_THREADS)
    fake.add_user("moderator", roles=("Moderator",))
    async with serving(fake) as started:
        yield started


async def rounds_until(driver: Driver, clock: Clock, done, what: str) -> None:
    """Move the clock a few minutes at a time, letting the delivery loop run, until
    `done()` (retries wait 10 s, 20 s, 40 s, … on the bot's clock)."""
    for _ in range(20):
        if await done():
            return
        clock.advance(minutes=5)
        assert driver.bot.delivery.heartbeat is not None
        await rounds_begun_after_now(driver, [driver.bot.delivery.heartbeat])
    raise AssertionError(f"never: {what}")


async def test_gm_status_shows_the_gm_what_needs_attention(driver: Driver, clock) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    names = ("moderator", "alice", "bob", "carol")
    moderator, alice, bob, carol = (driver.user(n) for n in names)
    await (await driver.slash(gm, channel, "game create", {"name": "Watched"})).reply()
    for user in (moderator, alice, bob, carol):
        await (await driver.slash(user, channel, "game join")).reply()
    await (await driver.slash(gm, channel, "game start")).reply()
    service = driver.bot.service
    info = await service.lobby.game_in_channel(channel.id)
    powers = {p.power: p.user_id for p in info.powers if p.user_id}
    mine = {uid: sorted(p for p, u in powers.items() if u == uid) for uid in set(powers.values())}
    await driver.wait_until(lambda: len(driver.bot_messages(driver.dm(alice))) >= 1, what="DM")
    # Alice orders one unit of her first power.
    first = mine[alice.id][0]
    home = {"AUSTRIA": "A Vie", "ENGLAND": "A Lvp", "FRANCE": "A Par", "GERMANY": "A Ber"}
    home |= {"ITALY": "A Rom", "RUSSIA": "A Mos", "TURKEY": "A Con"}
    await dm_orders(driver, alice, f"{home[first]} H")
    # Carol leaves the server; Bob opens a thread with her power: she cannot be added.
    await driver.remove_member(carol, driver.guild)
    carols = mine[carol.id][0]
    await (await driver.slash(bob, channel, "talk", {"power": carols})).reply()
    await driver.wait_for_message(lambda m: "left the server" in m.content, channel=channel)
    # A standby who allows no DMs is called for Bob's power: the call cannot reach them.
    standby = driver.user("standby")
    standby.dms_closed = True
    await (
        await driver.slash(gm, channel, "gm standby", {"power": mine[bob.id][0], "player": standby})
    ).reply()
    await driver.wait_for_message(lambda m: "I can't DM you" in m.content, channel=channel)
    # A channel post Discord keeps refusing (the bot lost Send Messages here) is given up.
    await driver.set_overwrite(channel, driver.fake.bot_role(), deny=perm.SEND_MESSAGES)
    await (await driver.slash(gm, channel, "gm pause")).reply()

    async def given_up() -> bool:
        return bool((await service.reach.gm_status(info.id, _gm(info))).given_up)

    await rounds_until(driver, clock, given_up, "the pause notice given up")
    await driver.set_overwrite(channel, driver.fake.bot_role(), deny=0)

    handle = await driver.slash(gm, channel, "gm status")
    reply = await handle.reply()
    text = reply.content
    assert reply.ephemeral
    assert "Spring 1901" in text and "paused" in text
    assert f"{alice.mention} (Alice)" in text and "1 of " in text  # her progress
    assert "can read every private thread" in text and moderator.mention in text
    assert "left the server" in text and carol.mention in text
    assert "closed" in text and standby.mention in text
    assert "gave up" in text and "the notice of a pause" in text
    assert "Missing from private threads" in text and carols.title() in text
    # Nobody but the GM (the service's own check, whatever Discord shows).
    with pytest.raises(NotAllowed):
        await service.reach.gm_status(info.id, Caller(alice.id, driver.guild.id))


def _gm(info) -> Caller:
    return Caller(info.gm_user_id)
