"""`/notes add|show|clear` (issue 31): a player's private notes in a game.

Notes are the writer's alone: every operation reads or changes only the caller's own
notes, so neither another player nor the GM nor anyone watching can ever be shown
them. Who keeps notes: a player of the game, one who holds a power or held one (a
player replaced keeps their notes, and may go on writing them); never before the
powers are given out. Up to NOTES_CAP characters a player and game: a note past it is
refused, and nothing changes."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.kernel import (
    Caller,
    GameStatus,
    InvalidSetting,
    NotAllowed,
    ServiceCore,
    Store,
    WrongState,
    clean_text,
)
from bot.service.records._notes import NOTES_CAP, Note, Notes, past_cap_text
from storage import queries
from storage.models import GameRow, NoteRow


class NotesDesk(ServiceCore):
    async def add_note(self, game_id: int, caller: Caller, text: str, now: datetime) -> Notes:
        """Keep one more note for the caller; returns their notes with it."""
        note = clean_text(text).strip()
        if not note:
            raise InvalidSetting(
                "A note needs some text: `/notes add text:` and what you want to remember."
            )
        async with self.transaction() as session:
            # Locked: two notes sent at once are counted against the cap one after the other.
            game = await self._keeper(session, game_id, caller, lock=True)
            rows = await queries.notes.of_player(session, game.id, caller.user_id)
            used = sum(len(row.text) for row in rows)
            if used + len(note) > NOTES_CAP:
                raise InvalidSetting(past_cap_text(game.name, used, len(note)))
            phase = await self._phase_now(session, game)
            queries.notes.add(session, game.id, caller.user_id, phase, note, now)
            await session.flush()
            return _notes(game, await queries.notes.of_player(session, game.id, caller.user_id))

    async def read_notes(self, game_id: int, caller: Caller) -> Notes:
        """The caller's own notes in the game."""
        async with self.transaction() as session:
            game = await self._keeper(session, game_id, caller, lock=False)
            return _notes(game, await queries.notes.of_player(session, game.id, caller.user_id))

    async def clear_notes(self, game_id: int, caller: Caller) -> Notes:
        """Delete the caller's notes in the game; returns what they were, for the
        player to keep a copy."""
        async with self.transaction() as session:
            game = await self._keeper(session, game_id, caller, lock=True)
            rows = await queries.notes.of_player(session, game.id, caller.user_id)
            await queries.notes.clear(session, game.id, caller.user_id)
            return _notes(game, rows)

    async def _keeper(
        self, session: AsyncSession, game_id: int, caller: Caller, *, lock: bool
    ) -> GameRow:
        """The game, if the caller may keep notes in it (in its own server, or by DM
        as one who takes part: `game_for`)."""
        game = await self._game_for(session, game_id, caller, lock=lock)
        if game.status == GameStatus.LOBBY:
            raise WrongState(
                f"{game.name} has not started yet: its players keep notes once the powers "
                "are given out."
            )
        if not await queries.players.held_a_power(session, game.id, caller.user_id):
            raise NotAllowed(
                f"Notes in {game.name} are kept by those who play or played a power in it, "
                "each for themselves alone; you have held none."
            )
        return game

    async def _phase_now(self, session: AsyncSession, game: GameRow) -> str | None:
        """The code of the phase a note is written in; None once the game is over."""
        if game.status == GameStatus.ENDED:
            return None
        return (await self._current_phase(session, game)).code


async def kept_notes(store: Store, game_id: int, user_id: int) -> Notes:
    """The notes `user_id` kept in the game, for their own `/game export` (records):
    read for that user alone, as every note is."""
    async with store.transaction() as session:
        game = await store.game(session, game_id, lock=False)
        return _notes(game, await queries.notes.of_player(session, game.id, user_id))


def _notes(game: GameRow, rows: list[NoteRow]) -> Notes:
    entries = tuple(Note(row.phase, row.written_at, row.text) for row in rows)
    return Notes(game.id, game.name, entries)
