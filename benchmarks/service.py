"""Service throughput: order submissions per second, and one scheduler sweep.

    .venv/bin/python benchmarks/service.py [--db sqlite|postgresql|both]
                                           [--submissions 1400] [--games 1000]
                                           [--synchronous normal|full]

- Submissions: seven players of one game send their full opening orders again and
  again through `GameService.submit_orders` (parse, validate, store, answer).
- Sweep: --games games, each with every power's opening orders in, all past their
  deadline; one `Scheduler.tick(now)` adjudicates and stores every one of them
  (outcomes, report, next position, reminders, outbox), one transaction per game.
  The games are set up by copying rows, which is not timed.

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
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudication.maps import STANDARD  # noqa: E402
from adjudication.parse import parse_orders  # noqa: E402
from adjudication.position import Position  # noqa: E402
from bot.scheduler import Scheduler  # noqa: E402
from bot.service import GameService, open_service  # noqa: E402
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


async def new_game(service: GameService, channel: int) -> int:
    game = await service.create_game(1, channel, 1000, f"bench {channel}", T0, seed=channel)
    for user in range(2001, 2008):
        await service.join(game.id, user, T0)
    return (await service.start(game.id, 1000, T0)).id


async def bench_submissions(service: GameService, count: int) -> float:
    game_id = await new_game(service, 1)
    info = await service.game_info(game_id)
    senders = [(p.user_id, OPENINGS[p.power]) for p in info.powers]
    at = T0 + timedelta(hours=1)
    start = time.perf_counter()
    for i in range(count):
        user, text = senders[i % len(senders)]
        await service.submit_orders(user, text, at, game_id=game_id)
    return count / (time.perf_counter() - start)


async def clone_due_games(service: GameService, count: int) -> datetime:
    """`count` copies of a started game with every power's orders in; returns a time
    after all their deadlines."""
    template_id = await new_game(service, 2)
    position = Position.initial(STANDARD)
    orders = {
        power: [order_to_json(line.order) for line in parse_orders(text, position, power)]
        for power, text in OPENINGS.items()
    }
    async with service.transaction() as session:
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
        async with service.transaction() as session:
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

    async with service.db.connect() as conn:
        start = time.perf_counter()
        for _ in range(count):
            await conn.execute(text("SELECT 1"))
        selects = count / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(count // 2):
        async with service.db.begin() as conn:
            await conn.execute(text("UPDATE games SET version = version WHERE id = 0"))
    writes = (count // 2) / (time.perf_counter() - start)
    return selects, writes


async def run(label: str, url: str, submissions: int, games: int) -> None:
    service = await open_service(url)
    try:
        selects, writes = await bench_round_trips(service)
        print(
            f"{label}: floor: {selects:,.0f} bare statements/s, "
            f"{writes:,.0f} one-statement write transactions/s"
        )
        rate = await bench_submissions(service, submissions)
        print(f"{label}: {rate:,.0f} order submissions/s ({submissions} submissions)")
        done, elapsed = await bench_sweep(service, games)
        print(
            f"{label}: one sweep adjudicated and stored {done} due games ({games} copies "
            f"+ the set-up's 2) in {elapsed:.1f} s ({done / elapsed:,.0f} games/s)"
        )
    finally:
        await service.db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--submissions", type=int, default=1400)
    parser.add_argument("--games", type=int, default=1000)
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
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{tmp}/bench.sqlite3?synchronous={args.synchronous}"
            label = f"SQLite (synchronous={args.synchronous})"
            asyncio.run(run(label, url, args.submissions, args.games))
    if args.db in ("postgresql", "both"):
        server, pg_dir = postgres_url()
        if server is None:
            return
        try:
            url = asyncio.run(fresh_pg_database(server))
            asyncio.run(run("PostgreSQL", url, args.submissions, args.games))
        finally:
            if pg_dir:
                subprocess.run(
                    ["bash", str(ROOT / "scripts/pg_test_server.sh"), "stop", pg_dir], check=False
                )


if __name__ == "__main__":
    main()
