"""The tiny bot (not dipgm's) that the smoke tests of the fake's stricter rules
(tests/cogs_smoke/test_fake_discord_*.py) drive each rule with, and their helpers."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import discord
from discord import app_commands
from discord.ext import commands

from tests.fake_discord import Driver, FakeChannel, FakeDiscord

NO_PINGS = discord.AllowedMentions.none()
KINDS = [app_commands.Choice(name="Army", value="A"), app_commands.Choice(name="Fleet", value="F")]


class StrictBot(commands.Bot):
    """Like dipgm: no privileged intent, no pings unless a message asks for them."""

    def __init__(
        self,
        intents: discord.Intents | None = None,
        allowed_mentions: discord.AllowedMentions | None = NO_PINGS,
    ) -> None:
        if intents is None:
            intents = discord.Intents.none()
            intents.guilds = True
            intents.dm_messages = True
            intents.guild_messages = True  # so that user_says in a server reaches it
        super().__init__(command_prefix="!", intents=intents, allowed_mentions=allowed_mentions)
        self.seen: dict[str, object] = {}
        self.thread_member_events: list[int] = []
        bot = self

        @self.tree.command(name="order", description="Bounded options")
        @app_commands.choices(kind=KINDS)
        async def order(
            interaction: discord.Interaction,
            text: app_commands.Range[str, 1, 5],
            count: app_commands.Range[int, 1, 10],
            kind: str = "A",
            note: str | None = None,
        ) -> None:
            bot.seen["order"] = (text, count, kind, note)
            await interaction.response.send_message("ok", ephemeral=True)

        @self.tree.command(name="pick", description="Autocomplete")
        async def pick(interaction: discord.Interaction, unit: str, hours: int = 1) -> None:
            await interaction.response.send_message(unit, ephemeral=True)

        @pick.autocomplete("unit")
        async def pick_unit(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [
                app_commands.Choice(name=u, value=u) for u in ("A Par", "F Bre") if current in u
            ]

        @pick.autocomplete("hours")
        async def pick_hours(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[int]]:
            return [app_commands.Choice(name="one", value=1)]

        @self.tree.command(name="perms", description="Records the interaction's permissions")
        async def perms(interaction: discord.Interaction) -> None:
            bot.seen["perms"] = (interaction.permissions.value, interaction.app_permissions.value)
            await interaction.response.send_message("noted", ephemeral=True)

        @self.tree.command(name="hello", description="Says hello to someone")
        async def hello(interaction: discord.Interaction, who: discord.User) -> None:
            await interaction.response.send_message(f"Hello {who.mention}")

        @self.tree.command(name="mods", description="Mods only")
        @app_commands.default_permissions(manage_threads=True)
        async def mods(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("mods", ephemeral=True)

        @self.tree.command(name="serveronly", description="Not in DMs")
        @app_commands.guild_only()
        async def serveronly(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("here", ephemeral=True)

    async def on_thread_member_join(self, member: discord.ThreadMember) -> None:
        self.thread_member_events.append(member.id)


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, bot: discord.Client | None = None) -> AsyncIterator[Driver]:
    """Start ``fake`` (if needed), run ``bot`` against it, sync its commands."""
    started = fake.port == 0
    if started:
        await fake.start()
    try:
        async with fake.run_bot(bot or StrictBot()) as driver:
            await driver.sync_commands()
            yield driver
    finally:
        if started:
            await fake.close()


def channel_of(driver: Driver, fake_channel: FakeChannel):
    channel = driver.bot.get_channel(fake_channel.id)
    assert channel is not None
    return channel


async def private_thread(driver: Driver, *members: str) -> tuple[discord.Thread, FakeChannel]:
    parent = channel_of(driver, driver.fake.game_channel)
    thread = await parent.create_thread(
        name="talk", type=discord.ChannelType.private_thread, invitable=False
    )
    for name in members:
        await thread.add_user(discord.Object(driver.user(name).id))
    return thread, driver.world.channels[thread.id]
