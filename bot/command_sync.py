"""Registering the slash commands with Discord only when they changed.

Discord counts command creations ("There is a global rate limit of 200 application
command creates per day, per guild", application-commands, Registering a Command), and
every start of every process used to send the whole tree again. Now the hash of the
tree and the scope it was registered in (global, or the development server of
`DEV_GUILD_ID`) are kept in the database (`bot_state`); a start syncs only when either
differs, or when asked (`python -m bot sync`).

One scope at a time: with a development server the commands go there (they appear at
once) and the global set is emptied; without one they go global and the development
server used before, if any, is emptied. Otherwise a server would show every command
twice after switching (issue 19: "switching scope leaves the other scope's commands
behind").
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.service import GameService
from storage import bot_state

log = logging.getLogger(__name__)

STATE_KEY = "slash_commands"


def tree_payload(tree: discord.app_commands.CommandTree) -> list[dict]:
    """The global commands as Discord receives them, in a stable order."""
    payload = [command.to_dict(tree) for command in tree.get_commands()]
    return sorted(payload, key=lambda c: (c.get("type", 1), c["name"]))


def tree_hash(payload: list[dict]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SyncOutcome:
    """What a start (or `python -m bot sync`) did about the commands."""

    synced: bool
    scope: str  # "global" or "server <id>"
    cleared: tuple[str, ...] = ()  # scopes emptied
    why: str = ""

    def describe(self) -> str:
        if not self.synced:
            return f"slash commands unchanged ({self.scope}); not registered again"
        text = f"slash commands registered ({self.scope}; {self.why})"
        if self.cleared:
            text += "; emptied: " + ", ".join(self.cleared)
        return text


def _scope(guild_id: int | None) -> str:
    return "global" if guild_id is None else f"server {guild_id}"


async def sync_commands(
    tree: discord.app_commands.CommandTree,
    service: GameService,
    guild_id: int | None,
    now: datetime,
    *,
    force: bool = False,
) -> SyncOutcome:
    """Register the tree with Discord if it changed since the last time (or `force`),
    in the scope asked for (the development server `guild_id`, or global when None),
    emptying the other scope; record what was done in the service's database. Needs a
    logged-in client (REST only: no gateway session)."""
    payload = tree_payload(tree)
    digest = tree_hash(payload)
    async with service.store.transaction() as session:
        last = await bot_state.get(session, STATE_KEY)
    last_guild = None if last is None else last.get("guild")
    if force:
        why = "asked for"
    elif last is None:
        why = "first registration from this database"
    elif last.get("hash") != digest:
        why = "the commands changed"
    elif last_guild != guild_id:
        why = f"the scope changed from {_scope(last_guild)}"
    else:
        return SyncOutcome(False, _scope(guild_id))

    cleared: list[str] = []
    if guild_id is not None:
        guild = discord.Object(guild_id)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)
        # The global set is emptied every time (one request): a database that has no
        # record cannot know whether an older start registered commands globally.
        await _empty(tree.client, None)
        cleared.append(_scope(None))
    else:
        await tree.sync()
    if last_guild is not None and last_guild != guild_id and await _empty(tree.client, last_guild):
        cleared.append(_scope(last_guild))
    async with service.store.transaction() as session:
        await bot_state.put(session, STATE_KEY, {"hash": digest, "guild": guild_id}, now)
    outcome = SyncOutcome(True, _scope(guild_id), tuple(cleared), why)
    log.info("%s", outcome.describe())
    return outcome


async def _empty(client: discord.Client, guild_id: int | None) -> bool:
    """Remove every command of one scope. A server the bot has left cannot be emptied
    (and need not be): logged, not fatal."""
    assert client.application_id is not None
    try:
        if guild_id is None:
            await client.http.bulk_upsert_global_commands(client.application_id, payload=[])
        else:
            await client.http.bulk_upsert_guild_commands(
                client.application_id, guild_id, payload=[]
            )
    except (discord.Forbidden, discord.NotFound) as exc:
        log.warning("could not empty the commands of %s: %r", _scope(guild_id), exc)
        return False
    return True
