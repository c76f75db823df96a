"""Which process of the bot delivers the outbox to Discord: one at a time.

On PostgreSQL several processes share the database (shards, scheduler-only workers, a
restarted one beside an old one). Each adjudicates what falls due, but only the leader
sends the outbox, so that one process paces a burst and each game's messages go out in
order. The lead is an advisory lock (storage/lead_lock.py): it goes with the process
that holds it when that process dies, and `lease` seconds after it hangs. On SQLite
there is one process, which always leads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from bot.service.kernel import Store
from storage.lead_lock import LeadLock

log = logging.getLogger(__name__)

# A hung leader is replaced this long after its last sign of life; a dead one at once.
LEAD_LEASE = 5.0
# The leader shows it is alive this many times a lease.
KEEPALIVES_PER_LEASE = 4


class Leadership:
    """`take()` asks for the lead (and keeps it while held); `leads` says, without
    asking the database, whether this process may still deliver: true only while a
    keepalive sent less than `lease` ago found the lock held, which is before the server
    could have ended the session and let another process take it."""

    def __init__(
        self,
        store: Store,
        *,
        lease: float = LEAD_LEASE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.lease = lease
        self.clock = clock
        self.shared = store.db.dialect.name == "postgresql"
        self._lock = LeadLock(store.db, lease) if self.shared else None
        self._keepalive: asyncio.Task[None] | None = None
        self._taken = False  # SQLite: the one process leads from its first `take`

    @property
    def leads(self) -> bool:
        if self._lock is None:
            return self._taken
        return self._lock.held and self.clock() < self._lock.confirmed_at + self.lease

    async def take(self) -> bool:
        """True when this process leads: it held the lead, or has just taken it."""
        if self._lock is None:
            self._taken = True
            return True
        if self.leads:
            return True
        if not await self._lock.take():
            return False
        if self._keepalive is None or self._keepalive.done():
            self._keepalive = asyncio.create_task(self._keep(), name="dipgm-lead-keepalive")
        return True

    async def step_down(self) -> None:
        """Give the lead up (on shutdown): another process may take it at once."""
        self._taken = False
        if self._keepalive is not None:
            self._keepalive.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keepalive
            self._keepalive = None
        if self._lock is not None:
            await self._lock.dispose()

    async def _keep(self) -> None:
        assert self._lock is not None
        while await self._lock.keep():
            await asyncio.sleep(self.lease / KEEPALIVES_PER_LEASE)
        log.warning("this process no longer leads: another may deliver now")
