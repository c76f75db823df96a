"""The replacement's one choice (rules/004 "Player Ratings"): whom the power's score
counts for, two buttons on the briefing DM. The game, the power and the choice live in
the custom id, so a button keeps working after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.service.kernel import Caller, mention, power_name
from bot.ui._errors import guarded
from bot.ui._vote_buttons import Ballots


class ScoreButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dipgm:score:(?P<game>[0-9]+):(?P<power>[A-Z_]+):(?P<choice>[mr])",
):
    def __init__(self, game_id: int, power: str, mine: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Count it for me" if mine else "Count it for the player I replaced",
                style=discord.ButtonStyle.primary if mine else discord.ButtonStyle.secondary,
                custom_id=f"dipgm:score:{game_id}:{power}:{'m' if mine else 'r'}",
            )
        )
        self.game_id, self.power, self.mine = game_id, power, mine

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ScoreButton:
        return cls(int(match["game"]), match["power"], match["choice"] == "m")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._choose(interaction))

    async def _choose(self, interaction: discord.Interaction) -> None:
        # discord.py types it as any Client; dipgm's is the one with a service and a clock.
        client: Ballots = interaction.client  # type: ignore[assignment]
        choice = await client.service.ratings.choose_score_owner(
            self.game_id, Caller(interaction.user.id), self.power, mine=self.mine, now=client.now()
        )
        whom = "you" if self.mine else mention(choice.counts_for)
        await interaction.response.send_message(
            f"{power_name(choice.power)}'s score in this game counts for {whom}. "
            "This choice is final. Send your orders here, one per line.",
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def score_choice_text(power: str, replaced: str) -> str:
    """The line of the briefing that offers the choice."""
    return (
        f"rules/004: you choose now, once, whom {power}'s score counts for at the end of "
        f"the game: you, or {replaced}, the player you replaced. Without a choice it is "
        "yours; the choice closes when this phase is played."
    )


def score_choice_view(game_id: int, power: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ScoreButton(game_id, power, True))
    view.add_item(ScoreButton(game_id, power, False))
    return view
