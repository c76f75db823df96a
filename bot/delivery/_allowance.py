"""Every request the bot makes to Discord's API is paced under Discord's global limit,
whichever part of the bot makes it: the delivery of a burst, the answer to a player's DM
of orders, a thread opened by a command. One allowance per bot, however many processes.

"All bots can make up to 50 requests per second to our API" (topics/rate-limits), and
discord.py learns of that limit only from a 429, after which it retries a request five
times at most and then gives it up. So the bot keeps count itself: `paced` makes the
aiohttp trace discord.py's HTTP session runs (`Client(http_trace=…)`), which asks the
allowance before each request leaves and tells it when the answer came. Interaction
responses are left out, as Discord leaves them out ("Interaction endpoints are not bound
to the bot's Global Rate Limit").

A request counts from the moment it is sent until a second after its answer came:
Discord counted it at a moment between the two, so no second can hold more than `rate`.
One process (SQLite) keeps the count in memory (`Allowance`); processes sharing a
PostgreSQL keep it in the database (`SharedAllowance`, over the service's
`AllowanceLedger`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Protocol

import aiohttp

from bot.service.app import AllowanceLedger, LedgerUnavailable

log = logging.getLogger(__name__)

# Discord's 50 a second, less two for what the bot cannot count: a clock that drifts
# between processes, an operator's `python -m bot sync` run by hand beside the bot.
REQUESTS_PER_SECOND = 48
WINDOW = 1.0
# A shared grant is written as counting this long past the window; a request answered
# later than that after its grant is written again when answered (`SharedAllowance`).
ANSWER_TIME = 0.05
# What Discord does not count against the global limit.
EXEMPT = ("/interactions/", "/webhooks/")


def counted(url: object) -> bool:
    """Whether Discord counts a request to `url` against the bot's global limit: its
    API, interaction responses aside (the gateway and the CDN are not the API)."""
    path = getattr(url, "path", "")
    return path.startswith("/api/") and not any(part in path for part in EXEMPT)


@dataclass(slots=True)
class Ticket:
    """One request granted: its name in a shared ledger, when it was granted."""

    token: str
    granted: float


class Pace(Protocol):
    async def begin(self) -> Ticket: ...

    async def end(self, ticket: Ticket) -> None: ...


class Allowance:
    """At most `rate` requests in any `window`, as Discord counts its global limit (a
    sliding second), kept in memory: one process alone on its database. Granted in the
    order asked, so no request waits for ever behind later ones."""

    def __init__(
        self,
        rate: int = REQUESTS_PER_SECOND,
        *,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.window = window
        self.clock = clock
        self._in_flight = 0
        self._ended: deque[float] = deque()  # when each request of the last window ended
        self._turn = asyncio.Lock()
        self._released = asyncio.Event()

    async def begin(self) -> Ticket:
        async with self._turn:
            while True:
                now = self.clock()
                while self._ended and now - self._ended[0] >= self.window:
                    self._ended.popleft()
                if self._in_flight + len(self._ended) < self.rate:
                    break
                # Room comes when a request of the last window ages out of it, or when
                # one in flight ends (it then counts for a window from its end).
                self._released.clear()
                wait = self._ended[0] + self.window - now if self._ended else None
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._released.wait(), wait)
            self._in_flight += 1
            return Ticket("", now)

    async def end(self, ticket: Ticket) -> None:
        self._in_flight -= 1
        self._ended.append(self.clock())
        self._released.set()


class SharedAllowance:
    """The allowance of every process on one PostgreSQL, in its `AllowanceLedger`. A
    grant is written as counting for `window` + `answer_time` from the database's now; a
    request whose answer took longer is written again when answered, to count a window
    from then. Should the database fail, the process goes on with an allowance of its own
    until it answers again (a process that cannot reach its database delivers nothing
    anyway)."""

    def __init__(
        self,
        ledger: AllowanceLedger,
        rate: int = REQUESTS_PER_SECOND,
        *,
        window: float = WINDOW,
        answer_time: float = ANSWER_TIME,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ledger = ledger
        self.rate = rate
        self.window = window
        self.answer_time = answer_time
        self.clock = clock
        self._names = (f"{uuid.uuid4().hex[:10]}-{n}" for n in itertools.count())
        self._turn = asyncio.Lock()
        self._alone = Allowance(rate, window=window, clock=clock)

    async def begin(self) -> Ticket:
        token = next(self._names)
        async with self._turn:  # one request of this process asks the database at a time
            while True:
                asked = self.clock()
                try:
                    wait = await self.ledger.take(token, self.rate, self.window + self.answer_time)
                except LedgerUnavailable as exc:
                    log.warning("the shared allowance is unreadable, pacing alone: %r", exc)
                    return await self._alone.begin()
                if wait <= 0:
                    return Ticket(token, asked)
                await asyncio.sleep(wait)

    async def end(self, ticket: Ticket) -> None:
        if not ticket.token:
            await self._alone.end(ticket)
            return
        # The grant counted from the database's now, which came after `granted`: an answer
        # within `answer_time` of it is covered already.
        if self.clock() - ticket.granted <= self.answer_time:
            return
        try:
            await self.ledger.count_until(ticket.token, self.window)
        except LedgerUnavailable as exc:
            log.warning("could not record a request's answer in the shared allowance: %r", exc)


def paced(allowance: Pace) -> aiohttp.TraceConfig:
    """The trace that makes each request of the bot's HTTP session wait for `allowance`
    before it leaves, and tell it when the answer came (or the request failed). aiohttp
    awaits the trace's callbacks, and ends every request that started with one of the
    two."""
    trace = aiohttp.TraceConfig()

    async def start(_session, context: SimpleNamespace, params) -> None:
        if counted(params.url):
            context.ticket = await allowance.begin()

    async def finish(_session, context: SimpleNamespace, _params) -> None:
        ticket = getattr(context, "ticket", None)
        if ticket is not None:
            context.ticket = None
            await allowance.end(ticket)

    trace.on_request_start.append(start)
    trace.on_request_end.append(finish)
    trace.on_request_exception.append(finish)
    return trace
