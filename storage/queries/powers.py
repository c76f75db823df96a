"""The powers of a game (`PowerRow`: who plays each, its standby, civil disorder, ready,
its record and score).

Each function takes the caller's transaction; none commits."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from sqlalchemy import bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from storage.db import Db, connection, table_of
from storage.models import PowerRow

_POWERS = table_of(PowerRow)

# Built once: marking ready is an order operation (storage/queries/orders.py).
_SET_READY = (
    update(_POWERS)
    .where(
        _POWERS.c.game_id == bindparam("b_game_id"),
        _POWERS.c.power.in_(bindparam("b_powers", expanding=True)),
    )
    .values(ready=bindparam("ready", type_=_POWERS.c.ready.type))
)


async def of_game(session: AsyncSession, game_id: int) -> Sequence[PowerRow]:
    rows = await session.execute(
        select(PowerRow).where(col(PowerRow.game_id) == game_id).order_by(col(PowerRow.power))
    )
    return rows.scalars().all()


async def set_ready(db: Db, game_id: int, powers: Collection[str], ready: bool) -> None:
    params = {"b_game_id": game_id, "b_powers": list(powers), "ready": ready}
    await (await connection(db)).execute(_SET_READY, params)


async def in_civil_disorder(conn: AsyncConnection, game_id: int) -> set[str]:
    """The game's powers in civil disorder now."""
    rows = await conn.execute(
        select(col(PowerRow.power)).where(
            col(PowerRow.game_id) == game_id, col(PowerRow.civil_disorder).is_(True)
        )
    )
    return set(rows.scalars().all())
