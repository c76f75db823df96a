"""The queries behind an order submission, the service's most frequent write.

Plain SQLAlchemy Core on the caller's transaction, returning rows rather than ORM
objects, with the statements built once: an order submission reads the game with its
powers and orders in force (one joined query on PostgreSQL, two narrow ones on SQLite,
see `order_context_in`), then writes the submission and the orders, and each
statement's cost in Python matters as much as its trip to the database. Each query is
a function of a synchronous `Connection` (`…_in`); most have an async twin for a
session or an async connection.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Row,
    Text,
    and_,
    bindparam,
    delete,
    insert,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from storage.models import (
    GameRow,
    OrderRow,
    PhaseRow,
    PlayerRow,
    PowerRow,
    ProxyGrantRow,
    SubmissionRow,
)

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
    _PHASES.c.id.label("phase_id"),
    _PHASES.c.code.label("phase_code"),
    _PHASES.c.started_at.label("phase_started_at"),
)
# The game, its current phase, its powers, the proxy grants in force and the orders in
# force, in one query: a row per power and order (and grant), the game's columns
# repeated on each. On PostgreSQL, where every statement is a round trip to the server,
# a separate query for the orders would cost more than the repeats.
_GAME = (
    select(
        *_GAME_COLUMNS,
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
# On SQLite, where a submission's statements share one trip to the database's thread
# (bot/service_core.py, `run_transaction`), the same in two narrow queries: turning the
# game's columns, repeated on each of the ~25 rows, back into Python values costs more
# than a second statement.
_GAME_ALONE = (
    select(*_GAME_COLUMNS)
    .outerjoin(_PHASES, _PHASES.c.id == _GAMES.c.current_phase_id)
    .where(_GAMES.c.id == bindparam("game_id"))
)
# The order JSON as text, decoded in `order_context_in` by the same `json.loads` the
# column type would call, without its per-value wrappers (~25 values a submission).
_PLAYERS = (
    select(
        *_POWER_COLUMNS,
        _ORDERS.c.slot,
        type_coerce(_ORDERS.c.order, Text).label("order"),
        _ORDERS.c.by_owner,
    )
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
# PostgreSQL: lock the game's row first, then read. Locking inside the joined query
# would, after waiting for an adjudication, re-check only the game's new row against
# the phase, powers and orders read before the wait (READ COMMITTED); the next
# statement reads them afresh instead.
_LOCK_GAME = (
    select(_GAMES.c.id)
    .where(_GAMES.c.id == bindparam("game_id"))
    .with_for_update(key_share=True)  # as `repo.game_with_phase`
)
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


# Each query is written once, for a synchronous connection: an order submission runs
# all of its statements in one synchronous function (on SQLite in one trip to the
# database's thread, see bot/orders_service.py); the async forms below, for the other
# order operations, run that same function through `AsyncConnection.run_sync`.


def user_games_in(conn: Connection, user_id: int, guild_id: int | None = None) -> list[Row]:
    """(id, name, guild_id) of the running games where the user plays, stands by, or
    holds a proxy; with `guild_id`, only that server's."""
    rows = conn.execute(_USER_GAMES, {"user_id": user_id}).all()
    return [r for r in rows if guild_id is None or r.guild_id == guild_id]


def former_games_in(conn: Connection, user_id: int) -> list[Row]:
    """(id, name) of the running games the user was replaced in, or removed from."""
    return list(
        conn.execute(
            select(_GAMES.c.id, _GAMES.c.name)
            .join(_PLAYERS_TABLE, _PLAYERS_TABLE.c.game_id == _GAMES.c.id)
            .where(
                _GAMES.c.status == "active",
                _PLAYERS_TABLE.c.user_id == user_id,
                _PLAYERS_TABLE.c.status.in_(("replaced", "kicked")),
            )
            .order_by(_GAMES.c.id)
        ).all()
    )


def takes_part_in(conn: Connection, game_id: int, user_id: int, gm_user_id: int) -> bool:
    """Whether the user is the game's GM or is or was in it (`repo.takes_part`)."""
    if user_id == gm_user_id:
        return True
    return bool(conn.execute(takes_part_query(game_id, user_id)).scalar())


def takes_part_query(game_id: int, user_id: int):
    """Whether the user is or was in the game: as a player (in the lobby, playing,
    replaced, kicked), a standby, or a holder of a proxy in force."""
    joined = select(_PLAYERS_TABLE.c.id).where(
        _PLAYERS_TABLE.c.game_id == game_id, _PLAYERS_TABLE.c.user_id == user_id
    )
    power = select(_POWERS.c.id).where(
        _POWERS.c.game_id == game_id,
        or_(_POWERS.c.user_id == user_id, _POWERS.c.standby_user_id == user_id),
    )
    grant = select(_GRANTS.c.id).where(
        _GRANTS.c.game_id == game_id,
        _GRANTS.c.grantee_user_id == user_id,
        _GRANTS.c.revoked_at.is_(None),
    )
    return select(joined.exists() | power.exists() | grant.exists())


def phase_open_at_in(conn: Connection, game_id: int, moment: datetime) -> Row | None:
    """(id, code) of the game's phase that was open at `moment`: the latest one begun
    by then (rolled-back plays left out)."""
    return conn.execute(
        select(_PHASES.c.id, _PHASES.c.code)
        .where(
            _PHASES.c.game_id == game_id,
            _PHASES.c.started_at <= moment,
            _PHASES.c.rolled_back_at.is_(None),
        )
        .order_by(_PHASES.c.seq.desc(), _PHASES.c.id.desc())
        .limit(1)
    ).first()


@dataclass(frozen=True, slots=True)
class OrderContext:
    """What an order operation reads first, in one query.

    - `game`: id, name, guild_id, gm_user_id, status, deadline_at, paused_at, and the
      current phase's `phase_id`, `phase_code` and `phase_started_at`
    - `powers`: a row per power (power, user_id, standby_user_id, playable,
      civil_disorder, ready); `grants`: proxy grants in force, each on its power's
      row (grantee_user_id, provinces, grantor_user_id)
    - `in_force`: (power, slot) -> (order JSON, given by the owner), every power's
    """

    game: Row
    powers: list[Row]
    grants: list[Row]
    in_force: dict[tuple[str, str], tuple[dict, bool]]


def order_context_in(conn: Connection, game_id: int, *, lock: bool) -> OrderContext | None:
    """The game with its powers, proxy grants and orders in force; None if no such game.
    `lock`: hold the game's row on PostgreSQL (see `repo.game_with_phase`)."""
    if conn.dialect.name == "sqlite":
        game = conn.execute(_GAME_ALONE, {"game_id": game_id}).first()
        if game is None:
            return None
        rows = conn.execute(_PLAYERS, {"game_id": game_id, "phase_id": game.phase_id}).all()
    else:
        if lock:
            conn.execute(_LOCK_GAME, {"game_id": game_id})
        rows = conn.execute(_GAME, {"game_id": game_id}).all()
        if not rows:
            return None
        game = rows[0]
    powers: dict[str, Row] = {}
    grants: dict[tuple[str, int], Row] = {}
    in_force: dict[tuple[str, str], tuple[dict, bool]] = {}
    # By position: a Row's attribute lookup costs more than the rest of the loop.
    fields = rows[0]._fields if rows else ()
    power_at = fields.index("power") if rows else 0
    grantee_at = fields.index("grantee_user_id") if rows else 0
    slot_at = fields.index("slot") if rows else 0
    for row in rows:
        power = row[power_at]
        if power is None:
            continue  # a game in its lobby: no powers yet
        if power not in powers:
            powers[power] = row
        if row[grantee_at] is not None:
            grants.setdefault((power, row[grantee_at]), row)
        if row[slot_at] is not None:
            order = row[slot_at + 1]
            in_force[(power, row[slot_at])] = (
                json.loads(order) if isinstance(order, str) else order,
                row[slot_at + 2],
            )
    return OrderContext(game, list(powers.values()), list(grants.values()), in_force)


async def order_context(db: Db, game_id: int, *, lock: bool) -> OrderContext | None:
    """`order_context_in`, on an async connection or session."""
    return await (await connection(db)).run_sync(order_context_in, game_id, lock=lock)


def settings_json_in(conn: Connection, game_id: int) -> dict:
    return conn.execute(_SETTINGS, {"game_id": game_id}).scalar_one()


async def settings_json(db: Db, game_id: int) -> dict:
    return await (await connection(db)).run_sync(settings_json_in, game_id)


def position_json_in(conn: Connection, phase_id: int) -> dict:
    return conn.execute(_POSITION, {"phase_id": phase_id}).scalar_one()


async def position_json(db: Db, phase_id: int) -> dict:
    return await (await connection(db)).run_sync(position_json_in, phase_id)


def add_submission_in(
    conn: Connection,
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
    result = conn.execute(
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


def put_orders_in(conn: Connection, rows: Sequence[dict[str, Any]]) -> None:
    """Insert or replace orders; each row: phase_id, power, slot, order, submission_id,
    by_owner."""
    if rows:
        conn.execute(_UPSERTS[conn.dialect.name], list(rows))


def clear_orders_in(conn: Connection, phase_id: int, power: str) -> None:
    conn.execute(_CLEAR, {"b_phase_id": phase_id, "b_power": power})


async def clear_orders(db: Db, phase_id: int, power: str) -> None:
    await (await connection(db)).run_sync(clear_orders_in, phase_id, power)


def set_deadline_in(conn: Connection, game_id: int, at: datetime) -> None:
    conn.execute(_SET_DEADLINE, {"b_game_id": game_id, "at": at})


async def set_deadline(db: Db, game_id: int, at: datetime) -> None:
    await (await connection(db)).run_sync(set_deadline_in, game_id, at)


def set_ready_in(conn: Connection, game_id: int, powers: Collection[str], ready: bool) -> None:
    conn.execute(_SET_READY, {"b_game_id": game_id, "b_powers": list(powers), "ready": ready})


async def set_ready(db: Db, game_id: int, powers: Collection[str], ready: bool) -> None:
    await (await connection(db)).run_sync(set_ready_in, game_id, powers, ready)
