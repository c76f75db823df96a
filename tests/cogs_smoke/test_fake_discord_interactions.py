"""Smoke tests of the fake's stricter rules about interactions: the permissions
they carry, their replies' pings, slash option limits, autocomplete, where a command may
be used. The tiny bot of strict_bot.py (not dipgm's) drives each rule; see
docs/DISCORD.md for the documentation each rule follows.
"""

from __future__ import annotations

import pytest

from tests.cogs_smoke.strict_bot import StrictBot, private_thread, running
from tests.fake_discord import CannotSend, Driver, FakeDiscord
from tests.fake_discord import permissions as perm

pytestmark = pytest.mark.asyncio


async def test_interactions_carry_the_permissions_in_their_channel(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    fake.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.ATTACH_FILES)
    fake.set_overwrite(fake.game_channel, fake.user("alice"), deny=perm.EMBED_LINKS)
    await (await driver.slash(fake.user("alice"), fake.game_channel, "perms")).reply()
    member_perms, app_perms = driver.bot.seen["perms"]
    assert not member_perms & perm.EMBED_LINKS and member_perms & perm.SEND_MESSAGES
    assert not app_perms & perm.ATTACH_FILES and app_perms & perm.MANAGE_THREADS
    await (await driver.slash(fake.user("alice"), fake.general, "perms")).reply()
    member_perms, app_perms = driver.bot.seen["perms"]
    assert member_perms & perm.EMBED_LINKS and app_perms & perm.ATTACH_FILES


async def test_interaction_replies_ping_users_by_default() -> None:
    fake = FakeDiscord()
    bob = fake.user("bob")
    # A client without a default allowed_mentions sends none: Discord's default for
    # interactions parses users only.
    async with running(fake, StrictBot(allowed_mentions=None)) as driver:
        reply = await (
            await driver.slash(fake.user("alice"), fake.game_channel, "hello", {"who": bob})
        ).reply()
        assert reply.pinged_users == {bob.id}
    fake = FakeDiscord()
    async with running(fake) as driver:  # AllowedMentions.none() as dipgm sets it
        reply = await (
            await driver.slash(fake.user("alice"), fake.game_channel, "hello", {"who": bob})
        ).reply()
        assert reply.pinged_users == set() and reply.content == f"Hello <@{bob.id}>"


async def test_slash_options_are_checked_as_the_client_checks_them(driver_default: Driver) -> None:
    driver = driver_default
    alice, channel = driver.user("alice"), driver.fake.game_channel
    await (await driver.slash(alice, channel, "order", {"text": "A Par", "count": 10})).reply()
    assert driver.bot.seen["order"] == ("A Par", 10, "A", None)
    for options, match in (
        ({"text": "A Par", "count": 11}, "range 1..10"),
        ({"text": "A Paris", "count": 1}, "1..5"),
        ({"text": "", "count": 1}, "1..5"),
        ({"text": "x", "count": 1, "kind": "Z"}, "not one of"),
        ({"text": "x", "count": 1.5}, "not an integer"),
        ({"text": "x", "count": 2**53}, "integer range"),
        ({"text": "x"}, "required option 'count' missing"),
        ({"text": "x", "count": 1, "colour": "red"}, "no option"),
        ({"text": "x", "count": 1, "note": "n" * 6001}, "6000"),
    ):
        with pytest.raises(CannotSend, match=match):
            await driver.slash(alice, channel, "order", options)


async def test_unchecked_lets_through_what_a_client_might_still_send(
    driver_default: Driver,
) -> None:
    driver = driver_default
    alice, channel = driver.user("alice"), driver.fake.game_channel
    handle = await driver.slash(
        alice, channel, "order", {"text": "A Paris", "count": 99, "kind": "Z"}, unchecked=True
    )
    await handle.reply()
    assert driver.bot.seen["order"] == ("A Paris", 99, "Z", None)
    # The type ranges stay: no client can send them.
    with pytest.raises(CannotSend):
        await driver.slash(
            alice, channel, "order", {"text": "x", "count": -(2**53)}, unchecked=True
        )


async def test_autocomplete_sends_partial_text_only_where_it_is_on(driver_default: Driver) -> None:
    driver = driver_default
    alice, channel = driver.user("alice"), driver.fake.game_channel
    choices = await (await driver.autocomplete(alice, channel, "pick", "unit", "Par")).choices()
    assert [c["value"] for c in choices] == ["A Par"]
    await (await driver.autocomplete(alice, channel, "pick", "hours", "-1")).choices()
    with pytest.raises(CannotSend, match="not a number"):
        await driver.autocomplete(alice, channel, "pick", "hours", "1x")
    with pytest.raises(CannotSend, match="no autocomplete"):
        await driver.autocomplete(alice, channel, "order", "text", "A")


async def test_where_a_command_may_be_used(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    alice = fake.user("alice")
    with pytest.raises(CannotSend, match="default_member_permissions"):
        await driver.slash(alice, fake.game_channel, "mods")
    fake.add_role("Moderator", permissions=perm.MANAGE_THREADS)
    fake.add_member(alice, fake.guild, roles=("Moderator",))
    await (await driver.slash(alice, fake.game_channel, "mods")).reply()
    with pytest.raises(CannotSend, match="DMs"):
        await driver.slash(alice, driver.dm(alice), "serveronly")
    fake.set_overwrite(fake.general, fake.guild, deny=perm.VIEW_CHANNEL)
    with pytest.raises(CannotSend, match="cannot see"):
        await driver.slash(alice, fake.general, "perms")
    _, thread = await private_thread(driver, "alice")
    await driver.archive(thread)
    with pytest.raises(CannotSend, match="archived"):
        await driver.slash(alice, thread, "perms")
