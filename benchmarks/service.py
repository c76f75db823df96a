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
  again through `GameService.orders.submit_orders` (parse, validate, store, answer).
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

The parts' code: the echoes in benchmarks/echo.py, the long game (lookups, outbox)
in benchmarks/long_game.py, what they share in benchmarks/service_games.py.

PostgreSQL: TEST_DATABASE_URL if set, else a throwaway server from
scripts/pg_test_server.sh (needs initdb on PATH).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlmodel import col  # noqa: E402

from adjudication.model.position import Position  # noqa: E402
from adjudication.model.units import Power  # noqa: E402
from adjudication.text.parse import parse_orders  # noqa: E402
from adjudication.variants import STANDARD_GAME  # noqa: E402
from benchmarks.echo import bench_client_echo, bench_echo  # noqa: E402
from benchmarks.long_game import bench_lookups, bench_outbox_growth  # noqa: E402
from benchmarks.service_games import OPENINGS, T0, new_game, player_of  # noqa: E402
from bot.service import GameService, open_service  # noqa: E402
from bot.service.app import Scheduler  # noqa: E402
from bot.service.kernel import Caller  # noqa: E402
from storage.codec import order_to_json  # noqa: E402
from storage.db import table_of  # noqa: E402
from storage.enums import GameStatus  # noqa: E402
from storage.models import GameRow, OrderRow, PhaseRow, PowerRow, SubmissionRow  # noqa: E402


async def bench_submissions(service: GameService, count: int) -> float:
    game_id = await new_game(service, 1)
    info = await service.lobby.game_info(game_id)
    senders = [(player_of(p), OPENINGS[p.power]) for p in info.powers]
    at = T0 + timedelta(hours=1)
    start = time.perf_counter()
    for i in range(count):
        user, text = senders[i % len(senders)]
        await service.orders.submit_orders(Caller(user), text, at, game_id=game_id)
    return count / (time.perf_counter() - start)


def opening_orders(position: Position) -> dict[Power, list[dict[str, Any]]]:
    """Every power's opening orders (OPENINGS) as stored; each line reads as an order."""
    orders: dict[Power, list[dict[str, Any]]] = {}
    for power, text in OPENINGS.items():
        lines = parse_orders(text, position, power)
        read = [line.order for line in lines if line.order is not None]
        if len(read) != len(lines):
            raise ValueError(f"{power}'s opening orders do not all read")
        orders[power] = [order_to_json(order) for order in read]
    return orders


async def clone_due_games(service: GameService, count: int) -> datetime:
    """`count` copies of a started game with every power's orders in; returns a time
    after all their deadlines."""
    template_id = await new_game(service, 2)
    orders = opening_orders(Position.initial(STANDARD_GAME))
    async with service.store.transaction() as session:
        template = await session.get(GameRow, template_id)
        assert template is not None, "new_game() created it"
        phase = await session.get(PhaseRow, template.current_phase_id)
        assert phase is not None, "a started game has a current phase"
        template_powers = [
            (p.power, p.user_id)
            for p in (
                await session.execute(
                    table_of(PowerRow).select().where(col(PowerRow.game_id) == template_id)
                )
            ).all()
        ]
        settings, deadline, position_json = template.settings, template.deadline_at, phase.position
    assert deadline is not None, "a started game has a deadline"
    for start in range(0, count, 100):
        async with service.store.transaction() as session:
            for n in range(start, min(count, start + 100)):
                game = GameRow(
                    guild_id=1,
                    channel_id=10_000 + n,
                    gm_user_id=1000,
                    name=f"clone {n}",
                    status=GameStatus.ACTIVE,
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
    server = re.search(r"TEST_DATABASE_URL=(\S+)", out)
    pg_dir = re.search(r"DIPGM_PG_DIR=(\S+)", out)
    if server is None or pg_dir is None:
        raise RuntimeError(f"scripts/pg_test_server.sh did not say where: {out}")
    return server.group(1), pg_dir.group(1)


async def fresh_pg_database(server_url: str) -> str:
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints

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
