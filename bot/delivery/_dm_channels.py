"""Each user's DM channel with the bot, so that a DM costs one request (issue 32).

Discord answers a DM channel's id to Create DM (and shows it with every DM a user sends
the bot); a message then goes to that id. discord.py remembers 128 DM channels at most
and opens the rest again (two requests a DM), and nothing after a restart. Here the id
is kept in the database (`service.reach.dm_channel…`, shared by every process and
kept across restarts) and in memory once read, one entry a user.

One per bot process, held by the delivery loop (`Delivery.dm_channels`); the `Sender`
reads it, and cogs/orders.py tells it the channel of each DM it receives.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service import GameService


class DmChannels:
    def __init__(self, service: GameService, clock: Callable[[], datetime]) -> None:
        self.service = service
        self.clock = clock
        self._known: dict[int, int] = {}  # user id → DM channel id

    async def of(self, user_id: int) -> int | None:
        """The user's DM channel, if Discord gave one (to this process or another)."""
        known = self._known.get(user_id)
        if known is None:
            known = await self.service.reach.dm_channel(user_id)
            if known is not None:
                self._known[user_id] = known
        return known

    async def opened(self, user_id: int, channel_id: int) -> None:
        """Discord answered this channel for the user (Create DM, or a DM of theirs)."""
        if self._known.get(user_id) == channel_id:
            return
        self._known[user_id] = channel_id
        await self.service.reach.dm_channel_opened(user_id, channel_id, self.clock())

    async def seen(self, user_id: int, channel_id: int) -> None:
        """The user wrote to the bot in `channel_id`: kept, unless it is so already (the
        first DM of each user in a process costs a read, the others nothing)."""
        if await self.of(user_id) != channel_id:
            await self.opened(user_id, channel_id)

    async def gone(self, user_id: int, channel_id: int) -> None:
        """Discord says the channel is gone (404 10003): the next DM opens another."""
        if self._known.get(user_id) == channel_id:
            del self._known[user_id]
        await self.service.reach.dm_channel_gone(user_id, channel_id)
