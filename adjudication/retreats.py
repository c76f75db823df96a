"""The retreat phase: dislodged units retreat or are disbanded (rules/000 §11).

"The unit may not retreat, however, to any space which is occupied, nor to the space
its attacker came from, nor to a space which was left vacant due to a standoff on the
move." Those spaces were worked out when the unit was dislodged
(`Dislodgement.retreats`); here we only carry the retreats out:

- a retreat to one of its allowed locations moves the unit there, unless another
  unit retreats to the same province: then all of them are disbanded (§11.2,
  DATC 6.H.7, 6.H.8), whatever coast each named. The destination is read as a
  move's is (`retreat_target`): the unit "must move to a space to which it could
  ordinarily move";
- a retreat that is not allowed, or any order other than a retreat or disband, is not
  followed; the unit is disbanded and does not bounce anybody (DATC 6.H.10);
- an ordered disband succeeds; an unordered dislodged unit is disbanded (rules/001
  XI.2: "If a player fails to order a retreat when necessary, the unit is
  disbanded"). When two units could retreat only to one space and one is ordered
  there while the other is not ordered at all, the ordered one retreats: §11.2 says
  they all go only when both are ordered there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from adjudication.board import Board
from adjudication.maps import STANDARD
from adjudication.orders import Disband, Order, Retreat, Waive, order_power
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Dislodgement, Position
from adjudication.reach import fleet_destination
from adjudication.units import Location, Unit, UnitType


@dataclass(frozen=True, slots=True)
class RetreatResult:
    """What a retreat phase did: one outcome per order (and per unordered unit),
    and the units on the board afterwards."""

    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]


def _dislodgement_for(order: Order, position: Position) -> Dislodgement | None:
    """The dislodged unit an order names: same power, type and province.

    The coast is not compared, so "F BUL R CON" reaches the fleet on BUL/EC.
    """
    if isinstance(order, Waive):
        return None
    named = order.unit
    for d in position.dislodged:
        if (d.unit.power, d.unit.type, d.unit.province) == (
            order_power(order),
            named.type,
            named.province,
        ):
            return d
    return None


def retreat_target(
    destination: Location, dislodgement: Dislodgement, board: Board = STANDARD
) -> Location | None:
    """The allowed location a retreat to `destination` goes to, or None if there is none.

    rules/000 §11: the unit "must move to a space to which it could ordinarily move",
    so the destination is read as a move's, and a badly written order with one
    meaning is followed (§7.4):
    - an army's coast is ignored (DATC 4.B.6, as case 6.B.12 for a move);
    - a fleet's omitted, unknown or irrelevant coast means the only coast it can
      reach in that province (4.B.2, 4.B.6, as 6.B.2), `reach.fleet_destination`;
      a coast it cannot reach (4.B.3, 6.B.3), or no coast when it could reach both
      (4.B.1, 6.B.1), is no retreat.
    The place reached must then be one of the unit's allowed retreats.
    """
    if destination in dislodgement.retreats:
        return destination
    unit = dislodgement.unit
    if unit.type is UnitType.FLEET:
        landing = fleet_destination(board, unit.location, destination)
    else:
        landing = board.army_location.get(destination.province)
    return landing if landing is not None and landing in dislodgement.retreats else None


def resolve_retreats(
    position: Position, orders: Iterable[Order], board: Board = STANDARD
) -> RetreatResult:
    """Carry out the retreat orders of `position` (a retreat phase) on `board`.

    `orders` should already have passed validation; anything that does not fit is
    treated as the rules treat an illegal order (the unit is disbanded) rather than
    raising. Outcomes: a retreat that moved succeeds; RETREAT_BOUNCED when two or more
    retreats met; ILLEGAL for an order not followed: one naming no dislodged unit,
    or any order but an allowed retreat or a disband for a dislodged unit (which is
    then disbanded, DATC 6.H.1-6.H.3); an ordered disband succeeds; an unordered
    dislodged unit gets `Disband` with reason UNORDERED.
    """
    chosen: dict[Unit, tuple[Order, Location | None]] = {}
    outcomes: list[Outcome] = []
    for order in orders:
        dislodgement = _dislodgement_for(order, position)
        if dislodgement is None:
            # Not a dislodged unit: nothing to retreat (DATC 6.H.4).
            outcomes.append(Outcome(order, False, Reason.ILLEGAL))
            continue
        if dislodgement.unit in chosen:
            # A second order for one unit: the first one stands.
            outcomes.append(Outcome(order, False, Reason.ILLEGAL))
            continue
        target = (
            retreat_target(order.destination, dislodgement, board)
            if isinstance(order, Retreat)
            else None
        )
        chosen[dislodgement.unit] = (order, target)

    arrivals = Counter(t.province for _, t in chosen.values() if t is not None)
    survivors: list[Unit] = []
    for unit, (order, target) in chosen.items():
        if isinstance(order, Disband):
            outcomes.append(Outcome(order, True))
        elif target is None:
            outcomes.append(Outcome(order, False, Reason.ILLEGAL))
        elif arrivals[target.province] > 1:
            outcomes.append(Outcome(order, False, Reason.RETREAT_BOUNCED))
        else:
            outcomes.append(Outcome(order, True))
            survivors.append(unit.at(target))

    for d in position.dislodged:
        if d.unit not in chosen:
            outcomes.append(Outcome(Disband(d.unit), True, Reason.UNORDERED))

    return RetreatResult(tuple(outcomes), tuple(sorted((*position.units, *survivors))))
