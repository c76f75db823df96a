"""Pausing and resuming a game (issue 23): by the GM (`/gm pause`, `/gm resume`) or by
a unanimous vote of the players (bot/service/endings/_votes.py). While paused no deadline
passes and no reminder is sent (storage.queries' due games and reminders skip paused
games); on resuming, the deadline moves later by the time the game was paused, and on
past any absence it then falls inside (issue 29: one declared while paused too)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import GameState, ServiceCore
from bot.service.timing._moves import move_deadline
from storage.models import GameRow


def pause_game(session: AsyncSession, game: GameRow, now: datetime, *, by_vote: bool) -> None:
    GameState(game).pause(now)
    paused = ev.Paused(by_vote=by_vote)
    add_event(session, paused, now, game_id=game.id, channel_id=game.channel_id)


async def resume_game(
    core: ServiceCore, session: AsyncSession, game: GameRow, now: datetime, *, by_vote: bool
) -> float:
    """Resume; returns how many seconds the game was paused. (No phase is played while
    the game is paused, so the deadline moved is the one the pause stopped.)"""
    paused_for = GameState(game).resume(now)
    if game.deadline_at is not None:
        await move_deadline(core, session, [game], game.deadline_at, now)
    resumed = ev.Resumed(deadline=game.deadline_at, by_vote=by_vote)
    add_event(session, resumed, now, game_id=game.id, channel_id=game.channel_id)
    return paused_for.total_seconds()
