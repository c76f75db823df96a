"""A One-on-one match's part of the service (rules/004; readings O1-O6): its second
board made at the start, a standby taking the whole side, the match's shared deadlines
and end after each phase, an absence on both boards, a draw that ends the match, and
which board each map shows.

Every hook asks the game's match first: a game of the variant outside a match (none is
made so, but a row may say so) plays as any other."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.units import Phase, Power
from adjudication.variants import MatchUnits, Variant
from bot.service.variants._part import ServicePart
from bot.service.variants.match._marks import match_marks
from bot.service.variants.match._matches import (
    Finishing,
    after_phase,
    draw_match,
    other_board,
    start_second_game,
)
from bot.service.variants.match._standby import side_follows_standby
from storage.models import GameRow, PhaseRow

if TYPE_CHECKING:
    from bot.service.kernel import ServiceCore


def part_of(variant: Variant) -> ServicePart | None:
    """The match's part, in a game decided by a match of two boards (O4)."""
    if not isinstance(variant.victory, MatchUnits):
        return None
    return ServicePart(
        name="match",
        after_start=_second_board,
        side_follows=side_follows_standby,
        after_phase=_match_deadline,
        other_boards=_other_boards,
        draw=_match_drawn,
        map_marks=match_marks,
    )


async def _second_board(
    core: ServiceCore,
    session: AsyncSession,
    game: GameRow,
    groups: dict[int, tuple[Power, ...]],
    deadline: datetime,
    now: datetime,
) -> None:
    if game.match_id is not None:
        await start_second_game(core, session, game, groups, deadline, now)


async def _match_deadline(
    endings: Finishing,
    session: AsyncSession,
    game: GameRow,
    new_phase: PhaseRow,
    played: Phase,
    nxt: Position,
    deadline: datetime | None,
    now: datetime,
) -> tuple[datetime | None, bool]:
    if game.match_id is None:
        return deadline, False
    return await after_phase(endings, session, game, new_phase, played, nxt, deadline, now)


async def _other_boards(session: AsyncSession, game: GameRow) -> Sequence[GameRow]:
    """An absence holds on both boards: the player's powers are away on each."""
    if game.match_id is None:
        return ()
    other = await other_board(session, game)
    return () if other is None else (other,)


async def _match_drawn(
    endings: Finishing, session: AsyncSession, game: GameRow, now: datetime
) -> bool:
    """O4: "an agreed draw is one vote of the two players for the match"."""
    if game.match_id is None:
        return False
    await draw_match(endings, session, game, now)
    return True
