"""What players feel of the service: the DM order echo's latency at 50 messages a
second, one scheduler sweep of 1,000 due games, the cost of the lookups made after
every phase as a game grows; and order submissions per second, the SQLite file's growth.

    .venv/bin/python benchmarks/service.py [--db sqlite|postgresql|both]
                                           [--parts echo,client-echo,throughput,lookups,outbox]
                                           [--rate 50] [--echo-seconds 30]
                                           [--submissions 1400] [--games 1000]
                                           [--phases 300] [--growth-phases 150]
                                           [--synchronous normal|full]

Each part runs on a fresh database of its own.

- Echo (`--parts echo`): messages of orders arrive at --rate a second for
  --echo-seconds, each on time whatever the answers before it (as Discord delivers
  them: no server brings more than about 50 a second, Discord's limit on the bot's
  own requests, and each is answered by a DM), from the 70 players of 10 games; each
  is answered as the DM handler does (`submit_orders`, `game_info`, the echo's text).
  Latency from the message's arrival to its answer: p50, p99, max.
- Client echo (`--parts client-echo`): the same, through the real DipBot and discord.py
  against the fake Discord with its rate limits on: latency from the fake dispatching
  the DM to the echo's last message reaching its REST API, and the 429s answered.
- Submissions: seven players of one game send their full opening orders again and
  again through `GameService.submit_orders` (parse, validate, store, answer).
- Sweep: --games games, each with every power's opening orders in, all past their
  deadline; one `Scheduler.tick(now)` adjudicates and stores every one of them
  (outcomes, report, next position, reminders, outbox), one transaction per game.
  The games are set up by copying rows, which is not timed.
- Lookups (`--parts lookups`): one 7-player game played through the service as the
  bot plays it (random orders of the kinds real games have, a reminder round, the
  deadline's tick, every event delivered) to --phases phases, and beside it the same
  game stopped after 3; on each, the median time of the results post's lookup,
  `/game map` (the current phase, and S1901M) and the DM preview's, through
  `GameLookups` with a renderer that draws nothing (so the read is timed, not the PNG).
- Outbox (`--parts outbox`, SQLite only): the same game played three times to
  --growth-phases phases, each in a fresh file: the outbox never pruned (as before
  OUTBOX_KEEP_DAYS), pruned as the delivery loop does with the default 30 days (the
  game's clock moves by its deadlines, 4 days a move), and with 0 days; the file's
  bytes per played phase, after a WAL checkpoint, and the outbox's share.

PostgreSQL: TEST_DATABASE_URL if set, else a throwaway server from
scripts/pg_test_server.sh (needs initdb on PATH).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudication.maps import STANDARD  # noqa: E402
from adjudication.orders import order_power  # noqa: E402
from adjudication.parse import parse_orders  # noqa: E402
from adjudication.position import Position  # noqa: E402
from adjudication.units import PhaseKind  # noqa: E402
from adjudication.variants import STANDARD_GAME  # noqa: E402
from benchmarks.corpus import (  # noqa: E402
    random_adjustment_orders,
    random_movement_orders,
    random_retreat_orders,
)
from bot.service import GameService, open_service  # noqa: E402
from bot.service.caller import Caller  # noqa: E402
from bot.service.events import EventKind  # noqa: E402
from bot.service.lookups import GameLookups  # noqa: E402
from bot.service.scheduler import Scheduler  # noqa: E402
from bot.service.words import submission_echo  # noqa: E402
from storage.codec import order_to_json  # noqa: E402
from storage.models import GameRow, OrderRow, PhaseRow, PowerRow, SubmissionRow  # noqa: E402

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
OPENINGS = {
    "AUSTRIA": "A VIE - GAL\nA BUD - SER\nF TRI - ALB",
    "ENGLAND": "F LON - ENG\nF EDI - NTH\nA LVP - YOR",
    "FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO",
    "GERMANY": "A BER - KIE\nA MUN - RUH\nF KIE - DEN",
    "ITALY": "A VEN H\nA ROM - APU\nF NAP - ION",
    "RUSSIA": "A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT",
    "TURKEY": "F ANK - BLA\nA CON - BUL\nA SMY - ARM",
}


async def new_game(
    service: GameService, channel: int, seed: int | None = None, first_user: int = 2001
) -> int:
    name = f"bench {channel}"
    game = await service.lobby.create_game(1, channel, 1000, name, T0, seed=seed or channel)
    for user in range(first_user, first_user + 7):
        await service.lobby.join(game.id, Caller(user, 1), T0)
    return (await service.lobby.start(game.id, Caller(1000, 1), T0)).id


async def bench_submissions(service: GameService, count: int) -> float:
    game_id = await new_game(service, 1)
    info = await service.lobby.game_info(game_id)
    senders = [(p.user_id, OPENINGS[p.power]) for p in info.powers]
    at = T0 + timedelta(hours=1)
    start = time.perf_counter()
    for i in range(count):
        user, text = senders[i % len(senders)]
        await service.orders.submit_orders(Caller(user), text, at, game_id=game_id)
    return count / (time.perf_counter() - start)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


async def bench_echo(
    service: GameService, rate: float, seconds: float, games: int = 10
) -> tuple[float, float, float, float]:
    """The DM order echo as players feel it: messages of orders arrive at `rate` a
    second, on time whatever the answers before them (an open loop, as Discord
    delivers them), from the 7 players of each of `games` games, each player in one
    game, so the service finds the game from the sender as it does for a DM. Each is
    answered as the DM handler answers it: `submit_orders`, the game's name
    (`game_info`), the echo's text. Returns (p50, p99, max in ms, achieved rate)."""
    senders: list[tuple[int, str]] = []
    for n in range(games):
        game_id = await new_game(service, 500 + n, first_user=5000 + 10 * n)
        info = await service.lobby.game_info(game_id)
        senders += [(p.user_id, OPENINGS[p.power]) for p in info.powers]
    # Every other message changes the orders (all hold, then the openings again).
    holds = {
        text: "\n".join(line.split(" -")[0] + " H" for line in text.splitlines())
        for _, text in senders
    }
    at = T0 + timedelta(hours=1)
    latencies: list[float] = []

    async def echo(user: int, text: str, due: float) -> None:
        result = await service.orders.submit_orders(Caller(user), text, at, sent_at=at)
        name = (await service.lobby.game_info(result.game_id)).name
        submission_echo(result, name)
        latencies.append(time.perf_counter() - due)

    count = round(rate * seconds)
    tasks = []
    gc.collect()
    start = time.perf_counter()
    for i in range(count):
        due = start + i / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        user, text = senders[i % len(senders)]
        if (i // len(senders)) % 2:
            text = holds[text]
        tasks.append(asyncio.create_task(echo(user, text, due)))
    await asyncio.gather(*tasks)
    achieved = count / (time.perf_counter() - start)
    ms = [x * 1000 for x in latencies]
    return percentile(ms, 0.5), percentile(ms, 0.99), max(ms), achieved


async def bench_client_echo(
    url: str, rate: float, seconds: float, games: int = 10
) -> tuple[float, float, float, float, int]:
    """The same echo through the real client: the fake Discord (its rate limits on, as
    Discord's) dispatches each DM to the real DipBot over its gateway, and the latency
    runs until the echo's last message reaches the fake's REST API. Returns (p50, p99,
    max in ms, achieved rate, 429s)."""
    from sqlalchemy import update

    from bot.client import DipBot
    from bot.settings import Settings
    from storage.models import OutboxRow
    from tests.fake_discord import FakeDiscord

    ends = ("Every unit has an order.", "Still without orders:", "nothing to order")
    at = T0 + timedelta(hours=1)
    service = await open_service(url)
    # Discord's clock (the messages' timestamps) is the bot's: an hour into the phase.
    fake = FakeDiscord(players=(), clock=at.timestamp)
    senders = []
    for n in range(games):
        channel = fake.add_channel(f"game-{n}")
        players = {u.id: u for u in (fake.add_user(f"p{n}-{i}") for i in range(7))}
        info = await service.lobby.create_game(
            fake.guild.id, channel.id, fake.gm.id, f"G{n}", T0, seed=n + 1
        )
        for user in players:
            await service.lobby.join(info.id, Caller(user, fake.guild.id), T0)
        started = await service.lobby.start(info.id, Caller(fake.gm.id, fake.guild.id), T0)
        senders += [(players[p.user_id], OPENINGS[p.power]) for p in started.powers]
    async with service.store.transaction() as session:  # the starts' posts: not part of it
        await session.execute(update(OutboxRow).values(delivered_at=T0))
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            _env_file=None,
            DISCORD_TOKEN="fake-bot-token",
            DATABASE_URL=url,
            HEARTBEAT_FILE=f"{tmp}/heartbeat",
        )
        await fake.start()
        try:
            bot = DipBot(settings, service, clock=lambda: at)
            async with fake.run_bot(bot, ready_timeout=60) as driver:
                fake.rate_limits.clear()
                mark = len(driver.world.bot_messages)
                said: dict[int, list[float]] = {}
                count = round(rate * seconds)
                gc.collect()
                start = time.perf_counter()
                for i in range(count):
                    due = start + i / rate
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    user, text = senders[i % len(senders)]
                    said.setdefault(user.id, []).append(time.monotonic())
                    await driver.user_says(user, "dm", text)
                achieved = count / (time.perf_counter() - start)
                await driver.wait_until(
                    lambda: (
                        sum(
                            any(e in m.content for e in ends)
                            for m in driver.world.bot_messages[mark:]
                        )
                        >= count
                    ),
                    timeout=120,
                    what="every echo",
                )
                # Each POST the fake accepted made one message, in the same order.
                posts = [s for s in fake.rate_limits.log if s.route.endswith("/messages")]
                sent = driver.world.bot_messages[mark:]
                latencies = []
                for user_id, times in said.items():
                    dm = driver.world.dm_channels[user_id].id
                    echoes = [
                        seen.at
                        for seen, m in zip(posts, sent, strict=True)
                        if m.channel_id == dm and any(e in m.content for e in ends)
                    ]
                    latencies += [b - a for a, b in zip(times, echoes, strict=True)]
                limited = len(fake.rate_limits.limited)
        finally:
            await fake.close()
            await service.store.db.dispose()
    ms = [x * 1000 for x in latencies]
    return percentile(ms, 0.5), percentile(ms, 0.99), max(ms), achieved, limited


async def clone_due_games(service: GameService, count: int) -> datetime:
    """`count` copies of a started game with every power's orders in; returns a time
    after all their deadlines."""
    template_id = await new_game(service, 2)
    position = Position.initial(STANDARD_GAME)
    orders = {
        power: [order_to_json(line.order) for line in parse_orders(text, position, power)]
        for power, text in OPENINGS.items()
    }
    async with service.store.transaction() as session:
        template = await session.get(GameRow, template_id)
        phase = await session.get(PhaseRow, template.current_phase_id)
        template_powers = [
            (p.power, p.user_id)
            for p in (
                await session.execute(
                    PowerRow.__table__.select().where(PowerRow.game_id == template_id)
                )
            ).all()
        ]
        settings, deadline, position_json = template.settings, template.deadline_at, phase.position
    for start in range(0, count, 100):
        async with service.store.transaction() as session:
            for n in range(start, min(count, start + 100)):
                game = GameRow(
                    guild_id=1,
                    channel_id=10_000 + n,
                    gm_user_id=1000,
                    name=f"clone {n}",
                    status="active",
                    settings=settings,
                    seed=n,
                    version=1,
                    deadline_at=deadline,
                    created_at=T0,
                )
                session.add(game)
                await session.flush()
                row = PhaseRow(
                    game_id=game.id,
                    seq=0,
                    code="S1901M",
                    position=position_json,
                    started_at=T0,
                    deadline_at=deadline,
                )
                session.add(row)
                await session.flush()
                game.current_phase_id = row.id
                subs = {}
                for power, user in template_powers:
                    session.add(PowerRow(game_id=game.id, power=power, user_id=user))
                    subs[power] = SubmissionRow(
                        game_id=game.id,
                        phase_id=row.id,
                        power=power,
                        sender_user_id=user,
                        raw_text=OPENINGS[power],
                        received_at=T0,
                        lines=[],
                    )
                    session.add(subs[power])
                await session.flush()
                for power, given in orders.items():
                    for order in given:
                        session.add(
                            OrderRow(
                                phase_id=row.id,
                                power=power,
                                slot=order["unit"].split()[-1].split("/")[0],
                                order=order,
                                submission_id=subs[power].id,
                            )
                        )
    return deadline + timedelta(seconds=1)


async def bench_sweep(service: GameService, games: int) -> tuple[int, float]:
    now = await clone_due_games(service, games)
    start = time.perf_counter()
    report = await Scheduler(service).tick(now)
    elapsed = time.perf_counter() - start
    assert not report.errors, report.errors[:3]
    return len(report.adjudicated), elapsed


# --- a long game, played as the bot plays it ----------------------------------------

NMR_CHANCE = 0.03  # a power's orders missing from a phase


@dataclass
class LongGame:
    """One 7-player game played phase by phase through the service: each phase a
    reminder round an hour before the deadline, random orders from every player (of
    the kinds real games have: benchmarks/corpus.py), the deadline's tick, and every
    event delivered as the delivery loop does; `prune_days`: then the outbox pruned as
    the loop does (`prune_outbox_hourly`)."""

    service: GameService
    game_id: int
    rng: random.Random
    prune_days: float | None = None
    played: list[str] = field(default_factory=list)
    phase_ids: list[int] = field(default_factory=list)  # of the phases played, in order

    @classmethod
    async def start(cls, service: GameService, seed: int, channel: int = 100, **kwargs) -> LongGame:
        """A new game; games started with the same seed are played identically."""
        game_id = await new_game(service, channel, seed)
        return cls(service, game_id, random.Random(seed), **kwargs)

    async def play(self, phases: int) -> None:
        """Play until `phases` more phases are played (or the game ends)."""
        scheduler = Scheduler(self.service)
        target = len(self.played) + phases
        while len(self.played) < target:
            info = await self.service.lobby.game_info(self.game_id)
            if info.status.value != "active":
                return
            reminders = info.deadline_at - timedelta(minutes=59)  # the last reminder's time
            await self._tick(scheduler, reminders)
            at = info.deadline_at - timedelta(minutes=30)
            await self._send_orders(info, at)
            # A retreat or adjustment phase ends as soon as everyone concerned has sent.
            await self._tick(
                scheduler, (await self.service.lobby.game_info(self.game_id)).deadline_at
            )

    async def _tick(self, scheduler: Scheduler, now: datetime) -> None:
        report = await scheduler.tick(now)
        assert not report.errors, report.errors
        self.played += [r.phase for r in report.adjudicated if r.game_id == self.game_id]
        await self._deliver(now)

    async def _send_orders(self, info, at: datetime) -> None:
        position = await self._position()
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            orders = random_movement_orders(position, STANDARD, self.rng)
        elif kind is PhaseKind.RETREAT:
            orders = random_retreat_orders(position, self.rng)
        else:
            orders = random_adjustment_orders(position, STANDARD, self.rng)
        by_power: dict[str, list[str]] = {}
        for order in orders:
            by_power.setdefault(order_power(order), []).append(str(order))
        for p in info.powers:
            lines = by_power.get(p.power)
            if p.user_id is None or not p.owes_orders or not lines:
                continue
            if self.rng.random() < NMR_CHANCE:
                continue
            sender = Caller(p.user_id)
            await self.service.orders.submit_orders(
                sender, "\n".join(lines), at, game_id=self.game_id
            )
            if kind is not PhaseKind.MOVEMENT:
                info = await self.service.lobby.game_info(self.game_id)
                if info.deadline_at <= at:
                    return  # everyone concerned has sent: the phase is over

    async def _position(self) -> Position:
        """The current position, read as the service reads it (untimed set-up)."""
        async with self.service.store.transaction() as session:
            game = await session.get(GameRow, self.game_id)
            phase = await session.get(PhaseRow, game.current_phase_id)
            return self.service.store.position(phase)

    async def _deliver(self, now: datetime) -> None:
        while events := await self.service.outbox.pending_events(now, limit=500):
            for event in events:
                if event.kind is EventKind.RESULTS and event.game_id == self.game_id:
                    self.phase_ids.append(event.payload["phase_id"])
                await self.service.outbox.mark_delivered(event.id, now)
        if self.prune_days is not None:
            await self.service.outbox.prune_outbox_hourly(now, self.prune_days)


async def median_ms(
    call: Callable[[], Awaitable[object]], *, budget: float = 1.0, most: int = 300
) -> tuple[float, int]:
    """(median ms, calls made) of `call`, repeated for about `budget` seconds after a
    few calls untimed (caches, compiled statements). The garbage collector starts
    clean, so that what another measurement left behind is not billed to this one."""
    for _ in range(3):
        await call()
    gc.collect()
    times: list[float] = []
    while len(times) < 5 or (sum(times) < budget and len(times) < most):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, len(times)


def _no_png(*_args) -> bytes:
    return b""


def lookup_calls(game: LongGame) -> dict[str, Callable[[], Awaitable[object]]]:
    """The lookups made after each phase or on request, for this game as it stands."""
    lookups = GameLookups(game.service, renderer=_no_png)
    gid, just_played, first = game.game_id, game.phase_ids[-1], game.phase_ids[0]
    return {
        "results post (the phase just played)": lambda: lookups.results_map(gid, just_played),
        "results post of S1901M (same phase at both)": lambda: lookups.results_map(gid, first),
        "/game map (current phase)": lambda: lookups.phase_map(gid),
        "/game map phase:S1901M": lambda: lookups.phase_map(gid, "S1901M"),
        "DM preview (current position)": lambda: lookups.preview_map(gid, ["FRANCE"], []),
    }


async def bench_lookups(label: str, service: GameService, phases: int, seed: int = 1) -> None:
    """Two games of the same seed, so played alike, in one database: one stopped after
    3 phases, one played on to `phases`; each lookup timed on the one, then the other."""
    start = time.perf_counter()
    long = await LongGame.start(service, seed, channel=101)
    await long.play(phases)
    built = time.perf_counter() - start
    # Second: a tick plays every game due, and the long game's deadlines are now far
    # beyond the short one's.
    short = await LongGame.start(service, seed, channel=100)
    await short.play(3)
    assert long.played[:3] == short.played
    print(
        f"{label}: a game of {len(long.played)} phases ({long.played[0]} … {long.played[-1]}) "
        f"played through the service in {built:.0f} s, beside the same game stopped after 3; "
        "lookup medians, renderer stubbed:"
    )
    heads = (f"after 3 ({short.played[-1]})", f"after {len(long.played)} ({long.played[-1]})")
    print(f"  {'':46} {heads[0]:>22} {heads[1]:>25}")
    early, late = lookup_calls(short), lookup_calls(long)
    for name in early:
        # One after the other, so that a change in the host's load between the two
        # stays small.
        ms, n = await median_ms(early[name])
        late_ms, late_n = await median_ms(late[name])
        print(
            f"  {name:46} {ms:9.2f} ms ({n:3} calls) {late_ms:9.2f} ms ({late_n:3} calls)"
            f"   ×{late_ms / ms:.2f}"
        )


# --- the SQLite file's growth --------------------------------------------------------


def sqlite_size(path: str) -> tuple[int, int, dict[str, int]]:
    """(file bytes, free bytes, bytes per table with its indexes) after checkpointing
    the WAL into the file."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        free = conn.execute("PRAGMA freelist_count").fetchone()[0] * page
        tables = dict(
            conn.execute(
                "SELECT coalesce(m.tbl_name, d.name), SUM(d.pgsize) FROM dbstat d "
                "LEFT JOIN sqlite_schema m ON m.name = d.name GROUP BY 1"
            ).fetchall()
        )
    finally:
        conn.close()
    return os.path.getsize(path), free, tables


async def bench_outbox_growth(
    tmp: str, phases: int, prune_days: float | None, synchronous: str
) -> None:
    path = f"{tmp}/growth-{prune_days}.sqlite3"
    service = await open_service(f"sqlite+aiosqlite:///{path}?synchronous={synchronous}")
    try:
        game = await LongGame.start(service, seed=2, prune_days=prune_days)
        warm_up = 10
        await game.play(warm_up)
        size0, _, tables0 = sqlite_size(path)
        await game.play(phases - warm_up)
        size1, free, tables1 = sqlite_size(path)
    finally:
        await service.store.db.dispose()
    n = len(game.played) - warm_up
    how = (
        "never pruned"
        if prune_days is None
        else f"pruned as the delivery loop does, OUTBOX_KEEP_DAYS={prune_days:g}"
    )
    growth = {t: (tables1.get(t, 0) - tables0.get(t, 0)) / n for t in tables1}
    biggest = sorted(((t, b) for t, b in growth.items() if b > 0), key=lambda item: -item[1])
    print(
        f"SQLite file, outbox {how}: {size1:,} bytes after {len(game.played)} phases "
        f"({free:,} free); phases {warm_up + 1}–{len(game.played)}: "
        f"{(size1 - size0) / n:,.0f} bytes per phase; outbox now {tables1.get('outbox', 0):,} "
        "bytes\n  per phase by table: " + ", ".join(f"{t} {b:,.0f}" for t, b in biggest)
    )


def postgres_url() -> tuple[str | None, str | None]:
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        return url, None
    try:
        out = subprocess.run(
            ["bash", str(ROOT / "scripts/pg_test_server.sh"), "start"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"PostgreSQL unavailable: {exc}", file=sys.stderr)
        return None, None
    return (
        re.search(r"TEST_DATABASE_URL=(\S+)", out).group(1),
        re.search(r"DIPGM_PG_DIR=(\S+)", out).group(1),
    )


async def fresh_pg_database(server_url: str) -> str:
    import asyncpg

    name = f"bench_{uuid.uuid4().hex[:10]}"
    conn = await asyncpg.connect(server_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return server_url.rsplit("/", 1)[0] + "/" + name


async def bench_round_trips(service: GameService, count: int = 500) -> tuple[float, float]:
    """The floor under everything: bare statements per second on one connection, and
    one-statement write transactions per second, through the same engine."""
    from sqlalchemy import text

    async with service.store.db.connect() as conn:
        start = time.perf_counter()
        for _ in range(count):
            await conn.execute(text("SELECT 1"))
        selects = count / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(count // 2):
        async with service.store.db.begin() as conn:
            await conn.execute(text("UPDATE games SET version = version WHERE id = 0"))
    writes = (count // 2) / (time.perf_counter() - start)
    return selects, writes


PARTS_ON_EACH_DATABASE = ("echo", "client-echo", "throughput", "lookups")


async def run(label: str, url: str, part: str, args: argparse.Namespace) -> None:
    """One part of the benchmark, on its own fresh database (a scheduler tick plays
    every game due, so the parts must not see each other's games)."""
    service = await open_service(url)
    try:
        if part == "echo":
            p50, p99, worst, achieved = await bench_echo(service, args.rate, args.echo_seconds)
            print(
                f"{label}: DM order echo at {achieved:.1f} submissions/s "
                f"({round(args.rate * args.echo_seconds)} messages from 70 players of 10 games): "
                f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms"
            )
        if part == "client-echo":
            await service.store.db.dispose()  # the part opens its own
            p50, p99, worst, achieved, limited = await bench_client_echo(
                url, args.rate, args.echo_seconds
            )
            print(
                f"{label}: DM order echo through discord.py and the fake Discord (rate "
                f"limits on) at {achieved:.1f} submissions/s: p50 {p50:.1f} ms, "
                f"p99 {p99:.1f} ms, max {worst:.1f} ms; {limited} 429s"
            )
            return
        if part == "throughput":
            selects, writes = await bench_round_trips(service)
            print(
                f"{label}: floor: {selects:,.0f} bare statements/s, "
                f"{writes:,.0f} one-statement write transactions/s"
            )
            rate = await bench_submissions(service, args.submissions)
            print(f"{label}: {rate:,.0f} order submissions/s ({args.submissions} submissions)")
            done, elapsed = await bench_sweep(service, args.games)
            print(
                f"{label}: one sweep adjudicated and stored {done} due games ({args.games} "
                f"copies + the set-up's 2) in {elapsed:.1f} s ({done / elapsed:,.0f} games/s)"
            )
        if part == "lookups":
            await bench_lookups(label, service, args.phases)
    finally:
        await service.store.db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument(
        "--parts",
        type=lambda text: set(text.split(",")),
        default={"echo", "throughput", "lookups", "outbox"},
        help="comma-separated: echo, client-echo, throughput, lookups, outbox "
        "(default: all but client-echo)",
    )
    parser.add_argument("--rate", type=float, default=50, help="the echo's submissions/s")
    parser.add_argument("--echo-seconds", type=float, default=30, help="how long the echo runs")
    parser.add_argument("--submissions", type=int, default=1400)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--phases", type=int, default=300, help="length of the lookups' game")
    parser.add_argument(
        "--growth-phases", type=int, default=150, help="length of the outbox's games"
    )
    parser.add_argument(
        "--synchronous",
        choices=["normal", "full"],
        default="normal",
        help="SQLite's synchronous pragma (storage/db.py; dipgm's default is normal)",
    )
    args = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load}"
    )
    parts = [part for part in PARTS_ON_EACH_DATABASE if part in args.parts]
    if args.db in ("sqlite", "both") and parts:
        with tempfile.TemporaryDirectory() as tmp:
            label = f"SQLite (synchronous={args.synchronous})"
            for part in parts:
                url = f"sqlite+aiosqlite:///{tmp}/{part}.sqlite3?synchronous={args.synchronous}"
                asyncio.run(run(label, url, part, args))
    if "outbox" in args.parts:
        with tempfile.TemporaryDirectory() as tmp:
            for prune_days in (None, 30, 0):
                asyncio.run(
                    bench_outbox_growth(tmp, args.growth_phases, prune_days, args.synchronous)
                )
    if args.db in ("postgresql", "both") and parts:
        server, pg_dir = postgres_url()
        if server is None:
            return
        try:
            for part in parts:
                url = asyncio.run(fresh_pg_database(server))
                asyncio.run(run("PostgreSQL", url, part, args))
        finally:
            if pg_dir:
                subprocess.run(
                    ["bash", str(ROOT / "scripts/pg_test_server.sh"), "stop", pg_dir], check=False
                )


if __name__ == "__main__":
    main()
