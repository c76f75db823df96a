"""rules/004's full results notation of a played phase, made from the record.

The report stored at adjudication is written before anything follows the phase, and
from the orders alone. Read back later, the record knows more: the lines the parser
interpreted (`A Liv-Yor [ia: A Lpl-Yor*]`, kept in the submissions) and, once the
retreat phase is played, where each dislodged unit went (`A Bur-Bel [r-Gas*]`, folded
into the movement line as rules/004's Fall 1902 example does). Adjustment phases are
complete when written: their stored report is the text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.io.serialize import outcome_from_json
from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.position import Dislodgement, Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Phase, PhaseKind, Power
from adjudication.text.report import movement_report, retreat_report
from bot.service.kernel import LineStatus
from bot.service.variants.masters import with_written_lines
from bot.service.variants.spy import is_spy_order
from storage import queries
from storage.codec import order_from_json
from storage.models import PhaseRow

Decode = Callable[[PhaseRow], Position]


async def judge_text(
    session: AsyncSession, row: PhaseRow, board: Board, decode: Decode
) -> str | None:
    """The full notation of the played phase `row` (None before it is played)."""
    if row.outcomes is None:
        return None
    position = decode(row)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        text = await _movement(session, row, position, board, decode)
        return with_written_lines(text, row.report)
    if kind is not PhaseKind.RETREAT:
        return row.report
    played = Adjudication(position.phase, _outcomes(row), position)
    text = retreat_report(played, board=board)
    # The movement results, now complete, follow the retreats (rules/004 prints them
    # once the retreats are known).
    movement = await _neighbour(session, row, position.phase, PhaseKind.MOVEMENT)
    if movement is not None and movement.outcomes is not None:
        moved = await _movement(session, movement, decode(movement), board, decode)
        text = f"{text}\n\n{moved}"
    return with_written_lines(text, row.report)


async def _movement(
    session: AsyncSession, row: PhaseRow, position: Position, board: Board, decode: Decode
) -> str:
    outcomes = _outcomes(row)
    retreat_row = await _neighbour(session, row, position.phase, PhaseKind.RETREAT)
    offered: dict[str, Dislodgement] = {}
    retreats = None
    if retreat_row is not None:
        after = decode(retreat_row)
        offered = {str(d.unit): d for d in after.dislodged}
        if retreat_row.outcomes is not None:
            retreats = Adjudication(after.phase, _outcomes(retreat_row), after)
    # As the recorded result reads it (adjudication/io/records.py): a unit dislodged with
    # no retreat phase after it had nowhere to go and was disbanded at once.
    dislodged = tuple(
        offered.get(str(o.order.unit)) or Dislodgement(o.order.unit, o.dislodged_by)
        for o in outcomes
        if o.dislodged_by is not None
    )
    movement = Adjudication(position.phase, outcomes, position, dislodged=dislodged)
    kept = [order_from_json(r.order) for r in await queries.orders.in_force(session, row.id)]
    submitted = [o for o in kept if not is_spy_order(o)]  # Spy Diplomacy: not the units'
    # Only what was played: a unit that followed a spy's order must show no trace of
    # the line its owner wrote (rules/004 Spy: "No indication of the sabotage").
    played = {o.order for o in outcomes}
    interpreted = await _interpreted(session, row, submitted)
    return movement_report(
        movement,
        retreats,
        submitted=submitted,
        interpreted={o: t for o, t in interpreted.items() if o in played},
        nmr=await _nmr(session, row, position),
        board=board,
    )


def _outcomes(row: PhaseRow):
    return tuple(outcome_from_json(o) for o in row.outcomes or ())


async def _neighbour(
    session: AsyncSession, row: PhaseRow, phase: Phase, kind: PhaseKind
) -> PhaseRow | None:
    """The live movement phase before a retreat phase, or the retreat phase after a
    movement phase, of the same season."""
    code = Phase(phase.year, phase.season, kind).code
    rows = await queries.phases.live_coded(session, row.game_id, [code])
    if kind is PhaseKind.MOVEMENT:
        before = [r for r in rows if r.seq < row.seq]
        return before[-1] if before else None
    return next((r for r in rows if r.seq > row.seq), None)


async def _interpreted(
    session: AsyncSession, row: PhaseRow, submitted: Sequence[Order]
) -> dict[Order, str]:
    """Order played -> the line as written, for the lines the parser interpreted."""
    played = {str(o): o for o in submitted}
    found: dict[Order, str] = {}
    for submission in await queries.submissions.of_phase(session, row.id):
        for line in submission.lines:
            order = played.get(line.get("order") or "")
            if order is None:
                continue
            if line["status"] == LineStatus.CORRECTED.value:
                found[order] = line["text"]
            elif line["status"] == LineStatus.ACCEPTED.value:
                found.pop(order, None)  # written plainly later: nothing to interpret
    return found


async def _nmr(session: AsyncSession, row: PhaseRow, position: Position) -> set[Power]:
    """Powers with a player and units that sent nothing for the phase (`[NMR]`), as the
    adjudicator counts them; a power without a player (civil disorder) is not."""
    sent = {s.power for s in await queries.submissions.of_phase(session, row.id)}
    with_units = {u.power for u in position.units}
    return {
        p.power
        for p in await queries.powers.of_game(session, row.game_id)
        if p.playable and p.user_id is not None and p.power in with_units - sent
    }
