"""`benchmarks/burst.py --processes N`: the burst of 200 games due at once, delivered by N
real bot processes on one PostgreSQL against the fake Discord with its rate limits.

    .venv/bin/python benchmarks/burst.py --processes 2 [--kill-leader] \\
        [--database-url postgresql+asyncpg://user@host:port/any]   # or TEST_DATABASE_URL

A new database is made on that server (and dropped after), the games set up in it as
for one process (burst.set_up), and the fake Discord served from this process. Then N
processes of `python -m bot --no-gateway` (benchmarks/burst_bot.py: the real launcher,
pointed at the fake) start one after another, each once the one before has run its
first round; when all have, the games fall due for all of them at the same moment.
`--kill-leader` sends SIGKILL to the process delivering once half the burst's messages
are sent. The fake counts every request of the bot's token, from whichever process.

Printed as for one process: the requests by route, the busiest second, the 429s
(global and per bucket), the floor, the time from the moment due, and the check of
every game (each message once, in the outbox's order, each event on its first try);
and with --kill-leader, when the leader died and how long no request was made.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.burst import (
    LEAD_IN,
    T0,
    Clock,
    DistantRateLimits,
    Game,
    check_games,
    cpu_model,
    delivered,
    set_up,
    verdict,
)
from bot.service import open_service
from bot.service.events import EventKind
from tests.fake_discord import FakeDiscord
from tests.fake_discord.rate_limits import GLOBAL_LIMIT

if TYPE_CHECKING:
    from storage.models import OutboxRow
    from tests.fake_discord import FakeMessage
    from tests.fake_discord.rate_limits import RateLimits
    from tests.fake_discord.world import World

ROOT = Path(__file__).resolve().parent.parent
LEADING = "delivers for the whole bot now"


@dataclass
class BotProcess:
    number: int
    popen: subprocess.Popen[bytes]
    home: Path

    @property
    def heartbeat(self) -> Path:
        return self.home / "heartbeat"

    @property
    def log(self) -> Path:
        return self.home / "log.txt"

    def took_the_lead(self) -> list[str]:
        """The log's lines saying this process took the lead (their time first)."""
        return [line for line in self.log.read_text().splitlines() if LEADING in line]


async def admin(server: str, statement: str) -> None:
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints

    conn = await asyncpg.connect(server.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def start_process(
    number: int, tmp: Path, url: str, api: str, clock_file: Path, tick: float
) -> BotProcess:
    home = tmp / f"process-{number}"
    home.mkdir()
    env = dict(os.environ)
    env.update(
        DATABASE_URL=url,
        DISCORD_TOKEN="fake-bot-token",
        TICK_SECONDS=str(tick),
        HEARTBEAT_FILE=str(home / "heartbeat"),
        GATEWAY="false",
        LOG_LEVEL="INFO",
        BURST_API=api,
        BURST_CLOCK=str(clock_file),
        BURST_T0=T0.isoformat(),
    )
    env.pop("DEV_GUILD_ID", None)
    log = (home / "log.txt").open("wb")
    popen = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "burst_bot.py")],
        cwd=home,  # no .env of the developer's is read
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    return BotProcess(number, popen, home)


async def first_round(process: BotProcess, within: float = 180.0) -> None:
    start = time.monotonic()
    while not process.heartbeat.exists():
        if process.popen.poll() is not None:
            raise SystemExit(f"process {process.number} exited:\n{process.log.read_text()[-3000:]}")
        if time.monotonic() - start > within:
            raise SystemExit(f"process {process.number} not running after {within} s")
        await asyncio.sleep(0.2)


def leader(processes: list[BotProcess]) -> BotProcess | None:
    """The live process that took the lead last (by its log's time); with none (a tree
    before issue 32, where every process delivers), the first live one."""
    alive = [p for p in processes if p.popen.poll() is None]
    leading = [p for p in alive if p.took_the_lead()]
    if not leading:
        return alive[0] if alive else None
    return max(leading, key=lambda p: p.took_the_lead()[-1])


async def run(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.ERROR)
    server = args.database_url or os.environ.get("TEST_DATABASE_URL")
    if not server:
        raise SystemExit("--processes needs PostgreSQL: --database-url or TEST_DATABASE_URL")
    name = f"burst_{uuid.uuid4().hex[:10]}"
    await admin(server, f'CREATE DATABASE "{name}"')
    url = server.rsplit("/", 1)[0] + "/" + name
    tmp = Path(tempfile.mkdtemp(prefix="dipgm-burst-"))
    clock = Clock(T0)
    fake = FakeDiscord(players=(), clock=lambda: clock().timestamp())
    fake.rate_limits = DistantRateLimits(epoch=lambda: clock().timestamp(), latency=args.latency)
    service = await open_service(url)
    processes: list[BotProcess] = []
    try:
        started = time.perf_counter()
        games, due = await set_up(service, fake, args.games)
        print(f"set up {len(games)} games in {time.perf_counter() - started:.1f} s (not timed)")
        await fake.start()
        clock_file = tmp / "due"
        for number in range(args.processes):
            process = start_process(number, tmp, url, fake.base_url, clock_file, args.tick)
            processes.append(process)
            await first_round(process)
        world, limits = fake.world, fake.rate_limits
        limits.clear()
        mark, expected = len(world.bot_messages), len(games) * 8
        killed: tuple[float, BotProcess] | None = None
        begin = due - timedelta(seconds=LEAD_IN)
        clock.start(begin)
        clock_file.write_text(f"{begin.isoformat()} {time.time()}")
        t0 = time.monotonic() + LEAD_IN  # the moment the games fall due
        await asyncio.sleep(LEAD_IN)
        while not (events := await delivered(service, due, t0, args.timeout)):
            halfway = len(world.bot_messages) - mark >= expected // 2
            if args.kill_leader and killed is None and halfway:
                victim = leader(processes)
                assert victim is not None, "no process leads"
                os.kill(victim.popen.pid, signal.SIGKILL)
                killed = (time.monotonic(), victim)
        done = time.monotonic() - t0
        report(args, world, games, world.bot_messages[mark:], limits, events, t0, done, killed)
        for p in processes:
            print(
                f"process {p.number} (pid {p.popen.pid}): took the lead {len(p.took_the_lead())}"
                f" time(s){', killed' if killed and killed[1] is p else ''}"
            )
    finally:
        for p in processes:
            if p.popen.poll() is None:
                p.popen.send_signal(signal.SIGTERM)
        for p in processes:
            try:
                p.popen.wait(30)
            except subprocess.TimeoutExpired:
                p.popen.kill()
        await fake.close()
        await service.store.db.dispose()
        await admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def report(
    args: argparse.Namespace,
    world: World,
    games: list[Game],
    sent: list[FakeMessage],
    limits: RateLimits,
    events: list[OutboxRow],
    t0: float,
    done: float,
    killed: tuple[float, BotProcess] | None,
) -> None:
    seen = limits.log
    counted = [s for s in seen if s.counted_globally]
    floor = len(counted) / GLOBAL_LIMIT
    routes = Counter(f"{s.method} {s.route}" for s in seen)
    kinds = Counter(EventKind(e.kind).name for e in events)
    by_bucket = Counter(r.bucket for r in limits.limited)
    posts = [s.at for s in seen if s.route == "/channels/{channel_id}/messages"]
    problems = check_games(world, games, sent, events)
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs ({cpu_model()}), load "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    players = sum(len(g.players) for g in games)
    print(
        f"processes {args.processes} on one PostgreSQL, games {len(games)}, players {players}, "
        f"tick {args.tick:g} s, latency {args.latency:g} s"
    )
    print(f"events: {dict(sorted(kinds.items()))}; messages sent: {len(sent)}")
    print(f"requests answered: {len(seen)} ({len(counted)} under the global limit)")
    for route, n in routes.most_common():
        print(f"    {n:6d}  {route}")
    print(f"busiest second: {limits.busiest_second()} (limit {GLOBAL_LIMIT})")
    print(
        f"429s: {len(limits.limited)} ({by_bucket.get('global', 0)} global"
        + "".join(f", {n} {b}" for b, n in by_bucket.items() if b != "global")
        + ")"
    )
    print(f"floor: {len(counted)} requests / {GLOBAL_LIMIT} per s = {floor:.1f} s")
    first = counted[0].at - t0 if counted else 0.0
    last = max(posts) - t0 if posts else 0.0
    print(
        f"time: first request {first:.1f} s after the games fell due, last message "
        f"{last:.1f} s = {last / floor:.2f} x the floor ({(last - first) / floor:.2f} x from "
        f"the first request); outbox empty at {done:.1f} s"
    )
    if killed is not None:
        at, victim = killed
        after = [s.at for s in counted if s.at >= at]
        gaps = [b - a for a, b in zip([at, *after], after, strict=False)]
        print(
            f"leader (process {victim.number}) killed {at - t0:.1f} s after the games fell due;"
            f" longest pause in requests after it: {max(gaps, default=0.0):.1f} s"
        )
    print(verdict(problems, players))


def main(args: argparse.Namespace) -> None:
    asyncio.run(run(args))
