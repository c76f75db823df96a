"""The incoming player of `/gm replace`: anyone in the server (`player:`, Discord's own
picker), or one of those rules/000 §14.3 prefers (`suggested:`, offered while the GM
types: who never had a country in the game first, then whose country was eliminated).
A user option cannot offer choices, so the suggestions are a second, text option."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.service.kernel import NotFound, UserError
from cogs._common._interaction import caller_of, client_of, game_here


async def complete_replacement(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`suggested:` as the GM types: the service's order (only the GM sees anyone)."""
    try:
        info = await game_here(interaction, getattr(interaction.namespace, "game", None))
    except UserError:
        return []  # no game here, or not one the user may see: nothing to offer
    offered = await client_of(interaction).service.replacements.replacement_choices(
        info.id, caller_of(interaction), str(current)
    )
    return [app_commands.Choice(name=label, value=str(user)) for user, label in offered]


async def incoming_player(
    interaction: discord.Interaction, player: discord.User | None, suggested: str | None
) -> discord.abc.User:
    """The one person named, as a member of the server where there is one."""
    if (player is None) == (suggested is None):
        raise UserError(
            "Name the incoming player once: `player:` (anyone in the server) or "
            "`suggested:` (pick from the list)."
        )
    if player is not None:
        return player
    assert suggested is not None and interaction.guild is not None  # /gm: servers only
    digits = suggested.strip().strip("<@!>")
    if not digits.isdigit():
        raise NotFound(f"“{suggested}” is nobody: pick someone from the list, or use `player:`.")
    user_id = int(digits)
    try:
        return interaction.guild.get_member(user_id) or await interaction.guild.fetch_member(
            user_id
        )
    except discord.NotFound:
        pass  # not a member: require_sees_game says so (and tells their GMs)
    try:
        return await interaction.client.fetch_user(user_id)
    except discord.NotFound:
        raise NotFound(f"No Discord user has the number {user_id}.") from None
