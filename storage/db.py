"""The database engine: SQLite file by default, PostgreSQL when the URL says so.

SQLite durability. The file runs in WAL mode with `PRAGMA synchronous=NORMAL` unless
the URL asks otherwise (`…/dipgm.sqlite3?synchronous=full`). NORMAL syncs the WAL to
disk at checkpoints, not at every commit: a crash of dipgm (or a kill) loses nothing
and can never corrupt the file; only an operating-system crash or a power cut may lose
the last commits before it — orders the players were told were stored, or a phase
just played (it is then played again from the same orders on the next start). FULL
syncs every commit and costs a disk flush per transaction. See docs/PERFORMANCE.md.
"""

from __future__ import annotations

import logging
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from storage.sqlite_driver import OneTripConnection, one_trip_dbapi

log = logging.getLogger(__name__)

DEFAULT_URL = "sqlite+aiosqlite:///./data/dipgm.sqlite3"
SQLITE_BUSY_TIMEOUT_MS = 15_000
SQLITE_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
DEFAULT_SQLITE_SYNCHRONOUS = "NORMAL"


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_pragmas(synchronous: str):
    def on_connect(dbapi_connection, _record) -> None:
        # WAL lets readers proceed while a phase is being adjudicated; the busy timeout
        # makes a second writer (another process or connection) wait instead of failing.
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.close()

    return on_connect


def _sqlite_begin(conn) -> None:
    # pysqlite's deferred BEGIN would let two writers both read, then deadlock when
    # upgrading to a write lock; BEGIN IMMEDIATE takes the write lock up front and
    # waits for it under the busy timeout. It is sent with the transaction's first
    # statement (storage/sqlite_driver.py), saving a trip to SQLite's thread.
    dbapi_connection = conn.connection.dbapi_connection
    if isinstance(dbapi_connection, OneTripConnection):
        dbapi_connection.begin_immediate()
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def sqlite_synchronous(url: URL) -> tuple[URL, str]:
    """The URL without its `synchronous` query option, and the option's value."""
    value = str(url.query.get("synchronous", DEFAULT_SQLITE_SYNCHRONOUS)).upper()
    if value not in SQLITE_SYNCHRONOUS:
        choices = ", ".join(SQLITE_SYNCHRONOUS)
        raise ValueError(f"synchronous={value} in the database URL: use one of {choices}")
    return url.difference_update_query(["synchronous"]), value


def create_engine(url: str = DEFAULT_URL, *, echo: bool = False) -> AsyncEngine:
    """An async engine for `url`, with the SQLite pragmas set on every connection.

    The directory of a SQLite file is created if missing.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        parsed, synchronous = sqlite_synchronous(parsed)
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(
            parsed,
            echo=echo,
            connect_args={"isolation_level": None, "timeout": 15},
            module=one_trip_dbapi() if parsed.get_driver_name() == "aiosqlite" else None,
        )
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas(synchronous))
        event.listen(engine.sync_engine, "begin", _sqlite_begin)
        return engine
    return create_async_engine(parsed, echo=echo, pool_size=10, max_overflow=10)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit (no lazy reloads in async)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
