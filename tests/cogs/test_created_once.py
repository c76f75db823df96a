"""A message is created once, even across kill -9 (issue 32, as ../shared/QUEUE.md reads
it): a process that dies after Discord accepted a message but before the outbox recorded
the send leaves the event to be sent again, by itself or another process. Every outbox
message carries a nonce made from its event and its part, Create Message enforces it
("If another message was created by the same author with the same nonce, that message
will be returned and no new message will be created"), and the event comes round again
within Discord's window (the outbox's lease, 60 s): the second send returns the first
message instead of making another."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from benchmarks import burst
from bot.client import DipBot
from bot.service import GameService, open_service
from bot.service.events import EventKind
from tests.cogs.conftest import Clock, make_settings, start_game
from tests.fake_discord import FakeDiscord, FakeMessage
from tests.fake_discord.rate_limits import TEST_TIME_SCALE

ROOT = Path(__file__).resolve().parents[2]
THREE = ("alice", "bob", "carol")
LEASE = timedelta(seconds=61)  # the outbox's DELIVERY_LEASE, and a second


def duplicates(sent: list[FakeMessage]) -> int:
    """Messages beyond the first with the same place and words."""
    seen = Counter((m.channel_id, m.content, len(m.attachments)) for m in sent)
    return sum(n - 1 for n in seen.values())


async def test_a_send_whose_record_was_lost_is_not_created_again(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """Discord accepted Bob's results DM, then the database failed before the send was
    recorded: the event comes back after its lease and is sent again, and Discord hands
    back the first message instead of a second."""
    bot = DipBot(make_settings(tmp_path), service, clock=clock)
    async with fake.run_bot(bot) as driver:
        await start_game(driver, THREE)
        bob = driver.user("bob")
        outbox = service.outbox
        recorded = outbox.mark_delivered
        lost: list[int] = []

        async def record_lost_once(event_id: int, now: datetime) -> None:
            event = await _event(service, event_id)
            if event.kind == EventKind.PHASE_NEWS and event.user_id == bob.id and not lost:
                lost.append(event_id)
                raise OSError("the database went away")
            await recorded(event_id, now)

        outbox.mark_delivered = record_lost_once  # type: ignore[method-assign]
        mark = len(fake.world.bot_messages)
        clock.advance(hours=97)
        news = await driver.wait_for_message(
            lambda m: "Spring 1901 has been played" in m.content, channel=driver.dm(bob), since=mark
        )
        await driver.wait_until(lambda: bool(lost), what="the lost record")
        clock.advance(seconds=LEASE.total_seconds())
        await _all_delivered(service)
        again = [m for m in fake.world.bot_messages[mark:] if m.channel_id == news.channel_id]
        assert [m.id for m in again] == [news.id]
        assert duplicates(fake.world.bot_messages[mark:]) == 0
        driver.take_errors()  # the round that met the failure logged it


@pytest.mark.slow
async def test_bots_killed_after_discord_took_a_message_create_none_twice(
    tmp_path: Path,
) -> None:
    """The real bot in its own process (scheduler-only, as `python -m bot --no-gateway`),
    SIGKILLed the moment Discord has created its 2nd, then (the next process's) 5th
    message, before any answer reaches it; each time another process starts on the same
    database a lease later. Three games due at once: every results post and every
    player's DM is there once, in each game's order."""
    await _killed_bots(tmp_path, games=3, kill_at=(2, 5))


async def test_a_bot_killed_after_discord_took_a_message_creates_none_twice(
    tmp_path: Path,
) -> None:
    """As above, one game and one kill: the fast version run by default."""
    await _killed_bots(tmp_path, games=1, kill_at=(3,))


async def _killed_bots(tmp_path: Path, *, games: int, kill_at: tuple[int, ...]) -> None:
    settings = make_settings(tmp_path)
    clock_file = tmp_path / "clock"
    wall = burst.Clock(burst.T0)

    def now() -> datetime:
        return datetime.fromisoformat(clock_file.read_text().strip())

    clock_file.write_text(wall().isoformat())
    fake = FakeDiscord(players=(), clock=lambda: now().timestamp(), time_scale=TEST_TIME_SCALE)
    service = await open_service(settings.database_url)
    processes: list[asyncio.subprocess.Process] = []
    try:
        made, due = await burst.set_up(service, fake, games)
        await fake.start()
        created = fake.world.add_message
        plan = list(kill_at)
        by_process = [0]

        def add_message(message: FakeMessage) -> FakeMessage:
            # Inside Discord's handling of the request: the message exists, the answer
            # has not left. SIGKILL now, as the power going off would.
            out = created(message)
            if message.author.id == fake.world.bot_user.id and plan and processes:
                by_process[0] += 1
                if by_process[0] == plan[0]:
                    plan.pop(0)
                    os.kill(processes[-1].pid, signal.SIGKILL)
            return out

        fake.world.add_message = add_message  # type: ignore[method-assign]
        at = due
        for n in range(len(kill_at) + 1):
            clock_file.write_text(at.isoformat())
            by_process[0] = 0
            process = await _bot_process(fake, settings.database_url, clock_file, tmp_path, n)
            processes.append(process)
            if n < len(kill_at):
                code = await asyncio.wait_for(process.wait(), 60)
                assert code == -signal.SIGKILL, _log(tmp_path, n).read_text(errors="replace")
                at += LEASE  # the next process starts; the killed one's lease runs out
        events = await _delivered(service, due, processes[-1], _log(tmp_path, len(kill_at)))
        sent = fake.world.bot_messages
        assert not plan, "a process was not killed where planned"
        assert duplicates(sent) == 0
        assert burst.check_games(fake.world, made, sent, events) == []
    finally:
        for process in processes:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
                await asyncio.wait_for(process.wait(), 20)
        await fake.close()
        await service.store.db.dispose()


async def _bot_process(
    fake: FakeDiscord, database_url: str, clock_file: Path, tmp_path: Path, n: int
) -> asyncio.subprocess.Process:
    log = _log(tmp_path, n).open("wb")
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.cogs.bot_process",
        fake.base_url,
        database_url,
        str(clock_file),
        str(tmp_path / f"heartbeat-{n}"),
        cwd=ROOT,
        stdout=log,
        stderr=log,
    )


def _log(tmp_path: Path, n: int) -> Path:
    return tmp_path / f"bot-{n}.log"


async def _delivered(
    service: GameService, due: datetime, process: asyncio.subprocess.Process, log: Path
) -> list:
    """The events made since `due`, once the last process delivered them all."""
    for _ in range(600):
        events = await burst.outbox_since(service, due)
        if events and all(e.delivered_at is not None for e in events):
            return events
        assert process.returncode is None, log.read_text(errors="replace")[-3000:]
        await asyncio.sleep(0.1)
    raise AssertionError("not delivered within 60 s")


async def _event(service: GameService, event_id: int):
    from storage.models import OutboxRow

    async with service.store.transaction() as session:
        return await session.get(OutboxRow, event_id)


async def _all_delivered(service: GameService) -> None:
    from sqlalchemy import select

    from storage.models import OutboxRow

    async def undelivered() -> int:
        async with service.store.transaction() as session:
            rows = (await session.execute(select(OutboxRow))).scalars().all()
            return sum(r.delivered_at is None for r in rows)

    for _ in range(200):
        if await undelivered() == 0:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the outbox was not emptied")
