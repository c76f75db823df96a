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
from typing import Any

from sqlalchemy import Table, event, inspect
from sqlalchemy.engine import URL, CursorResult, Result, make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.sql import Select
from sqlmodel import SQLModel

log = logging.getLogger(__name__)

DEFAULT_URL = "sqlite+aiosqlite:///./data/dipgm.sqlite3"
SQLITE_BUSY_TIMEOUT_S = 15
SQLITE_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
DEFAULT_SQLITE_SYNCHRONOUS = "NORMAL"

# What a query runs on: the caller's session, or a bare connection (cheaper: the order
# operations and the lookups after each phase use one, `ServiceCore.core_transaction`).
Db = AsyncSession | AsyncConnection


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_pragmas(synchronous: str):
    def on_connect(dbapi_connection, _record) -> None:
        # SQLAlchemy emits BEGIN itself (`_sqlite_begin`), not the driver: the way
        # SQLAlchemy's SQLite dialect documents ("Transactions with SQLite and the
        # sqlite3 driver"), for aiosqlite as for pysqlite.
        dbapi_connection.isolation_level = None
        # WAL lets readers proceed while a phase is being adjudicated; the busy timeout
        # makes a second writer (another process or connection) wait instead of failing.
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_S * 1000}")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.close()

    return on_connect


def _sqlite_begin(conn) -> None:
    # A deferred BEGIN would let two writers both read, then fail ("database is
    # locked") when the second upgrades to a write lock, which waiting cannot cure;
    # BEGIN IMMEDIATE takes the write lock up front and waits for it under the busy
    # timeout, in aiosqlite's thread: the event loop runs on meanwhile.
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def sqlite_synchronous(url: URL) -> tuple[URL, str]:
    """The URL without its `synchronous` query option, and the option's value."""
    value = str(url.query.get("synchronous", DEFAULT_SQLITE_SYNCHRONOUS)).upper()
    if value not in SQLITE_SYNCHRONOUS:
        choices = ", ".join(SQLITE_SYNCHRONOUS)
        raise ValueError(f"synchronous={value} in the database URL: use one of {choices}")
    return url.difference_update_query(["synchronous"]), value


def create_engine(url: str = DEFAULT_URL, *, echo: bool = False) -> AsyncEngine:
    """An async engine for `url`: SQLAlchemy's own aiosqlite dialect, with the pragmas
    above and BEGIN IMMEDIATE, or asyncpg.

    The directory of a SQLite file is created if missing.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        parsed, synchronous = sqlite_synchronous(parsed)
        pool = {}
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            # One connection: SQLite lets one transaction write at a time, and every
            # transaction here begins with BEGIN IMMEDIATE, so more connections would
            # only wait for each other in SQLite's busy handler, which polls with
            # sleeps of up to 100 ms. With one, the process's transactions queue in
            # turn on the event loop; the busy timeout makes another process wait.
            # (In memory, SQLAlchemy keeps one connection already.)
            pool = {"pool_size": 1, "max_overflow": 0, "pool_timeout": SQLITE_BUSY_TIMEOUT_S}
        engine = create_async_engine(parsed, echo=echo, **pool)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas(synchronous))
        event.listen(engine.sync_engine, "begin", _sqlite_begin)
        return engine
    return create_async_engine(parsed, echo=echo, pool_size=10, max_overflow=10)


def for_update(query: Select, dialect: str, **options) -> Select:
    """`query` with PostgreSQL's row lock (`Select.with_for_update(**options)`: FOR
    UPDATE, FOR NO KEY UPDATE with `key_share`, SKIP LOCKED with `skip_locked`), the
    one clause that differs between the databases. On SQLite the query is unchanged:
    BEGIN IMMEDIATE has given the transaction the whole database's write lock."""
    if dialect == "postgresql":
        return query.with_for_update(**options)
    return query


async def connection(db: Db) -> AsyncConnection:
    """The async connection of `db` (itself, or the session's, kept for its transaction)."""
    if isinstance(db, AsyncConnection):
        return db
    # Asking the session for its connection costs more than some statements: keep it
    # for the rest of the transaction (a session is never reused across transactions).
    conn = db.info.get("core_connection")
    if conn is None:
        conn = db.info["core_connection"] = await db.connection()
    return conn


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit (no lazy reloads in async)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)


def table_of(row: type[SQLModel]) -> Table:
    """The Core `Table` of a table class, for statements built once at import (the
    `__table__` SQLModel sets, which its types do not declare)."""
    table = inspect(row).local_table
    if not isinstance(table, Table):
        raise TypeError(f"{row.__name__} is not a table")
    return table


def rows_matched(result: Result[Any]) -> int:
    """How many rows an UPDATE or DELETE run through a session matched: the session
    returns a `CursorResult`, which counts them, typed as a plain `Result`."""
    if not isinstance(result, CursorResult):
        raise TypeError("rows_matched takes the result of an UPDATE or a DELETE")
    return result.rowcount
