"""The adjustment phase: builds, waives and removals (rules/000 §13.2, §14.4).

Each power's units are brought to the number of centres it owns. A build goes on an
unoccupied home supply centre the power still owns, one unit per centre, a fleet only
on a coast and on a named coast where there are two (DATC 6.I.2-6.I.7). Orders are
taken one by one in the order given until the power's allowance is used (DATC 4.D.4,
4.D.6, 6.I.1, 6.J.1); later ones fail. Removals a power owes but does not order are
chosen by the civil-disorder rule (`adjudication.civil_disorder`, DATC 6.J.2);
builds it does not use are waived.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudication.board import Board
from adjudication.civil_disorder import civil_disorder_removals
from adjudication.orders import Build, Disband, Order, Waive, order_power
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Position
from adjudication.units import Power, Unit


@dataclass(frozen=True, slots=True)
class AdjustmentResult:
    """What an adjustment phase did: outcomes and the units on the board afterwards."""

    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]


def build_sites(position: Position, board: Board, power: Power) -> tuple[str, ...]:
    """Home centres of `power` where it may build now: owned by it and unoccupied."""
    return tuple(
        sorted(
            c
            for c in board.home_centres.get(power, ())
            if position.ownership.get(c) == power and position.unit_in(c) is None
        )
    )


def builds_possible(position: Position, board: Board, power: Power) -> int:
    """How many units `power` can actually build: its allowance, capped by its sites."""
    allowance = position.adjustment_of(power)
    return min(allowance, len(build_sites(position, board, power))) if allowance > 0 else 0


def powers_of(position: Position, board: Board) -> tuple[Power, ...]:
    """Every power of the board, and any other that owns a centre or has a unit."""
    others = {u.power for u in position.units} | set(position.ownership.values())
    return tuple(sorted(set(board.powers) | others))


def adjustments_needed(position: Position, board: Board) -> bool:
    """False when no power can build or must remove: the phase is skipped.

    A power entitled to builds with no unoccupied owned home centre cannot build
    (rules/000 §13.2: "he must wait until the next Fall move"), so it alone does not
    make the phase happen.
    """
    # Counted in one pass over the units and centres: this runs after every Fall.
    # Plain dict counting, not `Counter` (whose constructor costs more than the count),
    # and the occupied provinces are looked up only for a power owed builds.
    ownership = position.ownership
    centres: dict[Power, int] = {}
    for owner in ownership.values():
        centres[owner] = centres.get(owner, 0) + 1
    units: dict[Power, int] = {}
    for unit in position.units:
        power = unit.power
        units[power] = units.get(power, 0) + 1
    for power, count in centres.items():
        if count > units.get(power, 0):
            occupied = position.unit_by_province
            if any(
                ownership.get(c) == power and c not in occupied
                for c in board.home_centres.get(power, ())
            ):
                return True
    # A power with more units than centres must remove (one with none, all of them).
    return any(count > centres.get(power, 0) for power, count in units.items())


def _is_placeable(build: Build, board: Board) -> bool:
    """The unit type may stand at the named location; coasts must be named where two."""
    unit = build.unit
    return unit.location in board.unit_locations(unit.type, unit.province)


def _builds(
    power: Power, orders: list[Order], position: Position, board: Board
) -> tuple[list[Outcome], list[Unit]]:
    allowance = builds_possible(position, board, power)
    sites = set(build_sites(position, board, power))
    used = 0
    outcomes: list[Outcome] = []
    placed: list[Unit] = []
    for order in orders:
        if isinstance(order, Waive) and used < allowance:
            used += 1
            outcomes.append(Outcome(order, True))
        elif (
            isinstance(order, Build)
            and used < allowance
            and order.unit.province in sites
            and _is_placeable(order, board)
        ):
            used += 1
            sites.discard(order.unit.province)
            placed.append(order.unit)
            outcomes.append(Outcome(order, True))
        else:
            outcomes.append(Outcome(order, False, Reason.ILLEGAL))
    outcomes.extend(Outcome(Waive(power), True, Reason.WAIVED) for _ in range(allowance - used))
    return outcomes, placed


def _removals(
    power: Power, orders: list[Order], position: Position, board: Board
) -> tuple[list[Outcome], list[Unit]]:
    owed = -position.adjustment_of(power)
    remaining = {u.location.province: u for u in position.units_of(power)}
    outcomes: list[Outcome] = []
    removed: list[Unit] = []
    for order in orders:
        if not isinstance(order, Disband) or len(removed) >= owed:
            outcomes.append(Outcome(order, False, Reason.ILLEGAL))
            continue
        unit = remaining.get(order.unit.province)
        if unit is not None and unit.type is order.unit.type:
            del remaining[unit.province]
            removed.append(unit)
            outcomes.append(Outcome(order, True))
        elif any(u.province == order.unit.province for u in removed):
            # The same unit named twice (DATC 6.J.2): the second order does nothing.
            outcomes.append(Outcome(order, False, Reason.ILLEGAL))
        else:
            outcomes.append(Outcome(order, False, Reason.NO_SUCH_UNIT))
    for unit in civil_disorder_removals(remaining.values(), owed - len(removed), board):
        removed.append(unit)
        outcomes.append(Outcome(Disband(unit), True, Reason.CIVIL_DISORDER))
    return outcomes, removed


def resolve_adjustments(
    position: Position, orders: Iterable[Order], board: Board
) -> AdjustmentResult:
    """Carry out the builds, waives and removals of `position` (an adjustment phase).

    `orders` should already have passed validation; orders that do not fit fail
    (ILLEGAL, or NO_SUCH_UNIT for removing a unit that is not there) instead of
    raising. Missing removals: `Disband` outcomes with reason CIVIL_DISORDER. Unused
    builds the power could have placed: `Waive` outcomes with reason WAIVED (an
    ordered waive succeeds with no reason).
    """
    by_power: dict[Power, list[Order]] = {}
    for order in orders:
        by_power.setdefault(order_power(order), []).append(order)

    outcomes: list[Outcome] = []
    units = set(position.units)
    for power in sorted(set(powers_of(position, board)) | set(by_power)):
        given = by_power.get(power, [])
        adjustment = position.adjustment_of(power)
        if adjustment > 0:
            done, placed = _builds(power, given, position, board)
            units.update(placed)
        elif adjustment < 0:
            done, removed = _removals(power, given, position, board)
            units.difference_update(removed)
        else:
            done = [Outcome(o, False, Reason.ILLEGAL) for o in given]
        outcomes.extend(done)
    return AdjustmentResult(tuple(outcomes), tuple(sorted(units)))
