"""Rolling back a board of a one-on-one match (reading O7 in docs/VARIANTS.md): the
two games' orders are "due simultaneously", so the boards go back together, to a
movement phase both have played; a match that had ended is open again."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.units import Phase, PhaseKind
from bot.service.kernel import GameStatus, WrongState
from bot.service.variants.match._matches import other_board
from storage import queries
from storage.models import GameRow, MatchRow, PhaseRow


async def other_target(
    session: AsyncSession, game: GameRow, target: PhaseRow
) -> tuple[GameRow, PhaseRow] | None:
    """The match's other board and its play of `target`'s phase, to be rolled back
    with `game`; None outside a match. Refused (nothing changed yet) when `target` is
    one board's retreats or adjustments, or the other board has not reached it."""
    if game.match_id is None:
        return None
    other = await other_board(session, game)
    if other is None:
        return None
    phase = Phase.parse(target.code)
    if phase.kind is not PhaseKind.MOVEMENT:
        raise WrongState(
            f"{phase.title} is this board's own phase. A match's two boards go back "
            "together, so roll back to a movement phase both boards have played."
        )
    plays = await queries.phases.of_game(session, other.id)
    same = next((p for p in plays if p.code == target.code), None)
    if same is None:
        raise WrongState(
            f"The other board (<#{other.channel_id}>) has not reached {phase.title}; "
            "a match's two boards go back together. Roll back to an earlier movement phase."
        )
    return other, same


async def reopen_match(session: AsyncSession, game: GameRow) -> None:
    """A rolled-back board's match is under way again, its result undone."""
    match = await session.get(MatchRow, game.match_id)
    if match is not None and match.status == GameStatus.ENDED:
        match.status = GameStatus.ACTIVE
        match.ended_at = match.result = match.winners = match.scores = None
