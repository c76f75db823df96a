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
import weakref
from pathlib import Path

import sqlalchemy
from sqlalchemy import event
from sqlalchemy.engine import URL, Engine, make_url
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
        if parsed.database and parsed.database != ":memory:":
            _TWINS[engine.sync_engine] = _sqlite_sync_engine(parsed, synchronous)
        return engine
    return create_async_engine(parsed, echo=echo, pool_size=10, max_overflow=10)


# The synchronous engine on the same SQLite file as an async engine, if it has one.
_TWINS: weakref.WeakKeyDictionary[Engine, Engine] = weakref.WeakKeyDictionary()


def _sqlite_sync_engine(url: URL, synchronous: str) -> Engine:
    twin = sqlalchemy.create_engine(
        url.set(drivername="sqlite"),
        # Used from one worker thread at a time, but pooled connections may be closed
        # (disposed, collected) from another.
        connect_args={"isolation_level": None, "timeout": 15, "check_same_thread": False},
    )
    event.listen(twin, "connect", _sqlite_pragmas(synchronous))
    event.listen(twin, "begin", _sqlite_begin)
    return twin


def sqlite_twin(engine: AsyncEngine) -> Engine | None:
    """A synchronous engine on the same SQLite file as `engine` (same pragmas, same
    BEGIN IMMEDIATE), for a transaction run whole in one worker thread: one trip from
    the event loop instead of one per statement. None for PostgreSQL and in-memory
    SQLite. Never use it on the event loop's thread: its calls block."""
    return _TWINS.get(engine.sync_engine)


def dispose_sqlite_twin(engine: AsyncEngine) -> None:
    """Close the twin's pooled connections (the async engine's `dispose` does not)."""
    twin = _TWINS.get(engine.sync_engine)
    if twin is not None:
        twin.dispose()


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit (no lazy reloads in async)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
