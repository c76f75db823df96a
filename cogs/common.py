"""What every cog needs: the bot behind an interaction, the game of a channel,
and small reply helpers."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Awaitable, Callable
from typing import cast

import discord
from discord import app_commands

from bot.caller import Caller
from bot.client import DipBot
from bot.errors import WrongState
from bot.errors_handler import guarded
from bot.lookups import POWERS
from bot.service_core import MAX_ID
from bot.views import GameInfo, Moment

POWER_CHOICES = [app_commands.Choice(name=p.title(), value=p) for p in POWERS]
# Options Discord checks before a command reaches the bot: a game number the database
# can hold, a phase code of a sensible length.
GameOption = app_commands.Range[int, 1, MAX_ID]
PhaseOption = app_commands.Range[str, 1, 16]


def client_of(interaction: discord.Interaction) -> DipBot:
    return cast(DipBot, interaction.client)


def channel_id_of(interaction: discord.Interaction) -> int | None:
    """The game channel: a thread counts as its parent channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return interaction.channel_id if interaction.guild_id is not None else None


def server_channel(interaction: discord.Interaction) -> tuple[int, int]:
    """(guild id, channel id) for commands that only make sense in a server."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise WrongState("Use this command in the server channel of the game.")
    return interaction.guild_id, channel_id_of(interaction) or interaction.channel_id


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who is asking, from which server, and whether they hold that server's GM role
    (the service decides what that allows)."""
    return Caller(
        interaction.user.id,
        interaction.guild_id,
        interaction.guild_id is not None and client_of(interaction).is_server_gm(interaction.user),
    )


async def game_here(interaction: discord.Interaction, game_id: int | None = None) -> GameInfo:
    """The game named by id, else the one in this channel, else (in a DM) the only
    running game the user plays in; a game the user may not see is not found."""
    service = client_of(interaction).service
    return await service.find_game(caller_of(interaction), game_id, channel_id_of(interaction))


def png_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), name)


def text_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), name)


class Confirm(discord.ui.View):
    """One button that runs a dangerous action once, for the user who asked only, if
    the game is still as it was when they asked (`made_for`). The button disappears
    once used or after `timeout` seconds."""

    def __init__(
        self,
        origin: discord.Interaction,
        label: str,
        action: Callable[[discord.Interaction], Awaitable[None]],
        made_for: Moment,
        *,
        timeout: float = 120,
    ) -> None:
        super().__init__(timeout=timeout)
        self.origin = origin
        self.action = action
        self.made_for = made_for
        button: discord.ui.Button = discord.ui.Button(
            label=label, style=discord.ButtonStyle.danger, custom_id="dipgm:confirm"
        )
        button.callback = self._pressed
        self.add_item(button)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.origin.user.id

    async def _pressed(self, interaction: discord.Interaction) -> None:
        self.stop()
        await guarded(interaction, self._run(interaction))
        await self._remove_button()

    async def _run(self, interaction: discord.Interaction) -> None:
        await client_of(interaction).service.still_current(self.made_for)
        await self.action(interaction)

    async def on_timeout(self) -> None:
        await self._remove_button()

    async def _remove_button(self) -> None:
        # The user may have dismissed the ephemeral message already.
        with contextlib.suppress(discord.NotFound):
            await self.origin.edit_original_response(view=None)
