"""What the service asks the Discord layer to deliver, through the outbox. The kinds:
`EventKind` (stored in `outbox.kind`, so in storage/enums.py); each kind's payload:
its type in bot/service/events/payloads.py, read and written by event_codec.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from bot.service.events.payloads import Payload
from storage.enums import EventKind as EventKind

P = TypeVar("P", bound=Payload)


@dataclass(frozen=True, slots=True)
class Event:
    """One message to deliver: to `channel_id` (a game channel) or `user_id` (a DM).

    `payload` is of `kind`'s payload type (`event_codec.PAYLOAD_TYPES`).
    """

    id: int
    kind: EventKind
    game_id: int | None
    channel_id: int | None
    user_id: int | None
    payload: Payload
    created_at: datetime
    attempts: int
    steps_done: int = 0  # steps of it done before (a retry resumes after them)

    def payload_as(self, kind: type[P]) -> P:
        """The payload as the type its handler expects (the kind decided it)."""
        assert isinstance(self.payload, kind), (self.kind, type(self.payload))
        return self.payload
