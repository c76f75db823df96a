"""The SQLite engine: one trip per statement (storage/sqlite_driver.py), BEGIN IMMEDIATE
sent with a transaction's first statement, and the `synchronous` URL option."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text

from storage.db import create_engine
from storage.sqlite_driver import OneTripConnection


@pytest.fixture
async def engine(tmp_path):
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
    try:
        yield engine
    finally:
        await engine.dispose()


async def test_statements_give_rows_rowcounts_and_ids(engine) -> None:
    async with engine.begin() as conn:
        raw = await conn.get_raw_connection()
        assert isinstance(raw.dbapi_connection, OneTripConnection)
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


async def test_a_transaction_holds_the_write_lock_from_its_first_statement(engine) -> None:
    """Two writers never interleave: the second waits until the first commits, even
    when the first has only read so far (BEGIN IMMEDIATE went with that read)."""
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
        async with engine.begin() as conn:
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


async def test_an_empty_transaction_is_fine(engine) -> None:
    for _ in range(3):
        async with engine.begin():
            pass
    async with engine.begin() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar() == 0


@pytest.mark.parametrize(("option", "level"), [("", 1), ("?synchronous=full", 2)])
async def test_synchronous_is_normal_unless_the_url_says(tmp_path, option, level) -> None:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'y.sqlite3'}{option}")
    try:
        async with engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA synchronous"))).scalar() == level
    finally:
        await engine.dispose()
    assert not (tmp_path / "y.sqlite3?synchronous=full").exists()


def test_an_unknown_synchronous_level_is_refused(tmp_path) -> None:
    with pytest.raises(ValueError, match="synchronous=SOMETIMES"):
        create_engine(f"sqlite+aiosqlite:///{tmp_path / 'z.sqlite3'}?synchronous=sometimes")
