"""The adjustment phase: builds, waives and removals (rules/000 §13.2, §14.4).

Each power's units are brought to the number of centres it owns. A build goes on an
unoccupied home supply centre the power still owns (`build_sites`), one unit per
centre, a fleet only on a coast and on a named coast where there are two (DATC
6.I.2-6.I.7). Orders are taken one by one in the order given until the power's
allowance is used (DATC 4.D.4, 4.D.6, 6.I.1, 6.J.1); validation refuses later ones.
Removals a power owes but does not order are chosen by the civil-disorder rule
(`adjudication.play.civil_disorder`, DATC 6.J.2); builds it does not use are waived.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.flexible_builds import BuildSites, RemovalDistance
from adjudication.model.orders import Build, Disband, Order, Waive, order_power
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Power, Unit
from adjudication.play.civil_disorder import civil_disorder_removals


@dataclass(frozen=True, slots=True)
class AdjustmentResult:
    """What an adjustment phase did: outcomes and the units on the board afterwards."""

    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]


def build_sites(position: Position, board: Board, power: Power) -> tuple[str, ...]:
    """Home centres of `power` where it may build now: owned by it and unoccupied (any
    centre it owns, with Kriegsplomacy's flexible builds)."""
    flexible = board.build_sites is BuildSites.OWNED
    return tuple(
        sorted(
            c
            for c in (position.ownership if flexible else board.home_centres.get(power, ()))
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


def adjustments_needed(position: Position, board: Board, no_builds: Collection[Power] = ()) -> bool:
    """False when no power can build or must remove: the phase is skipped.

    A power entitled to builds with no unoccupied owned home centre cannot build
    (rules/000 §13.2: "he must wait until the next Fall move"), so it alone does not
    make the phase happen; nor does a power in `no_builds` (a variant's dummies, which
    never build: docs/VARIANTS.md F1).
    """
    centres = _counts(position.ownership.values())
    units = _counts(unit.power for unit in position.units)
    for power in centres.keys() | units.keys():
        surplus = centres.get(power, 0) - units.get(power, 0)
        if surplus < 0 or (
            surplus > 0 and power not in no_builds and build_sites(position, board, power)
        ):
            return True
    return False


def _counts(powers: Iterable[Power]) -> dict[Power, int]:
    """How many times each power is named (`Counter` costs more to build than this)."""
    counts: dict[Power, int] = {}
    for power in powers:
        counts[power] = counts.get(power, 0) + 1
    return counts


def default_orders(
    position: Position, accepted: Sequence[Order], board: Board, no_builds: Collection[Power] = ()
) -> list[tuple[Order, Reason]]:
    """What happens to the adjustments a power leaves unordered: builds it could have
    placed are waived (WAIVED); removals it owes are chosen by the civil-disorder rule
    (CIVIL_DISORDER, rules/000 §14.4, `adjudication.play.civil_disorder`). A power in
    `no_builds` (a dummy) has no builds to waive."""
    ordered: dict[Power, list[Order]] = {}
    for order in accepted:
        ordered.setdefault(order_power(order), []).append(order)
    defaults: list[tuple[Order, Reason]] = []
    for power in powers_of(position, board):
        given = ordered.get(power, [])
        adjustment = position.adjustment_of(power)
        if adjustment > 0 and power not in no_builds:
            # Only builds it could have placed: the others are not waived, just lost.
            unused = builds_possible(position, board, power) - len(given)
            defaults += [(Waive(power), Reason.WAIVED)] * unused
        elif adjustment < 0:
            # Validation let no build or waive through for a power that owes removals.
            removed = {o.unit.location.province for o in given if isinstance(o, Disband)}
            remaining = [u for u in position.units_of(power) if u.location.province not in removed]
            owed = -adjustment - len(removed)
            defaults += [
                (Disband(unit), Reason.CIVIL_DISORDER)
                for unit in civil_disorder_removals(
                    remaining, owed, board, _counted_from(position, board, power)
                )
            ]
    return defaults


def _counted_from(position: Position, board: Board, power: Power) -> frozenset[str] | None:
    """The centres civil-disorder removals count from: the power's home centres (None),
    or with flexible builds those it controls now."""
    if board.removal_distance is RemovalDistance.HOME:
        return None
    return frozenset(position.centres_of(power))


def resolve_adjustments(position: Position, orders: Sequence[Order]) -> AdjustmentResult:
    """Carry out the builds, waives and removals of `position` (an adjustment phase).

    `orders` must have passed `adjudication.play.validate.validate_all`, which keeps each
    power within what it may build (a waive uses one build) or must remove (DATC
    4.D.4, 4.D.6), each build on a free owned home centre: every one of them succeeds.
    """
    units = set(position.units)
    for order in orders:
        if isinstance(order, Build):
            units.add(order.unit)
        elif isinstance(order, Disband):
            units.remove(position.unit_by_province[order.unit.location.province])
    return AdjustmentResult(tuple(Outcome(order, True) for order in orders), tuple(units))
