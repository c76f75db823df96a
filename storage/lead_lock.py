"""The lead among several bot processes on one PostgreSQL: a session advisory lock
(`pg_try_advisory_lock`) held on a connection of its own.

PostgreSQL frees a session's advisory locks when the session ends, so the lock goes with
the process that holds it: kill -9 closes its connection and the server ends the session
at once. A process that hangs keeps its connection open, so the lock's session is given
`idle_session_timeout` (PostgreSQL 14 and later): the holder asks something of it at
least every `lease` seconds (`keep`), and when it stops asking the server ends the
session and the lock is free for another. Nothing is written: no table, no migration.

The connection is not one of the engine's pool (it carries a setting of its own and
lives as long as the lead); a pooler in transaction mode (pgbouncer) breaks session
locks, so dipgm must reach PostgreSQL directly or through a session-mode pool.
"""

from __future__ import annotations

import logging
import time

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

log = logging.getLogger(__name__)

# One lock per database: "dipgmdlv" in ASCII, a key no other program is likely to use.
LEAD_KEY = int.from_bytes(b"dipgmdlv", "big")
_TAKE = text("SELECT pg_try_advisory_lock(:key)")
_KEEP = text("SELECT 1")
_RELEASE = text("SELECT pg_advisory_unlock(:key)")


class LeadLock:
    """The advisory lock `LEAD_KEY` on a session of its own. `take` asks for it (True:
    this session holds it), `keep` tells the server the holder is alive, `release`
    gives it up. A session that has ended (its lock gone with it) is noticed by the next
    `take` or `keep`, which then say False; the next `take` opens a new session."""

    def __init__(self, engine: AsyncEngine, lease: float) -> None:
        # Each connection made for the lock is closed for good when let go: none goes
        # back to a pool with the lock's timeout still set on it.
        self._engine = create_async_engine(engine.url, poolclass=NullPool)
        self.lease = lease
        self._connection: AsyncConnection | None = None
        self.held = False
        # When the last `take` or `keep` that found the lock held was sent (monotonic):
        # the server cannot have ended the session before `lease` after it.
        self.confirmed_at = 0.0

    async def take(self) -> bool:
        sent = time.monotonic()
        try:
            conn = await self._session()
            self.held = bool((await conn.execute(_TAKE, {"key": LEAD_KEY})).scalar())
        except (SQLAlchemyError, OSError) as exc:
            await self._lost(exc)
            return False
        if self.held:
            self.confirmed_at = sent
        return self.held

    async def keep(self) -> bool:
        """False when the session (and so the lock) is gone."""
        if self._connection is None or not self.held:
            return False
        sent = time.monotonic()
        try:
            await self._connection.execute(_KEEP)
        except (SQLAlchemyError, OSError) as exc:
            await self._lost(exc)
            return False
        self.confirmed_at = sent
        return True

    async def release(self) -> None:
        """Give the lock up and close its session (closing alone would free it too)."""
        conn, self._connection, was_held = self._connection, None, self.held
        self.held = False
        if conn is None:
            return
        try:
            if was_held:
                await conn.execute(_RELEASE, {"key": LEAD_KEY})
        except (SQLAlchemyError, OSError):
            pass  # the session is gone already, and its lock with it
        finally:
            await _close(conn)

    async def dispose(self) -> None:
        await self.release()
        await self._engine.dispose()

    async def _session(self) -> AsyncConnection:
        if self._connection is not None:
            return self._connection
        conn = await self._engine.connect()
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        try:
            # Between statements the session is idle, outside any transaction: the
            # timeout ends it when the holder stops asking (a hang).
            await conn.exec_driver_sql(f"SET idle_session_timeout = {round(self.lease * 1000)}")
        except DBAPIError:
            log.warning(
                "PostgreSQL before 14 has no idle_session_timeout: a delivering process "
                "that hangs keeps the lead until it is restarted (one that dies loses it)"
            )
        self._connection = conn
        return conn

    async def _lost(self, exc: BaseException) -> None:
        if self.held:
            log.warning("the database session holding the lead ended: %r", exc)
        self.held = False
        conn, self._connection = self._connection, None
        if conn is not None:
            await _close(conn)


async def _close(conn: AsyncConnection) -> None:
    try:
        await conn.invalidate()
        await conn.close()
    except (SQLAlchemyError, OSError):
        pass  # a connection the server already closed
