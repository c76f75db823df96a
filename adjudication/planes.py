"""The plane's rules (rules/004, Airplane Diplomacy), for any variant whose unit kinds
include it. Each stage of the pipeline calls these once per phase when its board has
planes (`Board.planes`); the standard game never does. Readings P1-P9 in
docs/VARIANTS.md.

"A plane may choose to move 1 or 2 spaces at a time, or not to move (Hold). Planes can
fly over water ... A plane cannot land on or give support to any body of water. Planes
can fly over occupied spaces. A plane can offer support to any province it could
legally move to. ... The exact route followed by a plane ... is never relevant."
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudication.board import Board
from adjudication.checks import describe, place
from adjudication.rejections import Rejection, RejectReason
from adjudication.units import Location, Unit, UnitType

if TYPE_CHECKING:
    from adjudication.movement import MovementResult
    from adjudication.orders import MovementOrder
    from adjudication.resolver import Tables

_PLANE = UnitType.PLANE


def plane_move_problem(
    unit: Unit, destination: Location, via_convoy: bool, board: Board
) -> Rejection | None:
    """Why plane `unit` cannot move to `destination`, or None. The coast named is
    ignored: a plane lands on the province (P1)."""
    here = describe(unit.type, unit.location, board)
    there = place(destination, board)
    if via_convoy:
        # P4: "Planes can fly over water": they are never convoyed.
        return Rejection(RejectReason.CONVOY_NON_ARMY, f"{here} cannot be convoyed: it flies.")
    if destination.province == unit.province:
        return Rejection(
            RejectReason.MOVE_TO_OWN_SPACE, f"{here} cannot move to the space it is in."
        )
    if not board.provinces[destination.province].is_land:
        return Rejection(
            RejectReason.WRONG_TERRAIN,
            f"{here} cannot move to {there}: planes land only on land.",
        )
    if destination.province in board.plane_reach.get(unit.province, ()):
        return None
    return Rejection(
        RejectReason.NOT_ADJACENT, f"{here} cannot reach {there}: it flies 1 or 2 spaces."
    )


def fly_planes(tables: Tables, orders: Sequence[MovementOrder], units: Mapping[str, Unit]) -> None:
    """Lay the planes' moves out as flights (P2, P4): never convoyed, and never a
    head-to-head battle with the unit coming the other way, plane or not ("treated the
    same as if they were two armies swapping locations with one of the armies being
    convoyed"): two such moves are circular movement and both succeed unless opposed
    where they land. The layout has laid every move out as an army's; this corrects the
    planes' once every move is known."""
    opponent = tables.opponent
    for i, order in enumerate(orders):
        if units[order.unit.location.province].type is not _PLANE:
            continue
        tables.convoyed[i] = False
        j = opponent[i]
        if j >= 0:
            opponent[i] = opponent[j] = -1


def planes_disbanded(moved: MovementResult) -> MovementResult:
    """rules/004: "A plane dislodged by an attack cannot retreat; it must be
    disbanded." (Already not in `moved.units`; here it loses its retreats.)"""
    if not any(d.unit.type is _PLANE and d.retreats for d in moved.dislodged):
        return moved
    dislodged = tuple(
        replace(d, retreats=()) if d.unit.type is _PLANE else d for d in moved.dislodged
    )
    return replace(moved, dislodged=dislodged)


def claiming(units: Iterable[Unit]) -> list[Unit]:
    """rules/004: "Planes cannot claim supply centers. Only armies and fleets can take
    ownership of supply centers." (P6)"""
    return [unit for unit in units if unit.type is not _PLANE]


def plane_distance(board: Board, start: str, targets: frozenset[str]) -> int | None:
    """P8: a plane's distance to its nearest home centre for civil-disorder removals
    (rules/000 §14.4), counted in plane moves; None when none can be reached."""
    seen = {start}
    frontier: deque[tuple[str, int]] = deque([(start, 0)])
    while frontier:
        province, steps = frontier.popleft()
        if province in targets:
            return steps
        for nxt in sorted(board.plane_reach.get(province, ())):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, steps + 1))
    return None
