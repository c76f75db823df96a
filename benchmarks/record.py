"""Issue 31: a player's record of showing up (`/rating`, and `/game join` of a game with
a `min_reliability`) on a server with many finished games.

    .venv/bin/python benchmarks/record.py [--games 500] [--phases 40] [--runs 20] [--url URL]

Written straight into a fresh, migrated database (SQLite by default; --url for another,
which must be empty), not timed: --games finished games of one server, each of seven
players drawn from a pool of 21, each --phases movement phases long with every power
holding its opening units, who held each power kept in each phase's start state, and
a message of orders for nine phases in ten. Timed, on a warm connection: `/rating`'s
service call (the rating and the record) for a player of about a third of the games,
and that player joining a lobby with `min_reliability` 50 (then leaving it, for the
next run); the median and worst of --runs, and the statements each made.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time as clock
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import CursorResult, event, insert

from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.variants import VARIANTS
from bot.service import GameService, open_service
from bot.service.kernel import Caller, GameSettings
from storage import migrate
from storage.codec import position_to_json
from storage.db import table_of
from storage.enums import GameStatus, PlayerStatus
from storage.models import GameRow, PhaseRow, PlayerRow, PowerRow, SubmissionRow

T0 = datetime(2020, 1, 6, 12, 0, tzinfo=UTC)
GUILD, GM, POOL = 1, 1000, tuple(range(2001, 2022))
ME = POOL[0]


def _inserted_id(result: CursorResult[Any]) -> int:
    key = result.inserted_primary_key
    assert key is not None  # None only for a statement that inserted nothing
    return key[0]


async def fill(service: GameService, games: int, phases: int) -> int:
    """The server's finished games; returns how many ME played."""
    rng = random.Random(31)
    opening = Position.initial(VARIANTS["standard"], Rules())
    position = position_to_json(opening)
    powers = sorted({u.power for u in opening.units})
    settings = GameSettings().model_dump(mode="json")
    mine = 0
    async with service.store.db.begin() as conn:
        for g in range(games):
            players = rng.sample(POOL, 7)
            mine += ME in players
            start = T0 + timedelta(days=200 * g // 10)
            game = await conn.execute(
                insert(table_of(GameRow)).values(
                    guild_id=GUILD,
                    channel_id=10_000 + g,
                    gm_user_id=GM,
                    name=f"bench {g}",
                    status=GameStatus.ENDED,
                    settings=settings,
                    seed=g,
                    created_at=start,
                    ended_at=start + timedelta(days=4 * phases),
                    end_kind="draw",
                )
            )
            game_id = _inserted_id(game)
            holder = dict(zip(powers, players, strict=True))
            await conn.execute(
                insert(table_of(PlayerRow)),
                [
                    dict(
                        game_id=game_id,
                        user_id=u,
                        status=PlayerStatus.JOINED,
                        preferences=[],
                        joined_at=start,
                    )
                    for u in players
                ],
            )
            await conn.execute(
                insert(table_of(PowerRow)),
                [dict(game_id=game_id, power=p, user_id=u) for p, u in holder.items()],
            )
            state = {
                "powers": {
                    p: {
                        "user_id": u,
                        "standby_user_id": None,
                        "civil_disorder": False,
                        "missed_phases": 0,
                        "eliminated_year": None,
                        "excuses_left": 0,
                    }
                    for p, u in holder.items()
                },
                "proxies": [],
            }
            ids = []
            for seq in range(phases):
                began = start + timedelta(days=4 * seq)
                phase = await conn.execute(
                    insert(table_of(PhaseRow)).values(
                        game_id=game_id,
                        seq=seq,
                        code=opening.phase.code,
                        position=position,
                        started_at=began,
                        deadline_at=began + timedelta(days=4),
                        adjudicated_at=began + timedelta(days=4),
                        start_state=state,
                    )
                )
                ids.append((_inserted_id(phase), began))
            await conn.execute(
                insert(table_of(SubmissionRow)),
                [
                    dict(
                        game_id=game_id,
                        phase_id=phase_id,
                        power=p,
                        sender_user_id=u,
                        raw_text="A Par H",
                        received_at=began + timedelta(days=1),
                        lines=[],
                    )
                    for phase_id, began in ids
                    for p, u in holder.items()
                    if rng.random() < 0.9
                ],
            )
            await conn.execute(
                table_of(GameRow)
                .update()
                .where(table_of(GameRow).c.id == game_id)
                .values(current_phase_id=ids[-1][0])
            )
    return mine


async def timed(
    service: GameService, call: Callable[[], Awaitable[None]], runs: int
) -> tuple[list[float], int]:
    statements: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        statements.append(statement)

    await call()  # warm the connection and the caches
    times: list[float] = []
    event.listen(service.store.db.sync_engine, "before_cursor_execute", count)
    try:
        for _ in range(runs):
            began = clock.perf_counter()
            await call()
            times.append((clock.perf_counter() - began) * 1000)
    finally:
        event.remove(service.store.db.sync_engine, "before_cursor_execute", count)
    return times, len(statements) // runs


async def main(games: int, phases: int, runs: int, url: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = url or f"sqlite+aiosqlite:///{tmp}/bench.sqlite3"
        await migrate(url)
        service = await open_service(url)
        try:
            played = await fill(service, games, phases)
            lobby = await service.lobby.create_game(
                GUILD, 1, GM, "Reliable", T0, GameSettings(min_reliability=50)
            )
            record = (await service.ratings.player_rating(GUILD, ME)).record
            print(
                f"{games} finished games of {phases} phases; the player was in {played}: "
                f"ordered {record.ordered} of the last {record.owed} phases owed, "
                f"{record.finished} games finished"
            )

            async def rating() -> None:
                await service.ratings.player_rating(GUILD, ME)

            async def join() -> None:
                await service.lobby.join(lobby.id, Caller(ME, GUILD), T0)
                await service.lobby.leave(lobby.id, Caller(ME, GUILD), T0)

            for name, call in (("/rating", rating), ("/game join + leave", join)):
                times, statements = await timed(service, call, runs)
                print(
                    f"{name}: median {statistics.median(times):.1f} ms, worst "
                    f"{max(times):.1f} ms, {statements} statements"
                )
        finally:
            await service.store.db.dispose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--phases", type=int, default=40)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.phases, args.runs, args.url))
