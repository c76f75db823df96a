"""The two games of a One-on-one match (rules/004): a board's other board, whether two
games are one match's boards, and the boards in the order made (game A where the match
was created, then B in its second channel)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from storage.db import Db, connection, table_of
from storage.models import GameRow

_GAMES = table_of(GameRow)


async def other_board(session: AsyncSession, game: GameRow) -> GameRow | None:
    """The match's other game (None before the start)."""
    rows = await session.execute(
        select(GameRow).where(col(GameRow.match_id) == game.match_id, col(GameRow.id) != game.id)
    )
    return rows.scalars().first()


async def one_match(db: Db, game_ids: Sequence[int]) -> bool:
    """Whether the games all belong to the same match."""
    conn = await connection(db)
    rows = await conn.execute(select(_GAMES.c.match_id).where(_GAMES.c.id.in_(game_ids)))
    matches = {m for (m,) in rows}
    return len(matches) == 1 and None not in matches


async def boards(conn: AsyncConnection, match_id: int) -> list[Row]:
    """(id, name) of the match's games, in the order made."""
    return list(
        (
            await conn.execute(
                select(col(GameRow.id), col(GameRow.name)).where(col(GameRow.match_id) == match_id)
                .order_by(col(GameRow.id))
            )
        ).all()
    )  # fmt: skip
