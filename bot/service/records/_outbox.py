"""Delivering the outbox: the Discord layer takes pending events, sends them, and
reports success or failure; a failure is retried later with growing delays. Events
delivered longer ago than the age kept (`OUTBOX_KEEP_DAYS`) are deleted: everything a
game needs is in its own tables, and an outbox never pruned grows with every phase."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.events import Event, EventKind, add_event, decode
from bot.service.events import payloads as ev
from bot.service.kernel import NotFound, ServiceCore
from storage import queries
from storage.models import OutboxRow

MAX_RETRY_DELAY = timedelta(hours=1)
# Refusals that will not go away by waiting (a user who closed their DMs, a channel
# deleted) are tried this many times (over about five minutes), then given up and the
# GM told; an outage or a timeout is retried for as long as it lasts.
MAX_REFUSALS = 5
# An event handed out for delivery is not handed out again for this long, so two bot
# processes sharing a database do not both send it; if the process taking it dies,
# it is offered again afterwards.
DELIVERY_LEASE = timedelta(seconds=60)
# The delivery loop asks every round; the outbox is pruned at most this often.
PRUNE_INTERVAL = timedelta(hours=1)
# Events deleted per transaction: a first prune of a large outbox never holds the
# database for long.
PRUNE_BATCH = 1000


class Outbox(ServiceCore):
    # When this service last pruned the outbox (`prune_outbox_hourly`).
    _outbox_pruned_at: datetime | None = None

    async def pending_events(self, now: datetime, limit: int = 50) -> tuple[Event, ...]:
        """Events due for (re)delivery, oldest first, leased to the caller: report each
        with `mark_delivered` or `mark_failed`; one neither is offered again after
        DELIVERY_LEASE."""
        async with self.transaction() as session:
            rows = await queries.outbox.pending(session, now, limit)
            for row in rows:
                row.next_attempt_at = now + DELIVERY_LEASE
            return tuple(_event(r) for r in rows)

    async def release_leases(self, now: datetime) -> int:
        """Offer again now the events leased to a process that no longer delivers: the
        delivering process before this one, dead or hung, will report none of them
        (docs/OPERATIONS.md, "One allowance for the whole bot"), and waiting out their
        lease would lose a minute. A failed event waiting its retry (10 s to a minute) is
        offered at once as well, which does no harm. Returns how many."""
        async with self.transaction() as session:
            return await queries.outbox.release_leases(session, now, DELIVERY_LEASE)

    async def mark_delivered(self, event_id: int, now: datetime) -> None:
        async with self.transaction() as session:
            row = await session.get(OutboxRow, event_id)
            if row is None:
                raise NotFound(f"No event {event_id}.")
            row.delivered_at = now
            row.attempts += 1

    async def mark_step(
        self, event_id: int, steps_done: int, sent: tuple[int, int] | None = None
    ) -> None:
        """One more step of an event done (and the message it sent, if any): a retry
        resumes after it."""
        async with self.transaction() as session:
            row = await session.get(OutboxRow, event_id)
            if row is None:
                raise NotFound(f"No event {event_id}.")
            row.steps_done = steps_done
            if sent is not None:
                row.sent = [*(row.sent or []), [str(sent[0]), str(sent[1])]]

    async def mark_failed(
        self, event_id: int, error: str, now: datetime, *, refused: bool = False
    ) -> None:
        """Record a failed delivery; it is offered again after 10 s, 20 s, 40 s, … ≤ 1 h.
        `refused`: Discord refused it for good (closed DMs, a deleted channel): after
        MAX_REFUSALS such attempts the event is given up and the game's channel told."""
        async with self.transaction() as session:
            row = await session.get(OutboxRow, event_id)
            if row is None:
                raise NotFound(f"No event {event_id}.")
            row.attempts += 1
            row.last_error = error[:2000]
            delay = min(timedelta(seconds=10 * 2 ** min(row.attempts - 1, 12)), MAX_RETRY_DELAY)
            row.next_attempt_at = now + delay
            if refused and row.attempts >= MAX_REFUSALS:
                await self._give_up(session, row, now)

    async def _give_up(self, session, row: OutboxRow, now: datetime) -> None:
        """No more attempts; the game's channel is told, for its GM."""
        row.given_up_at = row.delivered_at = now
        if row.kind == EventKind.DELIVERY_FAILED or row.game_id is None:
            return  # the notice itself could not be posted: nothing more to try
        game = await queries.games.get(session, row.game_id)
        if game is None:
            return
        failed = ev.DeliveryFailed(
            kind=row.kind, user=row.user_id, error=(row.last_error or "")[:200]
        )
        add_event(session, failed, now, game_id=game.id, channel_id=game.channel_id)

    async def ballot_messages(self, game_id: int, vote_id: int) -> tuple[tuple[int, int], ...]:
        """(channel id, message id) of the ballots a vote sent (for disabling them)."""
        async with self.transaction() as session:
            rows = await queries.outbox.sent_for(
                session, game_id, EventKind.VOTE_OPENED, "vote_id", vote_id
            )
            return tuple((int(c), int(m)) for row in rows for c, m in row.sent or ())

    async def prune_outbox(self, now: datetime, keep: timedelta) -> int:
        """Delete the events delivered before `now - keep`; an event still to be
        delivered is never deleted, however old. Returns how many were deleted."""
        deleted = 0
        while True:
            async with self.core_transaction() as conn:
                batch = await queries.outbox.prune(conn, now - keep, PRUNE_BATCH)
            deleted += batch
            if batch < PRUNE_BATCH:
                return deleted

    async def prune_outbox_hourly(self, now: datetime, keep_days: float) -> int:
        """`prune_outbox`, keeping `keep_days` days of delivered events, unless this
        service did so less than PRUNE_INTERVAL ago (then nothing is read at all)."""
        last = self._outbox_pruned_at
        if last is not None and last <= now < last + PRUNE_INTERVAL:
            return 0
        self._outbox_pruned_at = now
        return await self.prune_outbox(now, timedelta(days=keep_days))


def _event(row: OutboxRow) -> Event:
    return Event(
        id=row.id,
        kind=EventKind(row.kind),
        game_id=row.game_id,
        channel_id=row.channel_id,
        user_id=row.user_id,
        payload=decode(EventKind(row.kind), row.payload),
        created_at=row.created_at,
        attempts=row.attempts,
        steps_done=row.steps_done,
    )
