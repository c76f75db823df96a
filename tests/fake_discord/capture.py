"""Collect exceptions raised in the bot's handlers so they fail the test.

discord.py swallows handler exceptions: events go to ``Client.on_error``,
app commands to ``CommandTree.on_error``, views to ``View.on_error``, tasks
to the ``discord.ext.tasks`` logger. Every default handler *logs* at ERROR,
so one logging handler sees them all, plus the project's own
``log.exception(...)`` calls. ``on_error`` is also wrapped, because a bot may
override it with something that does not log.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord


@dataclass
class CapturedError:
    """One exception or ERROR log line seen while the bot ran."""

    source: str
    message: str
    exc: BaseException | None
    traceback: str

    def __str__(self) -> str:
        return f"{self.source}: {self.message}\n{self.traceback}".rstrip()


class ErrorCollector(logging.Handler):
    """A logging handler plus an ``on_error`` wrapper, installed around a bot's run."""

    def __init__(self, on_error: Callable[[], None] = lambda: None) -> None:
        super().__init__(logging.ERROR)
        self._notify = on_error
        self.errors: list[CapturedError] = []
        self._bot: discord.Client | None = None
        self._own_on_error: Any = None  # an on_error set on the instance (``@bot.event``)
        # Set while the harness closes the bot: the tasks it cancels may log their own
        # cancellation (a pooled connection's reset cut short), which is no bug of dipgm's.
        self.closing = False

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        self.add(record.name, record.getMessage(), exc)

    def add(self, source: str, message: str, exc: BaseException | None) -> None:
        if self.closing and isinstance(exc, asyncio.CancelledError):
            return
        if exc is not None and any(e.exc is exc for e in self.errors):
            return  # the same exception logged by a wrapper and a default handler
        text = "".join(traceback.format_exception(exc)) if exc is not None else ""
        self.errors.append(CapturedError(source, message, exc, text))
        self._notify()

    def install(self, bot: discord.Client) -> None:
        logging.getLogger().addHandler(self)
        self._bot = bot
        self._own_on_error = vars(bot).get("on_error")
        original = bot.on_error

        async def on_error(event_method: str, /, *args: Any, **kwargs: Any) -> None:
            exc = sys.exc_info()[1]
            self.add(f"event {event_method}", "exception in event handler", exc)
            await original(event_method, *args, **kwargs)

        bot.on_error = on_error  # type: ignore[method-assign]

    def uninstall(self) -> None:
        logging.getLogger().removeHandler(self)
        if self._bot is not None:
            if self._own_on_error is not None:
                self._bot.on_error = self._own_on_error  # type: ignore[method-assign]
            else:
                vars(self._bot).pop("on_error", None)
        self._bot = None

    def take(self) -> list[CapturedError]:
        """Remove and return what was collected (for tests that provoke errors)."""
        taken, self.errors = self.errors, []
        return taken
