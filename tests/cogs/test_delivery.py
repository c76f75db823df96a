"""The delivery loop: long reports split or attached, failures retried, heartbeat."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select

from bot.events import Event, EventKind
from storage import repo
from storage.models import OutboxRow
from tests.cogs.conftest import channel_posts, start_game
from tests.fake_discord import Driver


async def results_event(driver: Driver, report: str, clock) -> Event:
    info = await driver.bot.service.game_in_channel(driver.fake.game_channel.id)
    (record,) = await driver.bot.service.phase_records(info.id)
    return Event(
        id=0,
        kind=EventKind.RESULTS,
        game_id=info.id,
        channel_id=info.channel_id,
        user_id=None,
        payload={
            "phase_id": record.id,
            "phase": record.phase,
            "next_phase": "F1901M",
            "report": report,
            "deadline": (clock() + timedelta(days=1)).isoformat(),
        },
        created_at=clock(),
        attempts=0,
    )


async def test_a_long_report_is_split_in_code_blocks(driver: Driver, clock) -> None:
    await start_game(driver)
    report = "\n".join(f"Austria: A Vie-Bud{i:04d}* H" for i in range(120))  # ~3,500 chars
    mark = len(driver.world.bot_messages)
    await driver.bot.delivery.deliver(await results_event(driver, report, clock))
    posts = driver.world.bot_messages[mark:]
    blocks = [m.content for m in posts if m.content.startswith("```")]
    assert len(blocks) == 2 and all(len(b) <= 2000 for b in blocks)
    assert "\n".join(b.strip("`\n") for b in blocks) == report
    assert posts[-1].attachments[0].filename == "map-S1901M.png"


async def test_a_very_long_report_is_attached(driver: Driver, clock) -> None:
    await start_game(driver)
    report = "\n".join(f"Line {i:05d} of a very long report" for i in range(800))
    mark = len(driver.world.bot_messages)
    await driver.bot.delivery.deliver(await results_event(driver, report, clock))
    (post,) = driver.world.bot_messages[mark:]
    names = sorted(a.filename for a in post.attachments)
    assert names == ["map-S1901M.png", "results-S1901M.txt"]
    text = next(a for a in post.attachments if a.filename.endswith(".txt")).data.decode()
    assert text == report and len(post.content) < 2000


async def test_a_failed_delivery_is_retried_later(driver: Driver, clock) -> None:
    """An event for a channel Discord does not know fails, is kept, and is offered
    again once its retry delay (10 s on the service's clock) has passed."""
    service = driver.bot.service
    async with service.transaction() as session:
        repo.add_outbox(
            session,
            EventKind.NMR,
            clock(),
            game_id=None,
            channel_id=424242,
            payload={"power": "FRANCE", "phase": "S1901M"},
        )

    async def row() -> OutboxRow:
        async with service.transaction() as session:
            (found,) = (await session.execute(select(OutboxRow))).scalars().all()
            return found

    async def attempts_reach(n: int) -> OutboxRow:
        for _ in range(100):
            found = await row()
            if found.attempts >= n:
                return found
            await asyncio.sleep(0.05)
        raise AssertionError(f"never reached {n} attempt(s)")

    first = await attempts_reach(1)
    assert first.delivered_at is None and "Unknown Channel" in (first.last_error or "")
    await asyncio.sleep(0.3)  # several rounds of the loop: not retried before its time
    assert (await row()).attempts == 1
    clock.advance(seconds=11)
    second = await attempts_reach(2)
    assert second.delivered_at is None
    assert channel_posts(driver) == []


async def test_the_loop_touches_the_heartbeat(driver: Driver, tmp_path) -> None:
    beat = tmp_path / "heartbeat"
    await driver.wait_until(beat.exists, what="the heartbeat file")


async def test_closing_the_bot_lets_the_round_in_progress_finish(driver: Driver) -> None:
    """Shutdown waits for a round's transaction instead of cancelling it half-way
    (which left the connection pool failing to roll back, and work undone)."""
    inside = asyncio.Event()
    finished = []
    real_tick = driver.bot.scheduler.tick

    async def slow_tick(now):
        async with driver.bot.service.transaction() as session:
            inside.set()
            await asyncio.sleep(0.3)
            await session.execute(select(OutboxRow).limit(1))
            finished.append(now)
        return await real_tick(now)

    driver.bot.scheduler.tick = slow_tick
    await asyncio.wait_for(inside.wait(), 5)
    await driver.bot.close()
    assert finished and driver.bot.delivery.in_round is False
