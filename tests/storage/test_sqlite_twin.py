"""The synchronous twin of a SQLite engine (storage.db.sqlite_twin): same file, same
pragmas, BEGIN IMMEDIATE; none for in-memory SQLite or PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from storage.db import create_engine, dispose_sqlite_twin, sqlite_twin


@pytest.mark.parametrize("synchronous", ["normal", "full"])
async def test_the_twin_shares_the_file_and_its_settings(tmp_path, synchronous) -> None:
    path = tmp_path / "x.sqlite3"
    engine = create_engine(f"sqlite+aiosqlite:///{path}?synchronous={synchronous}")
    try:
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (v TEXT)"))
            await conn.execute(text("INSERT INTO t VALUES ('from the loop')"))
        twin = sqlite_twin(engine)
        assert twin is not None
        with twin.begin() as conn:
            raw = conn.connection.dbapi_connection
            assert raw.in_transaction  # BEGIN IMMEDIATE already sent
            assert conn.execute(text("SELECT v FROM t")).scalar_one() == "from the loop"
            # 1 = NORMAL, 2 = FULL
            level = conn.execute(text("PRAGMA synchronous")).scalar_one()
            assert level == {"normal": 1, "full": 2}[synchronous]
            assert conn.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar_one() == 1
            conn.execute(text("INSERT INTO t VALUES ('from the twin')"))
        async with engine.connect() as conn:
            rows = (await conn.execute(text("SELECT v FROM t ORDER BY rowid"))).scalars().all()
        assert rows == ["from the loop", "from the twin"]
    finally:
        dispose_sqlite_twin(engine)
        await engine.dispose()


async def test_a_failed_twin_transaction_leaves_nothing(tmp_path) -> None:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'y.sqlite3'}")
    try:
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (v TEXT)"))
        twin = sqlite_twin(engine)
        assert twin is not None
        with pytest.raises(RuntimeError), twin.begin() as conn:
            conn.execute(text("INSERT INTO t VALUES ('half-way')"))
            raise RuntimeError("failed half-way")
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one() == 0
    finally:
        dispose_sqlite_twin(engine)
        await engine.dispose()


def test_no_twin_in_memory_or_on_postgresql() -> None:
    assert sqlite_twin(create_engine("sqlite+aiosqlite:///:memory:")) is None
    pytest.importorskip("asyncpg", reason="the PostgreSQL driver is not installed")
    assert sqlite_twin(create_engine("postgresql+asyncpg://u:p@127.0.0.1:1/x")) is None
