"""Discord's global limit belongs to the bot, not to a process (issue 32): on PostgreSQL
every process records the requests it makes in one ledger in the database, and none
makes one while `rate` others still count."""

from __future__ import annotations

import asyncio
import itertools
import time

import pytest

from bot.service import GameService
from bot.service.app import AllowanceLedger

pytestmark = pytest.mark.parametrize("migrated_db_url", ["postgresql"], indirect=True)


async def granted(
    ledger: AllowanceLedger, token: str, rate: int, counts_for: float
) -> tuple[float, float]:
    """Wait, as the delivery's allowance does, until the ledger grants `token`; returns
    when the granting call was made and when it returned (monotonic): the database's
    moment of the grant lies between the two."""
    while True:
        asked = time.monotonic()
        wait = await ledger.take(token, rate, counts_for)
        if wait <= 0:
            return asked, time.monotonic()
        await asyncio.sleep(wait)


def most_surely_within(grants: list[tuple[float, float]], window: float) -> int:
    """The most grants whose moment was certainly within one `window`: the call and its
    answer both inside it (a loaded host may answer late; that proves nothing)."""
    return max(
        sum(1 for asked, answered in grants if start <= asked and answered < start + window)
        for start, _ in grants
    )


async def test_two_processes_together_never_exceed_the_rate(
    service: GameService, another_process: GameService
) -> None:
    rate, counts_for = 10, 0.5
    ledgers = [AllowanceLedger(service.store), AllowanceLedger(another_process.store)]
    names = itertools.count()
    started = time.monotonic()
    grants = await asyncio.gather(
        *(granted(ledgers[n % 2], f"r{next(names)}", rate, counts_for) for n in range(30))
    )
    # 30 requests, 10 at a time for half a second each: three windows at least.
    assert time.monotonic() - started >= 2 * counts_for - 0.05
    assert most_surely_within(list(grants), counts_for) <= rate
    # Not vacuous: the first ten were granted together, within a window.
    assert most_surely_within(list(grants), counts_for * 4) >= rate


async def test_a_request_counts_until_it_is_answered_and_no_longer(
    service: GameService, another_process: GameService
) -> None:
    """A request counts from its grant for as long as asked; once answered it counts
    on for a set time from then (Discord counts it at a moment between the two)."""
    mine, theirs = AllowanceLedger(service.store), AllowanceLedger(another_process.store)
    assert await mine.take("slow", 1, 30.0) == 0
    wait = await theirs.take("next", 1, 1.0)
    assert 29.0 < wait <= 30.0, "the other process must wait while the first counts"
    await mine.count_until("slow", 0.2)  # answered: counts 0.2 s more
    assert await theirs.take("next", 1, 1.0) > 0
    await asyncio.sleep(0.25)
    assert await theirs.take("next", 1, 1.0) == 0
