"""The tests' own PostgreSQL databases (tests/conftest.py, `PostgresPool`): a database
given back after a test is emptied before another test takes it, so no test ever reads
another's rows, ids or connections; one whose schema a test changed is not reused."""

from __future__ import annotations

import asyncpg
import pytest

from tests.conftest import T0, PostgresPool, _database_url, _plain


async def connect(pool: PostgresPool, name: str) -> asyncpg.Connection:
    return await asyncpg.connect(_plain(_database_url(pool.admin_url, name)))


WHEN = T0.replace(tzinfo=None)  # the columns hold UTC without a zone
NEW_EVENT = (
    "INSERT INTO outbox (kind, payload, created_at, next_attempt_at, attempts, steps_done)"
    " VALUES ('NMR', '{}', $1, $1, 0, 0) RETURNING id"
)


async def test_a_database_given_back_is_empty_with_its_ids_restarted(
    postgres_pool: PostgresPool | None,
) -> None:
    if postgres_pool is None:
        pytest.skip("no PostgreSQL")
    name = await postgres_pool.take()
    conn = await connect(postgres_pool, name)
    ids = [await conn.fetchval(NEW_EVENT, WHEN) for _ in range(3)]
    left_open = await connect(postgres_pool, name)  # as a test that forgot to close one
    await left_open.execute("SELECT pg_advisory_lock(42)")
    await conn.close()
    await postgres_pool.give_back(name)

    assert name in postgres_pool.free
    assert await postgres_pool.take() == name
    conn = await connect(postgres_pool, name)
    try:
        assert ids == [1, 2, 3]
        assert await conn.fetchval("SELECT count(*) FROM outbox") == 0
        assert await conn.fetchval(NEW_EVENT, WHEN) == 1  # as in a new copy of the template
        assert await conn.fetchval("SELECT pg_try_advisory_lock(42)")  # the old one ended
        assert await conn.fetchval("SELECT count(*) FROM alembic_version") == 1
    finally:
        await conn.close()
        await postgres_pool.give_back(name)


async def test_a_database_whose_schema_a_test_changed_is_dropped(
    postgres_pool: PostgresPool | None,
) -> None:
    if postgres_pool is None:
        pytest.skip("no PostgreSQL")
    name = await postgres_pool.take()
    await postgres_pool.give_back(name)  # the pool learns the template's schema
    assert await postgres_pool.take() == name
    conn = await connect(postgres_pool, name)
    await conn.execute("ALTER TABLE outbox ADD COLUMN note TEXT")
    await conn.close()
    await postgres_pool.give_back(name)
    assert name not in postgres_pool.free
    server = await asyncpg.connect(_plain(postgres_pool.admin_url))
    try:
        found = await server.fetchval("SELECT count(*) FROM pg_database WHERE datname = $1", name)
    finally:
        await server.close()
    assert found == 0
