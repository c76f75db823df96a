"""`/absence`: a player declares days ahead when they will be away (issue 23); a
deadline falling inside waits for them, within the game's cap of days. The GM lists
and cancels them. The service (bot/service/deadlines/_absences.py) decides everything."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.deadlines import AbsenceInfo
from bot.service.kernel import count, deadline_text, power_list
from cogs._common import GameOption, caller_of, complete_game, game_here


def absence_line(absence: AbsenceInfo) -> str:
    first, last = absence.first_day, absence.last_day
    days = f"{first:%d %b %Y}" if first == last else f"{first:%d %b} to {last:%d %b %Y}"
    return f"#{absence.id}: {power_list(list(absence.powers))} away {days} (<@{absence.user_id}>)"


class Absence(commands.GroupCog, group_name="absence", group_description="Days you are away"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="declare", description="Say ahead which days you will be away")
    @app_commands.describe(
        dates="The days, in the game's time zone: 24-27 Dec, 24 Dec - 2 Jan, 2026-12-24",
        game="Game number (default: this channel's game)",
    )
    @app_commands.autocomplete(game=complete_game)
    async def declare(
        self,
        interaction: discord.Interaction,
        dates: app_commands.Range[str, 1, 60],
        game: GameOption | None = None,
    ) -> None:
        info = await game_here(interaction, game)
        absence = await self.bot.service.absence.declare_absence(
            info.id, caller_of(interaction), dates, self.bot.now()
        )
        text = f"Noted: {absence_line(absence)} in **{info.name}**."
        if absence.cut:
            text += (
                f" The game allows {count(absence.days, 'more day')}, so the absence stops "
                "there; the GM is told and may call a standby."
            )
        if absence.deadline_at is not None:
            text += f" The deadline is {deadline_text(absence.deadline_at)}."
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="list", description="The absences declared (the GM sees all)")
    @app_commands.describe(game="Game number (default: this channel's game)")
    @app_commands.autocomplete(game=complete_game)
    async def list_(self, interaction: discord.Interaction, game: GameOption | None = None) -> None:
        info = await game_here(interaction, game)
        found = await self.bot.service.absence.absences(info.id, caller_of(interaction))
        text = "\n".join(absence_line(a) for a in found) or "No absence is declared."
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="cancel", description="GM: cancel an absence")
    @app_commands.describe(number="The absence's number (`/absence list`)", game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def cancel(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 2**31 - 1],
        game: GameOption | None = None,
    ) -> None:
        info = await game_here(interaction, game)
        await self.bot.service.absence.cancel_absence(
            info.id, caller_of(interaction), number, self.bot.now()
        )
        await interaction.response.send_message(
            f"Absence #{number} in **{info.name}** is cancelled; its days are given back. "
            "The deadline stays; `/gm deadline` moves it.",
            ephemeral=True,
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Absence(bot))
