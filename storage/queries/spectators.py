"""Spectators (issue 31): the members who follow a game without playing it
(`SpectatorRow`), and the played phases of the GM's view not yet told to them.

Each function takes the caller's session; none commits."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Row, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.enums import SpectatorStatus
from storage.models import PhaseRow, SpectatorRow


async def of_game(session: AsyncSession, game_id: int) -> Sequence[SpectatorRow]:
    """Everyone who ever asked to watch the game, in the order they first asked."""
    rows = await session.execute(
        select(SpectatorRow)
        .where(col(SpectatorRow.game_id) == game_id)
        .order_by(col(SpectatorRow.id))
    )
    return rows.scalars().all()


async def one(session: AsyncSession, game_id: int, user_id: int) -> SpectatorRow | None:
    rows = await session.execute(
        select(SpectatorRow).where(
            col(SpectatorRow.game_id) == game_id, col(SpectatorRow.user_id) == user_id
        )
    )
    return rows.scalars().first()


async def followed_by(session: AsyncSession, user_id: int) -> Sequence[SpectatorRow]:
    """The games `user_id` watches, or asked to, in the order they first asked."""
    rows = await session.execute(
        select(SpectatorRow)
        .where(
            col(SpectatorRow.user_id) == user_id,
            col(SpectatorRow.status).in_((SpectatorStatus.WATCHING, SpectatorStatus.ASKED)),
        )
        .order_by(col(SpectatorRow.id))
    )
    return rows.scalars().all()


async def watching(session: AsyncSession, game_id: int) -> Sequence[SpectatorRow]:
    """The game's spectators told of each phase now. (Their rows change only under the
    game's own lock, which every caller holds.)"""
    rows = await session.execute(
        select(SpectatorRow)
        .where(
            col(SpectatorRow.game_id) == game_id,
            col(SpectatorRow.status) == SpectatorStatus.WATCHING,
        )
        .order_by(col(SpectatorRow.id))
    )
    return rows.scalars().all()


async def ever_approved(session: AsyncSession, game_id: int) -> set[int]:
    """The members the GM ever let see the game's whole board, watching still or not."""
    rows = await session.execute(
        select(col(SpectatorRow.user_id)).where(
            col(SpectatorRow.game_id) == game_id, col(SpectatorRow.approved_at).is_not(None)
        )
    )
    return set(rows.scalars().all())


async def last_played_seq(session: AsyncSession, game_id: int) -> int | None:
    """The `seq` of the game's last live played phase; None before the first."""
    return (
        await session.execute(
            select(func.max(col(PhaseRow.seq))).where(
                col(PhaseRow.game_id) == game_id,
                col(PhaseRow.rolled_back_at).is_(None),
                col(PhaseRow.adjudicated_at).is_not(None),
            )
        )
    ).scalar()


async def played_between(
    session: AsyncSession, game_id: int, after_seq: int, up_to_seq: int
) -> Sequence[Row]:
    """(id, seq, code) of the game's live played phases with `after_seq` < seq <=
    `up_to_seq`, in order."""
    rows = await session.execute(
        select(col(PhaseRow.id), col(PhaseRow.seq), col(PhaseRow.code))
        .where(
            col(PhaseRow.game_id) == game_id,
            col(PhaseRow.rolled_back_at).is_(None),
            col(PhaseRow.adjudicated_at).is_not(None),
            col(PhaseRow.seq) > after_seq,
            col(PhaseRow.seq) <= up_to_seq,
        )
        .order_by(col(PhaseRow.seq), col(PhaseRow.id))
    )
    return rows.all()


async def rewind(session: AsyncSession, game_id: int, seq: int) -> None:
    """The game goes back to the phase numbered `seq`: what was told of it and after
    is to be told again, as played anew."""
    await session.execute(
        update(SpectatorRow)
        .where(col(SpectatorRow.game_id) == game_id, col(SpectatorRow.told_seq) >= seq)
        .values(told_seq=seq - 1)
    )
