"""`/rating` and `/leaderboard`: rules/004's player ratings, from the ended and scored
games of this server (one table per scoring system: scores of different systems are
never averaged together)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.endings import Leaderboard, PlayerRating
from bot.service.kernel import SCORING_NAMES, Scoring, count, fit, mention, power_name
from bot.service.lobby import record_line

SCORING_CHOICES = [app_commands.Choice(name=SCORING_NAMES[s], value=s.value) for s in Scoring]
NO_PINGS = discord.AllowedMentions.none()


def _score(value: float) -> str:
    return f"{value:.2f}"


def rating_text(rating: PlayerRating) -> str:
    """A player's rating and their rated games, most recent first; then their record
    of showing up (issue 31)."""
    who = mention(rating.user_id)
    system = SCORING_NAMES[rating.system]
    record = f"Record: {record_line(rating.record)}."
    if rating.rating is None:
        return f"{who} has no rated game on this server yet ({system}).\n{record}"
    lines = [
        f"{who}: rating **{_score(rating.rating)}**, the average of "
        f"{count(rating.scores, 'score')} ({system}).",
        record,
        *(f"- {g.name}: {power_name(g.power)}, {_score(g.score)}" for g in rating.games),
    ]
    if rating.scores > len(rating.games):
        lines.append(f"… and {count(rating.scores - len(rating.games), 'older score')}.")
    return "\n".join(lines)


def leaderboard_text(board: Leaderboard) -> str:
    """One page of the server's table."""
    system = SCORING_NAMES[board.system]
    if not board.rows:
        return f"Nobody on this server has a rated game yet ({system})."
    heading = (
        f"**Leaderboard** ({system}), page {board.page} of {board.pages}, "
        f"{count(board.players, 'rated player')}:"
    )
    rows = (
        f"`{r.place:>3}.` {mention(r.user_id)} — **{_score(r.rating)}** ({count(r.games, 'score')})"
        for r in board.rows
    )
    more = (
        [f"`/leaderboard page:{board.page + 1}` shows the next page."]
        if board.page < board.pages
        else []
    )
    return "\n".join([heading, *rows, *more])


class Ratings(commands.Cog):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="rating", description="A player's rating and rated games")
    @app_commands.describe(
        player="Whose rating (default: yours)",
        scoring="Which scoring system's rating (default: rules/004's)",
        share="Show the answer to the whole channel (default: only to you)",
    )
    @app_commands.choices(scoring=SCORING_CHOICES)
    @app_commands.guild_only()
    async def rating(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        scoring: str = Scoring.HAYNES.value,
        share: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        who = player or interaction.user
        rating = await self.bot.service.ratings.player_rating(
            interaction.guild_id, who.id, Scoring(scoring)
        )
        await interaction.response.send_message(
            # Twenty games' names (each up to 100 characters) could pass Discord's limit:
            # the record comes before them, and what is cut is the oldest game's line.
            fit(rating_text(rating)),
            ephemeral=not share,
            allowed_mentions=NO_PINGS,
        )

    @app_commands.command(name="leaderboard", description="The server's players by rating")
    @app_commands.describe(
        page="Page of the table, 10 players a page (default: the first)",
        scoring="Which scoring system's table (default: rules/004's)",
        share="Show the answer to the whole channel (default: only to you)",
    )
    @app_commands.choices(scoring=SCORING_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 100_000] = 1,
        scoring: str = Scoring.HAYNES.value,
        share: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        board = await self.bot.service.ratings.leaderboard(
            interaction.guild_id, page, Scoring(scoring)
        )
        await interaction.response.send_message(
            leaderboard_text(board), ephemeral=not share, allowed_mentions=NO_PINGS
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Ratings(bot))
