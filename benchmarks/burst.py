"""200 games due at the same moment, delivered through Discord's rate limits.

    .venv/bin/python benchmarks/burst.py [--games 200] [--tick 5] [--latency 0]
    .venv/bin/python benchmarks/burst.py --processes 3 [--kill-leader]   # on PostgreSQL

The real bot (DipBot, its scheduler and delivery loop, a SQLite file) against the fake
Discord of tests/fake_discord with its rate limits on (the global 50 requests a second,
per-route buckets: tests/fake_discord/rate_limits.py). Set up, untimed: one server with
--games game channels and 7 distinct players a game, every game started through the
service with every power's opening orders in, and what the starts sent marked delivered
(each player's DM channel kept, as the start's DM would have left it: issue 32).
Then the bot's clock runs with real time from LEAD_IN seconds before the deadline, as
in production, and the time is taken from the deadline until every game's results post
(with its map) and every player's own results by DM are delivered.

Printed: the time, the requests the fake answered (by route) and a second, the busiest
second, the 429s (global and per bucket), the floor the limits impose (the requests
counted by the global limit ÷ 50 a second), and what `check_games` finds: a message
missing or doubled, a game's messages out of the outbox's order, an event that needed
a second attempt. tests/cogs_smoke/test_rate_limits.py runs a small burst with the
same set-up and check. --tick is the delivery loop's longest pause between rounds
(TICK_SECONDS, 5 s by default as in production; the loop wakes at each deadline).
--latency adds that many seconds to each answer, for a round trip to Discord rather
than loopback.
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
from typing import TYPE_CHECKING

from aiohttp import web
from pydantic import SecretStr
from sqlalchemy import select, update
from sqlmodel import col

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.client import DipBot  # noqa: E402
from bot.service import GameService, open_service  # noqa: E402
from bot.service.events import EventKind  # noqa: E402
from bot.service.kernel import Caller  # noqa: E402
from bot.settings import Settings  # noqa: E402
from storage.models import OutboxRow  # noqa: E402
from tests.fake_discord import FakeChannel, FakeDiscord, FakeUser  # noqa: E402
from tests.fake_discord.rate_limits import API_BASE, GLOBAL_LIMIT, RateLimits  # noqa: E402

if TYPE_CHECKING:
    from bot.service.kernel import TickReport
    from tests.fake_discord import FakeMessage
    from tests.fake_discord.rate_limits import Handler
    from tests.fake_discord.world import World

T0 = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
# The clock starts this long before the games fall due, so that the bot meets their
# deadline as in production, asleep until it (issue 32), not by a jump of its clock
# into a pause. More than the loop's longest pause (--tick), so that every loop has
# looked at the clock since it started.
LEAD_IN = 8.0
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
    """The bot's clock (and Discord's): still while the games are set up, then from
    `start(at)` on it runs with real time from `at`, as in production: the loop sleeps
    until the deadline by this clock, and an event whose delivery failed comes due
    again (10 s later, bot/service/records/_outbox.py)."""

    def __init__(self, now: datetime) -> None:
        self.frozen = now
        self.started: float | None = None

    def start(self, at: datetime) -> None:
        self.frozen, self.started = at, time.monotonic()

    def __call__(self) -> datetime:
        if self.started is None:
            return self.frozen
        return self.frozen + timedelta(seconds=time.monotonic() - self.started)


@dataclass(eq=False)
class DistantRateLimits(RateLimits):
    """The fake's rate limits, each answer `latency` seconds later (a round trip)."""

    latency: float = 0.0

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
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
    """`count` started games with every opening order in; returns them and the moment
    they fall due (their deadline, the same for all)."""
    guild, gm = fake.guild, fake.gm
    games, deadline = [], T0
    for n in range(count):
        channel = fake.add_channel(f"game-{n}")
        players = [fake.add_user(f"p{n}-{i}") for i in range(7)]
        info = await service.lobby.create_game(guild.id, channel.id, gm.id, f"Game {n}", T0, seed=n)
        for user in players:
            await service.lobby.join(info.id, Caller(user.id, guild.id), T0)
        started = await service.lobby.start(info.id, Caller(gm.id, guild.id), T0)
        by_id = {u.id: u for u in players}
        for power in started.powers:
            assert power.user_id is not None
            await service.orders.submit_orders(
                Caller(power.user_id),
                OPENINGS[power.power],
                T0 + timedelta(hours=1),
                game_id=info.id,
            )
            assert power.user_id in by_id
        assert started.deadline_at is not None
        deadline = max(deadline, started.deadline_at)
        games.append(Game(info.id, channel, players))
    async with service.store.transaction() as session:  # the starts' posts and DMs: not timed
        await session.execute(
            update(OutboxRow).where(col(OutboxRow.delivered_at).is_(None)).values(delivered_at=T0)
        )
    for game in games:  # each start's DM opened the player's DM channel, which is kept
        for user in game.players:
            await service.reach.dm_channel_opened(user.id, fake.world.dm_channel(user).id, T0)
    return games, deadline


async def outbox_since(service: GameService, since: datetime) -> list[OutboxRow]:
    """The events the burst made (created at or after `since`), in the outbox's order."""
    async with service.store.transaction() as session:
        query = (
            select(OutboxRow).where(col(OutboxRow.created_at) >= since).order_by(col(OutboxRow.id))
        )
        return list((await session.execute(query)).scalars().all())


async def delivered(
    service: GameService, due: datetime, t0: float, timeout: float
) -> list[OutboxRow]:
    """After a pause, the burst's events if every one is delivered, else none; ends the
    benchmark `timeout` seconds after `t0` (monotonic) with what is left."""
    await asyncio.sleep(0.2)
    events = await outbox_since(service, due)
    if events and all(e.delivered_at is not None for e in events):
        return events
    if time.monotonic() - t0 > timeout:
        left = sum(e.delivered_at is None for e in events)
        raise SystemExit(f"not delivered after {timeout} s: {left} events left")
    return []


@dataclass
class Figures:
    """What one burst measured (seconds from the moment the games fell due)."""

    round_started: float  # the delivery round that adjudicated them began
    adjudicated: float  # that round's scheduler tick ended
    last_message: float  # the last results post or DM was accepted
    done: float  # the outbox had nothing left undelivered


async def run(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.ERROR)
    tmp = Path(tempfile.mkdtemp(prefix="dipgm-burst-"))
    settings = Settings(
        # pydantic-settings' own argument, which the fields' types leave out.
        _env_file=None,  # type: ignore[call-arg]
        DISCORD_TOKEN=SecretStr("fake-bot-token"),
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp / 'dipgm.sqlite3'}",
        TICK_SECONDS=args.tick,
        HEARTBEAT_FILE=tmp / "heartbeat",
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

    async def timed_tick(now: datetime) -> TickReport:
        begun = time.monotonic()
        report = await real_tick(now)
        if report.adjudicated:
            ticks.append((begun, time.monotonic()))
        return report

    # The scheduler's own tick, timed: the benchmark wraps the method on this instance.
    bot.scheduler.tick = timed_tick  # type: ignore[method-assign]
    try:
        async with fake.run_bot(bot, ready_timeout=60) as driver:
            heartbeat = Path(settings.heartbeat_file)
            while not heartbeat.exists() or bot.delivery.in_round:
                await asyncio.sleep(0.05)  # the first round (nothing due) is over
            world, limits = driver.world, fake.rate_limits
            limits.clear()
            mark = len(world.bot_messages)
            clock.start(due - timedelta(seconds=LEAD_IN))
            t0 = time.monotonic() + LEAD_IN  # the moment the games fall due
            await asyncio.sleep(LEAD_IN)
            while not (events := await delivered(service, due, t0, args.timeout)):
                pass
            done = time.monotonic() - t0
            posts = [s.at for s in limits.log if s.route == "/channels/{channel_id}/messages"]
            figures = Figures(
                round_started=ticks[0][0] - t0,
                adjudicated=ticks[-1][1] - t0,
                last_message=max(posts) - t0,
                done=done,
            )
            report(args, world, games, world.bot_messages[mark:], limits, events, figures)
    finally:
        await fake.close()
        await service.store.db.dispose()


def check_games(
    world: World, games: list[Game], sent: list[FakeMessage], events: list[OutboxRow]
) -> list[str]:
    """What is wrong, game by game: a results post missing, doubled or without its map;
    a player's own results missing or doubled; a game's messages not in the order of its
    events in the outbox (the results post first, then the players' DMs as queued)."""
    problems: list[str] = []
    where = {g.channel.id: g for g in games}
    dm_of = {c.id: user_id for user_id, c in world.dm_channels.items()}
    by_game: dict[int, list[tuple[str, int]]] = {g.id: [] for g in games}
    for m in sent:  # in the order the fake accepted them
        if m.channel_id in where:
            by_game[where[m.channel_id].id].append(("results", 0))
        elif m.channel_id in dm_of:
            game = next(g for g in games if any(u.id == dm_of[m.channel_id] for u in g.players))
            by_game[game.id].append(("dm", dm_of[m.channel_id]))
    # An event's game and user are nullable columns: set on these two kinds.
    queued: dict[int | None, list[tuple[str, int | None]]] = {g.id: [] for g in games}
    for e in events:
        if e.kind == EventKind.RESULTS:
            queued[e.game_id].append(("results", 0))
        elif e.kind == EventKind.PHASE_NEWS:
            queued[e.game_id].append(("dm", e.user_id))
    for g in games:
        if by_game[g.id] != queued[g.id]:
            problems.append(f"game {g.id}: sent {by_game[g.id]}, queued {queued[g.id]}")
        results = [m for m in sent if m.channel_id == g.channel.id]
        if len(results) == 1 and not any(
            a.filename.startswith("map-") for a in results[0].attachments
        ):
            problems.append(f"game {g.id}: results post without its map")
        if len(queued[g.id]) != 1 + len(g.players):
            problems.append(f"game {g.id}: {len(queued[g.id])} events for {len(g.players)} players")
    failed = [e.id for e in events if e.attempts != 1 or e.given_up_at is not None]
    if failed:
        problems.append(f"{len(failed)} events needed more than one attempt: {failed[:10]}")
    return problems


def verdict(problems: list[str], players: int) -> str:
    """What `check_games` found, as the benchmarks print it."""
    if problems:
        return "PROBLEMS:\n  " + "\n  ".join(problems[:20])
    return (
        f"every game's results post (with its map) and each of its {players} players' "
        "DMs delivered once, in the outbox's order, each on its first attempt"
    )


def cpu_model() -> str:
    """The CPU's name as /proc/cpuinfo gives it (Linux), else what Python knows."""
    info = Path("/proc/cpuinfo")
    lines = info.read_text().splitlines() if info.exists() else []
    names = [line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")]
    return names[0] if names else platform.processor()


def report(
    args: argparse.Namespace,
    world: World,
    games: list[Game],
    sent: list[FakeMessage],
    limits: RateLimits,
    events: list[OutboxRow],
    figures: Figures,
) -> None:
    seen = limits.log
    counted = [s for s in seen if s.counted_globally]
    floor = len(counted) / GLOBAL_LIMIT
    spread = counted[-1].at - counted[0].at if len(counted) > 1 else 0.0
    routes = Counter(f"{s.method} {s.route}" for s in seen)
    kinds = Counter(EventKind(e.kind).name for e in events)
    limited = limits.limited
    by_bucket = Counter(r.bucket for r in limited)
    problems = check_games(world, games, sent, events)
    cpu = cpu_model()
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs ({cpu}), load "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    players = sum(len(g.players) for g in games)
    print(
        f"games {len(games)}, players {players}, tick {args.tick:g} s, latency {args.latency:g} s"
    )
    print(f"events: {dict(sorted(kinds.items()))}; messages sent: {len(sent)}")
    print(
        f"adjudication: the round began {figures.round_started:.1f} s after the games fell "
        f"due (the loop's pause), its tick ended at {figures.adjudicated:.1f} s"
    )
    print(f"requests answered: {len(seen)} ({len(counted)} under the global limit)")
    print(f"requests per game per phase: {len(seen) / len(games):.1f}")
    for route, n in routes.most_common():
        print(f"    {n:6d}  {route}")
    print(
        f"rate: {len(counted) / spread if spread else 0:.1f} requests/s from first to last; "
        f"busiest second: {limits.busiest_second()} (limit {GLOBAL_LIMIT})"
    )
    print(
        f"429s: {len(limited)} ({by_bucket.get('global', 0)} global"
        + "".join(f", {n} {b}" for b, n in by_bucket.items() if b != "global")
        + ")"
    )
    print(f"floor: {len(counted)} requests / {GLOBAL_LIMIT} per s = {floor:.1f} s")
    delivering = figures.last_message - figures.round_started
    print(
        f"time: last message {figures.last_message:.1f} s after the games fell due, "
        f"{delivering:.1f} s after the round began = {delivering / floor:.2f} x the floor; "
        f"outbox empty at {figures.done:.1f} s"
    )
    print(verdict(problems, players))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tick", type=float, default=5.0, help="TICK_SECONDS")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added per answer")
    parser.add_argument("--timeout", type=float, default=1800.0)
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N real bot processes on one PostgreSQL instead of one in this process "
        "(benchmarks/burst_processes.py)",
    )
    parser.add_argument(
        "--kill-leader", action="store_true", help="with --processes: SIGKILL the one delivering"
    )
    parser.add_argument("--database-url", help="with --processes: a PostgreSQL server's URL")
    args = parser.parse_args()
    if args.processes:
        from benchmarks import burst_processes

        burst_processes.main(args)
        return
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
