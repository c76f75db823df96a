"""The one error handler of the Discord layer.

A service `UserError` is something the user can fix: its message is shown to them
ephemerally (or in their DM). Anything else is a bug: it is logged with its traceback
under a short error id, and the user gets an apology quoting that id so that the GM
can find the log line.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from bot.discord_text import fit
from bot.errors import UserError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side (error id `{id}`). The GM can look it up."


def new_error_id() -> str:
    return secrets.token_hex(4)


def unwrap(error: BaseException) -> BaseException:
    """The exception the handler raised, without discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ or getattr(error, "original", None)
        if inner is None:
            break
        error = inner
    return error


def user_text(error: BaseException, context: str) -> str:
    """What to tell the user about `error`; logs it first if it is not theirs to fix."""
    error = unwrap(error)
    if isinstance(error, UserError):
        return error.message
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You cannot use this command here."
    error_id = new_error_id()
    log.error("error %s in %s", error_id, context, exc_info=error)
    return APOLOGY.format(id=error_id)


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer an interaction privately, whether or not it was answered already; cut to
    Discord's limit, so that the answer itself is never refused."""
    text = fit(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def on_app_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """Installed as `bot.tree.on_error`."""
    name = interaction.command.qualified_name if interaction.command else "interaction"
    await reply_ephemeral(interaction, user_text(error, f"/{name}"))


async def guarded(interaction: discord.Interaction, action: Awaitable[Any]) -> None:
    """Run a button's or menu's action under the same handler as slash commands.

    discord.py routes errors of components to the view, not the command tree, so
    component callbacks pass their work through here instead of catching anything.
    """
    try:
        await action
    except Exception as exc:  # the one place that turns errors into replies
        custom_id = (interaction.data or {}).get("custom_id", "component")
        await reply_ephemeral(interaction, user_text(exc, f"component {custom_id}"))


async def guarded_dm(channel: discord.abc.Messageable, action: Awaitable[Any]) -> None:
    """The same for work started by a direct message: the answer goes to the DM."""
    try:
        await action
    except Exception as exc:  # the one place that turns errors into replies
        await channel.send(fit(user_text(exc, "direct message")))


def install(tree: app_commands.CommandTree) -> None:
    tree.on_error = on_app_command_error  # type: ignore[method-assign]
