"""The outbox is pruned: events delivered longer ago than the setting are deleted,
events still to deliver never are (issue "Trust", item 13)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.records import _outbox as outbox_module
from bot.settings import Settings
from tests.conftest import T0
from tests.service.conftest import outbox, started_game

DAY = timedelta(days=1)


async def deliver(service, events, at) -> None:
    for event in events:
        await service.outbox.mark_delivered(event.id, at)


async def test_delivered_events_older_than_the_age_kept_are_deleted(service):
    await started_game(service)
    events = await service.outbox.pending_events(T0, limit=100)
    assert len(events) == 8
    await deliver(service, events[:3], T0)
    await deliver(service, events[3:6], T0 + 20 * DAY)
    await service.outbox.mark_failed(events[6].id, "HTTP 503", T0)  # tried, still to deliver
    waiting = [e.id for e in events[6:]]

    assert await service.outbox.prune_outbox(T0 + 29 * DAY, timedelta(days=30)) == 0
    assert await service.outbox.prune_outbox(T0 + 35 * DAY, timedelta(days=30)) == 3
    assert [e.id for e in await outbox(service)] == [e.id for e in events[3:]]
    # Delivered exactly at the cutoff: not yet older than the age kept.
    assert await service.outbox.prune_outbox(T0 + 50 * DAY, timedelta(days=30)) == 0
    assert await service.outbox.prune_outbox(T0 + 50 * DAY, timedelta(days=29)) == 3
    # However old, an event not delivered stays, and is still offered.
    assert await service.outbox.prune_outbox(T0 + 999 * DAY, timedelta(0)) == 0
    assert [e.id for e in await outbox(service)] == waiting
    assert [e.id for e in await service.outbox.pending_events(T0 + 999 * DAY)] == waiting


async def test_a_large_outbox_is_pruned_in_batches(service, monkeypatch):
    monkeypatch.setattr(outbox_module, "PRUNE_BATCH", 3)
    await started_game(service)
    await deliver(service, await service.outbox.pending_events(T0, limit=100), T0)
    assert await service.outbox.prune_outbox(T0 + DAY, timedelta(0)) == 8
    assert await outbox(service) == ()


async def test_the_delivery_loop_prunes_at_most_hourly(service):
    await started_game(service)
    events = await service.outbox.pending_events(T0, limit=100)
    await deliver(service, events[:4], T0)
    assert await service.outbox.prune_outbox_hourly(T0 + 31 * DAY, keep_days=30) == 4
    await deliver(service, events[4:], T0 + DAY)
    # Within the hour: nothing is looked at, not even these.
    later = T0 + 31 * DAY + timedelta(minutes=59)
    assert await service.outbox.prune_outbox_hourly(later, keep_days=0) == 0
    assert len(await outbox(service)) == 4
    assert await service.outbox.prune_outbox_hourly(T0 + 31 * DAY + timedelta(hours=1), 0) == 4
    assert await outbox(service) == ()


def test_the_age_kept_is_a_setting(monkeypatch):
    monkeypatch.delenv("OUTBOX_KEEP_DAYS", raising=False)
    assert Settings(_env_file=None).outbox_keep_days == 30
    monkeypatch.setenv("OUTBOX_KEEP_DAYS", "7.5")
    assert Settings(_env_file=None).outbox_keep_days == 7.5
    for refused in ("-1", "1e12"):
        monkeypatch.setenv("OUTBOX_KEEP_DAYS", refused)
        with pytest.raises(ValueError):
            Settings(_env_file=None)
