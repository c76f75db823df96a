"""Several service processes (here: engines with their own connection pools) on one
database race to adjudicate the same due games: each phase is played exactly once."""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select

from bot.errors import WrongState
from bot.scheduler import Scheduler
from bot.service import open_service
from storage.models import OutboxRow, PhaseRow
from tests.service.conftest import started_game


async def test_two_services_racing_adjudicate_each_due_game_once(db_url):
    first = await open_service(db_url)
    second = await open_service(db_url)
    try:
        games = [await started_game(first, channel=100 + i) for i in range(4)]
        due = games[0].deadline_at
        reports = await asyncio.gather(
            Scheduler(first).tick(due),
            Scheduler(second).tick(due),
            Scheduler(first).tick(due),
            Scheduler(second).tick(due),
        )
        assert all(not r.errors for r in reports), [r.errors for r in reports]
        played = sorted(r.game_id for report in reports for r in report.adjudicated)
        assert played == sorted(g.id for g in games)
        async with second.transaction() as session:
            phases = (await session.execute(select(func.count()).select_from(PhaseRow))).scalar()
            results = (
                await session.execute(
                    select(func.count()).select_from(OutboxRow).where(OutboxRow.kind == "results")
                )
            ).scalar()
        assert phases == 2 * len(games)
        assert results == len(games)
    finally:
        await first.db.dispose()
        await second.db.dispose()


async def test_gm_adjudicating_while_the_deadline_passes_plays_the_phase_once(db_url):
    first = await open_service(db_url)
    second = await open_service(db_url)
    try:
        info = await started_game(first)
        gm_result, tick = await asyncio.gather(
            first.gm_adjudicate_now(
                info.id, info.gm_user_id, info.deadline_at, expected_phase="S1901M"
            ),
            Scheduler(second).tick(info.deadline_at),
            return_exceptions=True,
        )
        if isinstance(gm_result, WrongState):
            gm_result = None  # the scheduler won; the GM is told the game moved on
        assert not isinstance(tick, BaseException)
        count = (gm_result is not None) + len(tick.adjudicated)
        assert count == 1
        assert [r.phase for r in await first.phase_records(info.id)] == ["S1901M", "F1901M"]
    finally:
        await first.db.dispose()
        await second.db.dispose()
