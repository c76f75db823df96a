"""`/settings`: a player's own choices, the same in every game. Today the map colours
of what is sent to them alone (their DM previews, their own `/game map` and
`/game history`); the channel's maps follow the game's `map_palette`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.kernel import duration
from bot.service.lobby import PlayerSettings
from bot.service.timing import ReminderChoices
from cogs._common import GameOption, complete_game

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
        self.reminders = ReminderChoices(bot.service)
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

    @app_commands.command(name="reminders", description="When you are reminded of a deadline")
    @app_commands.describe(
        hours="Up to three times in hours before the deadline (24, 1), none, or default",
        game="One game's number (default: all your games)",
    )
    @app_commands.autocomplete(game=complete_game)
    async def reminders_(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[str, 1, 40],
        game: GameOption | None = None,
    ) -> None:
        text = None if hours.strip().lower() == "default" else hours
        chosen = await self.reminders.choose(interaction.user.id, game, text, self.bot.now())
        where = "your games" if game is None else f"game {game}"
        if chosen is None:
            said = f"Reminders in {where} now follow each game's GM."
        elif not chosen:
            said = f"No reminders in {where}."
        else:
            times = " and ".join(duration(m) for m in chosen)
            said = f"In {where} you are reminded {times} before each deadline"
            said += ", only while you still owe orders."
        await interaction.response.send_message(said, ephemeral=True)


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Settings(bot))
