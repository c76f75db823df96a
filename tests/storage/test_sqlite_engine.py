"""The SQLite engine (storage/db.py): SQLAlchemy's own aiosqlite dialect, each
transaction begun with BEGIN IMMEDIATE, so writers wait for each other and never fail,
while the event loop runs on; and the `synchronous` URL option.

An engine has one connection, so one engine's transactions queue on the event loop;
where SQLite itself must make a writer wait, the second writer comes from another
engine on the same file, as it would from another process."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from sqlalchemy import text

from storage.db import create_engine


@pytest.fixture
async def engine(tmp_path):
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
async def other(engine, tmp_path):
    """A second engine on the same file, as another process would have."""
    other = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    try:
        yield other
    finally:
        await other.dispose()


async def test_statements_give_rows_rowcounts_and_ids(engine) -> None:
    async with engine.begin() as conn:
        raw = await conn.get_raw_connection()
        # SQLAlchemy's own adapter, nothing of dipgm's between it and aiosqlite.
        assert engine.dialect.driver == "aiosqlite"
        assert type(raw.dbapi_connection).__module__ == "sqlalchemy.dialects.sqlite.aiosqlite"
        first = await conn.execute(text("INSERT INTO t (v) VALUES ('a')"))
        second = await conn.execute(text("INSERT INTO t (v) VALUES ('b')"))
        assert second.lastrowid == first.lastrowid + 1
        many = await conn.execute(text("INSERT INTO t (v) VALUES (:v)"), [{"v": "c"}, {"v": "d"}])
        assert many.rowcount == 2
        changed = await conn.execute(text("UPDATE t SET v = 'z' WHERE v IN ('a', 'b')"))
        assert changed.rowcount == 2
    async with engine.connect() as conn:
        rows = (await conn.execute(text("SELECT v FROM t ORDER BY id"))).all()
    assert [r.v for r in rows] == ["z", "z", "c", "d"]


async def test_a_failed_transaction_leaves_nothing_behind(engine) -> None:
    with pytest.raises(RuntimeError):
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO t (v) VALUES ('lost')"))
            raise RuntimeError("half-way")
    with pytest.raises(Exception, match="no such table"):
        async with engine.begin() as conn:
            await conn.execute(text("SELECT * FROM missing"))
    async with engine.begin() as conn:  # the connection is usable again
        await conn.execute(text("INSERT INTO t (v) VALUES ('kept')"))
    async with engine.connect() as conn:
        values = (await conn.execute(text("SELECT v FROM t"))).scalars().all()
    assert values == ["kept"]


async def test_a_transaction_holds_the_write_lock_from_its_first_statement(engine, other) -> None:
    """Two writers never interleave: the second waits until the first commits, even
    when the first has only read so far (BEGIN IMMEDIATE came before that read)."""
    first_read = asyncio.Event()
    release = asyncio.Event()
    seen: list[str] = []

    async def first() -> None:
        async with engine.begin() as conn:
            await conn.execute(text("SELECT count(*) FROM t"))
            first_read.set()
            await release.wait()
            await conn.execute(text("INSERT INTO t (v) VALUES ('first')"))
            seen.append("first committing")

    async def second() -> None:
        await first_read.wait()
        async with other.begin() as conn:
            count = (await conn.execute(text("SELECT count(*) FROM t"))).scalar()
            seen.append(f"second saw {count}")

    one = asyncio.create_task(first())
    two = asyncio.create_task(second())
    await first_read.wait()
    await asyncio.sleep(0.3)
    assert seen == []  # the second transaction is waiting for the lock
    release.set()
    await asyncio.gather(one, two)
    assert seen == ["first committing", "second saw 1"]


async def test_the_write_lock_is_taken_when_the_transaction_begins(engine, tmp_path) -> None:
    """BEGIN IMMEDIATE, not the driver's deferred BEGIN: another connection cannot
    write from the moment the transaction begins, before it has run a statement."""
    other = sqlite3.connect(tmp_path / "x.sqlite3", timeout=0, isolation_level=None)
    try:
        async with engine.begin():
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        other.execute("BEGIN IMMEDIATE")  # free again once it has ended
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_writers_that_read_first_all_wait_their_turn(engine, other) -> None:
    """Twelve transactions at once, from two engines, each read a count, then write it
    plus one. With a deferred BEGIN they would all read, then all but one fail
    ("database is locked") when upgrading to write; here each waits for the write
    lock, none fails, none loses another's update."""
    async with engine.begin() as conn:
        await conn.execute(text("INSERT INTO t (id, v) VALUES (1, '0')"))

    async def add_one(db) -> None:
        async with db.begin() as conn:
            count = (await conn.execute(text("SELECT v FROM t WHERE id = 1"))).scalar_one()
            await asyncio.sleep(0.01)  # let the others start meanwhile
            await conn.execute(text("UPDATE t SET v = :v WHERE id = 1"), {"v": int(count) + 1})

    await asyncio.gather(*(add_one((engine, other)[i % 2]) for i in range(12)))
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT v FROM t WHERE id = 1"))).scalar_one() == "12"


async def test_the_loop_runs_while_a_writer_waits_for_the_lock(engine, other) -> None:
    """The wait for the write lock happens in aiosqlite's thread, not on the loop."""
    async with engine.connect() as holder:
        tx = await holder.begin()
        await holder.execute(text("INSERT INTO t (v) VALUES ('first')"))

        async def second() -> int:
            async with other.begin() as conn:
                return (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one()

        waiting = asyncio.create_task(second())
        ticks = 0
        for _ in range(20):
            await asyncio.sleep(0.01)
            ticks += 1
        assert ticks == 20 and not waiting.done()
        await tx.commit()
    assert await asyncio.wait_for(waiting, 10) == 1


async def test_one_engine_s_transactions_take_turns(engine) -> None:
    """Many transactions of one engine at once: each waits for the one before it on
    the event loop (the engine's one connection), and all succeed."""

    async def write(n: int) -> None:
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO t (v) VALUES (:v)"), {"v": str(n)})
            await asyncio.sleep(0.005)

    await asyncio.gather(*(write(n) for n in range(20)))
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one() == 20


async def test_an_empty_transaction_is_fine(engine) -> None:
    for _ in range(3):
        async with engine.begin():
            pass
    async with engine.begin() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar() == 0


async def test_an_in_memory_database_works() -> None:
    engine = create_engine("sqlite+aiosqlite:///:memory:")
    try:
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (v TEXT)"))
            await conn.execute(text("INSERT INTO t VALUES ('kept')"))
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT v FROM t"))).scalar_one() == "kept"
    finally:
        await engine.dispose()


@pytest.mark.parametrize(("option", "level"), [("", 1), ("?synchronous=full", 2)])
async def test_synchronous_is_normal_unless_the_url_says(tmp_path, option, level) -> None:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'y.sqlite3'}{option}")
    try:
        async with engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA synchronous"))).scalar() == level
            assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
            assert (await conn.execute(text("PRAGMA foreign_keys"))).scalar() == 1
    finally:
        await engine.dispose()
    assert not (tmp_path / "y.sqlite3?synchronous=full").exists()


def test_an_unknown_synchronous_level_is_refused(tmp_path) -> None:
    with pytest.raises(ValueError, match="synchronous=SOMETIMES"):
        create_engine(f"sqlite+aiosqlite:///{tmp_path / 'z.sqlite3'}?synchronous=sometimes")
