"""The queries behind an order submission, the service's most frequent write.

Plain SQLAlchemy Core on the caller's transaction (a session, or a bare connection,
which is cheaper), returning rows rather than ORM objects, with the statements built
once: an order submission is three statements (the game with its powers and orders in
force, the submission, the orders) and each one's cost in Python matters as much as
its trip to the database.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, and_, bindparam, delete, insert, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from storage.models import GameRow, OrderRow, PhaseRow, PowerRow, ProxyGrantRow, SubmissionRow

# Order operations run on a bare connection (cheaper); the others on a session.
Db = AsyncSession | AsyncConnection

_GAMES = GameRow.__table__
_PHASES = PhaseRow.__table__
_POWERS = PowerRow.__table__
_GRANTS = ProxyGrantRow.__table__
_ORDERS = OrderRow.__table__
_SUBMISSIONS = SubmissionRow.__table__

_POWER_COLUMNS = (
    _POWERS.c.power,
    _POWERS.c.user_id,
    _POWERS.c.standby_user_id,
    _POWERS.c.playable,
    _POWERS.c.civil_disorder,
    _POWERS.c.ready,
    _GRANTS.c.grantee_user_id,
    _GRANTS.c.provinces,
)
# The game, its current phase, its powers, the proxy grants in force and the orders in
# force, in one query: a row per power and order (and grant), the game's columns
# repeated on each. A separate query for the orders would cost more than the repeats.
_GAME = (
    select(
        _GAMES.c.id,
        _GAMES.c.name,
        _GAMES.c.status,
        _GAMES.c.deadline_at,
        _GAMES.c.paused_at,
        _PHASES.c.id.label("phase_id"),
        _PHASES.c.code.label("phase_code"),
        *_POWER_COLUMNS,
        _ORDERS.c.slot,
        _ORDERS.c.order,
        _ORDERS.c.by_owner,
    )
    .outerjoin(_PHASES, _PHASES.c.id == _GAMES.c.current_phase_id)
    .outerjoin(_POWERS, _POWERS.c.game_id == _GAMES.c.id)
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
        and_(_ORDERS.c.phase_id == _GAMES.c.current_phase_id, _ORDERS.c.power == _POWERS.c.power),
    )
    .where(_GAMES.c.id == bindparam("game_id"))
    .order_by(_POWERS.c.power, _GRANTS.c.id, _ORDERS.c.id)
)
# PostgreSQL: lock the game's row first, then read. Locking inside the joined query
# would, after waiting for an adjudication, re-check only the game's new row against
# the phase, powers and orders read before the wait (READ COMMITTED); the next
# statement reads them afresh instead.
_LOCK_GAME = select(_GAMES.c.id).where(_GAMES.c.id == bindparam("game_id")).with_for_update()
_SETTINGS = select(_GAMES.c.settings).where(_GAMES.c.id == bindparam("game_id"))

_POSITION = select(_PHASES.c.position).where(_PHASES.c.id == bindparam("phase_id"))
_ADD_SUBMISSION = insert(_SUBMISSIONS)
_SET_DEADLINE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_game_id"))
    .values(deadline_at=bindparam("at", type_=_GAMES.c.deadline_at.type))
)
_SET_READY = (
    update(_POWERS)
    .where(
        _POWERS.c.game_id == bindparam("b_game_id"),
        _POWERS.c.power.in_(bindparam("b_powers", expanding=True)),
    )
    .values(ready=bindparam("ready", type_=_POWERS.c.ready.type))
)


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


_USER_GAMES = (
    select(_GAMES.c.id, _GAMES.c.name)
    .where(
        _GAMES.c.status == "active",
        or_(
            _GAMES.c.id.in_(
                select(_POWERS.c.game_id).where(
                    or_(
                        _POWERS.c.user_id == bindparam("user_id"),
                        _POWERS.c.standby_user_id == bindparam("user_id"),
                    )
                )
            ),
            _GAMES.c.id.in_(
                select(_GRANTS.c.game_id).where(
                    _GRANTS.c.grantee_user_id == bindparam("user_id"),
                    _GRANTS.c.revoked_at.is_(None),
                )
            ),
        ),
    )
    .order_by(_GAMES.c.id)
)
_CLEAR = delete(_ORDERS).where(
    _ORDERS.c.phase_id == bindparam("b_phase_id"), _ORDERS.c.power == bindparam("b_power")
)

_UPSERTS = {name: _upsert(name) for name in ("sqlite", "postgresql")}


async def _conn(db: Db) -> AsyncConnection:
    if isinstance(db, AsyncConnection):
        return db
    # Asking the session for its connection costs more than some statements: keep it
    # for the rest of the transaction (a session is never reused across transactions).
    conn = db.info.get("core_connection")
    if conn is None:
        conn = db.info["core_connection"] = await db.connection()
    return conn


async def user_games(db: Db, user_id: int) -> list[Row]:
    """(id, name) of the running games where the user plays, stands by, or holds a proxy."""
    conn = await _conn(db)
    return list((await conn.execute(_USER_GAMES, {"user_id": user_id})).all())


@dataclass(frozen=True, slots=True)
class OrderContext:
    """What an order operation reads first, in one query.

    - `game`: id, name, status, deadline_at, paused_at, and the current phase's
      `phase_id` and `phase_code`
    - `powers`: a row per power (power, user_id, standby_user_id, playable,
      civil_disorder, ready); `grants`: proxy grants in force (power,
      grantee_user_id, provinces)
    - `in_force`: (power, slot) -> (order JSON, given by the owner), every power's
    """

    game: Row
    powers: list[Row]
    grants: list[Row]
    in_force: dict[tuple[str, str], tuple[dict, bool]]


async def order_context(db: Db, game_id: int, *, lock: bool) -> OrderContext | None:
    """The game with its powers, proxy grants and orders in force; None if no such game.
    `lock`: hold the game's row on PostgreSQL (see `repo.game_with_phase`)."""
    conn = await _conn(db)
    if lock and conn.dialect.name == "postgresql":
        await conn.execute(_LOCK_GAME, {"game_id": game_id})
    rows = (await conn.execute(_GAME, {"game_id": game_id})).all()
    if not rows:
        return None
    powers: dict[str, Row] = {}
    grants: dict[tuple[str, int], Row] = {}
    in_force: dict[tuple[str, str], tuple[dict, bool]] = {}
    for row in rows:
        if row.power is None:
            continue  # a game in its lobby: no powers yet
        powers.setdefault(row.power, row)
        if row.grantee_user_id is not None:
            grants.setdefault((row.power, row.grantee_user_id), row)
        if row.slot is not None:
            in_force[(row.power, row.slot)] = (row.order, row.by_owner)
    return OrderContext(rows[0], list(powers.values()), list(grants.values()), in_force)


async def settings_json(db: Db, game_id: int) -> dict:
    conn = await _conn(db)
    return (await conn.execute(_SETTINGS, {"game_id": game_id})).scalar_one()


async def position_json(db: Db, phase_id: int) -> dict:
    conn = await _conn(db)
    return (await conn.execute(_POSITION, {"phase_id": phase_id})).scalar_one()


async def add_submission(
    db: Db,
    *,
    game_id: int,
    phase_id: int,
    power: str,
    sender_user_id: int,
    raw_text: str,
    received_at: datetime,
    lines: list[dict],
) -> int:
    conn = await _conn(db)
    result = await conn.execute(
        _ADD_SUBMISSION,
        {
            "game_id": game_id,
            "phase_id": phase_id,
            "power": power,
            "sender_user_id": sender_user_id,
            "raw_text": raw_text,
            "received_at": received_at,
            "lines": lines,
        },
    )
    return result.inserted_primary_key[0]


async def put_orders(db: Db, rows: Sequence[dict[str, Any]]) -> None:
    """Insert or replace orders; each row: phase_id, power, slot, order, submission_id,
    by_owner."""
    if rows:
        conn = await _conn(db)
        await conn.execute(_UPSERTS[conn.dialect.name], list(rows))


async def clear_orders(db: Db, phase_id: int, power: str) -> None:
    conn = await _conn(db)
    await conn.execute(_CLEAR, {"b_phase_id": phase_id, "b_power": power})


async def set_deadline(db: Db, game_id: int, at: datetime) -> None:
    conn = await _conn(db)
    await conn.execute(_SET_DEADLINE, {"b_game_id": game_id, "at": at})


async def set_ready(db: Db, game_id: int, powers: Collection[str], ready: bool):
    conn = await _conn(db)
    await conn.execute(_SET_READY, {"b_game_id": game_id, "b_powers": list(powers), "ready": ready})
