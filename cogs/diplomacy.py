"""`/talk` (private threads between powers) and `/press` (public announcements), as far
as the game's press setting allows, and `/ask` (a private question to the GM)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.kernel import power_name
from bot.service.talk import QUESTION_LIMIT
from cogs._common import POWER_CHOICES, GameOption, caller_of, complete_game, game_here

PRESS_LIMIT = 1800
PRESS_COLOUR = discord.Colour.dark_teal()


class Diplomacy(commands.Cog):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="talk", description="Open (or reuse) a private thread with powers")
    @app_commands.describe(power="A power to talk to", power2="Another", power3="Another")
    @app_commands.choices(power=POWER_CHOICES, power2=POWER_CHOICES, power3=POWER_CHOICES)
    @app_commands.guild_only()
    async def talk(
        self,
        interaction: discord.Interaction,
        power: str,
        power2: str | None = None,
        power3: str | None = None,
    ) -> None:
        info = await game_here(interaction)
        wanted = [p for p in (power, power2, power3) if p]
        plan = await self.bot.service.talk.plan_talk(caller_of(interaction), info.id, wanted)
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread, created, unreachable = await self.bot.threads.open(plan)
        verb = "Opened" if created else "Your thread is"
        text = f"{verb} {thread.mention}."
        if unreachable:
            who = ", ".join(power_name(u.power) if u.power else "the GM" for u in unreachable)
            text += (
                f" The player of {who} could not be added: they are no longer in this "
                "server. The GM is told, and can call a standby."
            )
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="press", description="Post a public announcement in the game")
    @app_commands.describe(text="What to announce", anonymous="Leave it unsigned, if allowed")
    @app_commands.guild_only()
    async def press(
        self,
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, PRESS_LIMIT],
        anonymous: bool = False,
    ) -> None:
        info = await game_here(interaction)
        plan = await self.bot.service.talk.plan_press(caller_of(interaction), info.id, anonymous)
        signed = (
            "Press from " + ", ".join(power_name(p) for p in plan.signed_by)
            if plan.signed_by
            else "Anonymous press"
        )
        channel = self.bot.get_channel(plan.channel_id) or await self.bot.fetch_channel(
            plan.channel_id
        )
        assert isinstance(channel, discord.abc.Messageable)
        # In an embed whose author is the sender: whatever the text holds, no line of it
        # can pass for another power's signature (and nobody is pinged by it).
        press = discord.Embed(description=text, colour=PRESS_COLOUR)
        press.set_author(name=signed)
        posted = await channel.send(embed=press, allowed_mentions=discord.AllowedMentions.none())
        # Kept in the game's record once Discord has it (shown by /game history).
        await self.bot.service.press.record_press(
            plan, interaction.user.id, text, posted.id, self.bot.now()
        )
        await interaction.response.send_message("Your press is posted.", ephemeral=True)

    @app_commands.command(name="ask", description="Ask the GM a question, privately")
    @app_commands.describe(
        question="Your question (only the GM sees it)",
        game="Game number (default: this channel's game, or your only one)",
    )
    @app_commands.autocomplete(game=complete_game)
    async def ask(
        self,
        interaction: discord.Interaction,
        question: app_commands.Range[str, 1, QUESTION_LIMIT],
        game: GameOption | None = None,
    ) -> None:
        info = await game_here(interaction, game)
        await self.bot.service.talk.ask_gm(
            info.id, caller_of(interaction), question, self.bot.now()
        )
        await interaction.response.send_message(
            f"Your question is on its way to the GM of **{info.name}**, who alone reads it.",
            ephemeral=True,
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Diplomacy(bot))
