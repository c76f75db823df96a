"""Shared fixtures: a fresh database per test — a real SQLite file in tmp_path, and the
same tests on PostgreSQL when one is available (TEST_DATABASE_URL, or a throwaway
server started from the machine's binaries by scripts/pg_test_server.sh for the test
session). DIPGM_NO_PG=1 runs the SQLite half only."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str | None]:
    """A PostgreSQL server URL, or None when there is none to be had."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        yield url
        return
    if shutil.which("initdb") is None or os.environ.get("DIPGM_NO_PG") == "1":
        yield None
        return
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "pg_test_server.sh"), "start"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    url = re.search(r"TEST_DATABASE_URL=(\S+)", out).group(1)
    pg_dir = re.search(r"DIPGM_PG_DIR=(\S+)", out).group(1)
    try:
        yield url
    finally:
        subprocess.run(
            ["bash", str(ROOT / "scripts" / "pg_test_server.sh"), "stop", pg_dir],
            check=False,
            timeout=60,
        )


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request, tmp_path, postgres_url) -> AsyncIterator[str]:
    """A URL to an empty database of each kind; PostgreSQL gets a new database per test."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"
        return
    async with _postgres_database(_require(postgres_url)) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
async def migrated_db_url(
    request, tmp_path, postgres_url, sqlite_template, postgres_pool
) -> AsyncIterator[str]:
    """A URL to a database of each kind already at the newest schema, empty: a copy of
    one migrated once per test session (a file copied), and on PostgreSQL one of the
    worker's migrated databases emptied after the test before the next takes it
    (`PostgresPool`), since migrating anew costs every test a tenth of a second and
    copying a database half a second on a busy machine. The migration tests use
    `db_url` and start from nothing."""
    if request.param == "sqlite":
        yield copied_sqlite(sqlite_template, tmp_path)
        return
    _require(postgres_url)  # skips the test without PostgreSQL
    name = await postgres_pool.take()
    try:
        yield _database_url(postgres_pool.admin_url, name)
    finally:
        await postgres_pool.give_back(name)


def copied_sqlite(template: Path, folder: Path) -> str:
    """A copy of the migrated SQLite file in `folder`, as a URL."""
    target = folder / "dipgm.sqlite3"
    shutil.copyfile(template, target)
    return f"sqlite+aiosqlite:///{target}"


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A SQLite file at the newest schema, made once per session (per xdist worker)."""
    from storage.schema import migrate

    path = tmp_path_factory.mktemp("template") / "dipgm.sqlite3"
    asyncio.run(migrate(f"sqlite+aiosqlite:///{path}"))
    return path


@pytest.fixture(scope="session")
def postgres_pool(postgres_url) -> Iterator[PostgresPool | None]:
    """This session's (this xdist worker's) migrated PostgreSQL databases; None
    without PostgreSQL."""
    if postgres_url is None:
        yield None
        return
    from storage.schema import migrate

    template = f"template_{uuid.uuid4().hex[:16]}"
    asyncio.run(_admin(postgres_url, f'CREATE DATABASE "{template}"'))
    asyncio.run(migrate(_database_url(postgres_url, template)))
    pool = PostgresPool(postgres_url, template)
    try:
        yield pool
    finally:
        for name in [*pool.free, template]:
            asyncio.run(_admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


class PostgresPool:
    """Databases at the newest schema for one test at a time, each emptied when its
    test ends rather than dropped: its other connections ended, every table but
    Alembic's truncated with its identities restarted, so the next test finds what a
    new copy of the template holds. One whose schema the test changed, or that cannot
    be emptied at once, is dropped and a new copy made instead."""

    def __init__(self, admin_url: str, template: str) -> None:
        self.admin_url = admin_url
        self.template = template
        self.free: list[str] = []
        self._schema: str | None = None  # the template's, as `_schema_of` reads it

    async def take(self) -> str:
        if self.free:
            return self.free.pop()
        name = f"t_{uuid.uuid4().hex[:16]}"
        await _admin(self.admin_url, f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        return name

    async def give_back(self, name: str) -> None:
        import asyncpg

        try:
            await self._empty(name)
        except (asyncpg.PostgresError, OSError, ValueError):
            await _admin(self.admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        else:
            self.free.append(name)

    async def _empty(self, name: str) -> None:
        import asyncpg

        admin = _plain(self.admin_url)
        server = await asyncpg.connect(admin)
        try:  # a connection the test left open must not see the next test's rows
            await server.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
        finally:
            await server.close()
        conn = await asyncpg.connect(_plain(_database_url(self.admin_url, name)))
        try:
            if self._schema is None:
                self._schema = await _schema_of(conn)  # the first given back is unchanged
            elif await _schema_of(conn) != self._schema:
                raise ValueError(f"the test changed the schema of {name}")
            await conn.execute("SET lock_timeout = '5s'")
            tables = await conn.fetch(
                "SELECT tablename FROM pg_tables"
                " WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
            )
            listed = ", ".join(f'"{t["tablename"]}"' for t in tables)
            await conn.execute(f"TRUNCATE {listed} RESTART IDENTITY CASCADE")
        finally:
            await conn.close()


async def _schema_of(conn) -> str:
    """The tables, their columns, indexes and constraints, and Alembic's revision."""
    parts = await conn.fetch(
        """
        SELECT table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
               || ':' || coalesce(column_default, '') AS part
        FROM information_schema.columns WHERE table_schema = 'public'
        UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
        UNION ALL SELECT conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint
            WHERE connamespace = 'public'::regnamespace
        UNION ALL SELECT version_num FROM alembic_version
        ORDER BY 1
        """
    )
    return "\n".join(p["part"] for p in parts)


def _require(postgres_url: str | None) -> str:
    if postgres_url is None:
        pytest.skip(
            "no PostgreSQL: TEST_DATABASE_URL unset and no initdb on PATH (or DIPGM_NO_PG=1)"
        )
    return postgres_url


@asynccontextmanager
async def _postgres_database(postgres_url: str, template: str | None = None) -> AsyncIterator[str]:
    """A new database for one test (a copy of `template` if given), dropped after."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    copy = f' TEMPLATE "{template}"' if template else ""
    await _admin(postgres_url, f'CREATE DATABASE "{name}"{copy}')
    try:
        yield _database_url(postgres_url, name)
    finally:
        await _admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _admin(postgres_url: str, statement: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(_plain(postgres_url))
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def _plain(url: str) -> str:
    """A SQLAlchemy URL as asyncpg takes it."""
    return url.replace("postgresql+asyncpg://", "postgresql://")


def _database_url(postgres_url: str, name: str) -> str:
    return postgres_url.rsplit("/", 1)[0] + "/" + name
