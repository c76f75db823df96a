"""A player's private notes as the service returns them, and as they read: the same
plain text in `/notes show` and in the file their `/game export` attaches."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from adjudication.model.units import Phase

# What one player may keep in one game, in characters (issue 31: "a cap per player,
# for example 20,000 characters"): ten full Discord messages, read back as a file.
NOTES_CAP = 20_000


@dataclass(frozen=True, slots=True)
class Note:
    """One `/notes add`: `phase`, the code of the phase in play when it was written
    (None: written after the end)."""

    phase: str | None
    written_at: datetime
    text: str


@dataclass(frozen=True, slots=True)
class Notes:
    """One player's notes in one game, the oldest first, and the cap they count against."""

    game_id: int
    game_name: str
    entries: tuple[Note, ...]
    cap: int = NOTES_CAP

    @property
    def used(self) -> int:
        return sum(len(note.text) for note in self.entries)


def notes_text(notes: Notes) -> str:
    """The notes as plain text, the oldest first, each under the phase and the time
    (UTC) it was written in."""
    return "\n\n".join(f"{_written(note)}\n{note.text}" for note in notes.entries)


def _written(note: Note) -> str:
    when = f"{note.written_at:%d %b %Y %H:%M} UTC"
    if note.phase is None:
        return f"After the end, {when}"
    return f"{Phase.parse(note.phase).title}, {when}"


def characters(n: int) -> str:
    """ "1 character", "20,000 characters"."""
    return f"{n:,} {'character' if n == 1 else 'characters'}"


def past_cap_text(game_name: str, used: int, size: int, cap: int = NOTES_CAP) -> str:
    """Why a note was refused: it would take the player's notes past the cap."""
    return (
        f"Your notes in {game_name} hold {characters(used)} of the {cap:,} a player may "
        f"keep in a game, and this note has {characters(size)}: {used + size - cap:,} too "
        "many. Nothing was added: write a shorter note, or `/notes clear` (which gives you "
        "a copy of them) to start afresh."
    )
