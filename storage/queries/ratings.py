"""The ratings (rules/004 "Player Ratings") as SQL aggregates over the powers of a
server's ended, scored games: one query for a table, whatever the number of games."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import ColumnElement, Row, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.enums import GameStatus
from storage.models import GameRow, PowerRow


def _rated(guild_id: int, system: str) -> ColumnElement[bool]:
    """The powers that count: scored, in an ended game of this server scored by
    `system`, rated for somebody. A game belongs to its server: no other counts."""
    return and_(
        GameRow.guild_id == guild_id,
        GameRow.status == GameStatus.ENDED,
        GameRow.scoring == system,
        PowerRow.score.is_not(None),
        PowerRow.rated_user_id.is_not(None),
    )


def _from_games():
    return select().select_from(PowerRow).join(GameRow, GameRow.id == PowerRow.game_id)


async def player_total(
    session: AsyncSession, guild_id: int, system: str, user_id: int
) -> tuple[float | None, int]:
    """(average score, number of scores) of one player."""
    found = await session.execute(
        _from_games()
        .add_columns(func.avg(PowerRow.score), func.count())
        .where(_rated(guild_id, system), PowerRow.rated_user_id == user_id)
    )
    average, scores = found.one()
    return (None if average is None else float(average)), int(scores)


async def player_games(
    session: AsyncSession, guild_id: int, system: str, user_id: int, limit: int
) -> Sequence[Row[tuple[int, str, str, float, datetime | None]]]:
    """(game id, game name, power, score, ended at) of a player's rated powers, the
    most recent game first."""
    found = await session.execute(
        _from_games()
        .add_columns(GameRow.id, GameRow.name, PowerRow.power, PowerRow.score, GameRow.ended_at)
        .where(_rated(guild_id, system), PowerRow.rated_user_id == user_id)
        .order_by(GameRow.ended_at.desc(), GameRow.id.desc(), PowerRow.power)
        .limit(limit)
    )
    return found.all()


async def rated_players(session: AsyncSession, guild_id: int, system: str) -> int:
    found = await session.execute(
        _from_games()
        .add_columns(func.count(PowerRow.rated_user_id.distinct()))
        .where(_rated(guild_id, system))
    )
    return int(found.scalar_one())


async def table_page(
    session: AsyncSession, guild_id: int, system: str, offset: int, limit: int
) -> Sequence[Row[tuple[int, float, int]]]:
    """(user id, average score, number of scores), best average first; equal averages
    by more games, then by user id (a stable order across pages)."""
    average = func.avg(PowerRow.score)
    scores = func.count()
    found = await session.execute(
        _from_games()
        .add_columns(PowerRow.rated_user_id, average, scores)
        .where(_rated(guild_id, system))
        .group_by(PowerRow.rated_user_id)
        .order_by(average.desc(), scores.desc(), PowerRow.rated_user_id)
        .offset(offset)
        .limit(limit)
    )
    return found.all()
