"""Every legal order of a unit or a power, for autocomplete and for checking the parser.

"Legal" in the DATC's sense (4.E.1): an order that, not knowing any other order yet,
could be valid. So a convoy is offered only by a fleet needed for some convoy route
(DATC 6.G.19), and a fleet is not offered a support for a move that could only be
convoyed through itself (DATC 6.D.31).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Power, Unit, UnitType
from adjudication.play.adjustments import build_sites
from adjudication.text.notation import format_order

__all__ = ["format_order", "legal_adjustments", "legal_orders"]


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the legal orders of every unit of one position are built from."""

    # unit -> (destination, needs a convoy) for each move it could make
    moves: Mapping[Unit, tuple[tuple[Location, bool], ...]]
    # army province -> destination province -> seas on some minimal convoy route
    convoy_seas: Mapping[str, Mapping[str, frozenset[str]]]
    fleet_seas: frozenset[str]  # seas holding a fleet: the possible convoy chains
    # (army province, sea left out) -> destinations still reachable; filled on demand
    without: dict[tuple[str, str], frozenset[str]]


def _facts(position: Position, board: Board) -> _Facts:
    fleet_seas = frozenset(
        u.province
        for u in position.units
        if u.type is UnitType.FLEET and board.provinces[u.province].is_sea
    )
    convoy_seas = {
        u.province: _minimal_routes(u.province, fleet_seas, board)
        for u in position.units
        if u.type is UnitType.ARMY and board.is_coastal(u.province)
    }
    moves: dict[Unit, tuple[tuple[Location, bool], ...]] = {}
    for unit in position.units:
        if unit.type is UnitType.FLEET:
            targets = [(t, False) for t in sorted(board.fleet_adjacency.get(unit.location, ()))]
        elif unit.type in board.kinds:  # a variant's kind (rules/004's plane): its reach
            targets = [
                (Location(p), False) for p in sorted(board.reach_of(unit.type)[unit.province])
            ]
        else:
            near = board.army_adjacency.get(unit.province, frozenset())
            targets = [(Location(p), False) for p in sorted(near)]
            # Every convoy destination, adjacent ones too: "via convoy" to a neighbour
            # is a different order, the army insisting on the sea route (DATC 4.A.3).
            targets += [(Location(p), True) for p in sorted(convoy_seas.get(unit.province, {}))]
        moves[unit] = tuple(targets)
    return _Facts(moves, convoy_seas, fleet_seas, {})


def _sea_neighbours(province: str, board: Board, fleet_seas: frozenset[str]) -> frozenset[str]:
    return frozenset(p for p in board.fleet_neighbours(province) if p in fleet_seas)


def _minimal_routes(
    origin: str, fleet_seas: frozenset[str], board: Board
) -> dict[str, frozenset[str]]:
    """Destination -> seas lying on some minimal convoy route from `origin`.

    A route is minimal when no fleet in it could be left out (DATC 6.G.19): only its
    first sea touches the origin, only its last touches the destination, and no two
    seas that are not consecutive touch each other. Such routes are the chordless
    paths of the occupied seas, few enough on this map to enumerate.
    """
    found: dict[str, set[str]] = {}
    near_origin = _sea_neighbours(origin, board, fleet_seas)
    coasts_cache: dict[str, frozenset[str]] = {}

    def shores(sea: str) -> frozenset[str]:
        if sea not in coasts_cache:
            coasts_cache[sea] = frozenset(
                p for p in board.fleet_neighbours(sea) if board.provinces[p].is_land
            )
        return coasts_cache[sea]

    def extend(path: list[str], touched: set[str]) -> None:
        last = path[-1]
        for shore in shores(last):
            if shore != origin and shore not in touched:
                found.setdefault(shore, set()).update(path)
        reached = touched | shores(last)
        for sea in _sea_neighbours(last, board, fleet_seas):
            if sea in path or sea in near_origin:
                continue
            # Chordless: the new sea may touch only the last sea of the path.
            if any(sea in _sea_neighbours(p, board, fleet_seas) for p in path[:-1]):
                continue
            path.append(sea)
            extend(path, reached)
            path.pop()

    for first in sorted(near_origin):
        extend([first], set())
    return {dest: frozenset(seas) for dest, seas in found.items()}


def legal_orders(position: Position, board: Board, unit_or_power: Unit | Power) -> list[Order]:
    """Every legal order for a unit (or for all units of a power) in the current phase.

    Movement: hold, moves (over land; and with `via_convoy` wherever a chain of fleets
    could carry an army, neighbours included), supports, convoys.
    Retreat: the dislodged unit's retreats and its disbanding. Adjustment: for a
    unit, its removal when its power owes one; for a power, `legal_adjustments`.
    """
    if not isinstance(unit_or_power, Unit):
        power = unit_or_power
        if position.phase.kind is PhaseKind.ADJUSTMENT:
            return legal_adjustments(position, board, power)
        if position.phase.kind is PhaseKind.RETREAT:
            units = [d.unit for d in position.dislodged if d.unit.power == power]
            return [order for unit in units for order in legal_orders(position, board, unit)]
        # What every unit's orders are made from is worked out once for them all.
        facts = _facts(position, board)
        return [
            order
            for unit in position.units_of(power)
            for order in _movement_orders(position, board, unit, facts) + _holding(unit, board)
        ]
    unit = unit_or_power
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        for dislodgement in position.dislodged:
            if dislodgement.unit == unit:
                retreats = [Retreat(unit, where) for where in dislodgement.retreats]
                return [*retreats, Disband(unit)]
        return []
    if kind is PhaseKind.ADJUSTMENT:
        owes = position.adjustment_of(unit.power) < 0
        return [Disband(unit)] if owes and unit in position.units else []
    if unit not in position.units:
        return []
    return _movement_orders(position, board, unit, _facts(position, board)) + _holding(unit, board)


def _holding(unit: Unit, board: Board) -> list[Order]:
    """The orders by which a unit holds on this board beyond the rulebook's (rules/004's
    espionage and counter-espionage in Kriegsplomacy): every unit may be given each in a
    movement phase."""
    return [kind(unit) for kind in board.holding_orders]


def _movement_orders(position: Position, board: Board, unit: Unit, facts: _Facts) -> list[Order]:
    orders: list[Order] = [Hold(unit)]
    orders += [Move(unit, where, via) for where, via in facts.moves[unit]]
    # Where this unit could move, any coast: the spaces it may support into (DATC 6.B.4).
    reach = {where.province for where, via in facts.moves[unit] if not via}
    for other in position.units:
        if other == unit:
            continue
        if other.province in reach:
            orders.append(Support(unit, other.location, None, other.type))
        for where, via in facts.moves[other]:
            if where.province not in reach:
                continue
            needs_me = via and not _route_avoids(
                facts, board, other.province, where.province, unit.province
            )
            if needs_me:  # DATC 6.D.31: this fleet would have to convoy, not support
                continue
            orders.append(Support(unit, other.location, where, other.type))
    if unit.type is UnitType.FLEET and board.provinces[unit.province].is_sea:
        for army_province, routes in sorted(facts.convoy_seas.items()):
            for destination, seas in sorted(routes.items()):
                if unit.province in seas:
                    orders.append(Convoy(unit, Location(army_province), Location(destination)))
    return orders


def _route_avoids(facts: _Facts, board: Board, origin: str, destination: str, sea: str) -> bool:
    """True when some convoy route from origin to destination leaves `sea` out."""
    seas = facts.convoy_seas.get(origin, {}).get(destination)
    if seas is None or sea not in seas:
        return True
    reachable = facts.without.get((origin, sea))
    if reachable is None:
        reachable = frozenset(_minimal_routes(origin, facts.fleet_seas - {sea}, board))
        facts.without[(origin, sea)] = reachable
    return destination in reachable


def legal_adjustments(position: Position, board: Board, power: Power) -> list[Order]:
    """Builds (every unit type and coast on each site `adjustments.build_sites` gives:
    a free owned home centre, or with Kriegsplomacy's flexible builds any free owned
    centre) and a waive, or one removal per unit, as the power's centre count allows
    (rules/000 §13). The sites are the adjudicator's, so what is offered is accepted."""
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return []
    balance = position.adjustment_of(power)
    if balance < 0:
        return [Disband(u) for u in position.units_of(power)]
    if balance == 0:
        return []
    orders: list[Order] = []
    for centre in build_sites(position, board, power):
        if board.provinces[centre].is_land:
            orders.append(Build(Unit(power, UnitType.ARMY, Location(centre))))
        # A variant's kinds where they may stand (rules/004's plane: where an army could
        # be, P7).
        for kind, rules in board.kinds.items():
            orders += [Build(Unit(power, kind, where)) for where in rules.locations(board, centre)]
        for where in board.fleet_locations(centre):
            orders.append(Build(Unit(power, UnitType.FLEET, where)))
    orders.append(Waive(power))
    return orders
