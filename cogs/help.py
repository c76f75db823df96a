"""`/help`: what dipgm does, its commands by who uses them, how to write orders.

Shown only to the one who asked. Every slash command of the tree appears: those listed
here with a word on what they are for, and any command added since under its group's
audience with its own description, so the help is never behind the commands.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.lobby import variants_help

EMBED_FIELD_LIMIT = 1024

ABOUT = (
    "I am a Games Master for **Diplomacy**. A GM opens a game in a channel, seven "
    "players join, and I assign the powers. You send me your orders **by direct "
    "message**; they stay secret until the deadline. Then I play the phase by the "
    "rulebook and post the results and the new map in the game's channel, and tell each "
    "player by DM what happened to their units and what to do next."
)

# (audience, qualified command name, what it is for). The audience of a command not
# listed here follows its group: `gm …` for game masters, the rest for players.
EVERYONE = "Everyone"
PLAYERS = "Players"
GMS = "Game masters (in the game's channel, not in DMs)"
KNOWN: tuple[tuple[str, str, str], ...] = (
    (EVERYONE, "help", "this guide"),
    (EVERYONE, "game create", "open a game in this channel; you become its GM"),
    (EVERYONE, "game status", "phase, deadline, who has ordered (never what)"),
    (EVERYONE, "game map", "the map of the current or a past phase"),
    (EVERYONE, "game history", "the results of a past phase, or the list of phases"),
    (EVERYONE, "game chart", "each power's supply centres, year by year"),
    (EVERYONE, "game export", "the whole game as a file any adjudicator can replay"),
    (EVERYONE, "game watch", "follow a game you do not play: its results by DM"),
    (EVERYONE, "game unwatch", "stop following it"),
    (PLAYERS, "game join", "join the lobby, then pick up to three powers you prefer"),
    (PLAYERS, "game leave", "leave the lobby before the start"),
    (PLAYERS, "game resign", "give up a power: it goes into civil disorder"),
    (PLAYERS, "orders submit", "one order, picked from a list of your legal orders"),
    (PLAYERS, "orders show", "your orders in force (only you see them)"),
    (PLAYERS, "orders clear", "withdraw all your orders for this phase"),
    (PLAYERS, "orders ready", "say you are done; the phase may end early"),
    (PLAYERS, "orders proxy", "let another player order some or all of your units"),
    (PLAYERS, "orders unproxy", "take back every proxy you gave"),
    (PLAYERS, "talk", "a private thread with the players of the powers you name"),
    (PLAYERS, "press", "a public announcement in the game's channel"),
    (PLAYERS, "ask", "a question to the GM, which only the GM reads"),
    (EVERYONE, "rating", "a player's rating on this server, and how often they order on time"),
    (EVERYONE, "leaderboard", "this server's players by rating, 10 a page"),
    (EVERYONE, "settings palette", "the map colours of what is sent to you alone"),
    (EVERYONE, "sandbox new", "a private board to try moves on: the opening, or a game's phase"),
    (EVERYONE, "sandbox orders", "orders for any power there (`France: A Par - Bur`)"),
    (EVERYONE, "sandbox adjudicate", "play its phase and see the map"),
    (EVERYONE, "sandbox back", "step it back a phase"),
    (EVERYONE, "sandbox list", "your sandboxes"),
    (EVERYONE, "sandbox delete", "delete one"),
    (PLAYERS, "settings reminders", "when you are reminded of deadlines, or never"),
    (PLAYERS, "draw propose", "propose a draw; ballots arrive by DM"),
    (PLAYERS, "deadline propose extend", "propose a later deadline"),
    (PLAYERS, "deadline propose shorten", "propose an earlier deadline"),
    (PLAYERS, "pause propose", "propose pausing the game; every player must agree"),
    (PLAYERS, "pause resume", "propose resuming a paused game"),
    (PLAYERS, "absence declare", "say ahead which days you are away: the deadline waits"),
    (PLAYERS, "absence list", "the absences declared (yours; the GM sees all)"),
    (GMS, "game start", "assign the powers and start Spring 1901 (after a roll-call, if set)"),
    (GMS, "gm adjudicate", "play the current phase now"),
    (GMS, "gm extend", "move the deadline"),
    (GMS, "gm pause", "stop the clock"),
    (GMS, "gm resume", "restart it"),
    (GMS, "absence cancel", "cancel a player's absence"),
    (GMS, "gm replace", "give a power to another player"),
    (GMS, "gm standby", "call a standby player for a power"),
    (GMS, "gm cd", "put a power in civil disorder"),
    (GMS, "gm kick", "remove a player"),
    (GMS, "gm rollback", "go back to the start of a phase"),
    (GMS, "gm end", "end the game"),
    (GMS, "gm orders", "everyone's current orders"),
    (GMS, "gm audit", "every GM action of the game, newest first"),
    (GMS, "gm spectator", "let someone watch a Kriegsplomacy or Spy game, or not"),
    (GMS, "gm spectators", "who asked to watch the game, and who watches"),
    (GMS, "gm settings show", "the game's settings in words"),
    (GMS, "gm settings set", "change one setting"),
)

ORDERS_HELP = (
    "Send me a DM, one order per line, in any common notation:\n"
    "```\nA Par - Bur\nF Lon S F Edi - Nth\nA Mar H\nF Nth C A Yor - Nwy\n"
    "A Yor - Nwy via convoy\n```"
    "Retreats: `A Bur R Pic` or `A Bur D` (disband). Builds and removals: "
    "`Build A Par`, `F Kie D`, `Waive`. Full names work too (`F Brest - English "
    "Channel`). I answer with the orders as I understood them; send new ones to change "
    "them until the deadline. Units without an order hold. Send `map` to see your "
    "orders drawn on the map. If you play in several games, I ask which one."
)

GM_NOTE = (
    "GM commands work in the game's channel on the server, not in DMs. A game's GM is "
    "the member who created it, and members holding the server's GM role may moderate "
    "every game of the server."
)

PRIVACY = (
    "Your orders are secret until the phase is played. Private threads made by `/talk` "
    "are private from the other players, but **Discord shows every private thread to "
    "members who hold Manage Threads or Administrator** in the channel: moderators can "
    "read them."
)


def command_lines(tree: app_commands.CommandTree) -> dict[str, list[str]]:
    """Every command of the tree, as '`/name` what it is for', by audience."""
    present = {
        c.qualified_name: c for c in tree.walk_commands() if isinstance(c, app_commands.Command)
    }
    by_audience: dict[str, list[str]] = {EVERYONE: [], PLAYERS: [], GMS: []}
    listed = set()
    for audience, name, what in KNOWN:
        if name in present:
            by_audience[audience].append(f"`/{name}` {what}")
            listed.add(name)
    for name, command in sorted(present.items()):
        if name not in listed:
            audience = GMS if name.split()[0] == "gm" else PLAYERS
            by_audience[audience].append(f"`/{name}` {command.description}")
    return by_audience


def _fields(title: str, lines: list[str]) -> list[tuple[str, str]]:
    """One embed field per ≤1024 characters of lines, the later ones '(continued)'."""
    fields: list[tuple[str, str]] = []
    current = ""
    for line in lines:
        if current and len(current) + 1 + len(line) > EMBED_FIELD_LIMIT:
            fields.append((title if not fields else f"{title} (continued)", current))
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        fields.append((title if not fields else f"{title} (continued)", current))
    return fields


def help_embed(tree: app_commands.CommandTree, readme_url: str | None) -> discord.Embed:
    embed = discord.Embed(title="dipgm: Diplomacy on this server", description=ABOUT)
    for audience, lines in command_lines(tree).items():
        for name, value in _fields(audience, lines):
            embed.add_field(name=name, value=value, inline=False)
    embed.add_field(name="Writing orders", value=ORDERS_HELP, inline=False)
    embed.add_field(name="Who is GM", value=GM_NOTE, inline=False)
    embed.add_field(name="Secrets", value=PRIVACY, inline=False)
    guide = (
        f"The whole guide, for players and server owners: [README]({readme_url})."
        if readme_url
        else "The whole guide, for players and server owners, is dipgm's README.md; "
        "ask the server owner for it."
    )
    embed.add_field(
        name="More", value=guide + " Start with `/game status` in a game's channel.", inline=False
    )
    return embed


def variants_embed(readme_url: str | None) -> discord.Embed:
    """`/help topic:variants`: each game a GM may choose, in a few lines (issue 11)."""
    embed = discord.Embed(
        title="dipgm: the games you can play",
        description="Besides the rulebook's game for seven, a GM may open a variant.",
    )
    for title, text in variants_help(readme_url):
        for name, value in _fields(title, [text]):
            embed.add_field(name=name, value=value, inline=False)
    return embed


TOPICS = [app_commands.Choice(name="Variants: the games a GM may open", value="variants")]


class Help(commands.Cog):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What I do and how to play here")
    @app_commands.describe(topic="One subject only (default: everything)")
    @app_commands.choices(topic=TOPICS)
    async def help(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        readme = self.bot.settings.readme_url
        embed = variants_embed(readme) if topic == "variants" else help_embed(self.bot.tree, readme)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Help(bot))
