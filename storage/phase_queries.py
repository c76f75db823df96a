"""Reads of one phase of a game, for the maps and messages made after each phase, and
the pruning of delivered outbox events: queries whose cost must not grow with the
length of a game or the age of the database.

A phase is found by its id, as the latest live play of its code, or as the game's
current phase: each query returns one row whatever the number of phases before it,
and the orders in force are read for that one phase. Plain SQLAlchemy Core on the
caller's transaction (`ServiceCore.core_transaction`); none commits.

"Live" is a phase not rolled back: a rolled-back play stays in the record, and a
lookup by id or code passes over it as `GameService.phase_records` does.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Row, and_, bindparam, delete, select
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.models import GameRow, OrderRow, OutboxRow, PhaseRow

_GAMES = GameRow.__table__
_PHASES = PhaseRow.__table__
_ORDERS = OrderRow.__table__
_OUTBOX = OutboxRow.__table__

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
_ORDERS_IN_FORCE = (
    select(_ORDERS.c.power, _ORDERS.c.order)
    .where(_ORDERS.c.phase_id == bindparam("phase_id"))
    .order_by(_ORDERS.c.id)
)
_CODES = (
    select(_PHASES.c.code)
    .where(_PHASES.c.game_id == bindparam("game_id"), _LIVE)
    .order_by(_PHASES.c.seq, _PHASES.c.id)
)
_PLAYED_CODES = _CODES.where(_PHASES.c.report.is_not(None))
# Delivered before the cutoff, a batch at a time; `delivered_at` leads the index of
# pending events, so finding none to delete reads no row.
_PRUNE = delete(_OUTBOX).where(
    _OUTBOX.c.id.in_(
        select(_OUTBOX.c.id)
        .where(_OUTBOX.c.delivered_at < bindparam("cutoff"))
        .limit(bindparam("batch"))
    )
)


async def phase(
    conn: AsyncConnection, game_id: int, phase_id: int, *, position: bool
) -> Row | None:
    """The live phase `phase_id` of the game: id, seq, code, outcomes, report, and
    the position JSON if `position`. None: no such game; a row whose `id` is None: the
    game has no such live phase."""
    params = {"game_id": game_id, "phase_id": phase_id}
    return (await conn.execute(_BY_ID[position], params)).first()


async def current_phase(conn: AsyncConnection, game_id: int) -> Row | None:
    """The game's current phase, as `phase` with its position; `id` None: the game
    has not started."""
    return (await conn.execute(_CURRENT, {"game_id": game_id})).first()


async def latest_play(conn: AsyncConnection, game_id: int, code: str) -> Row | None:
    """The latest live play of phase `code` ("S1901M"), as `current_phase`; `id`
    None: the game has no such phase."""
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


async def current_phase_id(conn: AsyncConnection, game_id: int) -> Row | None:
    """(current_phase_id,) of the game; None: no such game."""
    return (await conn.execute(_CURRENT_ID, {"game_id": game_id})).first()


async def orders_in_force(conn: AsyncConnection, phase_id: int) -> list[Row]:
    """(power, order JSON) of each order in force for the phase, in the order given."""
    return list((await conn.execute(_ORDERS_IN_FORCE, {"phase_id": phase_id})).all())


async def phase_codes(conn: AsyncConnection, game_id: int, *, played: bool = False) -> list[str]:
    """The codes of the game's live phases in order; `played`: only those with results."""
    query = _PLAYED_CODES if played else _CODES
    return list((await conn.execute(query, {"game_id": game_id})).scalars().all())


async def prune_outbox(conn: AsyncConnection, cutoff: datetime, batch: int) -> int:
    """Delete up to `batch` outbox events delivered before `cutoff`; never one still to
    be delivered. Returns how many went."""
    return (await conn.execute(_PRUNE, {"cutoff": cutoff, "batch": batch})).rowcount
