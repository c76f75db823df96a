"""A message of the outbox is created once, even when its event is sent again (issue 32).

An event is marked delivered only after Discord accepted its messages; a process that
dies in between (kill -9, the power going off, the database lost) leaves it to be sent
again, by itself or another process, after the outbox's lease (60 s). Discord's Create
Message deduplicates for that case: with `enforce_nonce`, "If another message was
created by the same author with the same nonce, that message will be returned and no
new message will be created", within "the past few minutes". So each message of an
event carries a nonce made from the event and the message's part in it, the same on
every attempt: the event's id, the step (`Sender.steps`; 0 for an event of one step),
the message's place in the step (a long DM's pieces), and a short stamp of the moment
the event was made (a database restored from a backup makes new events under the ids
of events sent minutes before: their messages must not be taken for those). discord.py
sends `enforce_nonce` with every nonce.

The event being delivered is a context variable: each lane of the delivery loop runs
in its own task, and so sees only its own event.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime

from bot.service.events import Event

# Create Message: "nonce? integer or string … (up to 25 characters)".
MAX_NONCE_LENGTH = 25


@dataclass(slots=True)
class _Parts:
    event_id: int
    stamp: str
    step: int = 0
    sent: int = 0  # messages asked for in this step so far


_delivering: ContextVar[_Parts | None] = ContextVar("dipgm_delivering", default=None)


@contextmanager
def delivering(event: Event) -> Iterator[None]:
    """The messages sent inside are `event`'s (for several NMRs told in one message, the
    first's)."""
    token = _delivering.set(_Parts(event.id, _stamp(event.created_at)))
    try:
        yield
    finally:
        _delivering.reset(token)


def step(number: int) -> None:
    """The event's step `number` begins (`Sender.steps`)."""
    parts = _delivering.get()
    if parts is not None:
        parts.step, parts.sent = number, 0


def next_nonce() -> str | None:
    """The nonce of the next message of the event being delivered; None outside one
    (discord.py then makes a random one)."""
    parts = _delivering.get()
    if parts is None:
        return None
    nonce = f"{parts.event_id}.{parts.step}.{parts.sent}.{parts.stamp}"
    parts.sent += 1
    assert len(nonce) <= MAX_NONCE_LENGTH, nonce
    return nonce


def _stamp(made: datetime) -> str:
    """Six hexadecimal digits of when the event was made (to the microsecond)."""
    micros = round(made.timestamp() * 1_000_000)
    return f"{zlib.crc32(str(micros).encode()) & 0xFFFFFF:06x}"
