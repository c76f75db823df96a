"""Players gone from a game's server, as the service keeps it (bot/service/reach.py says
how they are found): a name kept beside mentions of a player, and a player marked gone
in every running game where they hold a power, each GM told."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service import event_payloads as ev
from bot.service.event_codec import add_event
from bot.service.views import GameStatus
from storage import repo
from storage.models import GameRow, PlayerRow


async def remember_name(
    session: AsyncSession, game_id: int, user_id: int, name: str | None
) -> None:
    """Keep a player's name in the server, shown beside mentions of them."""
    if not name:
        return
    rows = await session.execute(
        select(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.user_id == user_id)
    )
    player = rows.scalars().first()
    if player is not None:
        player.display_name = name[:100]


async def mark_gone(
    session: AsyncSession,
    user_id: int,
    now: datetime,
    *,
    guild_id: int | None = None,
    game_id: int | None = None,
) -> int:
    """Mark the user gone from the server in every running game (of `guild_id`, or just
    `game_id`) where they hold a power and were not marked yet, telling each GM.
    Returns how many games newly marked them."""
    query = (
        select(GameRow, PlayerRow)
        .join(PlayerRow, PlayerRow.game_id == GameRow.id)
        .where(
            PlayerRow.user_id == user_id,
            PlayerRow.left_server_at.is_(None),
            GameRow.status == GameStatus.ACTIVE,
        )
        .order_by(GameRow.id)
    )
    if guild_id is not None:
        query = query.where(GameRow.guild_id == guild_id)
    if game_id is not None:
        query = query.where(GameRow.id == game_id)
    marked = 0
    for game, player in (await session.execute(query)).all():
        held = [p.power for p in await repo.powers(session, game.id) if p.user_id == user_id]
        if not held:
            continue  # replaced or removed already: nothing of theirs to look after
        player.left_server_at = now
        marked += 1
        left = ev.PlayerLeft(user=user_id, powers=tuple(held), gm=game.gm_user_id)
        add_event(session, left, now, game_id=game.id, channel_id=game.channel_id)
    return marked
