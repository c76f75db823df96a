"""An order submission is one transaction of five statements, that answers and stores
alike on SQLite and PostgreSQL, never blocks the event loop while it waits for the
write lock, and is played or refused, never lost, when it races the deadline."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import event, select, text

from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.kernel import Caller, PhaseAlreadyPlayed
from storage.models import GameRow, OrderRow, SubmissionRow
from tests.conftest import T0
from tests.service.conftest import owner, started_game, texts

NOW = T0 + timedelta(hours=1)


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path / 'submission.sqlite3'}"


def _record(engine, statements: list[tuple[object, str]], ends: list[str]) -> None:
    """Append (connection, SQL) for every statement `engine` sends, and "begin",
    "commit" or "rollback" as its transactions start and end."""

    def before(conn, _cursor, statement, *_args) -> None:
        statements.append((conn.connection.dbapi_connection, statement))

    event.listen(engine, "before_cursor_execute", before)
    for name in ("begin", "commit", "rollback"):
        event.listen(engine, name, lambda _conn, name=name: ends.append(name))


async def test_a_submission_is_one_transaction_of_five_statements(service):
    info = await started_game(service)
    # The first submission of a phase also reads its position (then cached).
    await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "A MAR H", NOW)
    statements: list[tuple[object, str]] = []
    ends: list[str] = []
    _record(service.store.db.sync_engine, statements, ends)
    france = owner(info, "FRANCE")
    result = await service.orders.submit_orders(Caller(france), "A PAR - BUR", NOW, game_id=info.id)
    assert texts(result.orders) == ("A MAR H", "A PAR - BUR")
    assert ends == ["begin", "commit"]
    assert len({conn for conn, _ in statements}) == 1  # one connection throughout
    sql = [statement.split()[0].upper() for _, statement in statements]
    if service.store.db.dialect.name == "sqlite":
        # BEGIN IMMEDIATE first: the write lock before anything is read.
        assert statements[0][1] == "BEGIN IMMEDIATE"
    else:
        # asyncpg begins without a statement of its own; the game's row is locked first.
        assert "FOR NO KEY UPDATE" in statements[0][1]
        sql[0] = "LOCK"
    # Lock, read the game, then its powers and orders; record the message, upsert the
    # order.
    assert sql == [sql[0], "SELECT", "SELECT", "INSERT", "INSERT"]


async def _stored(service) -> tuple:
    """Every submission and order and each game's deadline, as the models read them
    back (so the same values on both databases)."""
    subs, orders = SubmissionRow.__table__.c, OrderRow.__table__.c
    async with service.store.db.connect() as conn:
        submissions = await conn.execute(
            select(
                subs.id,
                subs.phase_id,
                subs.power,
                subs.sender_user_id,
                subs.raw_text,
                subs.received_at,
                subs.lines,
            ).order_by(subs.id)
        )
        # Not the orders' ids: PostgreSQL's upsert draws a sequence number even when it
        # updates a row, SQLite's does not, so the ids after one differ.
        in_force = await conn.execute(
            select(
                orders.phase_id,
                orders.power,
                orders.slot,
                orders.order,
                orders.submission_id,
                orders.by_owner,
            ).order_by(orders.id)
        )
        games = await conn.execute(select(GameRow.__table__.c.deadline_at).order_by(GameRow.id))
        return (
            [tuple(r) for r in submissions],
            [tuple(r) for r in in_force],
            [tuple(r) for r in games],
        )


async def _play_messages(service) -> list:
    """A run of submissions touching every branch: corrections, rejections, several
    powers (a standby-free proxy), the owner overriding, a retreat ending early."""
    info = await started_game(service)
    france, england = owner(info, "FRANCE"), owner(info, "ENGLAND")
    await service.orders.grant_proxy(
        Caller(france), england, NOW, provinces=["MAR"], game_id=info.id
    )
    answers = [
        await service.orders.submit_orders(Caller(france), "A Par-Bur\nF Bre - Mao\nnonsense", NOW),
        await service.orders.submit_orders(
            Caller(england), "F LON - NTH\nA MAR - SPA", NOW, game_id=info.id
        ),
        await service.orders.submit_orders(
            Caller(france), "A MAR - PIE\nA PAR H", NOW + timedelta(minutes=1)
        ),
        await service.orders.submit_orders(Caller(england), "A MAR H", NOW, game_id=info.id),
        await service.orders.submit_orders(Caller(owner(info, "ITALY")), "A Rom - Xyz", NOW),
    ]
    return answers


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
async def test_sqlite_and_postgresql_answer_and_store_alike(db_url, tmp_path):
    """One set of queries for both databases: the same messages get the same answers
    and leave the same rows (datetimes, JSON and booleans read back alike)."""
    results = []
    for url in (f"sqlite+aiosqlite:///{tmp_path / 'alike.sqlite3'}", db_url):
        service = await open_service(url)
        try:
            answers = await _play_messages(service)
            results.append((answers, await _stored(service)))
        finally:
            await service.store.db.dispose()
    (sqlite_answers, sqlite_rows), (pg_answers, pg_rows) = results
    assert sqlite_answers == pg_answers

    assert sqlite_rows == pg_rows
    subs, orders, _ = sqlite_rows
    assert len(subs) == 6 and len(orders) >= 3  # the proxy message makes two


async def test_the_loop_runs_while_a_submission_waits_for_the_write_lock(sqlite_url):
    """An adjudication holding SQLite's write lock moves the game on; the submission
    waiting for the lock (in aiosqlite's thread, not on the loop) then reads the new
    phase."""
    service = await open_service(sqlite_url)
    try:
        info = await started_game(service)
        france = owner(info, "FRANCE")
        async with service.store.db.connect() as adjudicator:
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
            sending = asyncio.create_task(
                service.orders.submit_orders(Caller(france), "A PAR - BUR", NOW)
            )
            ticks = 0
            for _ in range(20):  # the loop keeps running while the submission waits
                await asyncio.sleep(0.01)
                ticks += 1
            assert ticks == 20 and not sending.done()
            await tx.commit()
        result = await asyncio.wait_for(sending, 10)
        assert result.phase.code == "F1901M" and texts(result.orders) == ("A PAR - BUR",)
    finally:
        await service.store.db.dispose()


async def test_a_submission_racing_the_adjudication_is_played_or_refused(service):
    """One service: the scheduler adjudicates while the submission is stored, each in
    its own transaction. Whichever commits first, an order answered "accepted" for the
    phase played is in what was played."""
    outcomes = set()
    for round_ in range(8):
        info = await started_game(service, channel=300 + round_)
        france = owner(info, "FRANCE")
        just_before = info.deadline_at - timedelta(milliseconds=1)
        submit = service.orders.submit_orders(
            Caller(france), "A PAR - BUR", just_before, game_id=info.id
        )
        tick = Scheduler(service).tick(info.deadline_at)
        pair = (submit, tick) if round_ % 2 else (tick, submit)
        results = await asyncio.gather(*pair, return_exceptions=True)
        sent = results[pair.index(submit)]
        assert not isinstance(results[pair.index(tick)], BaseException)
        await Scheduler(service).tick(info.deadline_at)
        records = await service.history.phase_records(info.id)
        assert records[0].phase.code == "S1901M" and records[1].phase.code == "F1901M"
        played = [o["order"] for o in records[0].outcomes if o["order"].get("unit") == "A PAR"]
        if isinstance(sent, BaseException):
            # Sent before the deadline, it reached the game after the phase was
            # played: refused with the reason, never applied to the next phase.
            assert isinstance(sent, PhaseAlreadyPlayed), sent
            assert "Spring 1901 was already played" in sent.message
            outcomes.add("refused")
            continue
        assert sent.phase.code == "S1901M", "sent before the deadline, applied to the next phase"
        assert sent.lines[0].status.value == "accepted"
        assert [o["type"] for o in played] == ["move"], "accepted but not played"
        outcomes.add("played")
    assert outcomes  # at least one round ran to a verdict
