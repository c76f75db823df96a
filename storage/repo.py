"""Small queries over the tables, used by the service inside its transactions.

Each function takes the session of the caller's transaction; none commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from storage.db import for_update
from storage.enums import AuditAction
from storage.models import (
    AuditRow,
    GameRow,
    OrderRow,
    OutboxRow,
    PhaseRow,
    PlayerRow,
    PowerRow,
    ProxyGrantRow,
    ReminderRow,
    SubmissionRow,
    UserSettingsRow,
)

ACTIVE = "active"


async def game(session: AsyncSession, game_id: int) -> GameRow | None:
    return await session.get(GameRow, game_id)


async def game_with_phase(
    session: AsyncSession, game_id: int, *, lock: bool = False
) -> GameRow | None:
    """The game, its current phase row loaded into the session alongside it.

    `lock`: on PostgreSQL, hold the game's row until the transaction ends, so that a
    change to the game (orders, a vote, a GM action) and the adjudication of its
    phase never interleave; the scheduler's SKIP LOCKED claim passes over it and takes
    the game on its next tick. SQLite needs nothing: BEGIN IMMEDIATE serialises writers.
    """
    query = (
        select(GameRow, PhaseRow)
        .outerjoin(PhaseRow, PhaseRow.id == GameRow.current_phase_id)
        .where(GameRow.id == game_id)
    )
    if lock:
        # FOR NO KEY UPDATE: a game's key never changes, and this mode lets others
        # insert rows that refer to the game (events, orders) without waiting.
        query = for_update(query, session.bind.dialect.name, of=GameRow, key_share=True)
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


async def games_in_channel(session: AsyncSession, channel_id: int) -> Sequence[GameRow]:
    rows = await session.execute(
        select(GameRow).where(GameRow.channel_id == channel_id).order_by(GameRow.id)
    )
    return rows.scalars().all()


async def claim_game(
    session: AsyncSession, game_id: int, version: int, *, due_before: datetime | None
) -> bool:
    """Take the game for a change of phase: the compare-and-set on `version` that makes
    each phase change happen once, whichever process or task gets there first.

    On PostgreSQL the row is first locked with SKIP LOCKED so a second process passes
    over a game another is adjudicating instead of queueing behind it.
    """
    conditions = [GameRow.id == game_id, GameRow.version == version, GameRow.status == ACTIVE]
    if due_before is not None:
        conditions += [GameRow.deadline_at <= due_before, GameRow.paused_at.is_(None)]
    dialect = session.bind.dialect.name
    if dialect != "sqlite":  # SQLite: BEGIN IMMEDIATE holds the whole database already
        claim = select(GameRow.id).where(*conditions)
        locked = await session.execute(for_update(claim, dialect, skip_locked=True, key_share=True))
        if locked.scalar_one_or_none() is None:
            return False
    result = await session.execute(
        update(GameRow).where(*conditions).values(version=GameRow.version + 1)
    )
    return result.rowcount == 1


async def due_games(session: AsyncSession, now: datetime, limit: int) -> list[tuple[int, int]]:
    """(game id, version) of active, unpaused games whose deadline has passed."""
    rows = await session.execute(
        select(GameRow.id, GameRow.version)
        .where(
            GameRow.status == ACTIVE,
            GameRow.paused_at.is_(None),
            GameRow.deadline_at <= now,
        )
        .order_by(GameRow.deadline_at, GameRow.id)
        .limit(limit)
    )
    return [(r[0], r[1]) for r in rows.all()]


async def players(session: AsyncSession, game_id: int) -> Sequence[PlayerRow]:
    rows = await session.execute(
        select(PlayerRow).where(PlayerRow.game_id == game_id).order_by(PlayerRow.id)
    )
    return rows.scalars().all()


async def powers(session: AsyncSession, game_id: int) -> Sequence[PowerRow]:
    rows = await session.execute(
        select(PowerRow).where(PowerRow.game_id == game_id).order_by(PowerRow.power)
    )
    return rows.scalars().all()


async def games_of_user(session: AsyncSession, user_id: int) -> Sequence[GameRow]:
    """Active or paused games where the user plays, stands by, or holds a proxy."""
    grants = select(ProxyGrantRow.game_id).where(
        ProxyGrantRow.grantee_user_id == user_id, ProxyGrantRow.revoked_at.is_(None)
    )
    played = select(PowerRow.game_id).where(
        or_(PowerRow.user_id == user_id, PowerRow.standby_user_id == user_id)
    )
    rows = await session.execute(
        select(GameRow)
        .where(GameRow.status == ACTIVE, or_(GameRow.id.in_(played), GameRow.id.in_(grants)))
        .order_by(GameRow.id)
    )
    return rows.scalars().all()


async def takes_part(session: AsyncSession | AsyncConnection, game_id: int, user_id: int) -> bool:
    """Whether the user is or was in the game: as a player (in the lobby, playing,
    replaced, kicked), a standby, or a holder of a proxy in force."""
    joined = select(PlayerRow.id).where(PlayerRow.game_id == game_id, PlayerRow.user_id == user_id)
    power = select(PowerRow.id).where(
        PowerRow.game_id == game_id,
        or_(PowerRow.user_id == user_id, PowerRow.standby_user_id == user_id),
    )
    grant = select(ProxyGrantRow.id).where(
        ProxyGrantRow.game_id == game_id,
        ProxyGrantRow.grantee_user_id == user_id,
        ProxyGrantRow.revoked_at.is_(None),
    )
    found = await session.execute(select(joined.exists() | power.exists() | grant.exists()))
    return bool(found.scalar())


async def set_player_status(
    session: AsyncSession, game_id: int, user_id: int, status: str, now: datetime
) -> None:
    """Record someone's place in a game (a `PlayerStatus`), adding them if they were
    not in it yet (a replacement, a standby taking over)."""
    rows = await session.execute(
        select(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.user_id == user_id)
    )
    player = rows.scalars().first()
    if player is None:
        session.add(
            PlayerRow(
                game_id=game_id, user_id=user_id, status=status, preferences=[], joined_at=now
            )
        )
    else:
        player.status = status


async def proxy_grants(session: AsyncSession, game_id: int) -> Sequence[ProxyGrantRow]:
    rows = await session.execute(
        select(ProxyGrantRow).where(
            ProxyGrantRow.game_id == game_id, ProxyGrantRow.revoked_at.is_(None)
        )
    )
    return rows.scalars().all()


async def withdraw_proxy_orders(
    session: AsyncSession, phase_id: int, power: str, grantee_user_id: int
) -> None:
    """Delete the orders a proxy holder gave for a power in a phase (the owner's own
    orders, and a standby's, stay)."""
    by_holder = select(SubmissionRow.id).where(
        SubmissionRow.phase_id == phase_id, SubmissionRow.sender_user_id == grantee_user_id
    )
    await session.execute(
        delete(OrderRow).where(
            OrderRow.phase_id == phase_id,
            OrderRow.power == power,
            OrderRow.by_owner.is_(False),
            OrderRow.submission_id.in_(by_holder),
        )
    )


async def orders_in_force(session: AsyncSession, phase_id: int) -> Sequence[OrderRow]:
    rows = await session.execute(
        select(OrderRow).where(OrderRow.phase_id == phase_id).order_by(OrderRow.id)
    )
    return rows.scalars().all()


async def submissions(
    session: AsyncSession, phase_id: int, power: str | None = None
) -> Sequence[SubmissionRow]:
    query = select(SubmissionRow).where(SubmissionRow.phase_id == phase_id)
    if power is not None:
        query = query.where(SubmissionRow.power == power)
    rows = await session.execute(query.order_by(SubmissionRow.id))
    return rows.scalars().all()


async def phases(
    session: AsyncSession, game_id: int, *, include_rolled_back: bool = False
) -> Sequence[PhaseRow]:
    query = select(PhaseRow).where(PhaseRow.game_id == game_id)
    if not include_rolled_back:
        query = query.where(PhaseRow.rolled_back_at.is_(None))
    rows = await session.execute(query.order_by(PhaseRow.seq, PhaseRow.id))
    return rows.scalars().all()


async def live_phases_coded(
    session: AsyncSession, game_id: int, codes: Sequence[str]
) -> Sequence[PhaseRow]:
    """The game's live (not rolled back) phases with these codes, in order."""
    rows = await session.execute(
        select(PhaseRow)
        .where(
            PhaseRow.game_id == game_id,
            PhaseRow.code.in_(list(codes)),
            PhaseRow.rolled_back_at.is_(None),
        )
        .order_by(PhaseRow.seq, PhaseRow.id)
    )
    return rows.scalars().all()


async def replace_reminders(
    session: AsyncSession, game_id: int, phase_id: int, times: Sequence[datetime]
) -> None:
    """Forget the phase's unsent reminders and schedule these instead."""
    await session.execute(
        delete(ReminderRow).where(ReminderRow.game_id == game_id, ReminderRow.sent_at.is_(None))
    )
    for due in sorted(set(times)):
        session.add(ReminderRow(game_id=game_id, phase_id=phase_id, due_at=due))


async def due_reminders(session: AsyncSession, now: datetime, limit: int) -> Sequence[ReminderRow]:
    rows = await session.execute(
        select(ReminderRow)
        .join(GameRow, and_(GameRow.id == ReminderRow.game_id))
        .where(
            ReminderRow.sent_at.is_(None),
            ReminderRow.due_at <= now,
            GameRow.status == ACTIVE,
            GameRow.paused_at.is_(None),
            GameRow.deadline_at > now,  # a reminder after the deadline helps nobody
            GameRow.current_phase_id == ReminderRow.phase_id,
        )
        .order_by(ReminderRow.due_at, ReminderRow.id)
        .limit(limit)
    )
    return rows.scalars().all()


async def mark_reminder_sent(
    session: AsyncSession, reminder_id: int, now: datetime, *, skipped: bool = False
) -> bool:
    """Compare-and-set, so a reminder goes once even with two schedulers. `skipped`:
    record it as passed over rather than sent."""
    result = await session.execute(
        update(ReminderRow)
        .where(ReminderRow.id == reminder_id, ReminderRow.sent_at.is_(None))
        .values(sent_at=now, skipped=skipped)
    )
    return result.rowcount == 1


def add_outbox(
    session: AsyncSession,
    kind: str,
    now: datetime,
    *,
    game_id: int | None,
    channel_id: int | None = None,
    user_id: int | None = None,
    payload: dict[str, Any] | None = None,
) -> None:
    session.add(
        OutboxRow(
            game_id=game_id,
            kind=kind,
            channel_id=channel_id,
            user_id=user_id,
            payload=payload or {},
            created_at=now,
            next_attempt_at=now,
        )
    )


def add_audit(
    session: AsyncSession,
    game_id: int,
    actor_user_id: int,
    action: AuditAction,
    now: datetime,
    details: dict[str, Any] | None = None,
) -> None:
    session.add(
        AuditRow(
            game_id=game_id,
            actor_user_id=actor_user_id,
            action=action,
            details=details or {},
            at=now,
        )
    )


async def pending_outbox(session: AsyncSession, now: datetime, limit: int) -> Sequence[OutboxRow]:
    """Undelivered events due now, locked (PostgreSQL: skipping rows another process
    holds) so the caller can lease them."""
    query = (
        select(OutboxRow)
        .where(OutboxRow.delivered_at.is_(None), OutboxRow.next_attempt_at <= now)
        .order_by(OutboxRow.id)
        .limit(limit)
    )
    rows = await session.execute(for_update(query, session.bind.dialect.name, skip_locked=True))
    return rows.scalars().all()


async def sent_for(
    session: AsyncSession, game_id: int, kind: str, key: str, value: int
) -> Sequence[OutboxRow]:
    """A game's events of `kind` whose payload has `key` == `value`, with what they
    sent. (The payload is JSON: compared in Python; a game has few such events.)"""
    rows = await session.execute(
        select(OutboxRow).where(
            OutboxRow.game_id == game_id, OutboxRow.kind == kind, OutboxRow.sent.is_not(None)
        )
    )
    return [r for r in rows.scalars().all() if r.payload.get(key) == value]


async def audit_count(session: AsyncSession, game_id: int) -> int:
    found = await session.execute(
        select(func.count()).select_from(AuditRow).where(AuditRow.game_id == game_id)
    )
    return int(found.scalar_one())


async def audit_page(
    session: AsyncSession, game_id: int, offset: int, limit: int
) -> Sequence[AuditRow]:
    """`limit` entries of the game's audit log, newest first, after skipping `offset`."""
    rows = await session.execute(
        select(AuditRow)
        .where(AuditRow.game_id == game_id)
        .order_by(AuditRow.id.desc())
        .offset(offset)
        .limit(limit)
    )
    return rows.scalars().all()


async def audit_log(session: AsyncSession, game_id: int) -> Sequence[AuditRow]:
    rows = await session.execute(
        select(AuditRow).where(AuditRow.game_id == game_id).order_by(AuditRow.id)
    )
    return rows.scalars().all()


async def user_palette(session: AsyncSession, user_id: int) -> str | None:
    """The palette a player chose for what is sent to them alone (None: none chosen)."""
    row = await session.get(UserSettingsRow, user_id)
    return row.palette if row is not None else None


async def set_user_palette(
    session: AsyncSession, user_id: int, palette: str | None, now: datetime
) -> None:
    row = await session.get(UserSettingsRow, user_id)
    if row is None:
        session.add(UserSettingsRow(user_id=user_id, palette=palette, updated_at=now))
    else:
        row.palette, row.updated_at = palette, now


async def map_palettes(
    db: AsyncSession | AsyncConnection, game_id: int, user_id: int | None
) -> tuple[int | None, dict[str, Any], str | None] | None:
    """(current phase id, settings) of a game and the palette `user_id` chose, in one
    statement: a DM preview reads them with its position, no more often than before.
    None if there is no such game."""
    chosen = (
        select(UserSettingsRow.palette).where(UserSettingsRow.user_id == user_id).scalar_subquery()
    )
    query = select(GameRow.current_phase_id, GameRow.settings, chosen).where(GameRow.id == game_id)
    row = (await db.execute(query)).first()
    return None if row is None else (row[0], row[1], row[2])


async def year_openings(
    db: AsyncSession | AsyncConnection, game_id: int
) -> Sequence[tuple[str, dict]]:
    """(code, position) of each year's first phase (its Spring moves) and of the phase
    in play, live phases only, in order: the points of the supply-centre chart, in one
    statement whatever the game's length (one row a year)."""
    live = and_(PhaseRow.game_id == game_id, PhaseRow.rolled_back_at.is_(None))
    latest = select(func.max(PhaseRow.seq)).where(live).scalar_subquery()
    rows = await db.execute(
        select(PhaseRow.code, PhaseRow.position)
        .where(live, or_(PhaseRow.code.like("S____M"), PhaseRow.seq == latest))
        .order_by(PhaseRow.seq, PhaseRow.id)
    )
    return [(code, position) for code, position in rows.all()]
