"""The delivery loop prunes the outbox: events delivered more than OUTBOX_KEEP_DAYS
ago go, about once an hour; newer ones and those still to deliver stay."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select

from storage.models import OutboxRow
from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


async def outbox_rows(driver: Driver) -> list[OutboxRow]:
    async with driver.bot.service.store.transaction() as session:
        return list((await session.execute(select(OutboxRow).order_by(OutboxRow.id))).scalars())


async def until(condition, what: str) -> None:
    for _ in range(200):
        if await condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never saw {what}")


async def test_the_loop_deletes_events_delivered_more_than_30_days_ago(
    driver: Driver, clock
) -> None:
    assert driver.bot.settings.outbox_keep_days == 30
    await start_game(driver)

    async def all_delivered() -> bool:
        rows = await outbox_rows(driver)
        return bool(rows) and all(r.delivered_at is not None for r in rows)

    await until(all_delivered, "the start's events delivered")
    started = [r.id for r in await outbox_rows(driver)]
    await asyncio.sleep(0.3)  # rounds go by: nothing delivered today is pruned
    assert [r.id for r in await outbox_rows(driver)] == started

    # 29 days on, the first deadline has passed: its results go out, and the start's
    # events are not yet 30 days old.
    clock.advance(days=29)
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content)
    await asyncio.sleep(0.3)
    assert {r.id for r in await outbox_rows(driver)} > set(started)

    clock.advance(days=2)

    async def start_pruned() -> bool:
        rows = await outbox_rows(driver)
        return not {r.id for r in rows} & set(started)

    await until(start_pruned, "the start's events deleted")
    kept = await outbox_rows(driver)
    assert kept  # the results and what followed them, 2 days old
    assert all(r.delivered_at > clock.now - timedelta(days=30) for r in kept)
