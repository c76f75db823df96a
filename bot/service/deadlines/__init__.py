"""A phase played at its deadline (`Adjudicator`): the late, their grace and excused
misses, absences, the NMR bookkeeping and the years' record."""

from bot.service.deadlines._absences import AbsenceDesk as AbsenceDesk
from bot.service.deadlines._absences import AbsenceInfo as AbsenceInfo
from bot.service.deadlines._absences import absence_text as absence_text
from bot.service.deadlines._adjudicator import Adjudicator as Adjudicator
from bot.service.deadlines._excuses import excused_text as excused_text
from bot.service.deadlines._grace import end_graces_early as end_graces_early
from bot.service.deadlines._grace import grace_wait as grace_wait
from bot.service.deadlines._grace import late_text as late_text

__all__ = [
    "AbsenceDesk",
    "AbsenceInfo",
    "Adjudicator",
    "absence_text",
    "end_graces_early",
    "excused_text",
    "grace_wait",
    "late_text",
]
