"""Sharding in the fake: several gateway sessions of one bot, as several processes
(or one AutoShardedBot) open them, and a bot that never opens one.

topics/gateway, Sharding: "shard_id = (guild_id >> 22) % num_shards"; "DMs will only
be sent to shard 0". A session identifies with ``shard: [shard_id, num_shards]``
(none: shard 0 of 1). Guild events go to the session holding the guild's shard, the
rest (DMs, DM interactions) to shard 0's. Discord closes a session whose shard is
out of range with 4010 ("Invalid shard") — so does the fake — and a second session
for a shard that is already connected replaces the first, as a reconnection would.

``run_without_gateway(fake, bot)`` logs a bot in over REST only (a scheduler-only
process) and fails the block, as ``run_bot`` does, on what the bot did wrong.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord.http import Route

from .capture import ErrorCollector
from .driver import Driver

if TYPE_CHECKING:
    from .gateway import GatewaySession
    from .server import FakeDiscord
    from .state import FakeGuild

# opcodes-and-status-codes: "4010 Invalid shard: You sent an invalid shard when
# identifying."
INVALID_SHARD = 4010


def shard_for_guild(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


def bot_holds(bot: discord.Client, guild_id: int) -> bool:
    """Whether ``bot``'s sessions receive ``guild_id``'s events (True unsharded)."""
    count = bot.shard_count or 1
    ids = getattr(bot, "shard_ids", None)
    if ids is None:
        ids = [bot.shard_id or 0] if bot.shard_count else range(count)
    return shard_for_guild(guild_id, count) in ids


class Shards:
    """The identified sessions, by shard id."""

    def __init__(self) -> None:
        self.by_id: dict[int, GatewaySession] = {}
        self.count = 1

    def identify(self, session: GatewaySession, shard: Any) -> bool:
        """Record ``session`` under the shard it asked for; False when the shard is
        invalid (the caller closes with INVALID_SHARD)."""
        shard_id, count = (0, 1) if shard is None else (int(shard[0]), int(shard[1]))
        if count < 1 or not 0 <= shard_id < count:
            return False
        if self.by_id and count != self.count and set(self.by_id) != {shard_id}:
            return False  # one shard count for all the bot's sessions
        self.count = count
        session.shard_id = shard_id
        self.by_id[shard_id] = session
        return True

    def drop(self, session: GatewaySession) -> None:
        shard_id = getattr(session, "shard_id", None)
        if shard_id is not None and self.by_id.get(shard_id) is session:
            del self.by_id[shard_id]

    def holds(self, session: GatewaySession, guild_id: int) -> bool:
        return shard_for_guild(guild_id, self.count) == getattr(session, "shard_id", 0)

    def guilds_of(self, session: GatewaySession, guilds: Iterable[FakeGuild]) -> list[FakeGuild]:
        return [g for g in guilds if self.holds(session, g.id)]

    def session_for(self, event: str, data: Any) -> GatewaySession | None:
        """The session an event goes to: its guild's shard, else shard 0."""
        guild_id = _guild_of(event, data)
        shard_id = 0 if guild_id is None else shard_for_guild(guild_id, self.count)
        return self.by_id.get(shard_id)

    def any(self) -> GatewaySession | None:
        return next(iter(self.by_id.values()), None)


def _guild_of(event: str, data: Any) -> int | None:
    if not isinstance(data, dict):
        return None
    raw = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data else None
    raw = data.get("guild_id") or raw
    return int(raw) if raw else None


@contextlib.asynccontextmanager
async def run_without_gateway(fake: FakeDiscord, bot: discord.Client) -> AsyncIterator[Driver]:
    """Log ``bot`` in over REST (``setup_hook`` runs) without a gateway session; on exit
    close it and fail on any handler exception or violation, as ``run_bot`` does."""
    saved = Route.BASE
    Route.BASE = fake.base_url
    collector = ErrorCollector(on_error=fake.world.changes.notify)
    collector.install(bot)
    driver = Driver(fake, bot, collector)
    failure: BaseException | None = None
    try:
        await bot.login(fake.world.token)
        yield driver
    except BaseException as exc:
        failure = exc
        raise
    finally:
        await bot.close()
        collector.uninstall()
        Route.BASE = saved
        problems = driver.problems()
        if problems and failure is not None:
            failure.add_note(problems)
        elif problems:
            raise AssertionError(problems)
