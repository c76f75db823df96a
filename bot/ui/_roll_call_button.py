"""The "I'm in" button of a roll-call's DM (issue 31). The game lives in the custom id,
so a button keeps working after a restart; a click answers the roll-call and edits the
message it is on to say so, its button greyed out."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.service.kernel import Caller, RollCallAnswer, count, power_list
from bot.ui._errors import guarded
from bot.ui._vote_buttons import Ballots

LABEL = "I'm in"


class RollCallButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dipgm:rollcall:(?P<game>[0-9]+)",
):
    def __init__(self, game_id: int, *, answered: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=LABEL,
                style=discord.ButtonStyle.success,
                custom_id=f"dipgm:rollcall:{game_id}",
                disabled=answered,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RollCallButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        # discord.py types it as any Client; dipgm's is the one with a service and a clock.
        client: Ballots = interaction.client  # type: ignore[assignment]
        answer = await client.service.roll_call.answer(
            self.game_id, Caller(interaction.user.id), client.now()
        )
        await interaction.response.edit_message(
            content=answered_text(answer), view=roll_call_view(self.game_id, answered=True)
        )


def roll_call_view(game_id: int, *, answered: bool = False) -> discord.ui.View:
    """The roll-call DM's one button; greyed out once the player has answered."""
    view = discord.ui.View(timeout=None)
    view.add_item(RollCallButton(game_id, answered=answered))
    return view


def answered_text(answer: RollCallAnswer) -> str:
    """What the roll-call's DM says once its player has answered."""
    said = "You had already answered: you're in" if answer.already else "You're in"
    place = f"{said} for **{answer.game_name}** ({power_list(answer.powers)})."
    if answer.began:
        return (
            f"{place} Everyone has answered: the game has begun, and your first deadline "
            "comes in a DM."
        )
    return (
        f"{place} Waiting for {count(answer.waiting, 'more player')}; the game begins when all "
        "have answered, and your first deadline comes here by DM."
    )
