"""`/settings`: a player's own choices, the same in every game. Today the map colours
of what is sent to them alone (their DM previews, their own `/game map` and
`/game history`); the channel's maps follow the game's `map_palette`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.user_settings import PlayerSettings

# The palettes of render/palette.py (a test keeps the two equal), and the game's own.
GAMES_OWN = "game"
PALETTE_CHOICES = [
    app_commands.Choice(name="Classic (the rulebook's colours)", value="classic"),
    app_commands.Choice(name="Colour-blind safe (Okabe-Ito)", value="colorblind"),
    app_commands.Choice(name="Each game's own", value=GAMES_OWN),
]
_SAID = {
    "classic": "the rulebook's colours",
    "colorblind": "the colour-blind-safe colours",
}


class Settings(commands.GroupCog, group_name="settings", group_description="Your own settings"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot
        self.players = PlayerSettings(bot.service)
        super().__init__()

    @app_commands.command(name="palette", description="Map colours of what is sent to you alone")
    @app_commands.describe(colours="The colours of your maps and DM previews")
    @app_commands.choices(colours=PALETTE_CHOICES)
    async def palette(self, interaction: discord.Interaction, colours: str) -> None:
        chosen = None if colours == GAMES_OWN else colours
        await self.players.set_palette(interaction.user.id, chosen, self.bot.now())
        where = "Your DM previews and your own `/game map` and `/game history`"
        if chosen is None:
            text = f"{where} now use each game's colours."
        else:
            text = f"{where} now use {_SAID.get(chosen, chosen)}."
        await interaction.response.send_message(
            text + " The game's channel keeps the game's colours.", ephemeral=True
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Settings(bot))
