"""Whether a movement-phase order is legal: hold, move, support, convoy (rules/000 §7–§12).

`MovementChecks` holds one position; the seas with fleets in them, which every
convoy question needs, are found once for all the orders checked against it.
"""

from __future__ import annotations

from typing import cast

from adjudication.model.board import Board, Terrain
from adjudication.model.orders import Convoy, Hold, Move, MovementOrder, Support
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, Unit, UnitType
from adjudication.play.checks import describe as _describe
from adjudication.play.checks import not_own_unit, type_article
from adjudication.play.checks import place as _place
from adjudication.play.reach import (
    can_be_convoyed,
    convoy_route_exists,
    fleet_destination,
    fleets_at_sea,
    necessary_fleets,
)

_R = RejectReason


class MovementChecks:
    """Checks movement-phase orders against one position."""

    __slots__ = ("_needed", "_seas", "board", "position", "units")

    def __init__(self, position: Position, board: Board) -> None:
        self.position = position
        self.board = board
        self.units = position.unit_by_province
        self._seas: frozenset[str] | None = None
        # (origin, destination) -> the fleets some convoy route needs: every fleet of
        # a convoy asks the same question.
        self._needed: dict[tuple[str, str], frozenset[str]] = {}

    @property
    def seas(self) -> frozenset[str]:
        """Sea provinces holding a fleet: where a convoy could pass."""
        if self._seas is None:
            self._seas = fleets_at_sea(self.position.units, self.board)
        return self._seas

    def check(self, order: MovementOrder) -> Rejection | None:
        """Why the movement-phase `order` is illegal, or None."""
        named = order.unit
        unit = self.units.get(named.location.province)
        rejection = not_own_unit(named, unit, self.board)
        if rejection is not None:
            return rejection
        assert unit is not None
        # `type(order) is C` each time (not once into a local): mypy narrows `order`
        # by it, and CPython 3.11 specialises the one-argument `type()` call.
        if type(order) is Hold:
            return None
        if type(order) is Move:
            return self.move(unit, order.destination, order.via_convoy)
        if type(order) is Support:
            return self.support(unit, order)
        return self.convoy(unit, cast(Convoy, order))  # the one movement order left

    def move(
        self,
        unit: Unit,
        destination: Location,
        via_convoy: bool,
        supporter: str | None = None,
    ) -> Rejection | None:
        """Can `unit` make this move? With `supporter` set, asks on behalf of a support
        order from that province, whose fleet cannot also convoy (DATC 6.D.31)."""
        board = self.board
        if not via_convoy and board.can_move(unit.type, unit.location, destination):
            return None  # the common case: a move to a neighbouring space
        target = board.provinces.get(destination.province)
        if target is None:
            return Rejection(_R.UNKNOWN_PROVINCE, f"There is no province {destination.province}.")

        def here() -> str:  # the wording is built only for a rejection
            return _describe(unit.type, unit.location, board)

        def there() -> str:
            return _place(destination, board)

        if destination.province == unit.province:
            return Rejection(_R.MOVE_TO_OWN_SPACE, f"{here()} cannot move to the space it is in.")
        if unit.type is UnitType.FLEET:
            if via_convoy:
                return Rejection(
                    _R.CONVOY_NON_ARMY, f"{here()} cannot be convoyed: only armies are."
                )
            if not target.is_sea and target.terrain is not Terrain.COASTAL:
                return Rejection(
                    _R.WRONG_TERRAIN,
                    f"{here()} cannot move to {there()}: fleets stay at sea or on coasts.",
                )
            return _check_fleet_reach(unit, destination, board, supporting=supporter is not None)
        kind = board.kinds.get(unit.type)
        if kind is not None:  # a variant's kind of unit (rules/004's plane) says why
            return kind.move_problem(unit, destination, via_convoy, board)
        if not target.is_land:
            return Rejection(
                _R.WRONG_TERRAIN, f"{here()} cannot move to {there()}: armies stay on land."
            )
        # An army's coast is ignored (DATC 4.B.6, case 6.B.12).
        if not via_convoy and destination.province in board.army_adjacency.get(unit.province, ()):
            return None
        if not can_be_convoyed(board, unit.province, destination.province):
            return Rejection(_R.NOT_ADJACENT, f"{here()} cannot reach {there()}: not adjacent.")
        seas = self.seas
        if supporter is not None:
            seas = seas - {supporter}
        if not convoy_route_exists(board, unit.province, destination.province, seas):
            return Rejection(
                _R.NO_CONVOY_ROUTE,
                f"{here()} cannot reach {there()}: no chain of fleets at sea could convoy it"
                + (" without the supporting fleet." if supporter is not None else "."),
            )
        return None

    def support(self, unit: Unit, order: Support) -> Rejection | None:
        """The supporter must be able to enter the space itself, any coast (rules/000
        §9.1, DATC 6.B.4); the supported unit, if there, must be able to make the move."""
        board = self.board
        where = unit.location.province
        supported = order.supported.province
        if supported not in board.provinces:
            return Rejection(_R.UNKNOWN_PROVINCE, f"There is no province {supported}.")
        if supported == where:
            return Rejection(
                _R.SUPPORT_SELF,
                f"{_describe(unit.type, unit.location, board)} cannot support itself.",
            )
        if order.destination is None:
            if not board.can_reach_province(unit.type, unit.location, supported):
                return Rejection(
                    _R.SUPPORT_UNREACHABLE,
                    f"{_describe(unit.type, unit.location, board)} cannot support "
                    f"{_place(order.supported, board)}: it could not move there.",
                )
            return None
        target = order.destination.province
        if target not in board.provinces:
            return Rejection(_R.UNKNOWN_PROVINCE, f"There is no province {target}.")
        if target == supported:
            return Rejection(_R.MOVE_TO_OWN_SPACE, "A unit cannot move to the space it is in.")
        if not board.can_reach_province(unit.type, unit.location, target):
            return Rejection(
                _R.SUPPORT_UNREACHABLE,
                f"{_describe(unit.type, unit.location, board)} cannot support a move to "
                f"{_place(order.destination, board)}: it could not move there itself.",
            )
        mover = self.units.get(supported)
        if mover is None:
            return None  # legal, and void at adjudication
        problem = self.move(mover, order.destination, False, supporter=where)
        if problem is not None:
            return Rejection(
                problem.reason,
                f"{_describe(unit.type, unit.location, board)} cannot support that move. "
                + problem.message,
            )
        return None

    def convoy(self, unit: Unit, order: Convoy) -> Rejection | None:
        """Only a fleet at sea convoys (rules/000 §12.1, §14.5), only an army, and only
        on a route that needs it (DATC 6.G.19)."""
        position, board = self.position, self.board

        def here() -> str:  # worded only for a rejection
            return _describe(unit.type, unit.location, board)

        if unit.type is not UnitType.FLEET:
            return Rejection(_R.CONVOY_BY_ARMY, f"{here()} cannot convoy: only fleets do.")
        if board.provinces[unit.province].terrain is not Terrain.SEA:
            return Rejection(
                _R.COASTAL_FLEET_CANNOT_CONVOY, f"{here()} cannot convoy: only fleets at sea do."
            )
        origin, target = order.army.province, order.destination.province
        for code in (origin, target):
            if code not in board.provinces:
                return Rejection(_R.UNKNOWN_PROVINCE, f"There is no province {code}.")
        if origin == target:
            return Rejection(_R.MOVE_TO_OWN_SPACE, "A unit cannot move to the space it is in.")
        carried = position.unit_in(origin)
        if carried is not None and carried.type is not UnitType.ARMY:
            return Rejection(
                _R.CONVOY_NON_ARMY,
                f"{here()} cannot convoy {type_article(carried.type)}: only armies are convoyed.",
            )
        needed = self._needed.get((origin, target))
        if needed is None:
            needed = self._needed[origin, target] = necessary_fleets(
                board, origin, target, self.seas
            )
        if unit.province not in needed:
            return Rejection(
                _R.NO_CONVOY_ROUTE,
                f"{here()} is on no convoy route from {_place(order.army, board)} "
                f"to {_place(order.destination, board)}.",
            )
        return None


def _check_fleet_reach(
    unit: Unit, destination: Location, board: Board, supporting: bool
) -> Rejection | None:

    def here() -> str:  # the wording is built only for a rejection
        return _describe(unit.type, unit.location, board)

    def there() -> str:
        return _place(destination, board)

    reachable = [
        t
        for t in board.fleet_adjacency.get(unit.location, ())
        if t.province == destination.province
    ]
    if not reachable:
        return Rejection(
            _R.NOT_ADJACENT, f"{here()} cannot reach {there()}: not adjacent along a coast."
        )
    coasts = board.provinces[destination.province].coasts
    if destination.coast and destination.coast in coasts:
        if destination not in reachable:
            return Rejection(_R.COAST_UNREACHABLE, f"{here()} cannot reach {there()}.")
        return None
    # A support may leave the coast open: it then backs a move to either coast (6.B.7).
    if not supporting and fleet_destination(board, unit.location, destination) is None:
        options = " or ".join(_place(t, board) for t in sorted(reachable))
        return Rejection(_R.COAST_REQUIRED, f"{here()} can reach {options}: say which coast.")
    return None
