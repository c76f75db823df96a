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
    request, tmp_path, postgres_url, sqlite_template, postgres_template
) -> AsyncIterator[str]:
    """A URL to a database of each kind already at the newest schema: a copy of one
    migrated once per test session (a file copied; PostgreSQL's `CREATE DATABASE …
    TEMPLATE`), since migrating anew costs every test a tenth of a second. The
    migration tests use `db_url` and start from nothing."""
    if request.param == "sqlite":
        yield copied_sqlite(sqlite_template, tmp_path)
        return
    async with _postgres_database(_require(postgres_url), template=postgres_template) as url:
        yield url


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
def postgres_template(postgres_url) -> Iterator[str | None]:
    """The name of a PostgreSQL database at the newest schema, made once per session
    (per xdist worker: each its own), to copy; None without PostgreSQL."""
    if postgres_url is None:
        yield None
        return
    from storage.schema import migrate

    name = f"template_{uuid.uuid4().hex[:16]}"
    asyncio.run(_admin(postgres_url, f'CREATE DATABASE "{name}"'))
    asyncio.run(migrate(_database_url(postgres_url, name)))
    try:
        yield name
    finally:
        asyncio.run(_admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


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

    conn = await asyncpg.connect(postgres_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def _database_url(postgres_url: str, name: str) -> str:
    return postgres_url.rsplit("/", 1)[0] + "/" + name
