"""Which units a power in civil disorder loses when it owes removals.

rules/000 §14.4: "the unit farthest from home (most distant from the nearest home
supply center as computed by the shortest available route, including convoys) is
removed first, the fleet before the army. If more units are equally eligible for
removal than should be removed, priority is established by the names of the space
in which they are located, the earliest in alphabetical order coming off first."

This is the rulebooks' rule, not the 2023 rule DATC v3.1 uses (distance to any owned
centre, both unit types crossing land and sea). Our reading, precisely:

- "Home" is the power's home supply centres on the board, owned or not.
- Distance is the fewest moves from the unit's space to a space holding one of
  them, ignoring every other unit (the board is treated as empty).
- A fleet counts fleet moves from its exact location (its coast matters).
- An army counts one step per border crossed, on land or through a sea space as a
  convoy would carry it: Albania -> Ionian Sea -> Naples is two steps.
- A unit that can never reach a home centre (a fleet whose home centres are all
  inland) is farther than any other.
- A unit of a variant's kind counts its kind's moves (`UnitKind.reach`): a plane's
  1 or 2 spaces each, landing on land (rules/004, P8).
- Farthest first; at equal distance fleets before armies and planes ("planes are built
  like armies", P8); then by the English name of
  the province ("Gulf of Bothnia" before "North Sea"), earliest first.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from adjudication.model.board import Board
from adjudication.model.units import Location, Unit, UnitType

UNREACHABLE = None
"""The distance of a unit that cannot reach any home centre."""


def _army_steps(board: Board, province: str) -> Iterable[str]:
    """Spaces one step away for an army, a convoy's sea spaces included."""
    yield from board.army_adjacency.get(province, ())
    if board.provinces[province].is_sea:
        yield from board.fleet_neighbours(province)
    else:
        for neighbour in board.fleet_neighbours(province):
            if board.provinces[neighbour].is_sea:
                yield neighbour


def _army_distance(board: Board, start: str, targets: frozenset[str]) -> int | None:
    seen = {start}
    frontier: deque[tuple[str, int]] = deque([(start, 0)])
    while frontier:
        province, steps = frontier.popleft()
        if province in targets:
            return steps
        for nxt in _army_steps(board, province):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, steps + 1))
    return UNREACHABLE


def _fleet_distance(board: Board, start: Location, targets: frozenset[str]) -> int | None:
    seen = {start}
    frontier: deque[tuple[Location, int]] = deque([(start, 0)])
    while frontier:
        location, steps = frontier.popleft()
        if location.province in targets:
            return steps
        for nxt in sorted(board.fleet_adjacency.get(location, ())):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, steps + 1))
    return UNREACHABLE


def _reach_distance(
    reach: Mapping[str, frozenset[str]], start: str, targets: frozenset[str]
) -> int | None:
    """Moves along `reach` (a variant's kind's) to the nearest of `targets`."""
    seen = {start}
    frontier: deque[tuple[str, int]] = deque([(start, 0)])
    while frontier:
        province, steps = frontier.popleft()
        if province in targets:
            return steps
        for nxt in sorted(reach.get(province, ())):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, steps + 1))
    return UNREACHABLE


def distance_from_home(
    unit: Unit, board: Board, centres: frozenset[str] | None = None
) -> int | None:
    """Moves from `unit` to its power's nearest home supply centre (rules/000 §14.4),
    or to the nearest of `centres` when given (flexible builds: those it controls).

    None when no home centre can be reached at all (see the module docstring for the
    exact counting).
    """
    homes = frozenset(board.home_centres.get(unit.power, ())) if centres is None else centres
    if not homes:
        return UNREACHABLE
    if unit.type is UnitType.FLEET:
        return _fleet_distance(board, unit.location, homes)
    if unit.type in board.kinds:
        return _reach_distance(board.reach_of(unit.type), unit.province, homes)
    return _army_distance(board, unit.province, homes)


def removal_priority(
    unit: Unit, board: Board, centres: frozenset[str] | None = None
) -> tuple[int, int, str, str]:
    """Sort key: the unit that sorts first is the first removed in civil disorder."""
    distance = distance_from_home(unit, board, centres)
    # Unreachable counts as farthest: -inf would not fit an int key, so use a bound
    # larger than any path on the board.
    farthest_first = -(len(board.provinces) + 1 if distance is None else distance)
    fleet_first = 0 if unit.type is UnitType.FLEET else 1
    name = board.provinces[unit.province].name.casefold()
    return (farthest_first, fleet_first, name, str(unit.location))


def civil_disorder_removals(
    units: Iterable[Unit], count: int, board: Board, centres: frozenset[str] | None = None
) -> tuple[Unit, ...]:
    """The `count` units (all of one power) the civil-disorder rule removes, in order;
    distances counted to `centres` when given (`RemovalDistance.CONTROLLED`)."""
    if count <= 0:
        return ()
    ranked = sorted(units, key=lambda u: removal_priority(u, board, centres))
    return tuple(ranked[:count])
