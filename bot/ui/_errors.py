"""The one error handler of the Discord layer.

A service `UserError` is something the user can fix: its message is shown to them
ephemerally (or in their DM). Anything else is a bug: it is logged with its traceback
under a short error id, and the user gets an apology quoting that id so that the GM
can find the log line.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.service.kernel import UserError, fit

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side (error id `{id}`). The GM can look it up."
# Discord's refusals of a DM that come from its user (topics/opcodes-and-status-codes):
# they allow no DMs from the server's members, or share no server with the bot.
CANNOT_DM = 50007
NO_MUTUAL_GUILDS = 50278
DM_REFUSED = (CANNOT_DM, NO_MUTUAL_GUILDS)


# Interaction tokens are valid for 15 minutes (interactions/receiving-and-responding);
# after that Discord answers every request made with one 401, code 50027.
INVALID_WEBHOOK_TOKEN = 50027
# An interaction not answered within 3 seconds is forgotten by Discord: the answer gets
# 404, code 10062 "Unknown interaction", and no other answer can reach the user.
UNKNOWN_INTERACTION = 10062


def answered_too_late(error: BaseException) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def token_expired(error: discord.HTTPException) -> bool:
    """Whether an interaction's message can no longer be reached with its token: the
    15 minutes are over, or the message is gone (dismissed, deleted)."""
    return isinstance(error, discord.NotFound) or error.code == INVALID_WEBHOOK_TOKEN


async def edit_if_possible(interaction: discord.Interaction, **changes: Any) -> None:
    """Edit an interaction's first answer (greying out its buttons, say), unless that
    can no longer be done: its token has expired or the user dismissed the message.
    Nothing else depends on it."""
    try:
        await interaction.edit_original_response(**changes)
    except discord.HTTPException as exc:
        if not token_expired(exc):
            raise
        log.info("interaction %s: its answer can no longer be edited (%s)", interaction.id, exc)


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
    Discord's limit, so that the answer itself is never refused. Past the token's 15
    minutes no answer can reach the user: it is logged instead."""
    text = fit(text)
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
        return
    try:
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException as exc:
        if not token_expired(exc):
            raise
        log.warning("interaction %s: answer lost, its token expired: %s", interaction.id, text)


async def on_app_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """Installed as `bot.tree.on_error`."""
    name = interaction.command.qualified_name if interaction.command else "interaction"
    if answered_too_late(unwrap(error)):
        _too_late(interaction, f"/{name}")
        return
    await reply_ephemeral(interaction, user_text(error, f"/{name}"))


def _too_late(interaction: discord.Interaction, context: str) -> None:
    """No bug of the command, and no answer can go: said in the log, for the operator
    (a slow host or database makes it happen)."""
    log.warning(
        "%s by user %s: Discord forgot the interaction before it was answered "
        "(10062: answers must come within 3 s; the host or the database is slow)",
        context,
        interaction.user.id,
    )


async def guarded(interaction: discord.Interaction, action: Awaitable[Any]) -> None:
    """Run a button's or menu's action under the same handler as slash commands.

    discord.py routes errors of components to the view, not the command tree, so
    component callbacks pass their work through here instead of catching anything.
    """
    try:
        await action
    except Exception as exc:  # the one place that turns errors into replies
        data: Mapping[str, object] = interaction.data or {}
        custom_id = data.get("custom_id", "component")
        if answered_too_late(exc):
            _too_late(interaction, f"component {custom_id}")
            return
        await reply_ephemeral(interaction, user_text(exc, f"component {custom_id}"))


async def guarded_dm(channel: discord.abc.Messageable, action: Awaitable[Any]) -> None:
    """The same for work started by a direct message: the answer goes to the DM. A
    refusal of the DM itself (DM_REFUSED) is no bug and no answer can go: it is raised
    for the caller to record."""
    try:
        await action
    except discord.Forbidden as exc:
        if exc.code in DM_REFUSED:
            raise
        await channel.send(fit(user_text(exc, "direct message")))
    except Exception as exc:  # the one place that turns errors into replies
        await channel.send(fit(user_text(exc, "direct message")))


def install(tree: app_commands.CommandTree) -> None:
    tree.error(on_app_command_error)
