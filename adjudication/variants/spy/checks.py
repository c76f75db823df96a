"""Whether a spy's order may be given (rules/004, Spy Diplomacy; readings Y1-Y9 in
docs/VARIANTS.md). An illegal spy order is not followed: the spy stays and gives no
order, as a spy left without orders does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudication.model.board import Board
from adjudication.model.orders import MovementOrder
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, PhaseKind, Power
from adjudication.model.variant import PowerStatus
from adjudication.play.checks import place as _place
from adjudication.play.checks import title as _title
from adjudication.play.validate import validate
from adjudication.variants.spy.orders import PlaceSpy, Protect, Sabotage, SpyHold, SpyMove, SpyOrder

_R = RejectReason


def spy_reach(board: Board, province: str) -> frozenset[str]:
    """The provinces a spy in `province` may move to: "in any manner valid for either a
    fleet or an army" (Y3: one step, as an army or as a fleet from any of the
    province's coasts; never convoyed)."""
    reach = set(board.army_adjacency.get(province, ()))
    for location, targets in board.fleet_adjacency.items():
        if location.province == province:
            reach.update(target.province for target in targets)
    return frozenset(reach)


def check_spy_orders(
    orders: Sequence[SpyOrder],
    position: Position,
    board: Board,
    statuses: Mapping[Power, PowerStatus],
    placing: bool,
) -> tuple[dict[Spy, SpyOrder], list[tuple[SpyOrder, Rejection]]]:
    """The order each spy follows (the last legal one given it, as for units), and the
    refused orders with why. `placing`: the phase is the variant's start, when spies
    are placed (Y1)."""
    accepted: dict[Spy, SpyOrder] = {}
    refused: list[tuple[SpyOrder, Rejection]] = []
    for order in orders:
        rejection = _check(order, position, board, statuses, placing)
        if rejection is not None:
            refused.append((order, rejection))
            continue
        spy = _placed_power_key(order)
        earlier = accepted.pop(spy, None)
        if earlier is not None:
            refused.append(
                (earlier, Rejection(_R.DUPLICATE, f"'{earlier}' is replaced by '{order}'."))
            )
        accepted[spy] = order
    return accepted, refused


def _placed_power_key(order: SpyOrder) -> Spy:
    """The key one order per spy is kept by: a placement is the power's one spy,
    wherever it is placed."""
    if isinstance(order, PlaceSpy):
        return Spy(order.spy.power, "")
    return order.spy


def _check(
    order: SpyOrder,
    position: Position,
    board: Board,
    statuses: Mapping[Power, PowerStatus],
    placing: bool,
) -> Rejection | None:
    spy = order.spy
    if spy.power in statuses:
        return Rejection(_R.POWER_NOT_ORDERED, f"No one orders {_title(spy.power)}'s spy.")
    here = _where(spy.province, board)
    if isinstance(order, PlaceSpy):
        if not placing or any(s.power == spy.power for s in position.spies):
            return Rejection(_R.WRONG_PHASE, "Spies are placed only at the start of the game.")
        if spy.province not in board.home_centres.get(spy.power, ()):
            return Rejection(
                _R.BUILD_NOT_HOME, f"A spy starts in one of its home centres, not in {here}."
            )
        return None
    if position.phase.kind is not PhaseKind.MOVEMENT:
        return Rejection(_R.WRONG_PHASE, "Spies act only in movement phases.")
    if spy not in position.spies:
        return Rejection(_R.NO_SUCH_UNIT, f"{_title(spy.power)} has no spy in {here}.")
    match order:
        case SpyHold():
            return None
        case SpyMove(destination=destination):
            return _move(spy, destination, board)
        case Protect():
            unit = position.unit_in(spy.province)
            if unit is None or unit.power != spy.power:
                return Rejection(
                    _R.NO_SUCH_UNIT, f"A spy protects only a unit of its own power, in {here}."
                )
            return None
        case Sabotage(order=given):
            return _sabotage(spy, given, position, board, here)
    return None  # pragma: no cover - the union is exhausted above


def _move(spy: Spy, destination: str, board: Board) -> Rejection | None:
    if destination == spy.province:
        return Rejection(_R.MOVE_TO_OWN_SPACE, "A spy moves to another space.")
    if destination not in spy_reach(board, spy.province):
        return Rejection(
            _R.NOT_ADJACENT,
            f"A spy moves one step, as an army or a fleet could: "
            f"{_where(destination, board)} is not next to {_where(spy.province, board)}.",
        )
    return None


def _sabotage(
    spy: Spy, given: MovementOrder, position: Position, board: Board, here: str
) -> Rejection | None:
    """Y5-Y6: a spy gives orders only to a foreign non-spy unit in its own space ("A Spy
    cannot sabotage units in other spaces"), and only orders that unit could be given."""
    unit = position.unit_in(spy.province)
    if unit is None:
        return Rejection(_R.NO_SUCH_UNIT, f"No unit shares {here} with the spy.")
    if unit.power == spy.power:
        return Rejection(
            _R.NOT_YOUR_UNIT,
            "A spy infiltrates foreign units only: order your own unit, or protect it.",
        )
    if given.unit.location.province != spy.province:
        return Rejection(_R.NO_SUCH_UNIT, f"A spy orders only the unit in its own space, {here}.")
    return validate(given, position, board)


def _where(province: str, board: Board) -> str:
    """A province's name for a player, or the code as given when the board has none."""
    return _place(Location(province), board) if province in board.provinces else province
