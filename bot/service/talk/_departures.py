"""Players gone from a game's server, as the service keeps it (bot/service/gm/_reach.py says
how they are found): a name kept beside mentions of a player, and a player marked gone
in every running game where they hold a power, each GM told."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.events import add_event
from bot.service.events import payloads as ev
from storage import queries


async def remember_name(
    session: AsyncSession, game_id: int, user_id: int, name: str | None
) -> None:
    """Keep a player's name in the server, shown beside mentions of them."""
    if not name:
        return
    player = await queries.players.one(session, game_id, user_id)
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
    marked = 0
    running = await queries.players.not_yet_gone(
        session, user_id, guild_id=guild_id, game_id=game_id
    )
    for game, player in running:
        held = [
            p.power for p in await queries.powers.of_game(session, game.id) if p.user_id == user_id
        ]
        if not held:
            continue  # replaced or removed already: nothing of theirs to look after
        player.left_server_at = now
        marked += 1
        left = ev.PlayerLeft(user=user_id, powers=tuple(held), gm=game.gm_user_id)
        add_event(session, left, now, game_id=game.id, channel_id=game.channel_id)
    return marked
