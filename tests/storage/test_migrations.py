from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import storage
import storage.models
from storage.db import create_engine


def _diff(connection):
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return compare_metadata(context, SQLModel.metadata)


async def test_migrations_produce_exactly_the_models_schema(db_url):
    await storage.migrate(db_url)
    await storage.migrate(db_url)  # a second start-up changes nothing
    engine = create_engine(db_url)
    try:
        async with engine.connect() as conn:
            assert await conn.run_sync(_diff) == []
            tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
            version = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
    finally:
        await engine.dispose()
    assert set(SQLModel.metadata.tables) <= tables
    assert version == "0007"


async def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'sub' / 'x.sqlite3'}"
    await storage.migrate(url)
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
            assert (await conn.execute(text("PRAGMA foreign_keys"))).scalar() == 1
            assert (await conn.execute(text("PRAGMA busy_timeout"))).scalar() >= 1000
    finally:
        await engine.dispose()


async def test_times_come_back_aware_and_naive_times_are_refused(db_url):
    from sqlalchemy.exc import StatementError

    from storage.db import session_factory
    from storage.models import GameRow

    await storage.migrate(db_url)
    engine = create_engine(db_url)
    sessions = session_factory(engine)
    moment = datetime(2026, 3, 1, 9, 30, 15, tzinfo=UTC)
    try:
        async with sessions() as s, s.begin():
            row = GameRow(
                guild_id=2**62,
                channel_id=2**60,
                gm_user_id=2**61,
                name="g",
                status="lobby",
                settings={"a": [1, 2]},
                seed=2**62 - 1,
                created_at=moment,
            )
            s.add(row)
        async with sessions() as s:
            back = await s.get(GameRow, row.id)
            assert back.created_at == moment and back.created_at.tzinfo is not None
            assert back.guild_id == 2**62  # Discord snowflakes need 64 bits
        with pytest.raises(StatementError):
            async with sessions() as s, s.begin():
                s.add(
                    GameRow(
                        guild_id=1,
                        channel_id=1,
                        gm_user_id=1,
                        name="n",
                        status="lobby",
                        settings={},
                        seed=1,
                        created_at=datetime(2026, 1, 1),
                    )
                )
    finally:
        await engine.dispose()
