from __future__ import annotations

from datetime import timedelta

from bot.service.events import EventKind
from bot.service.records._outbox import DELIVERY_LEASE
from tests.conftest import T0
from tests.service.conftest import started_game


async def test_events_are_leased_delivered_once_and_failures_retried(service):
    await started_game(service)
    first = await service.outbox.pending_events(T0, limit=100)
    assert len(first) == 8 and first[0].kind is EventKind.GAME_STARTED
    # Leased: a second process asking at once gets nothing.
    assert await service.outbox.pending_events(T0) == ()
    for event in first[1:]:
        await service.outbox.mark_delivered(event.id, T0)
    await service.outbox.mark_failed(first[0].id, "HTTP 503", T0)
    assert await service.outbox.pending_events(T0 + timedelta(seconds=9)) == ()
    again = await service.outbox.pending_events(T0 + timedelta(seconds=10))
    assert [e.id for e in again] == [first[0].id] and again[0].attempts == 1
    # Taken but never reported (the process died): offered again after the lease.
    later = T0 + timedelta(seconds=10) + DELIVERY_LEASE
    assert [e.id for e in await service.outbox.pending_events(later)] == [first[0].id]
    await service.outbox.mark_delivered(first[0].id, later)
    assert await service.outbox.pending_events(later + timedelta(days=1)) == ()
