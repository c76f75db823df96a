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

from bot.command_sync import SyncOutcome, sync_commands
from bot.delivery import Allowance, Delivery, SharedAllowance, paced
from bot.health import GatewayWatch
from bot.service import GameService
from bot.service.app import AllowanceLedger, Leadership, Scheduler
from bot.service.records import GameLookups
from bot.settings import Settings
from bot.ui import RollCallButton, ScoreButton, TalkThreads, VoteButton, install_error_handler

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_SECONDS = 10.0
EXTENSIONS = (
    "cogs.lobby",
    "cogs.records",  # adds to the lobby's /game group: after it
    "cogs.orders",
    "cogs.diplomacy",
    "cogs.votes",
    "cogs.gm",
    "cogs.watch",  # adds to /game and /gm: after cogs.lobby and cogs.gm
    "cogs.ratings",
    "cogs.settings",
    "cogs.absence",
    "cogs.pause",
    "cogs.notes",
    "cogs.sandbox",
    "cogs.help",
)


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


def _silence_voice_warnings() -> None:
    """discord.py warns at every client's start that voice needs PyNaCl and davey;
    dipgm never joins a voice channel, so the warning only alarms server owners."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def _leadership_and_allowance(
    service: GameService,
) -> tuple[Leadership, Allowance | SharedAllowance]:
    """One process of those sharing the database delivers (`leadership`); every
    request of any of them waits for the bot's one allowance under Discord's global
    limit (bot/delivery/_allowance.py), in memory alone on SQLite."""
    leadership = Leadership(service.store)
    allowance = (
        SharedAllowance(AllowanceLedger(service.store)) if leadership.shared else Allowance()
    )
    return leadership, allowance


def _gateway_watch(settings: Settings, run_delivery: bool) -> GatewayWatch | None:
    """What the health check reads of the gateway sessions (bot/health.py), kept by the
    process that delivers. Without a gateway, that process removes the gateway file an
    earlier run left: a scheduler-only process is judged by its heartbeat alone."""
    if settings.gateway and run_delivery:
        return GatewayWatch(settings.heartbeat_file, settings.process_shards or (0,))
    if run_delivery:
        GatewayWatch.remove(settings.heartbeat_file)
    return None


class DipBot(commands.Bot):
    """dipgm's bot. `clock` gives the current UTC time (tests move it forward).

    Settings decide how it meets Discord: one gateway session (the default), the one
    shard of `SHARD_IDS` (a process holding several is a `ShardedDipBot`, made by
    `make_bot`), or none at all (`GATEWAY=false`, `python -m bot --no-gateway`): then
    it only logs in over REST, adjudicates and delivers, and `serve_without_gateway`
    runs it. `force_sync`: register the slash commands even if unchanged."""

    def __init__(
        self,
        settings: Settings,
        service: GameService,
        *,
        lookups: GameLookups | None = None,
        clock: Callable[[], datetime] = utc_now,
        extensions: Sequence[str] = EXTENSIONS,
        sync_commands: bool = True,
        force_sync: bool = False,
        run_delivery: bool = True,
    ) -> None:
        _silence_voice_warnings()
        leadership, allowance = _leadership_and_allowance(service)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=gateway_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=paced(allowance),
            **self._shard_options(settings),
        )
        self.allowance = allowance
        self.settings = settings
        self.service = service
        self.clock = clock
        self.lookups = lookups or GameLookups(service, palette=settings.map_palette)
        self.scheduler = Scheduler(service)
        # The parts get what they need from here; none of them imports the client.
        self.threads = TalkThreads(self, service, clock)
        self.delivery = Delivery(
            self,
            service,
            self.scheduler,
            self.lookups,
            self.threads,
            clock,
            interval=settings.tick_seconds,
            heartbeat=settings.heartbeat_file,
            outbox_keep_days=settings.outbox_keep_days,
            leadership=leadership,
        )
        self._extensions = tuple(extensions)
        self._sync_commands = sync_commands
        self._force_sync = force_sync
        self._run_delivery = run_delivery
        self._delivery_task: asyncio.Task[None] | None = None
        self._closed = asyncio.Event()
        self.sync_outcome: SyncOutcome | None = None
        self.gateway_watch = _gateway_watch(settings, run_delivery)
        install_error_handler(self.tree)

    def _shard_options(self, settings: Settings) -> dict:
        shards = settings.process_shards
        if shards is None or not settings.gateway:
            return {}
        if isinstance(self, commands.AutoShardedBot):
            return {"shard_count": settings.shard_count, "shard_ids": list(shards)}
        if len(shards) != 1:
            raise ValueError("a process holding several shards is a ShardedDipBot (make_bot)")
        return {"shard_id": shards[0], "shard_count": settings.shard_count}

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
        self.add_dynamic_items(VoteButton, ScoreButton, RollCallButton)
        if self._sync_commands:
            await self.sync_app_commands(force=self._force_sync)
        if self._run_delivery:
            self._delivery_task = asyncio.create_task(self.delivery.run(), name="dipgm-delivery")

    async def sync_app_commands(self, *, force: bool = False) -> SyncOutcome:
        """Register the slash commands if they changed since the database last recorded
        it (bot/command_sync.py); with a development guild they appear there at once,
        globally they may take up to an hour to reach every server."""
        self.sync_outcome = await sync_commands(
            self.tree, self.service, self.settings.dev_guild_id, self.now(), force=force
        )
        return self.sync_outcome

    async def wait_until_ready(self) -> None:
        """Without a gateway there is nothing to wait for once logged in."""
        if self.settings.gateway:
            await super().wait_until_ready()

    async def serve_without_gateway(self, token: str) -> None:
        """Scheduler-only: log in over REST (which runs `setup_hook`, so the delivery
        loop starts) and run until `close()`. No gateway session is opened, so this
        process takes no commands and no DMs; another process (holding shard 0, for
        DMs) does."""
        assert not self.settings.gateway
        await self.login(token)
        await self._closed.wait()

    # --- the gateway sessions, for the health check (bot/health.py) -------------------

    async def on_connect(self) -> None:
        if not isinstance(self, commands.AutoShardedBot) and self.gateway_watch:
            self.gateway_watch.connected(self.shard_id)

    async def on_resumed(self) -> None:
        await self.on_connect()

    async def on_disconnect(self) -> None:
        if not isinstance(self, commands.AutoShardedBot) and self.gateway_watch:
            self.gateway_watch.disconnected(self.shard_id)

    async def on_shard_connect(self, shard_id: int) -> None:
        if self.gateway_watch:
            self.gateway_watch.connected(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        await self.on_shard_connect(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        if self.gateway_watch:
            self.gateway_watch.disconnected(shard_id)

    async def close(self) -> None:
        if self._delivery_task is not None:
            # Let a round in progress finish its transaction and the events being sent
            # (it begins no other); cancel only a round that hangs, or a loop that is
            # merely waiting.
            self.delivery.close()
            if self.delivery.in_round:
                await asyncio.wait({self._delivery_task}, timeout=SHUTDOWN_GRACE_SECONDS)
            self._delivery_task.cancel()
            await asyncio.gather(self._delivery_task, return_exceptions=True)
            self._delivery_task = None
        await super().close()
        self._closed.set()


class ShardedDipBot(DipBot, commands.AutoShardedBot):
    """dipgm's bot holding several shards in one process (discord.py's
    AutoShardedBot): one gateway session per shard of `SHARD_IDS`."""


def make_bot(settings: Settings, service: GameService, **kwargs) -> DipBot:
    """The bot class the settings call for: sharded when this process holds several
    shards, plain otherwise (one shard, no sharding, or no gateway at all)."""
    shards = settings.process_shards
    if settings.gateway and shards is not None and len(shards) > 1:
        return ShardedDipBot(settings, service, **kwargs)
    return DipBot(settings, service, **kwargs)
