"""Where units can go: the coast a fleet lands on, and chains of fleets that could convoy.

Shared by validation (is an order possible at all?) and movement (where does a unit end
up?). Pure geometry over the board and the units standing on it; no orders are read.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable

from adjudication.maps import STANDARD
from adjudication.model.board import Board, Terrain
from adjudication.model.units import Location, Unit, UnitType


def fleet_destination(board: Board, origin: Location, destination: Location) -> Location | None:
    """The location a fleet at `origin` ordered to `destination` would move to, or None.

    An exact match wins. Otherwise the coast is read leniently, as DATC 4.B.2 and 4.B.6
    prefer: an omitted, unknown or irrelevant coast means the only coast the fleet can
    reach in that province. A named coast that exists but cannot be reached is no
    move at all (DATC 4.B.3, case 6.B.3), and neither is an omitted coast when two
    can be reached (rules/000 §7.3.2, case 6.B.1).
    """
    if board.can_move(UnitType.FLEET, origin, destination):
        return destination
    province = board.provinces.get(destination.province)
    if province is None or (destination.coast and destination.coast in province.coasts):
        return None
    targets = board.fleet_adjacency.get(origin, frozenset())
    reachable = [t for t in targets if t.province == destination.province]
    return reachable[0] if len(reachable) == 1 else None


def fleets_at_sea(units: Iterable[Unit], board: Board) -> frozenset[str]:
    """Sea provinces holding a fleet: the only places a convoy can pass (rules/000 §12.1)."""
    provinces = board.provinces
    return frozenset(
        u.location.province
        for u in units
        if u.type is UnitType.FLEET and provinces[u.location.province].terrain is Terrain.SEA
    )


def can_be_convoyed(board: Board, origin: str, destination: str) -> bool:
    """True when an army could ever be convoyed from `origin` to `destination`:
    both are coastal, and they are different provinces."""
    provinces = board.provinces
    return (
        origin != destination
        and provinces[origin].terrain is Terrain.COASTAL
        and provinces[destination].terrain is Terrain.COASTAL
    )


def convoy_route_exists(board: Board, origin: str, destination: str, seas: Collection[str]) -> bool:
    """True when fleets in `seas` form a chain from `origin` to `destination`.

    This is the test for whether an army's move by convoy is possible before any
    order is known (DATC 4.E.1, cases 6.D.8 and 6.D.32).
    """
    if not can_be_convoyed(board, origin, destination):
        return False
    neighbours = board.fleet_neighbours
    frontier = [s for s in neighbours(origin) if s in seas]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        near = neighbours(sea)
        if destination in near:
            return True
        for nxt in near:
            if nxt in seas and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return False


def necessary_fleets(
    board: Board, origin: str, destination: str, seas: Collection[str]
) -> frozenset[str]:
    """The seas of `seas` that some convoy route from `origin` to `destination` needs.

    A route needs a fleet when no part of the route could be left out: the chain has
    no shortcut. A fleet on no such route cannot be legally ordered to convoy (DATC
    4.E.1, case 6.G.19: F Wes C A Mar-Spa beside F Lyo is not needed by any route).
    The board is small, so the chordless chains are simply enumerated.
    """
    if not can_be_convoyed(board, origin, destination):
        return frozenset()
    needed: set[str] = set()
    start = board.fleet_neighbours(origin)
    for first in start:
        if first in seas:
            _extend_route([first], start, board, destination, seas, needed)
    return frozenset(needed)


def _extend_route(
    path: list[str],
    forbidden: frozenset[str],
    board: Board,
    destination: str,
    seas: Collection[str],
    needed: set[str],
) -> None:
    """`necessary_fleets`' search: add to `needed` the seas of every chordless chain
    that starts with `path` and can land the army at `destination`.

    (A module function rather than a closure that calls itself: such a closure is a
    reference cycle, left for the garbage collector after every convoy checked.)
    """
    neighbours = board.fleet_neighbours
    near = neighbours(path[-1])
    if destination in near:
        # Going on past a sea that can already land the army would add a shortcut.
        needed.update(path)
        return
    # The next sea may touch only the last one among the earlier spaces of the chain.
    blocked = forbidden | neighbours(path[-2]) if len(path) > 1 else forbidden
    for nxt in near:
        if nxt in seas and nxt not in blocked and nxt not in path:
            path.append(nxt)
            _extend_route(path, blocked, board, destination, seas, needed)
            path.pop()


def retreat_options(
    unit: Unit,
    attacker_from: str,
    via_convoy: bool,
    occupied: Container[str],
    standoffs: Container[str],
    board: Board = STANDARD,
) -> tuple[Location, ...]:
    """Where a dislodged unit may retreat, sorted (rules/000 §11): where it could move,
    but not to an occupied province, nor one left vacant by a standoff, nor the
    province the attacker came from, unless the attack came by convoy (DATC 4.A.5,
    6.H.11). A standoff on one coast closes the whole province (6.H.16)."""
    if unit.type is UnitType.FLEET:
        places: Iterable[Location] = board.fleet_adjacency.get(unit.location, ())
    else:
        army_location = board.army_location
        places = [army_location[p] for p in board.army_adjacency.get(unit.location.province, ())]
    return tuple(
        sorted(
            place
            for place in places
            if place.province not in occupied
            and place.province not in standoffs
            and (via_convoy or place.province != attacker_from)
        )
    )
