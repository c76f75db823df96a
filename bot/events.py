"""What the service asks the Discord layer to deliver, through the outbox."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    GAME_STARTED = "game_started"  # channel: powers assigned, first deadline
    POWER_ASSIGNED = "power_assigned"  # DM: your power(s)
    RESULTS = "results"  # channel: a phase's report and the new position (map)
    ORDERS_NEEDED = "orders_needed"  # DM: you must retreat / build / disband
    REMINDER = "reminder"  # DM: deadline near and you still owe orders
    NMR = "nmr"  # channel: no orders received from a power
    CIVIL_DISORDER = "civil_disorder"  # channel: a power fell into civil disorder
    DEADLINE_CHANGED = "deadline_changed"  # channel
    PAUSED = "paused"  # channel
    RESUMED = "resumed"  # channel
    PLAYER_REPLACED = "player_replaced"  # channel + DM
    VOTE_OPENED = "vote_opened"  # DM to each voter
    VOTE_CLOSED = "vote_closed"  # channel
    GAME_ENDED = "game_ended"  # channel: result and scores
    ROLLED_BACK = "rolled_back"  # channel


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
