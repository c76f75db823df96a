"""200 games due at the same moment, delivered through Discord's rate limits.

    .venv/bin/python benchmarks/burst.py [--games 200] [--tick 5] [--latency 0]

The real bot (DipBot, its scheduler and delivery loop, a SQLite file) against the fake
Discord of tests/fake_discord with its rate limits on (the global 50 requests a second,
per-route buckets: tests/fake_discord/rate_limits.py). Set up, untimed: one server with
--games game channels and 7 distinct players a game, every game started through the
service with every power's opening orders in, and what the starts sent marked delivered.
Then the bot's clock is moved past the deadlines and the time is taken until every
game's results post (with its map) and every player's own results by DM are delivered.

Printed: the time, the requests the fake answered (by route), the 429s, the busiest
second, and the floor the limits impose: the requests counted by the global limit ÷ 50
a second. --tick is the delivery loop's pause between rounds (TICK_SECONDS, 5 s by
default as in production). --latency adds that many seconds to each answer, for a
round trip to Discord rather than loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from aiohttp import web
from sqlalchemy import select, update

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.client import DipBot  # noqa: E402
from bot.service import GameService, open_service  # noqa: E402
from bot.service.caller import Caller  # noqa: E402
from bot.service.events import EventKind  # noqa: E402
from bot.settings import Settings  # noqa: E402
from storage.models import OutboxRow  # noqa: E402
from tests.fake_discord import FakeChannel, FakeDiscord, FakeUser  # noqa: E402
from tests.fake_discord.rate_limits import API_BASE, GLOBAL_LIMIT, RateLimits  # noqa: E402

T0 = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
OPENINGS = {
    "AUSTRIA": "A VIE - GAL\nA BUD - SER\nF TRI - ALB",
    "ENGLAND": "F LON - ENG\nF EDI - NTH\nA LVP - YOR",
    "FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO",
    "GERMANY": "A BER - KIE\nA MUN - RUH\nF KIE - DEN",
    "ITALY": "A VEN H\nA ROM - APU\nF NAP - ION",
    "RUSSIA": "A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT",
    "TURKEY": "F ANK - BLA\nA CON - BUL\nA SMY - ARM",
}


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@dataclass(eq=False)
class DistantRateLimits(RateLimits):
    """The fake's rate limits, each answer `latency` seconds later (a round trip)."""

    latency: float = 0.0

    @web.middleware
    async def middleware(self, request, handler):
        if self.latency and request.path.startswith(API_BASE):
            await asyncio.sleep(self.latency)
        return await super().middleware(request, handler)


@dataclass
class Game:
    id: int
    channel: FakeChannel
    players: list[FakeUser]


async def set_up(
    service: GameService, fake: FakeDiscord, count: int
) -> tuple[list[Game], datetime]:
    """`count` started games with every opening order in; returns them and a moment
    after every deadline."""
    guild, gm = fake.guild, fake.gm
    games, deadline = [], T0
    for n in range(count):
        channel = fake.add_channel(f"game-{n}")
        players = [fake.add_user(f"p{n}-{i}") for i in range(7)]
        info = await service.create_game(guild.id, channel.id, gm.id, f"Game {n}", T0, seed=n)
        for user in players:
            await service.join(info.id, Caller(user.id, guild.id), T0)
        started = await service.start(info.id, Caller(gm.id, guild.id), T0)
        by_id = {u.id: u for u in players}
        for power in started.powers:
            assert power.user_id is not None
            await service.submit_orders(
                Caller(power.user_id),
                OPENINGS[power.power],
                T0 + timedelta(hours=1),
                game_id=info.id,
            )
            assert power.user_id in by_id
        assert started.deadline_at is not None
        deadline = max(deadline, started.deadline_at)
        games.append(Game(info.id, channel, players))
    async with service.transaction() as session:  # the starts' posts and DMs: not timed
        await session.execute(
            update(OutboxRow).where(OutboxRow.delivered_at.is_(None)).values(delivered_at=T0)
        )
    return games, deadline + timedelta(seconds=1)


async def undelivered(service: GameService, since: datetime) -> tuple[int, Counter]:
    async with service.transaction() as session:
        rows = (
            (await session.execute(select(OutboxRow).where(OutboxRow.created_at >= since)))
            .scalars()
            .all()
        )
    kinds = Counter(EventKind(r.kind).name for r in rows)
    return sum(r.delivered_at is None for r in rows), kinds


async def run(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.ERROR)
    tmp = Path(tempfile.mkdtemp(prefix="dipgm-burst-"))
    settings = Settings(
        _env_file=None,
        DISCORD_TOKEN="fake-bot-token",
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp / 'dipgm.sqlite3'}",
        TICK_SECONDS=args.tick,
        HEARTBEAT_FILE=str(tmp / "heartbeat"),
    )
    clock = Clock(T0)
    fake = FakeDiscord(players=(), clock=lambda: clock().timestamp())
    fake.rate_limits = DistantRateLimits(epoch=lambda: clock().timestamp(), latency=args.latency)
    service = await open_service(settings.database_url)
    started = time.perf_counter()
    games, due = await set_up(service, fake, args.games)
    print(f"set up {len(games)} games in {time.perf_counter() - started:.1f} s (not timed)")
    await fake.start()
    bot = DipBot(settings, service, clock=clock)
    ticks: list[tuple[float, float]] = []
    real_tick = bot.scheduler.tick

    async def timed_tick(now):
        begun = time.monotonic()
        report = await real_tick(now)
        if report.adjudicated:
            ticks.append((begun, time.monotonic()))
        return report

    bot.scheduler.tick = timed_tick
    try:
        async with fake.run_bot(bot, ready_timeout=60) as driver:
            await asyncio.sleep(0.5)  # logged in; the loop's first round found nothing due
            world, limits = driver.world, fake.rate_limits
            limits.clear()
            mark = len(world.bot_messages)
            t0 = time.monotonic()
            clock.now = due
            while True:
                await asyncio.sleep(0.05)
                left, kinds = await undelivered(service, due)
                if kinds and not left:
                    break
                if time.monotonic() - t0 > args.timeout:
                    raise SystemExit(f"not delivered after {args.timeout} s: {left} left")
            elapsed = time.monotonic() - t0
            report(args, world, games, world.bot_messages[mark:], limits, kinds, elapsed, ticks, t0)
    finally:
        await fake.close()
        await service.db.dispose()


def report(args, world, games, sent, limits, kinds, elapsed, ticks, t0) -> None:
    channel_of = {g.channel.id: g for g in games}
    results = {m.channel_id: m for m in sent if m.channel_id in channel_of}
    maps = [
        m for m in results.values() if any(a.filename.startswith("map-") for a in m.attachments)
    ]
    dms = [m for m in sent if m.guild_id is None]
    dm_channels = {m.channel_id for m in dms}
    players = sum(len(g.players) for g in games)
    # A game's events go in order: its results post before its players' own results.
    in_order = all(
        m.id > results[g.channel.id].id
        for g in games
        if g.channel.id in results
        for user in g.players
        for m in dms
        if m.channel_id == world.dm_channels.get(user.id, g.channel).id
    )
    seen = [s for s in limits.log]
    counted = [s for s in seen if s.counted_globally]
    routes = Counter(f"{s.method} {s.route}" for s in seen)
    limited = limits.limited
    floor = len(counted) / GLOBAL_LIMIT
    print(f"python {platform.python_version()}, {os.cpu_count()} CPUs, {platform.machine()}")
    print(f"games {len(games)}, players {players}, tick {args.tick} s, latency {args.latency} s")
    print(f"events: {dict(sorted(kinds.items()))}")
    print(
        f"delivered: {len(results)} results posts, {len(maps)} with their map; {len(dms)} "
        f"DMs in {len(dm_channels)} DM channels; each results post before its game's DMs: "
        f"{in_order}"
    )
    if ticks:
        print(
            f"adjudication: {len(ticks)} tick(s), first done after {ticks[0][1] - t0:.1f} s, "
            f"{sum(b - a for a, b in ticks):.1f} s in ticks"
        )
    print(f"requests answered: {len(seen)} ({len(counted)} under the global limit)")
    for route, n in routes.most_common():
        print(f"    {n:6d}  {route}")
    by_bucket = Counter(r.bucket for r in limited)
    print(f"429s: {len(limited)} {dict(by_bucket)}; busiest second: {limits.busiest_second()}")
    print(f"floor: {len(counted)} / {GLOBAL_LIMIT} per s = {floor:.1f} s")
    print(f"time: {elapsed:.1f} s = {elapsed / floor if floor else 0:.2f} x the floor")
    ok = len(results) == len(games) == len(maps) and len(dm_channels) == players
    print("every result, map and DM delivered" if ok else "MISSING deliveries")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tick", type=float, default=5.0, help="TICK_SECONDS")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added per answer")
    parser.add_argument("--timeout", type=float, default=1800.0)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
