"""One delivering process for the whole bot (issue 32): on PostgreSQL the process holding
a session advisory lock delivers; when it dies (kill -9) or hangs, another takes over
within seconds and is handed at once the events the dead one had taken.

The dying and the hanging are real: a child process takes the lead, then is killed
with SIGKILL, or blocks its event loop (`time.sleep`), as a hung process would.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.app import Leadership
from tests.conftest import T0
from tests.service.conftest import started_game

ROOT = Path(__file__).resolve().parents[2]
ON_POSTGRES = pytest.mark.parametrize("migrated_db_url", ["postgresql"], indirect=True)

# A process that takes the lead, says so, then either waits (its event loop free, so
# its keepalive runs) or blocks its event loop for good, as a hung process does.
CHILD = """
import asyncio, sys, time
from bot.service import open_service
from bot.service.app import Leadership

async def main(url, hang):
    service = await open_service(url)
    leadership = Leadership(service.store, lease=1.0)
    assert await leadership.take()
    print("leading", flush=True)
    if hang == "hang":
        time.sleep(60)
    await asyncio.sleep(60)

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


@asynccontextmanager
async def other_process(url: str, how: str) -> AsyncIterator[subprocess.Popen[str]]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, url, how],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = await asyncio.to_thread(child.stdout.readline)
        assert line.strip() == "leading", line
        yield child
    finally:
        child.kill()
        child.wait(10)


async def until_it_leads(leadership: Leadership, within: float) -> float:
    """Seconds until `leadership` takes the lead, asking as the delivery loop does."""
    start = time.monotonic()
    while not await leadership.take():
        assert time.monotonic() - start < within, f"not leading after {within} s"
        await asyncio.sleep(0.1)
    return time.monotonic() - start


@pytest.mark.parametrize("migrated_db_url", ["sqlite"], indirect=True)
async def test_on_sqlite_the_one_process_always_leads(service: GameService) -> None:
    leadership = Leadership(service.store)
    assert not leadership.shared
    assert await leadership.take() and leadership.leads
    await leadership.step_down()


@ON_POSTGRES
async def test_one_process_leads_at_a_time_and_hands_over_when_it_steps_down(
    service: GameService, another_process: GameService
) -> None:
    first, other = Leadership(service.store), Leadership(another_process.store)
    assert first.shared and other.shared
    assert await first.take() and first.leads
    assert await first.take(), "asking again keeps the lead"
    assert not await other.take() and not other.leads
    await first.step_down()
    assert not first.leads
    assert await other.take() and other.leads
    assert not await first.take()
    await other.step_down()
    await first.step_down()


@ON_POSTGRES
async def test_a_killed_leader_is_replaced_within_a_second(
    service: GameService, migrated_db_url: str
) -> None:
    """kill -9 closes the leader's connection; PostgreSQL ends its session and frees the
    lock at once: the next process to ask leads."""
    follower = Leadership(service.store, lease=1.0)
    async with other_process(migrated_db_url, "wait") as leader:
        assert not await follower.take()
        await asyncio.sleep(1.5)  # the leader keeps its lead past a lease while alive
        assert not await follower.take()
        os.kill(leader.pid, signal.SIGKILL)
        assert await until_it_leads(follower, within=5) < 1.5
    await follower.step_down()


@ON_POSTGRES
async def test_a_hung_leader_is_replaced_after_its_lease(
    service: GameService, migrated_db_url: str
) -> None:
    """A leader whose event loop is blocked sends no keepalive: PostgreSQL ends its idle
    session after the lease (`idle_session_timeout`), which frees the lock."""
    follower = Leadership(service.store, lease=1.0)
    async with other_process(migrated_db_url, "hang"):
        assert not await follower.take()
        waited = await until_it_leads(follower, within=10)
        assert 0.5 < waited < 4.0
    await follower.step_down()


@ON_POSTGRES
async def test_a_leader_whose_session_ended_knows_it_leads_no_more(
    service: GameService, another_process: GameService
) -> None:
    """The leader's own session ended (the server restarted, or timed it out after a
    hang the process has woken from): within a lease it stops counting itself leader,
    and asking again finds the lock taken by the process that took over."""
    first, other = (
        Leadership(service.store, lease=1.0),
        Leadership(another_process.store, lease=1.0),
    )
    assert await first.take()
    await end_the_lock_holders_session(another_process)
    assert await until_it_leads(other, within=5) < 1.5
    started = time.monotonic()
    while first.leads:
        assert time.monotonic() - started < 2.0, "still counting itself leader"
        await asyncio.sleep(0.05)
    assert not await first.take()
    await other.step_down()
    await first.step_down()


async def end_the_lock_holders_session(service: GameService) -> None:
    from sqlalchemy import text

    async with service.store.db.connect() as conn:
        pids = (
            await conn.execute(
                text("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted")
            )
        ).scalars()
        for pid in list(pids):
            await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        await conn.commit()


async def test_a_new_leader_is_handed_the_events_its_predecessor_had_taken(
    service: GameService, another_process: GameService
) -> None:
    """The events a dead leader had taken stay leased (DELIVERY_LEASE) to nobody; the
    process that takes the lead releases them, so that the time lost is the lead's lease,
    not the events' one. Held and delivered events stay as they are."""
    await started_game(service)
    taken = await service.outbox.pending_events(T0, limit=100)
    assert len(taken) == 8
    await service.outbox.mark_delivered(taken[0].id, T0)
    later = T0 + timedelta(seconds=2)
    assert await another_process.outbox.pending_events(later) == ()  # leased to the dead one
    released = await another_process.outbox.release_leases(later)
    assert released == 7
    again = await another_process.outbox.pending_events(later, limit=100)
    assert [e.id for e in again] == [e.id for e in taken[1:]], "in the outbox's order"
    assert all(e.attempts == 0 for e in again)
