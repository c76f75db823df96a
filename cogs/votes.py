"""`/draw propose` and `/deadline propose extend|shorten`: votes with buttons.

The service decides who votes and when a vote passes (rules/004 rules 4 and 5);
the ballots go out by DM through the outbox, and the outcome is announced in the
game channel when the vote closes.
"""

from __future__ import annotations

from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.kernel import GameInfo, deadline_text
from bot.ui import tally_text
from cogs._common import (
    GameOption,
    caller_of,
    complete_game,
    game_here,
)


def vote_players(info: GameInfo) -> set[int]:
    """The players whose powers vote (those with units or centres)."""
    return {p.user_id for p in info.powers if p.user_id and (p.units or p.centres)}


class Draw(commands.GroupCog, group_name="draw", group_description="Draw votes"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="propose", description="Propose a draw among the survivors")
    @app_commands.describe(
        anonymous="Let the GM call it without naming you (rules/004 rule 5)",
        game="Game number (default: this channel's game)",
    )
    @app_commands.autocomplete(game=complete_game)
    async def propose(
        self,
        interaction: discord.Interaction,
        anonymous: bool = False,
        game: GameOption | None = None,
    ) -> None:
        info = await game_here(interaction, game)
        vote = await self.bot.service.votes.propose_draw(
            info.id, caller_of(interaction), self.bot.now(), anonymous=anonymous
        )
        own = ""
        if not anonymous and interaction.user.id in vote_players(info):
            own = " Your own vote counts as yes."
        await interaction.response.send_message(
            f"Draw vote opened in **{info.name}**: the other surviving powers get a ballot "
            f"by DM.{own}\n{tally_text(vote)}",
            ephemeral=True,
        )


class Deadline(commands.GroupCog, group_name="deadline", group_description="Deadline votes"):
    propose = app_commands.Group(name="propose", description="Propose moving the deadline")

    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    async def _propose(
        self, interaction: discord.Interaction, hours: int, game: int | None
    ) -> None:
        info = await game_here(interaction, game)
        vote = await self.bot.service.votes.propose_deadline(
            info.id, caller_of(interaction), timedelta(hours=hours), self.bot.now()
        )
        assert vote.new_deadline_at is not None  # a deadline vote names its deadline
        new = vote.new_deadline_at
        old = new - timedelta(hours=hours)  # the deadline as the vote found it
        own = " Your own vote counts as yes." if interaction.user.id in vote_players(info) else ""
        await interaction.response.send_message(
            f"Vote opened: move the deadline of **{info.name}** from "
            f"{deadline_text(old)} to {deadline_text(new)}. The other surviving "
            f"powers get a ballot by DM.{own}\n{tally_text(vote)}",
            ephemeral=True,
        )

    @propose.command(name="extend", description="Propose a later deadline")
    @app_commands.describe(hours="How many hours later", game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def extend(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 1, 24 * 14],
        game: GameOption | None = None,
    ) -> None:
        await self._propose(interaction, hours, game)

    @propose.command(name="shorten", description="Propose an earlier deadline")
    @app_commands.describe(hours="How many hours earlier", game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def shorten(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 1, 24 * 14],
        game: GameOption | None = None,
    ) -> None:
        await self._propose(interaction, -hours, game)


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Draw(bot))
    await bot.add_cog(Deadline(bot))
