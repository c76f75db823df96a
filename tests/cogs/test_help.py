"""`/help`: private, complete (every command of the tree), within Discord's limits."""

from __future__ import annotations

from discord import app_commands

from cogs.help import GMS, PLAYERS
from tests.fake_discord import Driver


def _all_text(message) -> str:
    embed = message.embeds[0]
    parts = [embed.get("title", ""), embed.get("description", "")]
    parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


async def test_help_is_private_and_names_every_command(driver: Driver) -> None:
    alice = driver.user("alice")
    handle = await driver.slash(alice, driver.fake.game_channel, "help")
    reply = await handle.reply()
    assert reply.ephemeral
    text = _all_text(reply)
    commands = [
        c.qualified_name
        for c in driver.bot.tree.walk_commands()
        if isinstance(c, app_commands.Command)
    ]
    assert len(commands) > 20
    missing = [name for name in commands if f"`/{name}`" not in text]
    assert missing == []
    # Grouped by who uses them; orders by DM; GM commands in the server; moderators.
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    assert "`/gm adjudicate`" in fields[GMS] and "`/game start`" in fields[GMS]
    assert "`/orders submit`" in fields[PLAYERS] and "`/gm" not in fields[PLAYERS]
    assert "A Par - Bur" in fields["Writing orders"]
    assert "not in DMs" in text and "Manage Threads" in text
    assert "README" in fields["More"]


async def test_help_works_in_a_dm_too(driver: Driver) -> None:
    bob = driver.user("bob")
    handle = await driver.slash(bob, driver.dm(bob), "help")
    assert (await handle.reply()).ephemeral


async def test_help_links_the_readme_when_its_address_is_set(driver: Driver) -> None:
    driver.bot.settings = driver.bot.settings.model_copy(
        update={"readme_url": "https://example.org/dipgm/README.md"}
    )
    handle = await driver.slash(driver.user("carol"), driver.fake.game_channel, "help")
    more = {f["name"]: f["value"] for f in (await handle.reply()).embeds[0]["fields"]}["More"]
    assert "[README](https://example.org/dipgm/README.md)" in more
