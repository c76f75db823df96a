"""The queries behind an order submission, the service's most frequent write, and the
other order operations (show, clear, ready).

Plain SQLAlchemy Core on the caller's transaction (a bare `AsyncConnection`, or a
session's), returning rows rather than ORM objects, with the statements built once:
an order submission reads the game, then its powers with their orders in force, then
writes the submission and the orders. One async function per query, the same on
SQLite and PostgreSQL but for the row lock PostgreSQL takes first (`lock_game`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Row,
    and_,
    bindparam,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from storage.db import for_update
from storage.models import (
    GameRow,
    OrderRow,
    PhaseRow,
    PlayerRow,
    PowerRow,
    ProxyGrantRow,
    SubmissionRow,
)
from storage.orders_in_force import InForce, Slot, in_force_of

# Order operations run on a bare connection (cheaper); the others on a session.
Db = AsyncSession | AsyncConnection

_GAMES = GameRow.__table__
_PHASES = PhaseRow.__table__
_POWERS = PowerRow.__table__
_PLAYERS_TABLE = PlayerRow.__table__
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
# PostgreSQL: lock the game's row first, then read. Locking in the query that reads the
# game with its phase would, after waiting for an adjudication, re-check only the
# game's new row against the phase read before the wait (READ COMMITTED); the next
# statements read them afresh instead.
_GAME_ID = select(_GAMES.c.id).where(_GAMES.c.id == bindparam("game_id"))
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
    select(_GAMES.c.id, _GAMES.c.name, _GAMES.c.guild_id)
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


async def connection(db: Db) -> AsyncConnection:
    """The async connection of `db` (itself, or the session's, kept for its transaction)."""
    if isinstance(db, AsyncConnection):
        return db
    # Asking the session for its connection costs more than some statements: keep it
    # for the rest of the transaction (a session is never reused across transactions).
    conn = db.info.get("core_connection")
    if conn is None:
        conn = db.info["core_connection"] = await db.connection()
    return conn


async def user_games(db: Db, user_id: int, guild_id: int | None = None) -> list[Row]:
    """(id, name, guild_id) of the running games where the user plays, stands by, or
    holds a proxy; with `guild_id`, only that server's."""
    rows = (await (await connection(db)).execute(_USER_GAMES, {"user_id": user_id})).all()
    return [r for r in rows if guild_id is None or r.guild_id == guild_id]


async def former_games(db: Db, user_id: int) -> list[Row]:
    """(id, name) of the running games the user was replaced in, or removed from."""
    query = (
        select(_GAMES.c.id, _GAMES.c.name)
        .join(_PLAYERS_TABLE, _PLAYERS_TABLE.c.game_id == _GAMES.c.id)
        .where(
            _GAMES.c.status == "active",
            _PLAYERS_TABLE.c.user_id == user_id,
            _PLAYERS_TABLE.c.status.in_(("replaced", "kicked")),
        )
        .order_by(_GAMES.c.id)
    )
    return list((await (await connection(db)).execute(query)).all())


async def phase_open_at(db: Db, game_id: int, moment: datetime) -> Row | None:
    """(id, code) of the game's phase that was open at `moment`: the latest one begun
    by then (rolled-back plays left out)."""
    query = (
        select(_PHASES.c.id, _PHASES.c.code)
        .where(
            _PHASES.c.game_id == game_id,
            _PHASES.c.started_at <= moment,
            _PHASES.c.rolled_back_at.is_(None),
        )
        .order_by(_PHASES.c.seq.desc(), _PHASES.c.id.desc())
        .limit(1)
    )
    return (await (await connection(db)).execute(query)).first()


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


async def lock_game(db: Db, game_id: int) -> None:
    """Hold the game's row until the transaction ends, as `repo.game_with_phase` does.
    SQLite needs no statement: BEGIN IMMEDIATE holds the whole database already."""
    conn = await connection(db)
    if conn.dialect.name != "sqlite":
        locking = for_update(_GAME_ID, conn.dialect.name, key_share=True)
        await conn.execute(locking, {"game_id": game_id})


async def order_context(db: Db, game_id: int, *, lock: bool) -> OrderContext | None:
    """The game with its powers, proxy grants and orders in force; None if no such game.
    `lock`: hold the game's row (`lock_game`) before reading."""
    conn = await connection(db)
    if lock:
        await lock_game(conn, game_id)
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


async def sent_by(db: Db, phase_id: int, until: datetime) -> set[str]:
    """The powers a message of orders was kept for in the phase by `until`."""
    conn = await connection(db)
    rows = await conn.execute(
        select(_SUBMISSIONS.c.power)
        .where(_SUBMISSIONS.c.phase_id == phase_id, _SUBMISSIONS.c.received_at <= until)
        .distinct()
    )
    return set(rows.scalars().all())


async def settings_json(db: Db, game_id: int) -> dict:
    return (await (await connection(db)).execute(_SETTINGS, {"game_id": game_id})).scalar_one()


async def position_json(db: Db, phase_id: int) -> dict:
    result = await (await connection(db)).execute(_POSITION, {"phase_id": phase_id})
    return result.scalar_one()


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
    """Record a message of orders as received; returns the submission's id."""
    result = await (await connection(db)).execute(
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
        conn = await connection(db)
        await conn.execute(_UPSERTS[conn.dialect.name], list(rows))


async def clear_orders(db: Db, phase_id: int, power: str) -> None:
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


async def set_deadline(db: Db, game_id: int, at: datetime) -> None:
    await (await connection(db)).execute(_SET_DEADLINE, {"b_game_id": game_id, "at": at})


async def set_ready(db: Db, game_id: int, powers: Collection[str], ready: bool) -> None:
    params = {"b_game_id": game_id, "b_powers": list(powers), "ready": ready}
    await (await connection(db)).execute(_SET_READY, params)
