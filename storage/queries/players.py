"""Players: the people in a game (`PlayerRow`: in the lobby, playing, replaced, kicked,
gone from its server) and the games they were in.

Each function takes the caller's transaction; none commits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.db import Db, connection, table_of
from storage.enums import GameStatus, PlayerStatus
from storage.models import GameRow, PhaseRow, PlayerRow, PowerRow, ProxyGrantRow

_GAMES = table_of(GameRow)
_PLAYERS = table_of(PlayerRow)


async def of_game(session: AsyncSession, game_id: int) -> Sequence[PlayerRow]:
    rows = await session.execute(
        select(PlayerRow).where(col(PlayerRow.game_id) == game_id).order_by(col(PlayerRow.id))
    )
    return rows.scalars().all()


async def one(session: AsyncSession, game_id: int, user_id: int) -> PlayerRow | None:
    """The user's place in the game, if they were ever in it."""
    rows = await session.execute(
        select(PlayerRow).where(
            col(PlayerRow.game_id) == game_id, col(PlayerRow.user_id) == user_id
        )
    )
    return rows.scalars().first()


async def set_status(
    session: AsyncSession, game_id: int, user_id: int, status: PlayerStatus, now: datetime
) -> None:
    """Record someone's place in a game, adding them if they were not in it yet (a
    replacement, a standby taking over)."""
    player = await one(session, game_id, user_id)
    if player is None:
        session.add(
            PlayerRow(
                game_id=game_id, user_id=user_id, status=status, preferences=[], joined_at=now
            )
        )
    else:
        player.status = status


async def takes_part(db: Db, game_id: int, user_id: int) -> bool:
    """Whether the user is or was in the game: as a player (in the lobby, playing,
    replaced, kicked), a standby, or a holder of a proxy in force."""
    joined = select(col(PlayerRow.id)).where(
        col(PlayerRow.game_id) == game_id, col(PlayerRow.user_id) == user_id
    )
    power = select(col(PowerRow.id)).where(
        col(PowerRow.game_id) == game_id,
        or_(col(PowerRow.user_id) == user_id, col(PowerRow.standby_user_id) == user_id),
    )
    grant = select(col(ProxyGrantRow.id)).where(
        col(ProxyGrantRow.game_id) == game_id,
        col(ProxyGrantRow.grantee_user_id) == user_id,
        col(ProxyGrantRow.revoked_at).is_(None),
    )
    found = await db.execute(select(joined.exists() | power.exists() | grant.exists()))
    return bool(found.scalar())


async def former_games(db: Db, user_id: int) -> list[Row]:
    """(id, name) of the running games the user was replaced in, or removed from."""
    query = (
        select(_GAMES.c.id, _GAMES.c.name)
        .join(_PLAYERS, _PLAYERS.c.game_id == _GAMES.c.id)
        .where(
            _GAMES.c.status == GameStatus.ACTIVE,
            _PLAYERS.c.user_id == user_id,
            _PLAYERS.c.status.in_((PlayerStatus.REPLACED, PlayerStatus.KICKED)),
        )
        .order_by(_GAMES.c.id)
    )
    return list((await (await connection(db)).execute(query)).all())


async def names_in_server(
    session: AsyncSession, guild_id: int, other_than: int, limit: int
) -> list[Row]:
    """(user id, display name) of the players of the server's games but `other_than`,
    the newest first: `limit` of them."""
    rows = await session.execute(
        select(col(PlayerRow.user_id), col(PlayerRow.display_name))
        .join(GameRow, col(GameRow.id) == col(PlayerRow.game_id))
        .where(col(GameRow.guild_id) == guild_id, col(PlayerRow.game_id) != other_than)
        .order_by(col(PlayerRow.id).desc())
        .limit(limit)
    )
    return list(rows.all())


# --- gone from a game's server (bot/service/gm/_reach.py) -------------------------------


async def not_yet_gone(
    session: AsyncSession,
    user_id: int,
    *,
    guild_id: int | None = None,
    game_id: int | None = None,
) -> list[tuple[GameRow, PlayerRow]]:
    """(game, the user's player row) of each running game (of `guild_id`, or just
    `game_id`) where the user is not marked gone from the server yet, in game order."""
    query = (
        select(GameRow, PlayerRow)
        .join(PlayerRow, col(PlayerRow.game_id) == col(GameRow.id))
        .where(
            col(PlayerRow.user_id) == user_id,
            col(PlayerRow.left_server_at).is_(None),
            col(GameRow.status) == GameStatus.ACTIVE,
        )
        .order_by(col(GameRow.id))
    )
    if guild_id is not None:
        query = query.where(col(GameRow.guild_id) == guild_id)
    if game_id is not None:
        query = query.where(col(GameRow.id) == game_id)
    return [(game, player) for game, player in (await session.execute(query)).all()]


async def gone_from_running(session: AsyncSession) -> list[int]:
    """The users marked gone from the server in a running game."""
    gone = await session.execute(
        select(col(PlayerRow.user_id))
        .join(GameRow, col(GameRow.id) == col(PlayerRow.game_id))
        .where(col(PlayerRow.left_server_at).is_not(None), col(GameRow.status) == GameStatus.ACTIVE)
        .distinct()
    )
    return [r[0] for r in gone.all()]


async def gone_in_game(session: AsyncSession, game_id: int) -> list[int]:
    """The game's players marked gone from its server."""
    gone = await session.execute(
        select(col(PlayerRow.user_id)).where(
            col(PlayerRow.game_id) == game_id, col(PlayerRow.left_server_at).is_not(None)
        )
    )
    return [u for (u,) in gone.all()]


async def back_in_server(session: AsyncSession, user_id: int, guild_id: int) -> None:
    """The user was seen in the server again: no longer gone from its games."""
    games = select(col(GameRow.id)).where(col(GameRow.guild_id) == guild_id)
    await session.execute(
        update(PlayerRow)
        .where(
            col(PlayerRow.user_id) == user_id,
            col(PlayerRow.left_server_at).is_not(None),
            col(PlayerRow.game_id).in_(games),
        )
        .values(left_server_at=None)
    )


async def held_a_power(session: AsyncSession, game_id: int, user_id: int) -> bool:
    """Whether the user plays a power of the game now or played one before: they hold
    one, or were replaced (a replacement, or a rollback to before they came in), or
    held one when a phase began (each phase keeps who held each power then:
    `PhaseRow.start_state`), which counts those who resigned or were removed."""
    holds = select(col(PowerRow.id)).where(
        col(PowerRow.game_id) == game_id, col(PowerRow.user_id) == user_id
    )
    replaced = select(col(PlayerRow.id)).where(
        col(PlayerRow.game_id) == game_id,
        col(PlayerRow.user_id) == user_id,
        col(PlayerRow.status) == PlayerStatus.REPLACED,
    )
    if (await session.execute(select(holds.exists() | replaced.exists()))).scalar():
        return True
    states = await session.execute(
        select(col(PhaseRow.start_state)).where(col(PhaseRow.game_id) == game_id)
    )
    return any(user_id in _holders(state) for (state,) in states.all())


def _holders(state: Mapping[str, Any] | None) -> set[int]:
    """The users holding a power in a phase's start state (None: a phase begun before
    it was kept, or a JSON null)."""
    if not state:
        return set()
    return {p.get("user_id") for p in state.get("powers", {}).values()} - {None}
