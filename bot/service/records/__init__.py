"""What the games left behind, and answers read from it: the history (`History`),
the judge notation, `/game export`, a player's private notes in a game (`NotesDesk`,
issue 31: `/notes add|show|clear`, the cap `NOTES_CAP`, and their own notes in their
export after the end, `notes_export`), the outbox of events (`Outbox`), and the lookups
the Discord side asks for maps and views (`GameLookups`)."""

from bot.service.records._export_for import export_for as export_for
from bot.service.records._history import AuditEntry as AuditEntry
from bot.service.records._history import AuditPage as AuditPage
from bot.service.records._history import History as History
from bot.service.records._lookups import POWERS as POWERS
from bot.service.records._lookups import GameLookups as GameLookups
from bot.service.records._notes import NOTES_CAP as NOTES_CAP
from bot.service.records._notes import Note as Note
from bot.service.records._notes import Notes as Notes
from bot.service.records._notes import characters as characters
from bot.service.records._notes import notes_text as notes_text
from bot.service.records._notes_desk import NotesDesk as NotesDesk
from bot.service.records._notes_export import notes_export as notes_export
from bot.service.records._outbox import Outbox as Outbox
from bot.service.records._view_export import view_export_lines as view_export_lines
from bot.service.records._view_lookups import ViewAnswer as ViewAnswer
from bot.service.records._view_lookups import hidden_answer as hidden_answer
from bot.service.records._view_lookups import known_in_play as known_in_play
from bot.service.records._view_lookups import phases_listed as phases_listed
from bot.service.records._view_lookups import seen_phases as seen_phases
from bot.service.records._view_lookups import seen_with_retreats as seen_with_retreats
from bot.service.records._view_lookups import view_png as view_png
from bot.service.variants import unheld_powers as unheld_powers

__all__ = [
    "NOTES_CAP",
    "POWERS",
    "AuditEntry",
    "AuditPage",
    "GameLookups",
    "History",
    "Note",
    "Notes",
    "NotesDesk",
    "Outbox",
    "ViewAnswer",
    "characters",
    "export_for",
    "hidden_answer",
    "known_in_play",
    "notes_export",
    "notes_text",
    "phases_listed",
    "seen_phases",
    "seen_with_retreats",
    "unheld_powers",
    "view_export_lines",
    "view_png",
]
