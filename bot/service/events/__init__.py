"""What the service tells Discord: each outbox event kind's payload type
(`payloads`, read as `ev.Nmr` and the like), their codec, and the `Event` the delivery
loop reads back."""

from bot.service.events import payloads as payloads
from bot.service.events._codec import add_event as add_event
from bot.service.events._codec import decode as decode
from bot.service.events._codec import queued_events as queued_events
from bot.service.events._events import Event as Event
from bot.service.events._events import EventKind as EventKind
from bot.service.events.payloads import GameEnded as GameEnded
from bot.service.events.payloads import Nmr as Nmr
from bot.service.events.payloads import PhaseNews as PhaseNews
from bot.service.events.payloads import Reminder as Reminder
from bot.service.events.payloads import VoteClosed as VoteClosed

__all__ = [
    "Event",
    "EventKind",
    "GameEnded",
    "Nmr",
    "PhaseNews",
    "Reminder",
    "VoteClosed",
    "add_event",
    "decode",
    "payloads",
    "queued_events",
]
