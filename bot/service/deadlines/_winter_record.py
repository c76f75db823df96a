"""The years' record the adjudicator keeps and reads: ownership after each earlier
year's Fall (the stalemate rule, rules/004 rule 6; the Masters' annexation), the
ownership before a Fall (the adjustments report), and the record of a Winter the
engine passes over (PHASES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Power, Season
from adjudication.variants import VARIANTS
from bot.service.kernel import ServiceCore
from storage import queries
from storage.codec import position_to_json
from storage.models import GameRow, PhaseRow


async def winter_history(
    desk: ServiceCore, session: AsyncSession, game: GameRow, position: Position
) -> list[Mapping[str, Power]]:
    """Ownership after each earlier year's Fall (rules/004 rule 6), oldest first:
    it is the ownership of each later Spring's position."""
    rules = desk._settings(game).rules
    winters = rules.stalemate_winters
    if winters is None and rules.masters.annexation:
        winters = 1  # MR4 a) "owned ... in the previous Adjustments phase" (M11)
    if winters is None:
        return []
    # Only the last `winters` count (adjudication/play/game_end.py): read those alone, so
    # that a phase costs the same in the game's twentieth year as in its second.
    first = max(VARIANTS[position.variant].start.year + 1, position.phase.year - winters + 1)
    codes = [
        f"{Season.SPRING}{year}{PhaseKind.MOVEMENT}"
        for year in range(first, position.phase.year + 1)
    ]
    rows = await queries.phases.live_coded(session, game.id, codes)
    latest = {row.code: row for row in rows}  # the latest play of each, after a rollback
    return [dict(desk._position(latest[c]).ownership) for c in codes if c in latest]


async def fall_ownership(
    desk: ServiceCore, session: AsyncSession, game: GameRow, position: Position
) -> Mapping[str, Power] | None:
    """Ownership at the start of the year's Fall movement, for the adjustments report."""
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return None
    return await ownership_before_fall(desk, session, game, position.phase.year)


async def ownership_before_fall(
    desk: ServiceCore, session: AsyncSession, game: GameRow, year: int
) -> Mapping[str, Power] | None:
    rows = await queries.phases.live_coded(session, game.id, [f"F{year}M"])
    return desk._position(rows[-1]).ownership if rows else None


async def keep_winter(
    desk: ServiceCore,
    session: AsyncSession,
    game: GameRow,
    fall: Position,
    spring: Position,
    seq: int,
    state: dict,
    now: datetime,
) -> PhaseRow:
    """The record of a Winter in which nobody builds or removes: the engine passes
    over it (PHASES.md), but the year's centre changes belong in the record, as
    rules/004's "Adjustments for 1901" block with its "no change" lines. Played as
    it is written: no orders, nothing owed."""
    year = fall.phase.year
    winter = spring.at_phase(Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT))
    before = fall.ownership
    if fall.phase.kind is not PhaseKind.MOVEMENT:  # the Fall's retreats
        before = await ownership_before_fall(desk, session, game, year) or before
    row = PhaseRow(
        game_id=game.id,
        seq=seq,
        code=winter.phase.code,
        position=position_to_json(winter),
        started_at=now,
        adjudicated_at=now,
        outcomes=[],
        report=desk.engine.report(None, winter, desk.board, (), (), before),
        start_state=state,
    )
    session.add(row)
    await session.flush()
    return row


def winter_passed_over(played: Position, nxt: Position) -> bool:
    """Whether the engine went from a Fall (its movement or retreats) straight to the
    next Spring: the Winter had nothing to adjust."""
    return played.phase.season is Season.FALL and nxt.phase.season is Season.SPRING
