"""The Discord layer's side of the service's reach desk (`service.reach`): what to do
when Discord refuses a DM because of its user, and noticing that user again.

One per bot process, held by the delivery loop (`Delivery.reach`). It keeps in memory
the users whose DMs are closed and the users something waits for (DMs held, or found
gone from a server), refreshed from the service every round, so that neither a DM sent
nor a command used costs a query for everyone else.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from bot.service.events import Event, EventKind
from bot.ui import NO_MUTUAL_GUILDS

if TYPE_CHECKING:
    from bot.service import GameService

# Events of no use once late: a DM of them refused by its user is dropped, not kept.
NOT_KEPT = frozenset({EventKind.REMINDER, EventKind.VOTE_OPENED})


class Unreachable(Exception):
    """Discord refused a DM because of its user (`bot.ui.DM_REFUSED` `code`)."""

    def __init__(self, user_id: int, code: int, error: str) -> None:
        super().__init__(error)
        self.user_id = user_id
        self.code = code
        self.error = error


class ReachWatch:
    def __init__(self, service: GameService, clock: Callable[[], datetime]) -> None:
        self.service = service
        self.clock = clock
        self.closed_dms: set[int] = set()
        self.waiting: set[int] = set()

    async def start(self) -> None:
        self.closed_dms = set(await self.service.reach.closed_dm_users())

    async def refresh(self) -> None:
        """Who to look out for, as the service (and other processes) left it."""
        self.waiting = set(await self.service.reach.waiting_users())

    async def held(self, group: list[Event], gone: Unreachable) -> None:
        """A DM refused because of its user: the user is marked, and the events held
        for their return (or dropped, NOT_KEPT), not retried."""
        await self.dm_refused(gone.user_id, gone.code, group[0].game_id)
        for event in group:
            keep = event.kind not in NOT_KEPT
            await self.service.reach.hold_event(
                event.id, gone.user_id, gone.error, self.clock(), keep=keep
            )

    async def dm_refused(self, user_id: int, code: int | None, game_id: int | None) -> None:
        """Discord refused a DM to the user (DM_REFUSED `code`): gone from every server
        the bot is in (their GMs told), or their DMs closed (they are told, once, in the
        channel of `game_id`, or of a game of theirs)."""
        now = self.clock()
        if code == NO_MUTUAL_GUILDS:
            await self.service.reach.player_gone(user_id, now)
        else:
            await self.service.reach.dms_closed(user_id, game_id, now)
            self.closed_dms.add(user_id)
        self.waiting.add(user_id)

    async def reached(self, user_id: int) -> None:
        """A DM reached the user: if their DMs were closed, they are open again."""
        if user_id in self.closed_dms:
            self.closed_dms.discard(user_id)
            await self.service.reach.dms_open(user_id)

    async def seen(self, user_id: int, guild_id: int | None) -> None:
        """The user used dipgm (a command, a button, a DM): what was held for them goes
        out on the next round, and they count as back in that server."""
        if user_id in self.waiting:
            self.waiting.discard(user_id)
            await self.service.reach.user_seen(user_id, guild_id, self.clock())
