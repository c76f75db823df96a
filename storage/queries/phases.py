"""Phases of a game (`PhaseRow`): every play of each, its position, outcomes and report.

The reads of one phase, for the maps and messages made after each phase, must not cost
more as a game grows: a phase is found by its id, as the latest live play of its code,
or as the game's current phase, each query returning one row whatever the number of
phases before it. Those are plain SQLAlchemy Core on the caller's transaction
(`ServiceCore.core_transaction`); none commits.

"Live" is a phase not rolled back: a rolled-back play stays in the record, and a
lookup by id or code passes over it as `GameService.phase_records` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Row, and_, bindparam, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from storage.db import Db, connection, table_of
from storage.models import GameRow, PhaseRow

_GAMES = table_of(GameRow)
_PHASES = table_of(PhaseRow)

_LIVE = _PHASES.c.rolled_back_at.is_(None)
# What a map or a record of a phase needs; the position is read apart when the
# caller may already hold it decoded.
_RESULT_COLUMNS = (
    _PHASES.c.id,
    _PHASES.c.seq,
    _PHASES.c.code,
    _PHASES.c.outcomes,
    _PHASES.c.report,
    _PHASES.c.rolled_back_at,
)


def _phase_of_game(on, *, position: bool):
    """The game (one row, or none if there is no such game) with the phase matching
    `on` joined to it: the phase's columns are None when the game has none."""
    columns = (*_RESULT_COLUMNS, _PHASES.c.position) if position else _RESULT_COLUMNS
    return (
        select(_GAMES.c.id.label("game_id"), *columns)
        .select_from(_GAMES.outerjoin(_PHASES, and_(_PHASES.c.game_id == _GAMES.c.id, on)))
        .where(_GAMES.c.id == bindparam("game_id"))
    )


_BY_ID = {
    position: _phase_of_game(and_(_PHASES.c.id == bindparam("phase_id"), _LIVE), position=position)
    for position in (True, False)
}
_CURRENT = _phase_of_game(_PHASES.c.id == _GAMES.c.current_phase_id, position=True)
# The game's phases of that code are walked back from the latest through the
# (game_id, seq) index; every other phase is left unread.
_LATEST_OF_CODE = (
    _phase_of_game(and_(_PHASES.c.code == bindparam("code"), _LIVE), position=True)
    .order_by(_PHASES.c.seq.desc(), _PHASES.c.id.desc())
    .limit(1)
)
# The same, rolled-back plays included: a phase whose plays were all rolled back.
_LATEST_PLAY_OF_CODE = (
    _phase_of_game(_PHASES.c.code == bindparam("code"), position=True)
    .order_by(_PHASES.c.seq.desc(), _PHASES.c.id.desc())
    .limit(1)
)
# The n-th play of a phase, rolled back or not, counting from the first (`skip` = n - 1).
_NTH_PLAY_OF_CODE = _phase_of_game(
    _PHASES.c.id
    == select(_PHASES.c.id)
    .where(_PHASES.c.game_id == bindparam("game_id"), _PHASES.c.code == bindparam("code"))
    .order_by(_PHASES.c.id)
    .offset(bindparam("skip"))
    .limit(1)
    .scalar_subquery(),
    position=True,
)
_CURRENT_ID = select(_GAMES.c.current_phase_id).where(_GAMES.c.id == bindparam("game_id"))
_CODES = (
    select(_PHASES.c.code)
    .where(_PHASES.c.game_id == bindparam("game_id"), _LIVE)
    .order_by(_PHASES.c.seq, _PHASES.c.id)
)
_PLAYED_CODES = _CODES.where(_PHASES.c.report.is_not(None))
_POSITION = select(_PHASES.c.position).where(_PHASES.c.id == bindparam("phase_id"))


# --- one phase, whatever the game's length ----------------------------------------------


async def live(conn: AsyncConnection, game_id: int, phase_id: int, *, position: bool) -> Row | None:
    """The live phase `phase_id` of the game: id, seq, code, outcomes, report, and
    the position JSON if `position`. None: no such game; a row whose `id` is None: the
    game has no such live phase."""
    params = {"game_id": game_id, "phase_id": phase_id}
    return (await conn.execute(_BY_ID[position], params)).first()


async def current(conn: AsyncConnection, game_id: int) -> Row | None:
    """The game's current phase, as `live` with its position; `id` None: the game
    has not started."""
    return (await conn.execute(_CURRENT, {"game_id": game_id})).first()


async def latest_play(conn: AsyncConnection, game_id: int, code: str) -> Row | None:
    """The latest live play of phase `code` ("S1901M"), as `current`; `id` None: the
    game has no such phase."""
    return (await conn.execute(_LATEST_OF_CODE, {"game_id": game_id, "code": code})).first()


async def any_play(
    conn: AsyncConnection, game_id: int, code: str, play: int | None = None
) -> Row | None:
    """A play of phase `code`, rolled back or not (`rolled_back_at` says which): the
    `play`-th (from 1), or the latest; as `latest_play` otherwise."""
    if play is None:
        query, params = _LATEST_PLAY_OF_CODE, {"game_id": game_id, "code": code}
    else:
        query = _NTH_PLAY_OF_CODE
        params = {"game_id": game_id, "code": code, "skip": max(play - 1, 0)}
    return (await conn.execute(query, params)).first()


async def current_id(conn: AsyncConnection, game_id: int) -> Row | None:
    """(current_phase_id,) of the game; None: no such game."""
    return (await conn.execute(_CURRENT_ID, {"game_id": game_id})).first()


async def codes(conn: AsyncConnection, game_id: int, *, played: bool = False) -> list[str]:
    """The codes of the game's live phases in order; `played`: only those with results."""
    query = _PLAYED_CODES if played else _CODES
    return list((await conn.execute(query, {"game_id": game_id})).scalars().all())


async def position_json(db: Db, phase_id: int) -> dict:
    result = await (await connection(db)).execute(_POSITION, {"phase_id": phase_id})
    return result.scalar_one()


async def open_at(db: Db, game_id: int, moment: datetime) -> Row | None:
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


async def with_game(conn: AsyncConnection, phase_id: int) -> Row | None:
    """The phase's game_id, code and start_state, with its game's match_id,
    current_phase_id and settings (what a match's map marks need)."""
    return (
        await conn.execute(
            select(
                col(PhaseRow.game_id),
                col(PhaseRow.code),
                col(PhaseRow.start_state),
                col(GameRow.match_id),
                col(GameRow.current_phase_id),
                col(GameRow.settings),
            )
            .join(GameRow, col(GameRow.id) == col(PhaseRow.game_id))
            .where(col(PhaseRow.id) == phase_id)
        )
    ).first()


# --- the game's phases ------------------------------------------------------------------


async def of_game(
    session: AsyncSession, game_id: int, *, include_rolled_back: bool = False
) -> Sequence[PhaseRow]:
    query = select(PhaseRow).where(col(PhaseRow.game_id) == game_id)
    if not include_rolled_back:
        query = query.where(col(PhaseRow.rolled_back_at).is_(None))
    rows = await session.execute(query.order_by(col(PhaseRow.seq), col(PhaseRow.id)))
    return rows.scalars().all()


async def live_coded(
    session: AsyncSession, game_id: int, codes: Sequence[str]
) -> Sequence[PhaseRow]:
    """The game's live (not rolled back) phases with these codes, in order."""
    rows = await session.execute(
        select(PhaseRow)
        .where(
            col(PhaseRow.game_id) == game_id,
            col(PhaseRow.code).in_(list(codes)),
            col(PhaseRow.rolled_back_at).is_(None),
        )
        .order_by(col(PhaseRow.seq), col(PhaseRow.id))
    )
    return rows.scalars().all()


async def year_openings(db: Db, game_id: int) -> Sequence[tuple[str, dict]]:
    """(code, position) of each year's first phase (its Spring moves) and of the phase
    in play, live phases only, in order: the points of the supply-centre chart, in one
    statement whatever the game's length (one row a year)."""
    alive = and_(col(PhaseRow.game_id) == game_id, col(PhaseRow.rolled_back_at).is_(None))
    latest = select(func.max(col(PhaseRow.seq))).where(alive).scalar_subquery()
    rows = await db.execute(
        select(col(PhaseRow.code), col(PhaseRow.position))
        .where(alive, or_(col(PhaseRow.code).like("S____M"), col(PhaseRow.seq) == latest))
        .order_by(col(PhaseRow.seq), col(PhaseRow.id))
    )
    return [(code, position) for code, position in rows.all()]


async def roll_back(session: AsyncSession, game_id: int, from_seq: int, now: datetime) -> None:
    """Mark the game's live phases from `from_seq` on rolled back (kept in the record)."""
    await session.execute(
        update(PhaseRow)
        .where(
            col(PhaseRow.game_id) == game_id,
            col(PhaseRow.seq) >= from_seq,
            col(PhaseRow.rolled_back_at).is_(None),
        )
        .values(rolled_back_at=now)
    )
