"""The delivery loop's side of the lead: one process of the bot delivers the outbox
(the service's `Leadership`, an advisory lock on PostgreSQL; on SQLite the one process).

Every process adjudicates what falls due and answers its players; the leader alone
sends the outbox, so that a burst is sent by one loop, each game's messages in order.
A process that takes the lead is handed at once the events its predecessor had taken
and will never report (`Outbox.release_leases`); a follower asks for the lead every
`POLL` seconds, so when the leader dies the time lost is about a second, and when it
hangs, the lead's lease (`LEAD_LEASE`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from datetime import datetime

from bot.service.app import Leadership
from bot.service.records import Outbox

log = logging.getLogger(__name__)

# How often a process that does not deliver asks for the lead.
POLL = 1.0


class Lead:
    def __init__(
        self, leadership: Leadership, outbox: Outbox, clock: Callable[[], datetime]
    ) -> None:
        self.leadership = leadership
        self.outbox = outbox
        self.clock = clock
        self._held = False

    @property
    def leads(self) -> bool:
        """Whether this process may send the outbox now (asks nothing of the database)."""
        return self.leadership.leads

    async def take(self) -> bool:
        """Keep or take the lead; having just taken it, release the events the process
        before had leased. True when this process delivers."""
        leads = await self.leadership.take()
        if leads and not self._held:
            released = await self.outbox.release_leases(self.clock())
            log.info("this process delivers for the whole bot now (%d events taken over)", released)
        self._held = leads
        return leads

    async def pause(self, seconds: float, wake: asyncio.Event) -> None:
        """Wait between rounds: `seconds`, or until `wake` is set; a process that does
        not lead asks for the lead every POLL seconds meanwhile and ends the pause as
        soon as it has it (its first round then delivers what the dead leader left)."""
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            step = left if self.leads else min(left, POLL)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), step)
            if wake.is_set():
                return
            if not self.leads and await self.take():
                return

    async def step_down(self) -> None:
        self._held = False
        await self.leadership.step_down()
