"""`/notes add|show|clear` (issue 31): a player's private notes in a game, kept with it
and read by them alone. Every reply is ephemeral; notes too long for one message go as
a file. The service (bot/service/records/, `NotesDesk`) decides who may keep notes and the cap."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.kernel import MESSAGE_LIMIT, count
from bot.service.records import Notes, characters, notes_text
from cogs._common import GameOption, caller_of, complete_game, game_here, text_file

GAME = "Game number (default: this channel's game, or in a DM the one you play)"
# One note as Discord lets it be typed: a slash command's text is one line.
NOTE_LIMIT = 2000


def kept_text(notes: Notes) -> str:
    """How many notes, how much of the cap they use, and that only the writer reads them."""
    return (
        f"{count(len(notes.entries), 'note')}, {characters(notes.used)} of the "
        f"{notes.cap:,} you may keep in this game; only you can read them"
    )


def noted_text(notes: Notes) -> str:
    return (
        f"Noted in **{notes.game_name}**: {kept_text(notes)}. `/notes show` shows them; "
        "they come with your `/game export` after the end."
    )


def shown_text(notes: Notes) -> str:
    if not notes.entries:
        return (
            f"You have no notes in **{notes.game_name}** yet. `/notes add text:` writes "
            "one; only you can read them."
        )
    return f"Your notes in **{notes.game_name}** ({kept_text(notes)}):\n\n{notes_text(notes)}"


def cleared_text(notes: Notes) -> str:
    if not notes.entries:
        return f"You have no notes in **{notes.game_name}**: nothing to clear."
    return (
        f"Cleared your {count(len(notes.entries), 'note')} in **{notes.game_name}**; a copy "
        f"is attached. The whole {notes.cap:,} characters are free again: `/notes add` "
        "starts afresh."
    )


def notes_file(notes: Notes) -> discord.File:
    return text_file(notes_text(notes), f"notes-{notes.game_id}.txt")


class NotesCog(commands.GroupCog, group_name="notes", group_description="Your private notes"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="add", description="Keep a private note in a game you play")
    @app_commands.describe(text="What you want to remember; only you will read it", game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def add(
        self,
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, NOTE_LIMIT],
        game: GameOption | None = None,
    ) -> None:
        info = await game_here(interaction, game)
        notes = await self.bot.service.notes.add_note(
            info.id, caller_of(interaction), text, self.bot.now()
        )
        await interaction.response.send_message(noted_text(notes), ephemeral=True)

    @app_commands.command(name="show", description="Your private notes in a game")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def show(self, interaction: discord.Interaction, game: GameOption | None = None) -> None:
        info = await game_here(interaction, game)
        notes = await self.bot.service.notes.read_notes(info.id, caller_of(interaction))
        text = shown_text(notes)
        if len(text) <= MESSAGE_LIMIT:
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.send_message(  # too long for one message: a file
            f"Your notes in **{notes.game_name}** ({kept_text(notes)}) are attached.",
            file=notes_file(notes),
            ephemeral=True,
        )

    @app_commands.command(name="clear", description="Delete your notes in a game (copy given)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def clear(self, interaction: discord.Interaction, game: GameOption | None = None) -> None:
        info = await game_here(interaction, game)
        notes = await self.bot.service.notes.clear_notes(info.id, caller_of(interaction))
        if not notes.entries:
            await interaction.response.send_message(cleared_text(notes), ephemeral=True)
            return
        await interaction.response.send_message(
            cleared_text(notes), file=notes_file(notes), ephemeral=True
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(NotesCog(bot))
