"""`/game watch|unwatch` and `/gm spectator|spectators` (issue 31): following a game
without playing it, and the GM's answer in Kriegsplomacy and Spy.

Not a cog, as cogs/records.py is not: `/game` is the lobby cog's group and `/gm` the GM
cog's, and discord.py gives a group to one cog only; `setup` adds these commands to the
two groups the tree already holds (the GM's keeps its server-only, Manage Events
default), and `teardown` takes them out again. It loads after cogs.lobby and cogs.gm
(`EXTENSIONS` in bot/client.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.client import DipBot
from bot.service.kernel import GameInfo, NotAllowed, count, fit, mention
from bot.service.spectators import Answer, Spectator, Watching, pace
from bot.ui import sees_channel
from cogs._common import (
    GameOption,
    caller_of,
    channel_id_of,
    client_of,
    complete_gm_game,
    display_name,
    game_here,
    server_channel,
)

ANSWERS = [
    app_commands.Choice(name="Let them watch, one phase behind the players", value="behind"),
    app_commands.Choice(name="Let them watch, each phase as soon as played", value="at_once"),
    app_commands.Choice(name="Refuse (or stop them watching)", value="refuse"),
]


def watching_reply(watching: Watching) -> str:
    """What `/game watch` answers, privately."""
    name = watching.game_name
    if watching.asked:
        again = "You have asked already: " if watching.already else ""
        return (
            f"{again}The GM of **{name}** decides who watches it: in {watching.hidden} each "
            "player sees only their own part of the board, and a spectator would see it "
            "all. I will tell you their answer by DM. Once let in, you may never play in "
            "this game. `/game unwatch` withdraws the request."
        )
    if watching.hidden is not None:
        return (
            f"You watch **{name}** again: I send you the whole board as the GM sees it by "
            f"DM, {pace(watching.behind)}. `/game unwatch` stops it."
        )
    already = "You watch it already. " if watching.already else ""
    return (
        f"{already}You watch **{name}**: after each phase I send you its results by DM, as "
        "posted in this channel. You stay free to play in it later. `/game unwatch` stops "
        "them."
    )


def spectators_text(game_name: str, listed: tuple[Spectator, ...]) -> str:
    """`/gm spectators`: who asked to watch the game, and where each stands."""
    if not listed:
        return f"Nobody has asked to watch **{game_name}**."
    lines = [f"**{game_name}**: {count(len(listed), 'member')} asked to watch."]
    for s in listed:
        if s.asked:
            state = "waits for your answer (`/gm spectator`)"
        elif s.watching and s.approved:
            state = "watches, " + pace(s.behind)
        elif s.watching:
            state = "watches"
        else:
            state = "does not watch now"
        if s.approved and not s.watching:
            state += "; saw the whole board, so may never play here"
        lines.append(f"• {mention(s.user_id, s.name)}: {state}")
    return fit("\n".join(lines))


def _require_sees(interaction: discord.Interaction, info: GameInfo) -> None:
    """A member who cannot see the game's channel may not watch it: its results by DM
    would show them what the channel keeps from them."""
    guild = interaction.guild
    channel = guild.get_channel(info.channel_id) if guild is not None else None
    if sees_channel(interaction.user, channel, channel_id_of(interaction)) is False:
        raise NotAllowed(
            f"You cannot see <#{info.channel_id}>, the channel of {info.name}: watching it "
            "would show you what it keeps from you. To follow it, ask the server's "
            "moderators for access to the channel first."
        )


@app_commands.command(name="watch", description="Follow a game without playing it")
@app_commands.describe(game="Game number (default: this channel's game)")
async def watch(interaction: discord.Interaction, game: GameOption | None = None) -> None:
    server_channel(interaction)  # a member of the game's server, asking there
    info = await game_here(interaction, game)
    _require_sees(interaction, info)
    client = client_of(interaction)
    watching = await client.service.spectators.watch(
        info.id, caller_of(interaction), client.now(), display_name(interaction.user)
    )
    await interaction.response.send_message(watching_reply(watching), ephemeral=True)


@app_commands.command(name="unwatch", description="Stop following a game you watch")
@app_commands.describe(game="Game number (default: this channel's game, or the one you watch)")
async def unwatch(interaction: discord.Interaction, game: GameOption | None = None) -> None:
    client = client_of(interaction)
    if game is None and channel_id_of(interaction) is not None:
        game = (await game_here(interaction)).id
    said = await client.service.spectators.unwatch(game, caller_of(interaction), client.now())
    await interaction.response.send_message(said, ephemeral=True)


@app_commands.command(name="spectator", description="Let someone watch a hidden game, or not")
@app_commands.describe(player="Who asked to watch", answer="Your answer")
@app_commands.choices(answer=ANSWERS)
@app_commands.autocomplete(game=complete_gm_game)
async def spectator(
    interaction: discord.Interaction,
    player: discord.User,
    answer: str,
    game: GameOption | None = None,
) -> None:
    client = client_of(interaction)
    caller = caller_of(interaction)
    info = await client.service.lobby.find_gm_game(caller, game, channel_id_of(interaction))
    decided = await client.service.spectators.decide(
        info.id, caller, player.id, Answer(answer), client.now()
    )
    who = mention(player.id, display_name(player))
    if decided.watching:
        said = f"{who} watches **{info.name}**, {pace(decided.behind)}"
        said += "; they may never play in it. They are told by DM."
    else:
        said = f"{who} does not watch **{info.name}**. They are told by DM."
    await interaction.response.send_message(said, ephemeral=True)


@app_commands.command(name="spectators", description="Who asked to watch the game")
@app_commands.autocomplete(game=complete_gm_game)
async def spectators(interaction: discord.Interaction, game: GameOption | None = None) -> None:
    client = client_of(interaction)
    caller = caller_of(interaction)
    info = await client.service.lobby.find_gm_game(caller, game, channel_id_of(interaction))
    listed = await client.service.spectators.spectators_of(info.id, caller)
    await interaction.response.send_message(
        spectators_text(info.name, listed),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


Commands = tuple[app_commands.Command[Any, ..., None], ...]
GAME_COMMANDS: Commands = (watch, unwatch)
GM_COMMANDS: Commands = (spectator, spectators)


def _group(bot: DipBot, name: str) -> app_commands.Group:
    group = bot.tree.get_command(name)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"cogs.watch adds to /{name}: load its cog before it")
    return group


async def setup(bot: DipBot) -> None:
    for name, commands in (("game", GAME_COMMANDS), ("gm", GM_COMMANDS)):
        group = _group(bot, name)
        for command in commands:
            group.add_command(command)


async def teardown(bot: DipBot) -> None:
    for name, commands in (("game", GAME_COMMANDS), ("gm", GM_COMMANDS)):
        group = bot.tree.get_command(name)
        if isinstance(group, app_commands.Group):  # gone already if its cog was unloaded
            for command in commands:
                group.remove_command(command.name)
