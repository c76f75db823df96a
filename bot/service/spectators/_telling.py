"""What spectators are sent after each phase (issue 31), queued in the transaction that
played it, as every message to Discord is.

A game that hides nothing: each spectator gets the channel's results post, copied (its
RESULTS payload), never a player's own news. Kriegsplomacy and Spy: each spectator the
GM let in gets the GM's whole board of each played phase, as soon as it is played or one
phase behind the players, as the GM chose; `told_seq` keeps the last phase told, so
that a change of pace, a rollback or the game's end tells each phase once, in order."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import GameSettings
from bot.service.spectators._rules import needs_approval, players_now
from storage import queries
from storage.models import GameRow, PhaseRow, SpectatorRow


async def tell_spectators(
    session: AsyncSession,
    game: GameRow,
    played: Sequence[PhaseRow],
    results: Sequence[ev.Results],
    now: datetime,
    *,
    over: bool,
) -> None:
    """After `played` (the phase just played, and a Winter passed over with it), whose
    channel posts are `results`: each spectator's copy or board. A spectator who plays
    the game now (a public game's, replaced in) is told as a player instead. `over`:
    the game ended with it, and nothing is kept back any more."""
    watching = await queries.spectators.watching(session, game.id)
    if not watching:
        return
    players = await players_now(session, game)
    watching = [row for row in watching if row.user_id not in players]
    if not needs_approval(GameSettings.model_validate(game.settings)):
        for row in watching:
            for post in results:
                copy = ev.WatchedResults.model_validate(post.model_dump())
                add_event(session, copy, now, game_id=game.id, user_id=row.user_id)
        return
    first, last = min(p.seq for p in played), max(p.seq for p in played)
    for row in watching:
        # One phase behind: the phases played before this round's.
        await _tell_boards(session, game, row, first - 1 if row.behind and not over else last, now)


async def tell_the_end(session: AsyncSession, game: GameRow, now: datetime) -> None:
    """The game is over (a draw, the GM's end): nothing is kept back from a spectator
    of a hidden game any more; the phases not yet told are told now."""
    if not needs_approval(GameSettings.model_validate(game.settings)):
        return
    last = await queries.spectators.last_played_seq(session, game.id)
    if last is None:
        return
    players = await players_now(session, game)
    for row in await queries.spectators.watching(session, game.id):
        if row.user_id not in players:
            await _tell_boards(session, game, row, last, now)


async def rewind_spectators(session: AsyncSession, game_id: int, seq: int) -> None:
    """The game went back to the phase numbered `seq` (a rollback): it and those after
    it are told again when played anew."""
    await queries.spectators.rewind(session, game_id, seq)


async def first_untold(session: AsyncSession, game: GameRow, behind: bool) -> int:
    """The `told_seq` of a spectator the GM lets in now: nothing of what was played is
    sent at once; from the next phase played on, each phase at the GM's pace (one phase
    behind: the last phase played so far comes first)."""
    last = await queries.spectators.last_played_seq(session, game.id)
    if last is None:
        return -1
    return last - 1 if behind else last


async def _tell_boards(
    session: AsyncSession, game: GameRow, row: SpectatorRow, up_to: int, now: datetime
) -> None:
    """Queue the GM's board of each phase after `row.told_seq` up to `up_to`."""
    after = -1 if row.told_seq is None else row.told_seq
    if up_to <= after:
        return
    for phase_id, _seq, code in await queries.spectators.played_between(
        session, game.id, after, up_to
    ):
        board = ev.WatchedBoard(phase_id=phase_id, phase=code, behind=row.behind)
        add_event(session, board, now, game_id=game.id, user_id=row.user_id)
    row.told_seq = up_to
