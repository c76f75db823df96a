"""Diplomacy between players: private threads as the service keeps them (`TalkDesk`),
public press and its record, and the players gone from a game's server."""

from bot.service.talk._departures import mark_gone as mark_gone
from bot.service.talk._departures import remember_name as remember_name
from bot.service.talk._press_record import PressEntry as PressEntry
from bot.service.talk._press_record import PressRecordDesk as PressRecordDesk
from bot.service.talk._talk import QUESTION_LIMIT as QUESTION_LIMIT
from bot.service.talk._talk import TalkDesk as TalkDesk
from bot.service.talk._talk import TalkingDesk as TalkingDesk
from bot.service.talk._talk import TalkPlan as TalkPlan
from bot.service.talk._talk import ThreadMember as ThreadMember

__all__ = [
    "QUESTION_LIMIT",
    "PressEntry",
    "PressRecordDesk",
    "TalkDesk",
    "TalkPlan",
    "TalkingDesk",
    "ThreadMember",
    "mark_gone",
    "remember_name",
]
