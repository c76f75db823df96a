"""Discord's global limit, kept for every process of the bot in the database.

"All bots can make up to 50 requests per second to our API" (topics/rate-limits): the
limit is the bot token's, so processes sharing one PostgreSQL share it too. Each request
a process is about to make is written in one row (`bot_state`, key `discord_allowance`)
with the moment until which it counts; a request is granted only while fewer than `rate`
others count. The row is locked for the few statements that read and write it, and the
moments are the database's clock, the one clock every process (on any host) shares.
Used on PostgreSQL only: on SQLite the one process keeps its allowance in memory.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.kernel import Store
from storage import bot_state

LEDGER_KEY = "discord_allowance"


class LedgerUnavailable(Exception):
    """The database could not be asked (down, unreachable): the caller paces alone."""


class AllowanceLedger:
    """The requests that count against the bot's global limit, by a token each process
    makes up for each request (unique across processes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._created = False

    async def take(self, token: str, rate: int, counts_for: float) -> float:
        """Grant `token` if fewer than `rate` requests count now, recording it as counting
        for `counts_for` seconds: returns 0. Otherwise records nothing and returns the
        seconds until one of them stops counting."""
        async with self._locked() as session:
            held, now = await self._read(session)
            if len(held) >= rate:
                ends = sorted(held.values())
                return max(ends[len(held) - rate] - now, 0.001)
            held[token] = now + counts_for
            await bot_state.put(session, LEDGER_KEY, held, _moment(now))
            return 0.0

    async def count_until(self, token: str, seconds: float) -> None:
        """`token` counts until `seconds` from now, and no longer (a request answered:
        Discord has counted it by now)."""
        async with self._locked() as session:
            held, now = await self._read(session)
            held[token] = now + seconds
            await bot_state.put(session, LEDGER_KEY, held, _moment(now))

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[AsyncSession]:
        try:
            async with self.store.transaction() as session:
                yield session
        except (SQLAlchemyError, OSError) as exc:
            raise LedgerUnavailable(repr(exc)) from exc

    async def _read(self, session: AsyncSession) -> tuple[dict[str, float], float]:
        """The requests still counting (the others are dropped), and the database's now."""
        value, now = await bot_state.locked(
            session, LEDGER_KEY, datetime.now(UTC), create=not self._created
        )
        self._created = True
        return {token: until for token, until in value.items() if until > now}, now


def _moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)
