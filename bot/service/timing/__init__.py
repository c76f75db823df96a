"""When deadlines move: the one rule that keeps every deadline outside the absences
in force (`move_deadline`), pausing and resuming, a player's absences as dates, and the
reminders each player chooses."""

from bot.service.timing._absence_dates import read_absence as read_absence
from bot.service.timing._moves import absences_in_force as absences_in_force
from bot.service.timing._moves import move_deadline as move_deadline
from bot.service.timing._moves import outside_absences as outside_absences
from bot.service.timing._pausing import pause_game as pause_game
from bot.service.timing._pausing import resume_game as resume_game
from bot.service.timing._reminders import ReminderChoices as ReminderChoices

__all__ = [
    "ReminderChoices",
    "absences_in_force",
    "move_deadline",
    "outside_absences",
    "pause_game",
    "read_absence",
    "resume_game",
]
