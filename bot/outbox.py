"""Delivering the outbox: the Discord layer takes pending events, sends them, and
reports success or failure; a failure is retried later with growing delays."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.errors import NotFound
from bot.events import Event, EventKind
from bot.service_core import ServiceCore
from storage import repo
from storage.models import OutboxRow

MAX_RETRY_DELAY = timedelta(hours=1)
# An event handed out for delivery is not handed out again for this long, so two bot
# processes sharing a database do not both send it; if the process taking it dies,
# it is offered again afterwards.
DELIVERY_LEASE = timedelta(seconds=60)


class Outbox(ServiceCore):
    async def pending_events(self, now: datetime, limit: int = 50) -> tuple[Event, ...]:
        """Events due for (re)delivery, oldest first, leased to the caller: report each
        with `mark_delivered` or `mark_failed`; one neither is offered again after
        DELIVERY_LEASE."""
        async with self.transaction() as session:
            rows = await repo.pending_outbox(session, now, limit)
            for row in rows:
                row.next_attempt_at = now + DELIVERY_LEASE
            return tuple(_event(r) for r in rows)

    async def mark_delivered(self, event_id: int, now: datetime) -> None:
        async with self.transaction() as session:
            row = await session.get(OutboxRow, event_id)
            if row is None:
                raise NotFound(f"No event {event_id}.")
            row.delivered_at = now
            row.attempts += 1

    async def mark_failed(self, event_id: int, error: str, now: datetime) -> None:
        """Record a failed delivery; it is offered again after 10 s, 20 s, 40 s, … ≤ 1 h."""
        async with self.transaction() as session:
            row = await session.get(OutboxRow, event_id)
            if row is None:
                raise NotFound(f"No event {event_id}.")
            row.attempts += 1
            row.last_error = error[:2000]
            delay = min(timedelta(seconds=10 * 2 ** min(row.attempts - 1, 12)), MAX_RETRY_DELAY)
            row.next_attempt_at = now + delay


def _event(row: OutboxRow) -> Event:
    return Event(
        id=row.id,
        kind=EventKind(row.kind),
        game_id=row.game_id,
        channel_id=row.channel_id,
        user_id=row.user_id,
        payload=dict(row.payload),
        created_at=row.created_at,
        attempts=row.attempts,
    )
