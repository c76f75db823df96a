"""Shared fixtures: a fresh database per test — a real SQLite file in tmp_path, and the
same tests on PostgreSQL when one is available (TEST_DATABASE_URL, or a throwaway
server started from the machine's binaries by scripts/pg_test_server.sh for the test
session). DIPGM_NO_PG=1 runs the SQLite half only."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import uuid
from collections.abc import AsyncIterator, Iterator
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
    if postgres_url is None:
        pytest.skip(
            "no PostgreSQL: TEST_DATABASE_URL unset and no initdb on PATH (or DIPGM_NO_PG=1)"
        )
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:16]}"
    admin = postgres_url.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    yield postgres_url.rsplit("/", 1)[0] + "/" + name
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()
