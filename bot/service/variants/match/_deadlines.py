"""One-on-one's shared movement deadline (QUEUE "Late": "in one-on-one an excuse or
absence moves both boards"): the other board that waits with this one, and what a
player of a board that waits for the other is told to do next (issue 33: "Send your
orders by no deadline." when one board's Winter ends first)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.kernel import GameStatus, ServiceCore
from bot.service.variants import match as matches
from storage.models import GameRow


async def sharing_the_deadline(
    desk: ServiceCore, session: AsyncSession, game: GameRow
) -> list[GameRow]:
    """The other board of `game`'s match when it stands at the same phase with the same
    deadline (a shared movement deadline); none otherwise."""
    if game.match_id is None:
        return []
    other = await matches.other_board(session, game)
    if other is None or other.status != GameStatus.ACTIVE:
        return []
    if other.deadline_at != game.deadline_at:
        return []
    mine, theirs = (
        await desk._current_phase(session, game),
        await desk._current_phase(session, other),
    )
    return [other] if mine.code == theirs.code else []
