"""The ratings (rules/004 "Player Ratings") as SQL aggregates over the powers of a
server's ended, scored games: one query for a table, whatever the number of games.

And a player's record of showing up on a server (issue 31, the lobby's `_reliability_*.py`):
the games they took part in, their phases played (most recent first, a page at a
time), their messages of orders kept before each deadline, their absences, and the
games they finished or left; each one statement, whatever the number of games the
server has finished."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from sqlalchemy import BigInteger, ColumnElement, Row, and_, cast, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from adjudication.model.result import EndKind
from storage.enums import AuditAction, GameStatus, PlayerStatus
from storage.models import (
    AbsenceRow,
    AuditRow,
    GameRow,
    PhaseRow,
    PlayerRow,
    PowerRow,
    SubmissionRow,
)


def _rated(guild_id: int, system: str) -> ColumnElement[bool]:
    """The powers that count: scored, in an ended game of this server scored by
    `system`, rated for somebody. A game belongs to its server: no other counts."""
    return and_(
        col(GameRow.guild_id) == guild_id,
        col(GameRow.status) == GameStatus.ENDED,
        col(GameRow.scoring) == system,
        col(PowerRow.score).is_not(None),
        col(PowerRow.rated_user_id).is_not(None),
    )


def _from_games():
    return select().select_from(PowerRow).join(GameRow, col(GameRow.id) == col(PowerRow.game_id))


async def player_total(
    session: AsyncSession, guild_id: int, system: str, user_id: int
) -> tuple[float | None, int]:
    """(average score, number of scores) of one player."""
    found = await session.execute(
        _from_games()
        .add_columns(func.avg(col(PowerRow.score)), func.count())
        .where(_rated(guild_id, system), col(PowerRow.rated_user_id) == user_id)
    )
    average, scores = found.one()
    return (None if average is None else float(average)), int(scores)


async def player_games(
    session: AsyncSession, guild_id: int, system: str, user_id: int, limit: int
) -> Sequence[Row[int, str, str, float, datetime | None]]:
    """(game id, game name, power, score, ended at) of a player's rated powers, the
    most recent game first."""
    found = await session.execute(
        _from_games()
        .add_columns(
            col(GameRow.id),
            col(GameRow.name),
            col(PowerRow.power),
            col(PowerRow.score),
            col(GameRow.ended_at),
        )
        .where(_rated(guild_id, system), col(PowerRow.rated_user_id) == user_id)
        .order_by(col(GameRow.ended_at).desc(), col(GameRow.id).desc(), col(PowerRow.power))
        .limit(limit)
    )
    return found.all()


async def rated_players(session: AsyncSession, guild_id: int, system: str) -> int:
    found = await session.execute(
        _from_games()
        .add_columns(func.count(col(PowerRow.rated_user_id).distinct()))
        .where(_rated(guild_id, system))
    )
    return int(found.scalar_one())


async def table_page(
    session: AsyncSession, guild_id: int, system: str, offset: int, limit: int
) -> Sequence[Row[int, float, int]]:
    """(user id, average score, number of scores), best average first; equal averages
    by more games, then by user id (a stable order across pages)."""
    average = func.avg(col(PowerRow.score))
    scores = func.count()
    found = await session.execute(
        _from_games()
        .add_columns(col(PowerRow.rated_user_id), average, scores)
        .where(_rated(guild_id, system))
        .group_by(col(PowerRow.rated_user_id))
        .order_by(average.desc(), scores.desc(), col(PowerRow.rated_user_id))
        .offset(offset)
        .limit(limit)
    )
    return found.all()


# --- a player's record of showing up (issue 31) ---------------------------------------

# A phase as the record reads it: (id, game id, position, start state, started at,
# deadline, played at, powers excused, powers ready when played: None before 0020).
PlayedPhase = Row[
    int, int, dict, dict | None, datetime, datetime | None, datetime, list | None, list | None
]


def _holds_now(user_id: int) -> ColumnElement[bool]:
    """The user holds a power of the game (`GameRow`) now."""
    return exists().where(
        col(PowerRow.game_id) == col(GameRow.id), col(PowerRow.user_id) == user_id
    )


# One of the user's games as the record reads it: (id, status, settings, how it ended,
# whether they hold a power of it now, whether they lost every power they held in it).
RecordGame = Row[int, GameStatus, dict, EndKind | None, bool, bool]


async def record_games(session: AsyncSession, guild_id: int, user_id: int) -> Sequence[RecordGame]:
    """The server's started games the user took part in: a place among its players
    (never one left in the lobby), or a power held now (a standby who took one over has
    no other place); found from the user's own rows, whatever the server's number of
    games.

    Lost every power: they hold none now, yet held one: their place is still `joined`
    (a player is dealt a power at the start: they resigned, were put in civil disorder
    or a standby took over at a deadline) or `replaced`, or the GM removed them after
    the game had begun (a removal from its lobby is not losing a power)."""
    placed = select(col(PlayerRow.game_id)).where(
        col(PlayerRow.user_id) == user_id, col(PlayerRow.status) != PlayerStatus.LEFT
    )
    holding = select(col(PowerRow.game_id)).where(col(PowerRow.user_id) == user_id)
    held = exists().where(
        col(PlayerRow.game_id) == col(GameRow.id),
        col(PlayerRow.user_id) == user_id,
        col(PlayerRow.status).in_((PlayerStatus.JOINED, PlayerStatus.REPLACED)),
    )
    removed = exists().where(
        col(AuditRow.game_id) == col(GameRow.id),
        col(AuditRow.action) == AuditAction.KICK,
        # A Discord id needs 64 bits: `as_integer()` would cast to PostgreSQL's 32.
        cast(col(AuditRow.details)["user"].as_string(), BigInteger) == user_id,
        exists().where(
            col(PhaseRow.game_id) == col(GameRow.id),
            col(PhaseRow.started_at) < col(AuditRow.at),
        ),
    )
    holds = _holds_now(user_id)
    found = await session.execute(
        select(
            col(GameRow.id),
            col(GameRow.status),
            col(GameRow.settings),
            col(GameRow.end_kind),
            holds.label("holds"),
            and_(~holds, or_(held, removed)).label("lost"),
        )
        .where(
            or_(col(GameRow.id).in_(placed), col(GameRow.id).in_(holding)),
            col(GameRow.guild_id) == guild_id,
            col(GameRow.current_phase_id).is_not(None),  # begun: a lobby never has
        )
        .order_by(col(GameRow.id))
    )
    return found.all()


async def played_phases(
    session: AsyncSession,
    game_ids: Sequence[int],
    limit: int,
    before: tuple[datetime, int] | None = None,
) -> Sequence[PlayedPhase]:
    """The games' phases played and not rolled back, the most recently played first,
    `limit` of them after `before` (the played at and id of the last one read)."""
    played = col(PhaseRow.adjudicated_at)
    newest = (played.desc(), col(PhaseRow.id).desc())
    # The page is chosen on the small columns, and only its rows' positions are read:
    # sorting every phase of the games with its position would cost their whole size.
    page = (
        select(col(PhaseRow.id))
        .where(
            col(PhaseRow.game_id).in_(list(game_ids)),
            played.is_not(None),
            col(PhaseRow.rolled_back_at).is_(None),
        )
        .order_by(*newest)
        .limit(limit)
    )
    if before is not None:
        at, phase_id = before
        page = page.where(or_(played < at, and_(played == at, col(PhaseRow.id) < phase_id)))
    found = await session.execute(
        select(
            col(PhaseRow.id),
            col(PhaseRow.game_id),
            col(PhaseRow.position),
            col(PhaseRow.start_state),
            col(PhaseRow.started_at),
            col(PhaseRow.deadline_at),
            played,
            col(PhaseRow.excused),
            col(PhaseRow.ready),
        )
        .where(col(PhaseRow.id).in_(page.scalar_subquery()))
        .order_by(*newest)
    )
    return found.all()


async def sent_in_time(
    session: AsyncSession, user_id: int, phase_ids: Collection[int]
) -> set[tuple[int, str]]:
    """(phase id, power) of the user's messages of orders kept for those phases before
    the deadline: before the phase was played, and in a grace by the deadline that
    passed (the grace waited for orders that came after it)."""
    if not phase_ids:
        return set()
    received = col(SubmissionRow.received_at)
    found = await session.execute(
        select(col(SubmissionRow.phase_id), col(SubmissionRow.power))
        .join(PhaseRow, col(PhaseRow.id) == col(SubmissionRow.phase_id))
        .where(
            col(SubmissionRow.sender_user_id) == user_id,
            col(SubmissionRow.phase_id).in_(list(phase_ids)),
            received <= col(PhaseRow.adjudicated_at),
            or_(col(PhaseRow.grace_until).is_(None), received <= col(PhaseRow.deadline_at)),
        )
        .distinct()
    )
    return {(phase_id, power) for phase_id, power in found.all()}


async def absences_of(
    session: AsyncSession, user_id: int, game_ids: Sequence[int]
) -> Sequence[AbsenceRow]:
    """The absences the user declared in those games, cancelled ones included (an
    absence held until it was cancelled)."""
    found = await session.execute(
        select(AbsenceRow).where(
            col(AbsenceRow.user_id) == user_id, col(AbsenceRow.game_id).in_(list(game_ids))
        )
    )
    return found.scalars().all()
