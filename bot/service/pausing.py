"""Pausing and resuming a game (issue 23): by the GM (`/gm pause`, `/gm resume`) or by
a unanimous vote of the players (bot/service/votes.py). While paused no deadline
passes and no reminder is sent (storage.repo's due games and reminders skip paused
games); on resuming, the deadline moves later by the time the game was paused."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service import event_payloads as ev
from bot.service.errors import WrongState
from bot.service.event_codec import add_event
from bot.service.service_core import ServiceCore
from storage.models import GameRow


def pause_game(session: AsyncSession, game: GameRow, now: datetime, *, by_vote: bool) -> None:
    if game.paused_at is not None:
        raise WrongState(f"{game.name} is already paused.")
    game.paused_at = now
    game.version += 1
    paused = ev.Paused(by_vote=by_vote)
    add_event(session, paused, now, game_id=game.id, channel_id=game.channel_id)


async def resume_game(
    core: ServiceCore, session: AsyncSession, game: GameRow, now: datetime, *, by_vote: bool
) -> float:
    """Resume; returns how many seconds the game was paused. (No phase is played while
    the game is paused, so the deadline moved is the one the pause stopped.)"""
    if game.paused_at is None:
        raise WrongState(f"{game.name} is not paused.")
    paused_for = now - game.paused_at
    game.paused_at = None
    game.version += 1
    if game.deadline_at is not None:
        game.deadline_at = game.deadline_at + paused_for
        await core._schedule_reminders(session, game, game.current_phase_id, game.deadline_at, now)
    resumed = ev.Resumed(deadline=game.deadline_at, by_vote=by_vote)
    add_event(session, resumed, now, game_id=game.id, channel_id=game.channel_id)
    return paused_for.total_seconds()
