"""The Discord client: a `commands.Bot` holding the resources the launcher made.

Nothing here is global: `python -m bot` (or a test) builds the settings and the
service, hands them in, and the cogs reach them through `interaction.client`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import discord
from discord.ext import commands

from bot import errors_handler
from bot.delivery import Delivery
from bot.lookups import GameLookups
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.settings import Settings
from bot.talk_threads import TalkThreads
from bot.vote_buttons import VoteButton

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_SECONDS = 10.0
EXTENSIONS = ("cogs.lobby", "cogs.orders", "cogs.diplomacy", "cogs.votes", "cogs.gm")


def utc_now() -> datetime:
    return datetime.now(UTC)


def gateway_intents() -> discord.Intents:
    """The least the bot needs. `guilds`: channels, threads and the interactions'
    context; `dm_messages`: orders sent by DM, whose text Discord delivers without
    the privileged message-content intent. No members or presence intents: slash
    commands carry the member who used them."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.dm_messages = True
    return intents


class DipBot(commands.Bot):
    """dipgm's bot. `clock` gives the current UTC time (tests move it forward)."""

    def __init__(
        self,
        settings: Settings,
        service: GameService,
        *,
        lookups: GameLookups | None = None,
        clock: Callable[[], datetime] = utc_now,
        extensions: Sequence[str] = EXTENSIONS,
        sync_commands: bool = True,
        run_delivery: bool = True,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=gateway_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.service = service
        self.clock = clock
        self.lookups = lookups or GameLookups(service, palette=settings.map_palette)
        self.scheduler = Scheduler(service)
        self.threads = TalkThreads(self)
        self.delivery = Delivery(
            self,
            self.scheduler,
            self.lookups,
            clock,
            interval=settings.tick_seconds,
            heartbeat=settings.heartbeat_file,
        )
        self._extensions = tuple(extensions)
        self._sync_commands = sync_commands
        self._run_delivery = run_delivery
        self._delivery_task: asyncio.Task[None] | None = None
        errors_handler.install(self.tree)

    def now(self) -> datetime:
        return self.clock()

    def is_server_gm(self, user: discord.abc.User) -> bool:
        """Holds the server's GM role (by the configured name). The service decides
        what that allows; this only reports the fact."""
        roles = getattr(user, "roles", ())
        return any(role.name == self.settings.gm_role_name for role in roles)

    async def setup_hook(self) -> None:
        for name in self._extensions:
            await self.load_extension(name)
        self.add_dynamic_items(VoteButton)
        if self._sync_commands:
            await self.sync_app_commands()
        if self._run_delivery:
            self._delivery_task = asyncio.create_task(self.delivery.run(), name="dipgm-delivery")

    async def sync_app_commands(self) -> None:
        """With a development guild, commands appear there at once; globally they
        may take up to an hour to reach every server."""
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if self._delivery_task is not None:
            # Let a round in progress finish its transaction; cancel only a round that
            # hangs, or a loop that is merely waiting.
            self.delivery.stop()
            if self.delivery.in_round:
                await asyncio.wait({self._delivery_task}, timeout=SHUTDOWN_GRACE_SECONDS)
            self._delivery_task.cancel()
            await asyncio.gather(self._delivery_task, return_exceptions=True)
            self._delivery_task = None
        await super().close()
