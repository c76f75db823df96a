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
  followed (validation refuses it); the unit is disbanded and does not bounce
  anybody (DATC 6.H.10);
- an ordered disband succeeds; a dislodged unit with no order is disbanded
  (`default_orders`; rules/001 XI.2: "If a player fails to order a retreat when
  necessary, the unit is disbanded"). When two units could retreat only to one space
  and one is ordered there while the other is not ordered at all, the ordered one
  retreats: §11.2 says they all go only when both are ordered there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import Disband, Order, Retreat, RetreatOrder
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Unit, UnitType
from adjudication.play.reach import fleet_destination


@dataclass(frozen=True, slots=True)
class RetreatResult:
    """What a retreat phase did: one outcome per order, in the order given, and the
    units on the board afterwards."""

    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]


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


def default_orders(
    position: Position, accepted: Sequence[RetreatOrder]
) -> list[tuple[Order, Reason]]:
    """A dislodged unit with no order is disbanded (UNORDERED)."""
    ordered = {order.unit.location.province for order in accepted}
    return [
        (Disband(d.unit), Reason.UNORDERED)
        for d in position.dislodged
        if d.unit.location.province not in ordered
    ]


def resolve_retreats(
    position: Position, orders: Sequence[Order], board: Board = STANDARD
) -> RetreatResult:
    """Carry out the retreat orders of `position` (a retreat phase) on `board`.

    `orders` must have passed `adjudication.play.validate.validate_all`: one retreat to an
    allowed place or one disband for each dislodged unit. A retreat moves its unit
    unless another retreats to the same province: then all of them are disbanded
    (RETREAT_BOUNCED, rules/000 §11.2, DATC 6.H.7), whatever coast each named. A
    disband succeeds.
    """
    dislodged = {d.unit.location.province: d for d in position.dislodged}
    targets: dict[int, tuple[Unit, Location]] = {}
    for i, order in enumerate(orders):
        if isinstance(order, Retreat):
            dislodgement = dislodged[order.unit.location.province]
            target = retreat_target(order.destination, dislodgement, board)
            assert target is not None, "validation lets no such retreat through"
            targets[i] = (dislodgement.unit, target)
    arrivals = Counter(target.province for _, target in targets.values())
    outcomes: list[Outcome] = []
    survivors: list[Unit] = []
    for i, order in enumerate(orders):
        if i not in targets:  # a disband
            outcomes.append(Outcome(order, True))
            continue
        unit, target = targets[i]
        if arrivals[target.province] > 1:
            outcomes.append(Outcome(order, False, Reason.RETREAT_BOUNCED))
        else:
            outcomes.append(Outcome(order, True))
            survivors.append(unit.at(target))
    return RetreatResult(tuple(outcomes), (*position.units, *survivors))
