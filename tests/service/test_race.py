"""Several service processes (here: engines with their own connection pools) on one
database race to adjudicate the same due games: each phase is played exactly once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select, text

from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.kernel import Caller, PhaseAlreadyPlayed, WrongState
from storage.models import OutboxRow, PhaseRow
from tests.service.conftest import GUILD, started_game, texts


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
        async with second.store.transaction() as session:
            phases = (await session.execute(select(func.count()).select_from(PhaseRow))).scalar()
            results = (
                await session.execute(
                    select(func.count()).select_from(OutboxRow).where(OutboxRow.kind == "results")
                )
            ).scalar()
        assert phases == 2 * len(games)
        assert results == len(games)
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_gm_adjudicating_while_the_deadline_passes_plays_the_phase_once(db_url):
    first = await open_service(db_url)
    second = await open_service(db_url)
    try:
        info = await started_game(first)
        gm_result, tick = await asyncio.gather(
            first.gm.gm_adjudicate_now(
                info.id, Caller(info.gm_user_id, GUILD), info.deadline_at, expected_phase="S1901M"
            ),
            Scheduler(second).tick(info.deadline_at),
            return_exceptions=True,
        )
        if isinstance(gm_result, WrongState):
            gm_result = None  # the scheduler won; the GM is told the game moved on
        assert not isinstance(tick, BaseException)
        count = (gm_result is not None) + len(tick.adjudicated)
        assert count == 1
        assert [r.phase.code for r in await first.history.phase_records(info.id)] == [
            "S1901M",
            "F1901M",
        ]
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_orders_sent_as_the_deadline_strikes_are_played_or_refused_never_lost(db_url):
    """A submission racing the adjudication either lands in the phase that is played
    or is refused — never "accepted" and then silently left out, and never moved on to
    the next phase (it was sent before the deadline, for this one)."""
    first = await open_service(db_url)
    second = await open_service(db_url)
    try:
        for round_ in range(6):
            info = await started_game(first, channel=200 + round_)
            france = next(p.user_id for p in info.powers if p.power == "FRANCE")
            just_before = info.deadline_at - timedelta(milliseconds=1)
            sent, _tick = await asyncio.gather(
                second.orders.submit_orders(
                    Caller(france), "A PAR - BUR", just_before, game_id=info.id
                ),
                Scheduler(first).tick(info.deadline_at),
                return_exceptions=True,
            )
            await Scheduler(first).tick(info.deadline_at)  # if the race skipped the game
            records = await first.history.phase_records(info.id)
            played = [o["order"] for o in records[0].outcomes if o["order"].get("unit") == "A PAR"]
            if isinstance(sent, BaseException):
                assert isinstance(sent, WrongState | PhaseAlreadyPlayed), sent
                continue
            assert sent.phase.code == "S1901M", (
                "sent before the deadline, applied to the next phase"
            )
            if sent.lines[0].status.value == "accepted":
                # What the adjudicator played, not what sits in the orders table.
                assert [o["type"] for o in played] == ["move"], "accepted but not played"
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_orders_that_wait_for_a_phase_change_read_the_new_phase(db_url):
    """PostgreSQL row locks: a submission that waited for an adjudication to release
    the game reads the phase, powers and orders as they are after it — not the game's
    new row joined to what was read before the wait."""
    if not db_url.startswith("postgresql"):
        pytest.skip("row locks are PostgreSQL's; SQLite serialises whole transactions")
    service = await open_service(db_url)
    try:
        info = await started_game(service)
        france = next(p.user_id for p in info.powers if p.power == "FRANCE")
        async with service.store.db.connect() as adjudicator:
            tx = await adjudicator.begin()
            await adjudicator.execute(
                text("SELECT id FROM games WHERE id = :g FOR UPDATE"), {"g": info.id}
            )
            # What playing the phase writes: the next phase, made the current one.
            new_phase = await adjudicator.execute(
                text(
                    "INSERT INTO phases (game_id, seq, code, position, started_at) "
                    "SELECT game_id, 1, 'F1901M', position, started_at FROM phases "
                    "WHERE id = (SELECT current_phase_id FROM games WHERE id = :g) RETURNING id"
                ),
                {"g": info.id},
            )
            await adjudicator.execute(
                text("UPDATE games SET current_phase_id = :p WHERE id = :g"),
                {"p": new_phase.scalar_one(), "g": info.id},
            )
            sending = asyncio.create_task(
                service.orders.submit_orders(
                    Caller(france), "A PAR - BUR", info.deadline_at - timedelta(hours=1)
                )
            )
            await asyncio.sleep(0.5)
            assert not sending.done()  # waiting for the game's row
            await tx.commit()
        result = await asyncio.wait_for(sending, 10)
        assert result.phase.code == "F1901M" and texts(result.orders) == ("A PAR - BUR",)
    finally:
        await service.store.db.dispose()
