"""SQLAlchemy's aiosqlite adapter, with each statement run in one trip to SQLite's thread.

aiosqlite runs SQLite in a worker thread and every call to it (make a cursor, execute,
fetch, close) is a round trip between the event loop and that thread. SQLAlchemy's
adapter makes four of them per SELECT; on a busy 2-core machine each costs from 25 µs
to several hundred, and they were most of the time of an order submission. Here a
statement and its fetch happen in a single function run on that thread, and the
`BEGIN IMMEDIATE` of a write transaction rides along with the first statement instead
of being a trip of its own (see storage/db.py).

This leans on two attributes aiosqlite does not document — `Connection._execute`
(queue a function on the SQLite thread) and `Connection._conn` (the sqlite3
connection) — as SQLAlchemy's own adapter does; aiosqlite is pinned in pyproject.toml
and tests/storage exercise this module on every run.
"""

from __future__ import annotations

import collections
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
)
from sqlalchemy.util.concurrency import await_

BEGIN = "BEGIN IMMEDIATE"

# What a statement leaves behind: description, rows, rowcount, lastrowid.
_Result = tuple[Any, Sequence[Any], int, int | None]


class OneTripCursor(AsyncAdapt_aiosqlite_cursor):
    """A buffered cursor whose `execute` costs one trip to the SQLite thread."""

    __slots__ = ("_description", "_lastrowid", "_rowcount")

    def __init__(self, adapt_connection: OneTripConnection) -> None:
        # No aiosqlite cursor is made here: the statement makes its own on the thread.
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._cursor = None  # type: ignore[assignment]
        self._soft_closed_memoized = {}
        self._rows = collections.deque()
        self._description = None
        self._rowcount = -1
        self._lastrowid: int | None = None

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> int | None:  # type: ignore[override]
        return self._lastrowid

    async def _async_soft_close(self) -> None:
        return None  # nothing is held open on the SQLite thread

    def close(self) -> None:
        self._rows.clear()

    def execute(self, operation: Any, parameters: Any = None) -> None:
        def run(cursor: sqlite3.Cursor) -> None:
            if parameters is None:
                cursor.execute(operation)
            else:
                cursor.execute(operation, parameters)

        self._trip(run)

    def executemany(self, operation: Any, seq_of_parameters: Any) -> None:
        self._trip(lambda cursor: cursor.executemany(operation, seq_of_parameters))

    def _trip(self, statement: Callable[[sqlite3.Cursor], None]) -> None:
        adapt = self._adapt_connection
        raw: sqlite3.Connection = self._connection._conn
        begin = adapt._take_pending_begin()

        def work() -> _Result:
            if begin:
                raw.execute(BEGIN)
            cursor = raw.cursor()
            try:
                statement(cursor)
                description = cursor.description
                rows = cursor.fetchall() if description else ()
                return description, rows, cursor.rowcount, cursor.lastrowid
            finally:
                cursor.close()

        try:
            result = await_(self._connection._execute(work))
        except Exception as error:
            adapt._handle_exception(error)
        self._description, rows, self._rowcount, self._lastrowid = result
        self._rows = collections.deque(rows)


class OneTripConnection(AsyncAdapt_aiosqlite_connection):
    """The adapted connection; `begin_immediate()` defers BEGIN IMMEDIATE to the next
    statement, and a transaction in which nothing ran ends without a trip."""

    __slots__ = ("_begin_pending",)
    _cursor_cls = OneTripCursor

    def __init__(self, dbapi: Any, connection: aiosqlite.Connection) -> None:
        super().__init__(dbapi, connection)
        self._begin_pending = False

    def begin_immediate(self) -> None:
        self._begin_pending = True

    def _take_pending_begin(self) -> bool:
        pending, self._begin_pending = self._begin_pending, False
        return pending

    def commit(self) -> None:
        if not self._take_pending_begin() and self._in_transaction():
            super().commit()

    def rollback(self) -> None:
        # The pool rolls back every connection it is given back, mostly just after a
        # commit: that needs no trip.
        if not self._take_pending_begin() and self._in_transaction():
            super().rollback()

    def _in_transaction(self) -> bool:
        # Reading SQLite's autocommit flag is safe from this thread: no statement of
        # this connection is running while SQLAlchemy ends its transaction.
        raw = self._connection._connection
        return raw is None or raw.in_transaction


class OneTripDBAPI(AsyncAdapt_aiosqlite_dbapi):
    """The DBAPI module handed to SQLAlchemy (`create_async_engine(module=…)`)."""

    def connect(self, *args: Any, **kw: Any) -> OneTripConnection:
        adapted = super().connect(*args, **kw)
        return OneTripConnection(self, adapted._connection)


def one_trip_dbapi() -> OneTripDBAPI:
    return OneTripDBAPI(aiosqlite, sqlite3)
