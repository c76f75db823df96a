"""The delivery loop: long reports split or attached, failures retried, heartbeat."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from bot.delivery import results_post
from bot.service.events import EventKind, add_event
from bot.service.events.payloads import Question
from bot.service.kernel import Caller
from storage import queries
from storage.models import OutboxRow
from tests.cogs.conftest import channel_posts, rounds_begun_after_now, start_game
from tests.fake_discord import Driver


def test_results_fit_in_one_post_or_go_as_a_file() -> None:
    """A phase's results are posted in the message when they fit under Discord's
    2,000 characters with the notices; a crowded board's go as a file beside the map
    (the judge notation is always a file: bot/delivery, `PhasePosts._results`)."""
    heading, said, nxt = "**G — results of Spring 1901**", ["No orders from Italy."], "Next: x"
    short = "**France** · 3 centres\nA Par - Bur: moved"
    text, as_file = results_post(heading, short, said, nxt)
    assert not as_file and short in text and said[0] in text and text.endswith(nxt)
    crowded = "\n".join(
        f"A Vie - Gal: bounced (Russia's A War also moved there) {i}" for i in range(40)
    )
    text, as_file = results_post(heading, crowded, said, nxt)
    assert as_file and len(text) <= 2000 and "(attached)" in text and said[0] in text


async def test_a_failed_delivery_is_retried_later(driver: Driver, clock, tmp_path) -> None:
    """An event for a channel Discord does not know fails, is kept, and is offered
    again once its retry delay (10 s on the service's clock) has passed."""
    service = driver.bot.service
    async with service.store.transaction() as session:
        queries.outbox.add(
            session,
            EventKind.NMR,
            clock(),
            game_id=None,
            channel_id=424242,
            payload={"power": "FRANCE", "phase": "S1901M"},
        )

    async def row() -> OutboxRow:
        async with service.store.transaction() as session:
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
    # Whole rounds of the loop run: it is not retried before its time.
    await rounds_begun_after_now(driver, [tmp_path / "heartbeat"])
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
        async with driver.bot.service.store.transaction() as session:
            inside.set()
            await asyncio.sleep(0.3)
            await session.execute(select(OutboxRow).limit(1))
            finished.append(now)
        return await real_tick(now)

    driver.bot.scheduler.tick = slow_tick
    await asyncio.wait_for(inside.wait(), 5)
    await driver.bot.close()
    assert finished and driver.bot.delivery.in_round is False


async def test_closing_the_bot_sends_no_more_of_a_round_than_the_event_in_flight(
    driver: Driver, clock
) -> None:
    """A round with many events in one lane (one game's, in order) stops after the event
    being sent when the bot closes: shutdown waits for that one, not for the whole
    queue, and the rest stay in the outbox for the next start."""
    started = asyncio.Event()
    sent: list[int] = []

    async def slow_deliver(event) -> None:
        started.set()
        await asyncio.sleep(0.2)  # as if asleep on a bucket, or a slow answer
        sent.append(event.id)

    driver.bot.delivery.deliver = slow_deliver
    async with driver.bot.service.store.transaction() as session:
        for n in range(10):
            add_event(
                session,
                Question(user=driver.fake.gm.id, powers=("FRANCE",), text=f"q{n}"),
                clock(),
                game_id=None,  # outside any game: one lane, by the user it goes to
                user_id=driver.fake.gm.id,
            )
    await asyncio.wait_for(started.wait(), 5)
    await driver.bot.close()
    assert len(sent) == 1
    async with driver.bot.service.store.transaction() as session:
        rows = (await session.execute(select(OutboxRow))).scalars().all()
    assert sum(row.delivered_at is None for row in rows) >= 9


async def test_a_replacement_made_just_before_the_game_ended_is_announced_once(
    driver: Driver, clock
) -> None:
    """The briefing of a player who took over a power cannot list orders of a game that
    has ended since: the replacement is announced all the same, once, not retried."""
    powers = await start_game(driver, ("alice", "bob", "carol"))
    delivery, service = driver.bot.delivery, driver.bot.service
    delivery.stop()  # this test drives the rounds itself
    # The loop ends by giving the lead up: wait for that too, or it could step down
    # during the round below and leave it delivering nothing.
    await driver.wait_until(
        lambda: not delivery.in_round and not delivery.leads, what="the loop's end"
    )
    info = await service.lobby.game_in_channel(driver.fake.game_channel.id)
    gm = Caller(info.gm_user_id, info.guild_id)
    france = next(iter(powers))
    await service.gm.gm_replace_player(info.id, gm, france, driver.user("standby").id, clock())
    await service.endings.gm_end_game(info.id, gm, clock(), draw=True)
    await delivery.run_once()
    async with service.store.transaction() as session:
        rows = (await session.execute(select(OutboxRow))).scalars().all()
    (replaced,) = [r for r in rows if r.kind == EventKind.PLAYER_REPLACED]
    assert replaced.delivered_at is not None and replaced.attempts == 1
    assert any("now plays" in m.content for m in channel_posts(driver))
