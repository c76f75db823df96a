"""The notes file of `/game export` (issue 31): a player's private notes, "included in
that player's own `/game export` after the end, never in anyone else's"."""

from __future__ import annotations

from bot.service.kernel import Caller, GameInfo, GameStatus
from bot.service.records._lookups import GameLookups
from bot.service.records._notes import notes_text
from bot.service.records._notes_desk import kept_notes


async def notes_export(lookups: GameLookups, info: GameInfo, caller: Caller) -> str | None:
    """The text of the notes file the caller's export attaches: their own notes, once
    the game is over. None while it runs (the GM's export, at any time, carries no
    player's notes) or when they kept none. Only the caller's notes are ever read."""
    if info.status is not GameStatus.ENDED:
        return None
    notes = await kept_notes(lookups.service.store, info.id, caller.user_id)
    return notes_text(notes) if notes.entries else None
