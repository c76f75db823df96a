"""The database engine: SQLite file by default, PostgreSQL when the URL says so."""

from __future__ import annotations

import logging
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

log = logging.getLogger(__name__)

DEFAULT_URL = "sqlite+aiosqlite:///./data/dipgm.sqlite3"
SQLITE_BUSY_TIMEOUT_MS = 15_000


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_on_connect(dbapi_connection, _record) -> None:
    # WAL lets readers proceed while a phase is being adjudicated; the busy timeout
    # makes a second writer (another process or connection) wait instead of failing.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _sqlite_begin(conn) -> None:
    # pysqlite's deferred BEGIN would let two writers both read, then deadlock when
    # upgrading to a write lock; BEGIN IMMEDIATE takes the write lock up front and
    # waits for it under the busy timeout.
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def create_engine(url: str = DEFAULT_URL, *, echo: bool = False) -> AsyncEngine:
    """An async engine for `url`, with the SQLite pragmas set on every connection.

    The directory of a SQLite file is created if missing.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(
            url, echo=echo, connect_args={"isolation_level": None, "timeout": 15}
        )
        event.listen(engine.sync_engine, "connect", _sqlite_on_connect)
        event.listen(engine.sync_engine, "begin", _sqlite_begin)
        return engine
    return create_async_engine(url, echo=echo, pool_size=10, max_overflow=10)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit (no lazy reloads in async)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
