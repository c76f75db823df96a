"""The orders in force of a phase, and the queries behind an order submission, the
service's most frequent write, and the other order operations (show, clear, ready).

The order operations are plain SQLAlchemy Core on the caller's transaction (a bare
`AsyncConnection`, or a session's: `Db`), returning rows rather than ORM objects, with
the statements built once: an order submission reads the game, then its powers with
their orders in force, then writes the submission (storage/queries/submissions.py)
and the orders. The same on SQLite and PostgreSQL but for the row lock PostgreSQL
takes first (`games.lock`) and the upsert's dialect.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, and_, bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from storage.db import Db, connection, table_of
from storage.models import GameRow, OrderRow, PhaseRow, PowerRow, ProxyGrantRow, SubmissionRow
from storage.orders_in_force import InForce, Slot, in_force_of
from storage.queries import games

_GAMES = table_of(GameRow)
_PHASES = table_of(PhaseRow)
_POWERS = table_of(PowerRow)
_GRANTS = table_of(ProxyGrantRow)
_ORDERS = table_of(OrderRow)

_POWER_COLUMNS = (
    _POWERS.c.power,
    _POWERS.c.user_id,
    _POWERS.c.standby_user_id,
    _POWERS.c.playable,
    _POWERS.c.civil_disorder,
    _POWERS.c.ready,
    _GRANTS.c.grantee_user_id,
    _GRANTS.c.provinces,
    _GRANTS.c.grantor_user_id,
)
_GAME_COLUMNS = (
    _GAMES.c.id,
    _GAMES.c.name,
    _GAMES.c.guild_id,
    _GAMES.c.gm_user_id,
    _GAMES.c.status,
    _GAMES.c.deadline_at,
    _GAMES.c.paused_at,
    _GAMES.c.settings,  # the Masters Rules choose the parser, in the same statement
    _PHASES.c.id.label("phase_id"),
    _PHASES.c.code.label("phase_code"),
    _PHASES.c.started_at.label("phase_started_at"),
    # A phase in grace: its end, and the deadline that passed (who was late then).
    _PHASES.c.grace_until.label("grace_until"),
    _PHASES.c.deadline_at.label("phase_deadline_at"),
)
# The game with its current phase; then its powers, each with the proxy grants in force
# for it and its orders in force (a row per power and order, and grant).
_GAME = (
    select(*_GAME_COLUMNS)
    .outerjoin(_PHASES, _PHASES.c.id == _GAMES.c.current_phase_id)
    .where(_GAMES.c.id == bindparam("game_id"))
)
_PLAYERS = (
    select(*_POWER_COLUMNS, _ORDERS.c.slot, _ORDERS.c.order, _ORDERS.c.by_owner)
    .outerjoin(
        _GRANTS,
        and_(
            _GRANTS.c.game_id == _POWERS.c.game_id,
            _GRANTS.c.power == _POWERS.c.power,
            _GRANTS.c.revoked_at.is_(None),
        ),
    )
    .outerjoin(
        _ORDERS,
        and_(_ORDERS.c.phase_id == bindparam("phase_id"), _ORDERS.c.power == _POWERS.c.power),
    )
    .where(_POWERS.c.game_id == bindparam("game_id"))
    .order_by(_POWERS.c.power, _GRANTS.c.id, _ORDERS.c.id)
)
# PostgreSQL: the game's row is locked first (`games.lock`), then read. Locking in the
# query that reads the game with its phase would, after waiting for an adjudication,
# re-check only the game's new row against the phase read before the wait (READ
# COMMITTED); the next statements read them afresh instead.


def _upsert(dialect: str) -> Any:
    """INSERT … ON CONFLICT (phase, power, slot) DO UPDATE: a unit's new order
    replaces its old one in one statement, whether or not it had one."""
    module = postgresql if dialect == "postgresql" else sqlite
    stmt = module.insert(_ORDERS)
    return stmt.on_conflict_do_update(
        index_elements=[_ORDERS.c.phase_id, _ORDERS.c.power, _ORDERS.c.slot],
        set_={
            "order": stmt.excluded.order,
            "submission_id": stmt.excluded.submission_id,
            "by_owner": stmt.excluded.by_owner,
        },
    )


_CLEAR = delete(_ORDERS).where(
    _ORDERS.c.phase_id == bindparam("b_phase_id"), _ORDERS.c.power == bindparam("b_power")
)
_UPSERTS = {name: _upsert(name) for name in ("sqlite", "postgresql")}
_IN_FORCE_JSON = (
    select(_ORDERS.c.power, _ORDERS.c.order)
    .where(_ORDERS.c.phase_id == bindparam("phase_id"))
    .order_by(_ORDERS.c.id)
)


@dataclass(frozen=True, slots=True)
class OrderContext:
    """What an order operation reads first.

    - `game`: id, name, guild_id, gm_user_id, status, deadline_at, paused_at, and the
      current phase's `phase_id`, `phase_code`, `phase_started_at`, `grace_until` and
      `phase_deadline_at`
    - `powers`: a row per power (power, user_id, standby_user_id, playable,
      civil_disorder, ready); `grants`: proxy grants in force, each on its power's
      row (grantee_user_id, provinces, grantor_user_id)
    - `in_force`: every power's orders in force, decoded (`storage.orders_in_force`)
    """

    game: Row
    powers: list[Row]
    grants: list[Row]
    in_force: InForce


async def context(db: Db, game_id: int, *, lock: bool) -> OrderContext | None:
    """The game with its powers, proxy grants and orders in force; None if no such game.
    `lock`: hold the game's row (`games.lock`) before reading."""
    conn = await connection(db)
    if lock:
        await games.lock(conn, game_id)
    game = (await conn.execute(_GAME, {"game_id": game_id})).first()
    if game is None:
        return None
    rows = (await conn.execute(_PLAYERS, {"game_id": game_id, "phase_id": game.phase_id})).all()
    powers: dict[str, Row] = {}
    grants: dict[tuple[str, int], Row] = {}
    for row in rows:
        powers.setdefault(row.power, row)
        if row.grantee_user_id is not None:
            grants.setdefault((row.power, row.grantee_user_id), row)
    in_force = in_force_of((r.power, r.slot, r.order, r.by_owner) for r in rows)
    return OrderContext(game, list(powers.values()), list(grants.values()), in_force)


async def put(db: Db, rows: Sequence[dict[str, Any]]) -> None:
    """Insert or replace orders; each row: phase_id, power, slot, order, submission_id,
    by_owner."""
    if rows:
        conn = await connection(db)
        await conn.execute(_UPSERTS[conn.dialect.name], list(rows))


async def clear(db: Db, phase_id: int, power: str) -> None:
    await (await connection(db)).execute(_CLEAR, {"b_phase_id": phase_id, "b_power": power})


async def clear_slots(db: Db, phase_id: int, power: str, slots: Collection[Slot]) -> None:
    """Remove some of a power's orders (the Masters Rules' written lines it replaces)."""
    if slots:
        query = delete(_ORDERS).where(
            _ORDERS.c.phase_id == phase_id,
            _ORDERS.c.power == power,
            _ORDERS.c.slot.in_(sorted(str(slot) for slot in slots)),
        )
        await (await connection(db)).execute(query)


async def in_force(session: AsyncSession, phase_id: int) -> Sequence[OrderRow]:
    """The phase's orders in force as rows, in the order given."""
    rows = await session.execute(
        select(OrderRow).where(col(OrderRow.phase_id) == phase_id).order_by(col(OrderRow.id))
    )
    return rows.scalars().all()


async def in_force_json(conn: AsyncConnection, phase_id: int) -> list[Row]:
    """(power, order JSON) of each order in force for the phase, in the order given."""
    return list((await conn.execute(_IN_FORCE_JSON, {"phase_id": phase_id})).all())


async def withdraw_by_proxy(
    session: AsyncSession, phase_id: int, power: str, grantee_user_id: int
) -> None:
    """Delete the orders a proxy holder gave for a power in a phase (the owner's own
    orders, and a standby's, stay)."""
    by_holder = select(col(SubmissionRow.id)).where(
        col(SubmissionRow.phase_id) == phase_id,
        col(SubmissionRow.sender_user_id) == grantee_user_id,
    )
    await session.execute(
        delete(OrderRow).where(
            col(OrderRow.phase_id) == phase_id,
            col(OrderRow.power) == power,
            col(OrderRow.by_owner).is_(False),
            col(OrderRow.submission_id).in_(by_holder),
        )
    )
