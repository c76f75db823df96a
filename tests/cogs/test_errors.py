"""The one error handler: a UserError is shown privately; a bug gets an apology
with an error id, and the traceback is logged under the same id."""

from __future__ import annotations

import re
from pathlib import Path

import discord
from discord import app_commands

from bot.client import DipBot
from tests.cogs.conftest import make_settings
from tests.fake_discord import FakeDiscord


async def test_user_error_is_ephemeral(driver) -> None:
    reply = await (
        await driver.slash(driver.user("alice"), driver.fake.game_channel, "game join")
    ).reply()
    assert reply.ephemeral and reply.content == "There is no game in this channel."
    assert driver.take_errors() == []


async def test_a_bug_gets_an_apology_with_an_error_id(
    fake: FakeDiscord, service, clock, tmp_path: Path
) -> None:
    bot = DipBot(make_settings(tmp_path), service, clock=clock)

    @app_commands.command(name="boom", description="Fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("the dice fell off the table")

    bot.tree.add_command(boom)
    async with fake.run_bot(bot) as driver:
        reply = await (await driver.slash(driver.user("bob"), fake.game_channel, "boom")).reply()
        assert reply.ephemeral
        match = re.search(r"error id `([0-9a-f]{8})`", reply.content)
        assert match, reply.content
        assert "dice" not in reply.content  # no internals shown to players
        await driver.wait_until(lambda: driver.collector.errors, what="the logged error")
        (logged,) = driver.take_errors()
        assert match[1] in str(logged) and "the dice fell off the table" in str(logged)
