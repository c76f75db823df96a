"""What the service asks the Discord layer to deliver, through the outbox. The kinds
and their payloads: `EventKind` (stored in `outbox.kind`, so in storage/enums.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from storage.enums import EventKind as EventKind


@dataclass(frozen=True, slots=True)
class Event:
    """One message to deliver: to `channel_id` (a game channel) or `user_id` (a DM).

    `payload` is plain JSON; its keys depend on `kind` (documented where each is made).
    """

    id: int
    kind: EventKind
    game_id: int | None
    channel_id: int | None
    user_id: int | None
    payload: dict[str, Any]
    created_at: datetime
    attempts: int
    steps_done: int = 0  # steps of it done before (a retry resumes after them)
