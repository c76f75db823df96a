"""Spectators (issue 31): members who follow a game without playing it. `/game watch`
and `/game unwatch`, the GM's answer in Kriegsplomacy and Spy (`SpectatorsDesk`); what
spectators are sent after each phase (`tell_spectators`, `tell_the_end`,
`rewind_spectators`, called by the phases' desks); who, having watched, may never hold a
power (`refuse_spectator`, `barred_from_playing`, called by the lobby and the GM's desk);
and the words they read.

Below the lobby, which asks it at `/game join`: it imports the kernel and the events
only."""

from bot.service.spectators._desk import Answer as Answer
from bot.service.spectators._desk import Spectator as Spectator
from bot.service.spectators._desk import SpectatorsDesk as SpectatorsDesk
from bot.service.spectators._desk import Watching as Watching
from bot.service.spectators._rules import barred_from_playing as barred_from_playing
from bot.service.spectators._rules import needs_approval as needs_approval
from bot.service.spectators._rules import refuse_spectator as refuse_spectator
from bot.service.spectators._telling import rewind_spectators as rewind_spectators
from bot.service.spectators._telling import tell_spectators as tell_spectators
from bot.service.spectators._telling import tell_the_end as tell_the_end
from bot.service.spectators._words import pace as pace
from bot.service.spectators._words import spectating_text as spectating_text
from bot.service.spectators._words import watched_board_heading as watched_board_heading
from bot.service.spectators._words import watching_note as watching_note

__all__ = [
    "Answer",
    "Spectator",
    "SpectatorsDesk",
    "Watching",
    "barred_from_playing",
    "needs_approval",
    "pace",
    "refuse_spectator",
    "rewind_spectators",
    "spectating_text",
    "tell_spectators",
    "tell_the_end",
    "watched_board_heading",
    "watching_note",
]
