"""Issue 23: one scheduler pass over --games active games with mixed schedules finds
the due ones (target: 50 ms for 1,000).

    .venv/bin/python benchmarks/scheduler.py [--games 1000] [--due 0.1] [--runs 20]

The games are written straight into a fresh, migrated SQLite file (not timed), each
with a schedule drawn from a mix (lengths, "daily at 20:00" in six time zones, working
days) and its deadline set by that schedule from a random start; --due of them have
passed it. Timed: the pass `Scheduler.tick` makes first, `queries.games.due` in one
transaction, on a warm connection; the median and worst of --runs, and a check that
it found exactly the games due.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time as clock
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudication.model.units import PhaseKind
from bot.service.app._scheduler import MAX_GAMES_PER_TICK
from bot.service.kernel import Clock, GameSettings, Schedule
from bot.service.kernel._schedule import working_days
from storage import migrate, queries
from storage.db import create_engine
from storage.enums import GameStatus
from storage.models import GameRow

NOW = datetime(2026, 3, 29, 12, 0, tzinfo=UTC)  # the day Europe changes to summer time
ZONES = (
    "UTC",
    "Europe/Paris",
    "America/New_York",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Europe/London",
)


def mixed_schedules() -> list[Schedule]:
    clocks = [Schedule(movement=Clock(time(20, 0)), zone=z) for z in ZONES]
    return [Schedule(), working_days(Schedule(zone="Europe/Paris")), *clocks]


async def main(games: int, due_share: float, runs: int) -> None:
    from sqlalchemy.ext.asyncio import AsyncSession

    rng = random.Random(23)
    schedules = mixed_schedules()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/bench.sqlite3"
        await migrate(url)
        engine = create_engine(url)
        expected: set[int] = set()
        async with AsyncSession(engine) as session, session.begin():
            for n in range(games):
                schedule = rng.choice(schedules)
                deadline = schedule.deadline(PhaseKind.MOVEMENT, NOW - timedelta(days=10))
                if rng.random() >= due_share:  # not due: its phase began just now
                    deadline = schedule.deadline(PhaseKind.MOVEMENT, NOW)
                else:
                    expected.add(n + 1)
                session.add(
                    GameRow(
                        id=n + 1,
                        guild_id=1,
                        channel_id=n + 1,
                        gm_user_id=1,
                        name=f"game {n}",
                        status=GameStatus.ACTIVE,
                        settings=GameSettings(schedule=schedule).model_dump(mode="json"),
                        seed=n,
                        version=0,
                        created_at=NOW,
                        deadline_at=deadline,
                    )
                )
        times: list[float] = []
        async with AsyncSession(engine) as session:
            for _ in range(runs + 1):
                start = clock.perf_counter()
                async with session.begin():
                    found = await queries.games.due(session, NOW, MAX_GAMES_PER_TICK)
                times.append(clock.perf_counter() - start)
        await engine.dispose()
    assert {game for game, _ in found} == expected, "the pass must find exactly the due games"
    timed = times[1:]  # the first warms the connection
    print(
        f"{games} active games, {len(expected)} due, {len(schedules)} schedules: one pass "
        f"median {statistics.median(timed) * 1000:.1f} ms, worst {max(timed) * 1000:.1f} ms "
        f"(target 50 ms)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--due", type=float, default=0.1)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.due, args.runs))
