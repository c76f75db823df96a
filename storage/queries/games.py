"""Games: one by id (with its current phase, locked or not), those of a channel or of a
player, those whose deadline has passed, and the claim that makes each change of phase
happen once; those whose roll-call's time or reminder is due (issue 31); the next of
those moments still to come (issue 32).

Each function takes the caller's transaction (a session, or a bare connection where
`Db` says so); none commits."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, bindparam, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.db import Db, connection, for_update, rows_matched, table_of
from storage.enums import GameStatus, PlayerStatus
from storage.models import (
    GameRow,
    PhaseRow,
    PlayerRow,
    PowerRow,
    ProxyGrantRow,
    UserSettingsRow,
)

_GAMES = table_of(GameRow)
_POWERS = table_of(PowerRow)
_GRANTS = table_of(ProxyGrantRow)

# Built once: the order operations (storage/queries/orders.py) read and write these on
# every message of orders.
_GAME_ID = select(_GAMES.c.id).where(_GAMES.c.id == bindparam("game_id"))
_SETTINGS = select(_GAMES.c.settings).where(_GAMES.c.id == bindparam("game_id"))
_SET_DEADLINE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_game_id"))
    .values(deadline_at=bindparam("at", type_=_GAMES.c.deadline_at.type))
)
_USER_GAMES = (
    select(_GAMES.c.id, _GAMES.c.name, _GAMES.c.guild_id)
    .where(
        _GAMES.c.status == GameStatus.ACTIVE,
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


async def get(session: AsyncSession, game_id: int) -> GameRow | None:
    return await session.get(GameRow, game_id)


async def with_phase(session: AsyncSession, game_id: int, *, lock: bool = False) -> GameRow | None:
    """The game, its current phase row loaded into the session alongside it.

    `lock`: on PostgreSQL, hold the game's row until the transaction ends, so that a
    change to the game (orders, a vote, a GM action) and the adjudication of its
    phase never interleave; the scheduler's SKIP LOCKED claim passes over it and takes
    the game on its next tick. SQLite needs nothing: BEGIN IMMEDIATE serialises writers.
    """
    query = (
        select(GameRow, PhaseRow)
        .outerjoin(PhaseRow, col(PhaseRow.id) == col(GameRow.current_phase_id))
        .where(col(GameRow.id) == game_id)
    )
    if lock:
        # FOR NO KEY UPDATE: a game's key never changes, and this mode lets others
        # insert rows that refer to the game (events, orders) without waiting.
        query = for_update(query, session.get_bind().dialect.name, of=GameRow, key_share=True)
    rows = await session.execute(query)
    row = rows.first()
    if row is None:
        return None
    game, phase = row
    if phase is not None:
        # The session's identity map holds objects weakly: keep the phase alive for
        # the transaction so that fetching it next costs no query.
        session.info.setdefault("keep", []).append(phase)
    return game


async def lock(db: Db, game_id: int) -> None:
    """Hold the game's row until the transaction ends, as `with_phase` does. SQLite
    needs no statement: BEGIN IMMEDIATE holds the whole database already."""
    conn = await connection(db)
    if conn.dialect.name != "sqlite":
        locking = for_update(_GAME_ID, conn.dialect.name, key_share=True)
        await conn.execute(locking, {"game_id": game_id})


async def in_channel(session: AsyncSession, channel_id: int) -> Sequence[GameRow]:
    rows = await session.execute(
        select(GameRow).where(col(GameRow.channel_id) == channel_id).order_by(col(GameRow.id))
    )
    return rows.scalars().all()


async def claim(
    session: AsyncSession, game_id: int, version: int, *, due_before: datetime | None
) -> bool:
    """Take the game for a change of phase: the compare-and-set on `version` that makes
    each phase change happen once, whichever process or task gets there first.

    On PostgreSQL the row is first locked with SKIP LOCKED so a second process passes
    over a game another is adjudicating instead of queueing behind it.
    """
    conditions = [
        col(GameRow.id) == game_id,
        col(GameRow.version) == version,
        col(GameRow.status) == GameStatus.ACTIVE,
    ]
    if due_before is not None:
        conditions += [col(GameRow.deadline_at) <= due_before, col(GameRow.paused_at).is_(None)]
    dialect = session.get_bind().dialect.name
    if dialect != "sqlite":  # SQLite: BEGIN IMMEDIATE holds the whole database already
        query = select(col(GameRow.id)).where(*conditions)
        locked = await session.execute(for_update(query, dialect, skip_locked=True, key_share=True))
        if locked.scalar_one_or_none() is None:
            return False
    result = await session.execute(
        update(GameRow).where(*conditions).values(version=col(GameRow.version) + 1)
    )
    return rows_matched(result) == 1


async def due(session: AsyncSession, now: datetime, limit: int) -> list[tuple[int, int]]:
    """(game id, version) of active, unpaused games whose deadline has passed."""
    rows = await session.execute(
        select(col(GameRow.id), col(GameRow.version))
        .where(
            col(GameRow.status) == GameStatus.ACTIVE,
            col(GameRow.paused_at).is_(None),
            col(GameRow.deadline_at) <= now,
        )
        .order_by(col(GameRow.deadline_at), col(GameRow.id))
        .limit(limit)
    )
    return [(r[0], r[1]) for r in rows.all()]


async def in_grace(session: AsyncSession, now: datetime, limit: int) -> list[int]:
    """The ids of the active, unpaused games whose current phase is in grace (issue
    33) and whose deadline, the grace's end, is still to come."""
    found = await session.execute(
        select(col(GameRow.id))
        .join(PhaseRow, col(PhaseRow.id) == col(GameRow.current_phase_id))
        .where(
            col(GameRow.status) == GameStatus.ACTIVE,
            col(GameRow.paused_at).is_(None),
            col(GameRow.deadline_at) > now,
            col(PhaseRow.grace_until).is_not(None),
        )
        .order_by(col(GameRow.id))
        .limit(limit)
    )
    return list(found.scalars().all())


async def of_user(session: AsyncSession, user_id: int) -> Sequence[GameRow]:
    """Active or paused games where the user plays, stands by, or holds a proxy."""
    grants = select(col(ProxyGrantRow.game_id)).where(
        col(ProxyGrantRow.grantee_user_id) == user_id, col(ProxyGrantRow.revoked_at).is_(None)
    )
    played = select(col(PowerRow.game_id)).where(
        or_(col(PowerRow.user_id) == user_id, col(PowerRow.standby_user_id) == user_id)
    )
    rows = await session.execute(
        select(GameRow)
        .where(
            col(GameRow.status) == GameStatus.ACTIVE,
            or_(col(GameRow.id).in_(played), col(GameRow.id).in_(grants)),
        )
        .order_by(col(GameRow.id))
    )
    return rows.scalars().all()


async def running_of_user(db: Db, user_id: int, guild_id: int | None = None) -> list[Row]:
    """(id, name, guild_id) of the running games where the user plays, stands by, or
    holds a proxy; with `guild_id`, only that server's. (`of_user`'s games as plain
    rows, for the order operations.)"""
    rows = (await (await connection(db)).execute(_USER_GAMES, {"user_id": user_id})).all()
    return [r for r in rows if guild_id is None or r.guild_id == guild_id]


async def unfinished(
    session: AsyncSession,
    guild_id: int | None,
    limit: int,
    *,
    gm: int | None = None,
    member: int | None = None,
) -> list[Row]:
    """(id, name) of the unfinished games of server `guild_id` (None: of any server),
    newest first: with `gm`, those that user runs; with `member`, those the user is in
    (joined, holding or standing by for a power) or runs; with neither, all of them."""
    query = select(col(GameRow.id), col(GameRow.name)).where(
        col(GameRow.status) != GameStatus.ENDED
    )
    if guild_id is not None:
        query = query.where(col(GameRow.guild_id) == guild_id)
    if gm is not None:
        query = query.where(col(GameRow.gm_user_id) == gm)
    if member is not None:
        joined = select(col(PlayerRow.game_id)).where(
            col(PlayerRow.user_id) == member, col(PlayerRow.status) == PlayerStatus.JOINED
        )
        held = select(col(PowerRow.game_id)).where(
            or_(col(PowerRow.user_id) == member, col(PowerRow.standby_user_id) == member)
        )
        query = query.where(
            or_(
                col(GameRow.id).in_(joined),
                col(GameRow.id).in_(held),
                col(GameRow.gm_user_id) == member,
            )
        )
    return list((await session.execute(query.order_by(col(GameRow.id).desc()).limit(limit))).all())


async def settings_json(db: Db, game_id: int) -> dict:
    return (await (await connection(db)).execute(_SETTINGS, {"game_id": game_id})).scalar_one()


async def set_deadline(db: Db, game_id: int, at: datetime) -> None:
    await (await connection(db)).execute(_SET_DEADLINE, {"b_game_id": game_id, "at": at})


async def map_palettes(
    db: Db, game_id: int, user_id: int | None
) -> tuple[int | None, dict[str, Any], str | None] | None:
    """(current phase id, settings) of a game and the palette `user_id` chose, in one
    statement: a DM preview reads them with its position, no more often than before.
    None if there is no such game."""
    chosen = (
        select(col(UserSettingsRow.palette))
        .where(col(UserSettingsRow.user_id) == user_id)
        .scalar_subquery()
    )
    query = select(col(GameRow.current_phase_id), col(GameRow.settings), chosen).where(
        col(GameRow.id) == game_id
    )
    row = (await db.execute(query)).first()
    return None if row is None else (row[0], row[1], row[2])


# --- issue 31: a roll-call before the first phase --------------------------------------
# Its time and its one reminder live in the game's row, so after a restart the scheduler
# finds them as it finds deadlines.


async def roll_calls_over(session: AsyncSession, now: datetime, limit: int) -> list[int]:
    """The ids of the games in their lobby whose roll-call's time has passed, the
    earliest first."""
    rows = await session.execute(
        select(col(GameRow.id))
        .where(col(GameRow.status) == GameStatus.LOBBY, col(GameRow.roll_call_until) <= now)
        .order_by(col(GameRow.roll_call_until), col(GameRow.id))
        .limit(limit)
    )
    return list(rows.scalars().all())


async def roll_call_reminders_due(session: AsyncSession, now: datetime, limit: int) -> list[int]:
    """The ids of the games in their lobby whose roll-call reminder is due."""
    rows = await session.execute(
        select(col(GameRow.id))
        .where(
            col(GameRow.status) == GameStatus.LOBBY,
            col(GameRow.roll_call_reminder_at) <= now,
        )
        .order_by(col(GameRow.roll_call_reminder_at), col(GameRow.id))
        .limit(limit)
    )
    return list(rows.scalars().all())


async def next_moment(session: AsyncSession, after: datetime) -> datetime | None:
    """The earliest moment after `after` at which a game falls due for the scheduler: a
    running game's deadline, a roll-call's time or its reminder (issue 32: the delivery
    loop sleeps until then rather than a fixed pause)."""
    moments = [
        select(func.min(col(GameRow.deadline_at))).where(
            col(GameRow.status) == GameStatus.ACTIVE,
            col(GameRow.paused_at).is_(None),
            col(GameRow.deadline_at) > after,
        ),
        *(
            select(func.min(column)).where(col(GameRow.status) == GameStatus.LOBBY, column > after)
            for column in (col(GameRow.roll_call_until), col(GameRow.roll_call_reminder_at))
        ),
    ]
    found = [(await session.execute(query)).scalar_one() for query in moments]
    return min((moment for moment in found if moment is not None), default=None)
