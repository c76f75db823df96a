"""`/sandbox new|orders|adjudicate|back|list|delete`: a private board to try moves on
(issue 31), from the standard opening or a phase of a game the user may see.

A sandbox lives in the user's DMs with the bot: there its answers are ordinary
messages, kept with the conversation; used in a server, they are shown to the asker
alone. Its orders come only by `/sandbox orders`: a DM is still read as orders for
the user's real games, so neither is ever taken for the other."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.kernel import MAX_ID, MESSAGE_LIMIT
from bot.service.sandbox import SandboxView
from cogs._common import (
    POWER_CHOICES,
    GameOption,
    PhaseOption,
    caller_of,
    complete_game,
    complete_phase,
    png_file,
    text_file,
)

SandboxOption = app_commands.Range[int, 1, MAX_ID]  # a number the database can hold
OrdersOption = app_commands.Range[str, 1, 3000]
WHICH = "Sandbox number (default: the one you used last)"


class Sandbox(commands.GroupCog, group_name="sandbox", group_description="Your private board"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description="A private board to try moves on")
    @app_commands.describe(
        game="A game to start from (default: the standard opening)",
        phase="Its phase, e.g. F1902M (default: the phase in play)",
    )
    @app_commands.autocomplete(game=complete_game)
    @app_commands.autocomplete(phase=complete_phase)
    async def new(
        self,
        interaction: discord.Interaction,
        game: GameOption | None = None,
        phase: PhaseOption | None = None,
    ) -> None:
        await _thinking(interaction)
        made = await self.bot.service.sandbox.new_sandbox(
            caller_of(interaction), self.bot.now(), game, phase
        )
        await _send(interaction, made)

    @app_commands.command(name="orders", description="Orders for any power of your sandbox")
    @app_commands.describe(
        orders="e.g. France: A Par - Bur, A Mar - Spa; Germany: A Mun - Ruh",
        power="The power these orders are for, if they do not name it",
        sandbox=WHICH,
    )
    @app_commands.choices(power=POWER_CHOICES)
    async def orders(
        self,
        interaction: discord.Interaction,
        orders: OrdersOption,
        power: str | None = None,
        sandbox: SandboxOption | None = None,
    ) -> None:
        await _thinking(interaction)
        given = await self.bot.service.sandbox.sandbox_orders(
            caller_of(interaction), orders, self.bot.now(), sandbox, power=power
        )
        await _send(interaction, given)

    @app_commands.command(name="adjudicate", description="Play your sandbox's phase")
    @app_commands.describe(sandbox=WHICH)
    async def adjudicate(
        self, interaction: discord.Interaction, sandbox: SandboxOption | None = None
    ) -> None:
        await _thinking(interaction)
        played = await self.bot.service.sandbox.adjudicate_sandbox(
            caller_of(interaction), self.bot.now(), sandbox
        )
        await _send(interaction, played)

    @app_commands.command(name="back", description="Step your sandbox back a phase")
    @app_commands.describe(sandbox=WHICH)
    async def back(
        self, interaction: discord.Interaction, sandbox: SandboxOption | None = None
    ) -> None:
        await _thinking(interaction)
        earlier = await self.bot.service.sandbox.step_back(
            caller_of(interaction), self.bot.now(), sandbox
        )
        await _send(interaction, earlier)

    @app_commands.command(name="list", description="Your sandboxes")
    async def list_(self, interaction: discord.Interaction) -> None:
        listed = await self.bot.service.sandbox.sandboxes(caller_of(interaction), self.bot.now())
        await interaction.response.send_message(listed.text, ephemeral=_private(interaction))

    @app_commands.command(name="delete", description="Delete one of your sandboxes")
    @app_commands.describe(sandbox="Sandbox number (`/sandbox list` shows yours)")
    async def delete(self, interaction: discord.Interaction, sandbox: SandboxOption) -> None:
        said = await self.bot.service.sandbox.delete_sandbox(
            caller_of(interaction), self.bot.now(), sandbox
        )
        await interaction.response.send_message(said, ephemeral=_private(interaction))

    @orders.autocomplete("sandbox")
    @adjudicate.autocomplete("sandbox")
    @back.autocomplete("sandbox")
    @delete.autocomplete("sandbox")
    async def _complete_sandbox(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The user's sandboxes, those whose number starts with what is typed."""
        listed = await self.bot.service.sandbox.sandboxes(caller_of(interaction), self.bot.now())
        return [
            app_commands.Choice(
                name=f"Sandbox {s.id}: {s.phase.title}, from {s.source}"[:100], value=s.id
            )
            for s in listed.items
            if str(s.id).startswith(str(current).strip())
        ][:25]


def _private(interaction: discord.Interaction) -> bool:
    """Shown to the asker alone in a server; an ordinary message in the DM."""
    return interaction.guild_id is not None


async def _thinking(interaction: discord.Interaction) -> None:
    # Drawing the map takes longer than Discord waits for a first answer.
    await interaction.response.defer(thinking=True, ephemeral=_private(interaction))


async def _send(interaction: discord.Interaction, view: SandboxView) -> None:
    """The reply and the map; after an adjudication, its results too, in the message
    if they fit, else as a text file beside the map."""
    name = f"sandbox-{view.id}-{view.position.phase.code}"
    files = [png_file(view.png, f"{name}.png")]
    text = view.text
    if view.report:
        together = f"{view.text}\n\n{view.report}"
        if len(together) <= MESSAGE_LIMIT:
            text = together
        else:
            files.insert(0, text_file(view.report, f"{name}-results.txt"))
    await interaction.followup.send(text, files=files, ephemeral=_private(interaction))


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Sandbox(bot))
