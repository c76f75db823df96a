"""`/pause propose` and `/pause resume`: pausing and resuming by a unanimous vote of the
surviving powers (issue 23; rules/004 rule 4 as for a deadline change, an abstention
counting yes for a pause). Ballots go by DM with buttons, as every vote's."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.ui import tally_text
from cogs._common import GameOption, caller_of, complete_game, game_here


class Pause(commands.GroupCog, group_name="pause", group_description="Pause votes"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="propose", description="Propose pausing the game (a vote)")
    @app_commands.describe(game="Game number (default: this channel's game)")
    @app_commands.autocomplete(game=complete_game)
    async def propose(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await game_here(interaction, game)
        vote = await self.bot.service.votes.propose_pause(
            info.id, caller_of(interaction), self.bot.now()
        )
        await interaction.response.send_message(
            f"Vote opened: pause **{info.name}**. The other surviving powers get a ballot "
            "by DM; a player who has not voted by the deadline counts as yes.\n" + tally_text(vote),
            ephemeral=True,
        )

    @app_commands.command(name="resume", description="Propose resuming a paused game (a vote)")
    @app_commands.describe(game="Game number (default: this channel's game)")
    @app_commands.autocomplete(game=complete_game)
    async def resume(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await game_here(interaction, game)
        vote = await self.bot.service.votes.propose_resume(
            info.id, caller_of(interaction), self.bot.now()
        )
        await interaction.response.send_message(
            f"Vote opened: resume **{info.name}**. It passes when every surviving power "
            "agrees.\n" + tally_text(vote),
            ephemeral=True,
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Pause(bot))
