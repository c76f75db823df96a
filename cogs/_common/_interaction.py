"""What every cog needs: the bot behind an interaction, the game of a channel,
and small reply helpers."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord
from discord import app_commands

from bot.client import DipBot
from bot.service.kernel import (
    MAX_ID,
    Caller,
    GameInfo,
    Moment,
    NotAllowed,
    UserError,
    WrongState,
    plain_name,
)
from bot.service.lobby import phase_choices
from bot.service.records import POWERS, phases_listed
from bot.ui import edit_if_possible, guarded, sees_channel

POWER_CHOICES = [app_commands.Choice(name=p.title(), value=p) for p in POWERS]
# Options Discord checks before a command reaches the bot: a game number the database
# can hold, a phase code of a sensible length.
GameOption = app_commands.Range[int, 1, MAX_ID]
PhaseOption = app_commands.Range[str, 1, 16]
# The options of the commands that look at a game: which one, and who sees the answer.
GAME_AND_SHARE = {
    "game": "Game number (default: this channel's game)",
    "share": "Show the answer to the whole channel (default: only to you)",
}


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
    return await service.lobby.find_game(
        caller_of(interaction), game_id, channel_id_of(interaction)
    )


def display_name(user: discord.abc.User) -> str:
    """The name a server shows for a user (their nickname there, if any)."""
    return getattr(user, "display_name", None) or user.name


async def require_sees_game(
    interaction: discord.Interaction, person: discord.abc.User, info: GameInfo
) -> None:
    """Refuse to give a part in the game to someone who cannot see its channel: added
    to a private thread, they would still see nothing of it (Discord shows a thread
    only to those who can view its channel), nor any result. Someone picked who is not
    a member at all has left the server: if they play in it, their GM is told.
    A one-on-one match is one contest on two boards (O6 in docs/VARIANTS.md): both
    channels are checked, whichever board the command names."""
    guild = interaction.guild
    if guild is None or guild.id != info.guild_id:
        return  # a DM carries no member data: Discord checks nothing there either
    client = client_of(interaction)
    other = await client.service.lobby.match_board(info.id)
    for channel_id in (info.channel_id, *(() if other is None else (other,))):
        channel = guild.get_channel(channel_id)
        if sees_channel(person, channel, channel_id_of(interaction)) is not False:
            continue
        name = plain_name(display_name(person))
        if not isinstance(person, discord.Member):
            await client.service.reach.player_gone(person.id, client.now(), guild_id=info.guild_id)
            raise NotAllowed(f"{name} is not a member of this server. Pick someone who is.")
        what = "the game's channel" if other is None else "one of the match's two channels"
        raise NotAllowed(
            f"{name} cannot see <#{channel_id}>, {what}, so they could read neither its "
            "results nor its private threads. Give them access to the channel first, or "
            "pick someone who has it."
        )


async def complete_game(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """`game:` as the user types: their own games of this server."""
    return await _game_choices(interaction, current, as_gm=False)


async def complete_gm_game(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """`game:` of a GM command: the games of this server the user may moderate."""
    return await _game_choices(interaction, current, as_gm=True)


async def _game_choices(
    interaction: discord.Interaction, current: str, *, as_gm: bool
) -> list[app_commands.Choice[int]]:
    service = client_of(interaction).service
    games = await service.choices.game_choices(caller_of(interaction), str(current), as_gm=as_gm)
    return [app_commands.Choice(name=name, value=game_id) for game_id, name in games]


async def complete_phase(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`phase:` as the user types: the phases of the game named, or of this channel's."""
    client = client_of(interaction)
    try:
        info = await game_here(interaction, getattr(interaction.namespace, "game", None))
    except UserError:
        return []  # no game here, or not one the user may see: nothing to offer
    codes = await client.service.history.phase_codes(info.id)
    # Issue 29: no retreat phase kept from the asker (the answer is theirs alone).
    codes = await phases_listed(client.lookups, info, caller_of(interaction), codes, share=False)
    return [app_commands.Choice(name=n, value=c) for c, n in phase_choices(codes, current)]


def png_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), name)


def text_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), name)


def grey_out(view: discord.ui.View) -> discord.ui.View:
    """The view with every button and menu disabled: shown, but of no more use."""
    for child in view.children:
        item = getattr(child, "item", child)  # a dynamic item wraps its button
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    return view


Pressed = Callable[[discord.Interaction], Awaitable[None]]


class ActionButton(discord.ui.Button):
    """A button that runs `action` when pressed. discord.py calls an item's `callback`,
    which a subclass defines: one assigned to an instance is a method replaced, which
    the type checker refuses."""

    def __init__(self, action: Pressed, **options: Any) -> None:
        super().__init__(**options)
        self.action = action

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.action(interaction)


class ActionSelect(discord.ui.Select):
    """A menu that runs `action` when chosen from, as `ActionButton`."""

    def __init__(self, action: Pressed, **options: Any) -> None:
        super().__init__(**options)
        self.action = action

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.action(interaction)


class Confirm(discord.ui.View):
    """One button that runs a dangerous action once, for the user who asked only, if
    the game is still as it was when they asked (`made_for`). The button disappears
    once used, and is greyed out after TIMEOUT seconds (a click would otherwise show
    "This interaction failed")."""

    TIMEOUT = 120.0

    def __init__(
        self,
        origin: discord.Interaction,
        label: str,
        action: Callable[[discord.Interaction], Awaitable[None]],
        made_for: Moment,
    ) -> None:
        super().__init__(timeout=self.TIMEOUT)
        self.origin = origin
        self.action = action
        self.made_for = made_for
        button = ActionButton(
            self._pressed, label=label, style=discord.ButtonStyle.danger, custom_id="dipgm:confirm"
        )
        self.add_item(button)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.origin.user.id

    async def _pressed(self, interaction: discord.Interaction) -> None:
        self.stop()
        await guarded(interaction, self._run(interaction))
        await self._remove_button()

    async def _run(self, interaction: discord.Interaction) -> None:
        await client_of(interaction).service.lobby.still_current(self.made_for)
        await self.action(interaction)

    async def on_timeout(self) -> None:
        await edit_if_possible(self.origin, view=grey_out(self))

    async def _remove_button(self) -> None:
        await edit_if_possible(self.origin, view=None)
