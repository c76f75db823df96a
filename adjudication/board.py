"""The board as data: provinces, coasts, adjacency, powers and their home centres.

A variant is a `Board` value; nothing in the resolver knows the standard map by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from adjudication.flexible_builds import BuildSites, RemovalDistance
from adjudication.units import Location, Unit, UnitType


class Terrain(StrEnum):
    """What kind of space a province is (rules/000 §4)."""

    INLAND = "inland"
    COASTAL = "coastal"
    SEA = "sea"
    IMPASSABLE = "impassable"


@dataclass(frozen=True, slots=True)
class Province:
    """One space of the board. `coasts` is empty unless the province has separate coasts."""

    code: str
    name: str
    terrain: Terrain
    supply_centre: bool = False
    coasts: tuple[str, ...] = ()

    @property
    def is_land(self) -> bool:
        return self.terrain is Terrain.INLAND or self.terrain is Terrain.COASTAL

    @property
    def is_sea(self) -> bool:
        return self.terrain is Terrain.SEA


@dataclass(frozen=True)
class Board:
    """A map and its starting position: everything a variant changes about the board.

    `army_adjacency` maps a province to the provinces an army may move to;
    `fleet_adjacency` maps a fleet location (province, or province/coast for
    multi-coast provinces) to the fleet locations it may move to.
    """

    name: str
    provinces: Mapping[str, Province]
    powers: tuple[str, ...]
    home_centres: Mapping[str, frozenset[str]]
    starting_units: tuple[Unit, ...]
    army_adjacency: Mapping[str, frozenset[str]]
    fleet_adjacency: Mapping[Location, frozenset[Location]]
    first_year: int = 1901
    aliases: Mapping[str, str] = field(default_factory=dict)
    # Provinces no unit may enter on this board (a variant's closure, e.g. World War
    # I's Italy before 1915); they are also absent from the adjacency above.
    closed: frozenset[str] = frozenset()
    # Why, as a refusal says it: "Italian land is closed until 1915".
    closed_why: str = ""
    # Whether planes fly here (Airplane Diplomacy, rules/004): set by a variant whose
    # unit kinds include them, so each stage asks once per phase, never per unit.
    planes: bool = False
    # A variant's rules that every reader of the board must follow: where builds go and
    # what civil disorder counts from (Kriegsplomacy's flexible builds), and whether the
    # espionage orders exist (rules/004).
    build_sites: BuildSites = BuildSites.HOME
    removal_distance: RemovalDistance = RemovalDistance.HOME
    espionage: bool = False

    @cached_property
    def supply_centres(self) -> frozenset[str]:
        return frozenset(code for code, p in self.provinces.items() if p.supply_centre)

    @cached_property
    def home_owner(self) -> Mapping[str, str]:
        """Province code -> the power whose home centre it is."""
        return {c: power for power, centres in self.home_centres.items() for c in centres}

    @cached_property
    def _fleet_neighbour_provinces(self) -> Mapping[str, frozenset[str]]:
        out: dict[str, set[str]] = {}
        for loc, targets in self.fleet_adjacency.items():
            out.setdefault(loc.province, set()).update(t.province for t in targets)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def _fleet_locations(self) -> Mapping[str, tuple[Location, ...]]:
        out: dict[str, list[Location]] = {}
        for loc in self.fleet_adjacency:
            out.setdefault(loc.province, []).append(loc)
        return {k: tuple(sorted(v)) for k, v in out.items()}

    # Adjacency keyed by plain strings, which hash far faster than a `Location`: the
    # checks of every order read these.

    @cached_property
    def land_provinces(self) -> frozenset[str]:
        """Provinces an army may stand in (inland and coastal)."""
        return frozenset(code for code, p in self.provinces.items() if p.is_land)

    @cached_property
    def army_location(self) -> Mapping[str, Location]:
        """Land province -> where an army stands in it."""
        return {code: Location(code) for code, p in self.provinces.items() if p.is_land}

    @cached_property
    def fleet_moves(self) -> Mapping[tuple[str, str | None], frozenset[tuple[str, str | None]]]:
        """`fleet_adjacency` as (province, coast) pairs: where a fleet may move."""
        return {
            (loc.province, loc.coast): frozenset((t.province, t.coast) for t in targets)
            for loc, targets in self.fleet_adjacency.items()
        }

    @cached_property
    def fleet_reach(self) -> Mapping[tuple[str, str | None], frozenset[str]]:
        """(province, coast) of a fleet -> the provinces it could enter, any coast."""
        return {
            (loc.province, loc.coast): frozenset(t.province for t in targets)
            for loc, targets in self.fleet_adjacency.items()
        }

    @cached_property
    def plane_reach(self) -> Mapping[str, frozenset[str]]:
        """Land province -> the land provinces a plane there may move to (rules/004:
        "1 or 2 spaces at a time ... over water", reading P1): one or two borders
        away over any space, landing only on land. Built on first use, so a board
        without planes never builds it."""
        land = self.land_provinces
        reach: dict[str, frozenset[str]] = {}
        for origin in sorted(land):
            near = self.neighbours(origin)
            spaces = set(near)
            for over in near:
                spaces |= self.neighbours(over)
            reach[origin] = frozenset(p for p in spaces if p in land and p != origin)
        return reach

    def province(self, code: str) -> Province:
        return self.provinces[code]

    def fleet_locations(self, province: str) -> tuple[Location, ...]:
        """Where a fleet can stand in `province`: its coasts, or the province itself."""
        return self._fleet_locations.get(province, ())

    def unit_locations(self, unit_type: UnitType, province: str) -> tuple[Location, ...]:
        """The locations a unit of this type may occupy in `province` (empty if none)."""
        if unit_type is UnitType.FLEET:
            return self.fleet_locations(province)
        if unit_type is UnitType.PLANE and not self.planes:
            return ()
        location = self.army_location.get(province)
        return () if location is None else (location,)

    def can_stand(self, unit_type: UnitType, location: Location) -> bool:
        """True when a unit of this type may stand at `location`: an army on land, a
        fleet at sea or on a coast, on the coast it names where there are two."""
        if unit_type is UnitType.ARMY:
            return location.coast is None and location.province in self.land_provinces
        if unit_type is UnitType.FLEET:
            return (location.province, location.coast) in self.fleet_moves
        # A plane stands on land, like an army (rules/004: it cannot land on water).
        return self.planes and location.coast is None and location.province in self.land_provinces

    def can_move(self, unit_type: UnitType, origin: Location, destination: Location) -> bool:
        """True when a unit of `unit_type` at `origin` may move directly to `destination`.

        For fleets the coasts count: F Spa/sc cannot move to Gascony. A plane's route
        is never relevant (rules/004), only where it lands.
        """
        if unit_type is UnitType.ARMY:
            return destination.coast is None and destination.province in self.army_adjacency.get(
                origin.province, ()
            )
        if unit_type is UnitType.FLEET:
            moves = self.fleet_moves.get((origin.province, origin.coast), ())
            return (destination.province, destination.coast) in moves
        return destination.coast is None and destination.province in self.plane_reach.get(
            origin.province, ()
        )

    def can_reach_province(self, unit_type: UnitType, origin: Location, province: str) -> bool:
        """True when the unit could move to some location in `province` (any coast).

        This is the test for support: a unit may support into a province it could
        enter, whatever the coast (DATC 6.B.4).
        """
        if unit_type is UnitType.ARMY:
            return province in self.army_adjacency.get(origin.province, ())
        if unit_type is UnitType.FLEET:
            return province in self.fleet_reach.get((origin.province, origin.coast), ())
        # rules/004: "A plane can offer support to any province it could legally move to."
        return province in self.plane_reach.get(origin.province, ())

    def fleet_neighbours(self, province: str) -> frozenset[str]:
        """Provinces a fleet in any coast of `province` can reach."""
        return self._fleet_neighbour_provinces.get(province, frozenset())

    def adjacent(self, a: str, b: str) -> bool:
        """True when provinces a and b share a border usable by some unit."""
        return b in self.army_adjacency.get(a, frozenset()) or b in self.fleet_neighbours(a)

    def neighbours(self, province: str) -> frozenset[str]:
        """Every province that shares a border with `province` usable by some unit."""
        return self.army_adjacency.get(province, frozenset()) | self.fleet_neighbours(province)

    def is_coastal(self, province: str) -> bool:
        return self.provinces[province].terrain is Terrain.COASTAL


def build_adjacency(
    army: Mapping[str, Iterable[str]], fleet: Mapping[str, Iterable[str]]
) -> tuple[dict[str, frozenset[str]], dict[Location, frozenset[Location]]]:
    """Turn adjacency lists written as text codes into the board's typed mappings."""
    army_adj = {p: frozenset(targets) for p, targets in army.items()}
    fleet_adj = {
        Location.parse(loc): frozenset(Location.parse(t) for t in targets)
        for loc, targets in fleet.items()
    }
    return army_adj, fleet_adj
