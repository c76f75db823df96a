"""The "which game?" question put to a player of several games who sent orders by DM.

Its buttons are dynamic items (`dipgm:pick:<game id>`): the DM waits in the database
(bot/service/orders/_pending.py), so a button pressed after a restart of the bot still submits
it. While the bot runs, the buttons are greyed out after TIMEOUT seconds; a player who
answers later sends the orders again.
"""

from __future__ import annotations

import logging
import re
from typing import cast

import discord
from discord.ext import commands

from bot.ui import guarded
from cogs._common._interaction import grey_out

log = logging.getLogger(__name__)

# The cog that submits the waiting DM to the game picked (cogs/orders.py).
ORDERS_COG = "Orders"


class PickGame(discord.ui.DynamicItem[discord.ui.Button], template=r"dipgm:pick:(?P<game>[0-9]+)"):
    """One game's button."""

    def __init__(self, game_id: int, label: str = "this game") -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=f"dipgm:pick:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> PickGame:
        label = getattr(item, "label", None) or "this game"
        return cls(int(match["game"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        orders = cast(commands.Bot, interaction.client).get_cog(ORDERS_COG)
        assert orders is not None, "the Orders cog registers this item"
        # get_cog returns a plain Cog; the one named ORDERS_COG is cogs.orders.Orders
        # (a helper of the cogs imports no cog: cogs/_common), which has submit_pending.
        submit = orders.submit_pending  # type: ignore[attr-defined]
        await guarded(interaction, submit(interaction, self.game_id))


class GamePicker(discord.ui.View):
    """A player in several games says which one a DM of orders was meant for."""

    TIMEOUT = 900.0

    def __init__(self, games: list[tuple[int, str]]) -> None:
        super().__init__(timeout=self.TIMEOUT)
        self.message: discord.Message | None = None  # set once sent
        for game_id, name in games[:25]:
            self.add_item(PickGame(game_id, name))

    async def on_timeout(self) -> None:
        if self.message is None:
            return
        try:
            await self.message.edit(view=grey_out(self))
        except discord.NotFound:  # the player deleted it
            log.info("game picker %s: gone before it timed out", self.message.id)
