"""One allowance for the whole bot (issue 32): Discord's global limit, "50 requests per
second", belongs to the bot's token, not to a process. The real bot against the fake
Discord with Discord's own windows: several delivering processes on one PostgreSQL stay
within it together, a player's answer shares it with a burst of deliveries, and when the
delivering process dies another delivers the rest, once each and in each game's order.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import aiohttp
import pytest
from sqlalchemy import text

from benchmarks import burst
from bot.client import DipBot, make_bot
from bot.service import GameService, open_service
from bot.service.events import Event
from tests.cogs.test_shards import settings
from tests.cogs_smoke.test_rate_limits import all_delivered
from tests.fake_discord import FakeDiscord
from tests.fake_discord.rate_limits import GLOBAL_LIMIT
from tests.fake_discord.shards import run_without_gateway

# These tests are about the limits: Discord's own windows, in real time.
pytestmark = pytest.mark.real_rate_limits
ON_POSTGRES = pytest.mark.parametrize("migrated_db_url", ["postgresql"], indirect=True)


@dataclass
class Burst:
    """Ten games due at once (benchmarks/burst.py, small) on one database, and a bot for
    each of the processes sharing it: a gateway process first, scheduler-only ones after."""

    clock: burst.Clock
    fake: FakeDiscord
    services: list[GameService]
    games: list[burst.Game]
    due: datetime
    bots: list[DipBot]


@asynccontextmanager
async def ten_games_due(url: str, home: Path, processes: int) -> AsyncIterator[Burst]:
    clock = burst.Clock(burst.T0)
    fake = FakeDiscord(players=(), clock=lambda: clock().timestamp())
    services = [await open_service(url) for _ in range(processes)]
    try:
        games, due = await burst.set_up(services[0], fake, 10)
        await fake.start()
        bots = [
            make_bot(
                settings(url, home / str(n), **({"GATEWAY": False} if n else {})), s, clock=clock
            )
            for n, s in enumerate(services)
        ]
        yield Burst(clock, fake, services, games, due, bots)
    finally:
        await fake.close()
        for service in services:
            await service.store.db.dispose()


def global_429s(fake: FakeDiscord) -> list:
    return [r for r in fake.rate_limits.limited if r.is_global]


async def test_the_global_limit_is_the_tokens_over_every_connection(fake_discord) -> None:
    """ "Individuals are determined using a request's authentication—for example, a bot
    token for a bot" (topics/rate-limits): the bot's requests over two connections share
    its 50 a second; requests that carry another token do not eat into them."""
    base = fake_discord.base_url + "/"
    path = f"channels/{fake_discord.game_channel.id}"
    bot = {"Authorization": f"Bot {fake_discord.world.token}"}
    stranger = {"Authorization": "Bot someone-else"}

    async def statuses(headers: dict, count: int) -> list[int]:
        async with aiohttp.ClientSession(base, headers=headers) as session:

            async def get() -> int:
                async with session.get(path) as answer:
                    return answer.status

            return list(await asyncio.gather(*(get() for _ in range(count))))

    refused = await statuses(stranger, GLOBAL_LIMIT)
    assert set(refused) == {401}
    first, second = await asyncio.gather(statuses(bot, 35), statuses(bot, 35))
    answers = first + second
    assert answers.count(200) == GLOBAL_LIMIT and answers.count(429) == 20
    assert len(global_429s(fake_discord)) == 20


@ON_POSTGRES
async def test_two_delivering_processes_on_one_database_stay_within_the_limit(
    migrated_db_url: str, tmp_path: Path
) -> None:
    """Ten games due at once, a gateway process and a scheduler-only one on one
    PostgreSQL: every results post and DM once, in each game's order, on its first
    attempt; not one global 429 and never more than 50 requests in a second."""
    async with ten_games_due(migrated_db_url, tmp_path, 2) as run:
        fake, (gateway, worker) = run.fake, run.bots
        async with fake.run_bot(gateway) as driver, run_without_gateway(fake, worker):
            mark = len(driver.world.bot_messages)
            fake.rate_limits.clear()
            run.clock.start(run.due)
            events = await all_delivered(run.services[0], run.due, within=60)
            sent = driver.world.bot_messages[mark:]
            assert burst.check_games(driver.world, run.games, sent, events) == []
            assert len(sent) == 10 * (1 + 7)
            assert global_429s(fake) == []
            assert fake.rate_limits.busiest_second() <= GLOBAL_LIMIT


async def test_answers_to_players_share_the_allowance_with_a_burst(
    migrated_db_url: str, tmp_path: Path
) -> None:
    """Ten games due at once, and in the middle of their burst their 70 players each send
    the bot a DM: the answers are messages like any other and count against the global
    limit with the deliveries (interaction responses do not). Every player is answered
    and gets their results, with not one global 429."""
    async with ten_games_due(migrated_db_url, tmp_path, 1) as run:
        fake, (bot,) = run.fake, run.bots
        players = [user for game in run.games for user in game.players]
        channels = {game.channel.id for game in run.games}
        async with fake.run_bot(bot) as driver:
            mark = len(driver.world.bot_messages)
            fake.rate_limits.clear()
            run.clock.start(run.due)
            await driver.wait_until(
                lambda: any(m.channel_id in channels for m in driver.world.bot_messages),
                what="the burst under way",
                timeout=30,
            )
            await asyncio.gather(*(driver.user_says(u, "dm", "A PAR H") for u in players))
            await all_delivered(run.services[0], run.due, within=60)

            def answered(user) -> bool:
                dm = driver.dm(user)
                mine = [m for m in driver.world.bot_messages[mark:] if m.channel_id == dm.id]
                return len(mine) >= 2  # their results, and the answer to their DM

            await driver.wait_until(
                lambda: all(answered(u) for u in players), what="every player", timeout=30
            )
            assert global_429s(fake) == []
            assert fake.rate_limits.busiest_second() <= GLOBAL_LIMIT


@ON_POSTGRES
async def test_when_the_delivering_process_dies_another_delivers_the_rest(
    migrated_db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process delivering a burst stops dead after a few events (its lanes frozen,
    its database session gone, as under kill -9): the other takes the lead within
    seconds and delivers every event it had taken, once each, in each game's order and
    on its first attempt; the time lost is the lead's lease, not the events' one."""
    import bot.client

    monkeypatch.setattr(bot.client, "SHUTDOWN_GRACE_SECONDS", 0.1)  # the frozen lanes
    async with ten_games_due(migrated_db_url, tmp_path, 2) as run:
        fake, (leader, follower) = run.fake, run.bots
        begun, sent_whole, frozen = 0, 0, asyncio.Event()
        deliver = leader.delivery.deliver

        async def dies_after_a_few(event: Event) -> None:
            nonlocal begun, sent_whole
            if begun >= 12:
                frozen.set()
                await asyncio.Event().wait()  # never: this process is dead
            begun += 1
            await deliver(event)
            sent_whole += 1

        leader.delivery.deliver = dies_after_a_few  # type: ignore[method-assign]
        async with fake.run_bot(leader) as driver:
            await driver.wait_until(lambda: leader.delivery.leads, what="the first leads")
            async with run_without_gateway(fake, follower):
                mark = len(driver.world.bot_messages)
                fake.rate_limits.clear()
                run.clock.start(run.due)
                await asyncio.wait_for(frozen.wait(), 30)
                # It dies between events: what it began it sent and recorded (a message
                # sent but not recorded is the nonces' part, not this test's).
                await driver.wait_until(lambda: sent_whole == begun, what="sent")
                while await delivered_count(run.services[1], run.due) < begun:
                    await asyncio.sleep(0.05)
                killed = time.monotonic()
                await end_sessions_holding_the_lead(run.services[1])
                events = await all_delivered(run.services[1], run.due, within=30)
                taken_over = time.monotonic() - killed
                sent = driver.world.bot_messages[mark:]
                assert burst.check_games(driver.world, run.games, sent, events) == []
                assert len(sent) == 10 * (1 + 7)
                assert global_429s(fake) == []
                # The rest is about 60 requests: a few seconds at 50 a second.
                assert taken_over < 15, f"{taken_over:.1f} s after the death"


async def delivered_count(service: GameService, since: datetime) -> int:
    return sum(e.delivered_at is not None for e in await burst.outbox_since(service, since))


async def end_sessions_holding_the_lead(service: GameService) -> None:
    """As kill -9 does to the leader's connection: its session ends, its lock with it."""
    async with service.store.db.connect() as conn:
        held = await conn.execute(
            text("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted")
        )
        pids = list(held.scalars())
        assert pids, "nobody holds the lead"
        for pid in pids:
            await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        await conn.commit()


def test_what_the_allowance_counts_is_what_discord_counts() -> None:
    """The API's requests; not the gateway, not the CDN, not interaction responses."""
    from yarl import URL

    from bot.delivery._allowance import counted

    api = "https://discord.com/api/v10"
    assert counted(URL(f"{api}/channels/1/messages"))
    assert counted(URL(f"{api}/users/@me/channels"))
    assert not counted(URL(f"{api}/interactions/1/token/callback"))
    assert not counted(URL(f"{api}/webhooks/2/token/messages/@original"))
    assert not counted(URL("wss://gateway.discord.gg/?v=10&encoding=json"))
    assert not counted(URL("https://cdn.discordapp.com/attachments/1/2/map.png"))
