"""The one codec of outbox payloads: each `EventKind`'s payload type
(bot/service/events/payloads.py), and the JSON stored in `outbox.payload` both ways.
The service queues an event with `add_event`, whose kind follows from the payload's
type, so a kind and a payload cannot disagree. A session that queued one says so
(`queued_events`), for the store to tell the delivery loop once it commits."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.events.payloads import (
    Absence,
    CivilDisorder,
    DeadlineChanged,
    DeliveryFailed,
    DmsClosed,
    Excused,
    GameEnded,
    GameStarted,
    Late,
    Nmr,
    OrdersNeeded,
    Paused,
    Payload,
    PhaseNews,
    PlayerKicked,
    PlayerLeft,
    PlayerReplaced,
    PowerAssigned,
    ProxyEnded,
    Question,
    Reminder,
    Results,
    Resumed,
    RollCall,
    RollCallMissed,
    RolledBack,
    SettingChanged,
    Spectating,
    ThreadsSync,
    VoteClosed,
    VoteOpened,
    WatchedBoard,
    WatchedResults,
)
from storage import queries
from storage.enums import EventKind

PAYLOAD_TYPES: Mapping[EventKind, type[Payload]] = {
    t.kind_of: t
    for t in (
        GameStarted,
        PowerAssigned,
        Results,
        OrdersNeeded,
        Reminder,
        Nmr,
        CivilDisorder,
        DeadlineChanged,
        Paused,
        Resumed,
        PlayerReplaced,
        PlayerKicked,
        VoteOpened,
        VoteClosed,
        GameEnded,
        RolledBack,
        ProxyEnded,
        ThreadsSync,
        PhaseNews,
        DeliveryFailed,
        PlayerLeft,
        DmsClosed,
        Question,
        Late,
        Excused,
        Absence,
        SettingChanged,
        RollCall,
        RollCallMissed,
        WatchedResults,
        WatchedBoard,
        Spectating,
    )
}


def encode(payload: Payload) -> dict[str, Any]:
    """The payload as the JSON stored in `outbox.payload`."""
    return payload.model_dump(mode="json")


def decode(kind: EventKind, data: Mapping[str, Any]) -> Payload:
    """A stored payload read back as `kind`'s type; a key the type does not know is
    refused (pydantic's ValidationError), not silently dropped."""
    return PAYLOAD_TYPES[kind].model_validate(data)


_QUEUED = "dipgm.events_queued"  # a key of the session's own `info` dict


def queued_events(session: AsyncSession) -> bool:
    """Whether `session` has queued an event (`add_event`) since it was opened."""
    return bool(session.info.get(_QUEUED))


def add_event(
    session: AsyncSession,
    payload: Payload,
    now: datetime,
    *,
    game_id: int | None,
    channel_id: int | None = None,
    user_id: int | None = None,
) -> None:
    """Queue `payload` in the outbox, in the caller's transaction, to the channel or
    the user given."""
    session.info[_QUEUED] = True
    queries.outbox.add(
        session,
        payload.kind_of,
        now,
        game_id=game_id,
        channel_id=channel_id,
        user_id=user_id,
        payload=encode(payload),
    )
