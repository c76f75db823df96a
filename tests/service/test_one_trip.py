"""An order submission on SQLite is one synchronous transaction run in the service's
SQLite thread (`ServiceCore.run_transaction`): one trip from the event loop, the same
rows and answers as through the async engine, and never a blocked loop."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import pytest
from sqlalchemy import event, text

from bot.caller import Caller
from bot.errors import PhaseAlreadyPlayed
from bot.scheduler import Scheduler
from bot.service import open_service
from storage.db import sqlite_twin
from tests.conftest import T0
from tests.service.conftest import owner, started_game

NOW = T0 + timedelta(hours=1)


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path / 'one_trip.sqlite3'}"


def _record_statements(engine, into: list[tuple[str, str]]) -> None:
    """Append (thread name, SQL) for every statement `engine` sends."""

    def before(_conn, _cursor, statement, *_args) -> None:
        into.append((threading.current_thread().name, statement))

    event.listen(engine, "before_cursor_execute", before)


async def test_a_submission_is_one_transaction_in_the_sqlite_thread(sqlite_url):
    service = await open_service(sqlite_url)
    try:
        info = await started_game(service)
        # The first submission of a phase also reads its position (then cached).
        await service.submit_orders(Caller(owner(info, "FRANCE")), "A MAR H", NOW)
        on_loop: list[tuple[str, str]] = []
        in_thread: list[tuple[str, str]] = []
        _record_statements(service.db.sync_engine, on_loop)
        _record_statements(sqlite_twin(service.db), in_thread)
        france = owner(info, "FRANCE")
        result = await service.submit_orders(Caller(france), "A PAR - BUR", NOW, game_id=info.id)
        assert result.orders == ("A MAR H", "A PAR - BUR")
        assert on_loop == []  # nothing through the async engine
        threads = {name for name, _ in in_thread}
        assert len(threads) == 1 and threads.pop().startswith("dipgm-sqlite")
        sql = [statement.split()[0].upper() for _, statement in in_thread]
        # Read the game, then its powers and orders; record the message, upsert the
        # order; BEGIN IMMEDIATE first.
        assert sql == ["BEGIN", "SELECT", "SELECT", "INSERT", "INSERT"]
        assert in_thread[0][1] == "BEGIN IMMEDIATE"
    finally:
        await service.db.dispose()


async def _stored(service) -> tuple:
    async with service.db.connect() as conn:
        subs = (await conn.execute(text("SELECT * FROM submissions ORDER BY id"))).all()
        orders = (await conn.execute(text("SELECT * FROM orders ORDER BY id"))).all()
        games = (await conn.execute(text("SELECT deadline_at FROM games ORDER BY id"))).all()
    return [tuple(r) for r in subs], [tuple(r) for r in orders], [tuple(r) for r in games]


async def _play_messages(service) -> list:
    """A run of submissions touching every branch: corrections, rejections, several
    powers (a standby-free proxy), the owner overriding, a retreat ending early."""
    info = await started_game(service)
    france, england = owner(info, "FRANCE"), owner(info, "ENGLAND")
    await service.grant_proxy(Caller(france), england, NOW, provinces=["MAR"], game_id=info.id)
    answers = [
        await service.submit_orders(Caller(france), "A Par-Bur\nF Bre - Mao\nnonsense", NOW),
        await service.submit_orders(
            Caller(england), "F LON - NTH\nA MAR - SPA", NOW, game_id=info.id
        ),
        await service.submit_orders(
            Caller(france), "A MAR - PIE\nA PAR H", NOW + timedelta(minutes=1)
        ),
        await service.submit_orders(Caller(england), "A MAR H", NOW, game_id=info.id),
        await service.submit_orders(Caller(owner(info, "ITALY")), "", NOW),
    ]
    return answers


async def test_the_sqlite_thread_writes_what_the_async_engine_writes(tmp_path):
    """The twin engine (pysqlite) and the async one (aiosqlite) must encode datetimes,
    JSON and booleans alike, and answer alike."""
    results = []
    for name, one_trip in (("thread", True), ("loop", False)):
        service = await open_service(f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3")
        try:
            if not one_trip:
                service._sqlite = None  # the async engine's path (run_sync), as on PostgreSQL
            answers = await _play_messages(service)
            results.append((answers, await _stored(service)))
        finally:
            await service.db.dispose()
    (thread_answers, thread_rows), (loop_answers, loop_rows) = results
    assert thread_answers == loop_answers
    assert thread_rows == loop_rows
    subs, orders, _ = thread_rows
    assert len(subs) == 6 and len(orders) >= 3  # the proxy message makes two


async def test_the_loop_runs_while_a_submission_waits_for_the_write_lock(sqlite_url):
    """An adjudication holding SQLite's write lock moves the game on; the submission
    waiting for the lock (in its thread, not on the loop) then reads the new phase."""
    service = await open_service(sqlite_url)
    try:
        info = await started_game(service)
        france = owner(info, "FRANCE")
        async with service.db.connect() as adjudicator:
            tx = await adjudicator.begin()  # BEGIN IMMEDIATE: the write lock
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
            sending = asyncio.create_task(service.submit_orders(Caller(france), "A PAR - BUR", NOW))
            ticks = 0
            for _ in range(20):  # the loop keeps running while the submission waits
                await asyncio.sleep(0.01)
                ticks += 1
            assert ticks == 20 and not sending.done()
            await tx.commit()
        result = await asyncio.wait_for(sending, 10)
        assert result.phase == "F1901M" and result.orders == ("A PAR - BUR",)
    finally:
        await service.db.dispose()


async def test_a_submission_racing_the_adjudication_is_played_or_refused(sqlite_url):
    """One service: the scheduler adjudicates on the async engine while the submission
    runs in the SQLite thread. Whichever commits first, an order answered "accepted"
    for the phase played is in what was played."""
    service = await open_service(sqlite_url)
    try:
        outcomes = set()
        for round_ in range(8):
            info = await started_game(service, channel=300 + round_)
            france = owner(info, "FRANCE")
            just_before = info.deadline_at - timedelta(milliseconds=1)
            submit = service.submit_orders(
                Caller(france), "A PAR - BUR", just_before, game_id=info.id
            )
            tick = Scheduler(service).tick(info.deadline_at)
            pair = (submit, tick) if round_ % 2 else (tick, submit)
            results = await asyncio.gather(*pair, return_exceptions=True)
            sent = results[pair.index(submit)]
            assert not isinstance(results[pair.index(tick)], BaseException)
            await Scheduler(service).tick(info.deadline_at)
            records = await service.phase_records(info.id)
            assert records[0].phase == "S1901M" and records[1].phase == "F1901M"
            played = [o["order"] for o in records[0].outcomes if o["order"].get("unit") == "A PAR"]
            if isinstance(sent, BaseException):
                # Sent before the deadline, it reached the game after the phase was
                # played: refused with the reason, never applied to the next phase.
                assert isinstance(sent, PhaseAlreadyPlayed), sent
                assert "Spring 1901 was already played" in sent.message
                outcomes.add("refused")
                continue
            assert sent.phase == "S1901M", "sent before the deadline, applied to the next phase"
            assert sent.lines[0].status.value == "accepted"
            assert [o["type"] for o in played] == ["move"], "accepted but not played"
            outcomes.add("played")
        assert outcomes  # at least one round ran to a verdict
    finally:
        await service.db.dispose()
