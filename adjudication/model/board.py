"""The board as data: provinces, coasts, adjacency, powers and their home centres.

A variant is a `Board` value; nothing in the resolver knows the standard map by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Protocol

from adjudication.model.flexible_builds import BuildSites, RemovalDistance
from adjudication.model.orders import EspionageOrder
from adjudication.model.rejections import Rejection
from adjudication.model.units import Location, Unit, UnitType


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


class UnitKind(Protocol):
    """A kind of unit a variant adds to the rulebook's armies and fleets (rules/004's
    plane), as the rules the engine asks about it. The board carries it
    (`Board.kinds`), so each stage reads the rules of the kinds its board has, and a
    board with none (the standard game's) is played as the rulebook's.

    - `type`: the unit type it is; `words`: how players write it in orders;
    - `convoyed`, `head_to_head`: whether a move of one may be convoyed, and meets a
      move coming the other way head to head (the resolver's layout);
    - `retreats`: whether a dislodged one may retreat (else it is disbanded);
    - `claims_centres`: whether one standing in a supply centre after a Fall takes it.
    """

    @property
    def type(self) -> UnitType: ...

    @property
    def words(self) -> tuple[str, ...]: ...

    @property
    def convoyed(self) -> bool: ...

    @property
    def head_to_head(self) -> bool: ...

    @property
    def retreats(self) -> bool: ...

    @property
    def claims_centres(self) -> bool: ...

    def locations(self, board: Board, province: str) -> tuple[Location, ...]:
        """Where one may stand in `province` (empty: nowhere); a build site too."""
        ...

    def reach(self, board: Board) -> Mapping[str, frozenset[str]]:
        """Province -> the provinces one there may move to, or support into (asked once
        per board: `Board.reach_of` keeps it)."""
        ...

    def move_problem(
        self, unit: Unit, destination: Location, via_convoy: bool, board: Board
    ) -> Rejection | None:
        """Why `unit` cannot move to `destination` (its refusal's words), or None."""
        ...


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
    # Spellings players use for the powers beyond their names ("French", "Turks").
    power_aliases: Mapping[str, str] = field(default_factory=dict)
    # Provinces no unit may enter on this board (a variant's closure, e.g. World War
    # I's Italy before 1915); they are also absent from the adjacency above.
    closed: frozenset[str] = frozenset()
    # Why, as a refusal says it: "Italian land is closed until 1915".
    closed_why: str = ""
    # The kinds of unit a variant adds to armies and fleets, by type (Airplane
    # Diplomacy's plane, rules/004): set by a variant that has them, so each stage asks
    # once per phase whether there are any, never per unit.
    kinds: Mapping[UnitType, UnitKind] = field(default_factory=dict)
    # A variant's rules that every reader of the board must follow: where builds go and
    # what civil disorder counts from (Kriegsplomacy's flexible builds, rules/004).
    build_sites: BuildSites = BuildSites.HOME
    removal_distance: RemovalDistance = RemovalDistance.HOME
    # Orders beyond the rulebook's by which a unit holds in a movement phase
    # (Kriegsplomacy's espionage and counter-espionage, rules/004: "The unit is then
    # considered to be holding"): the parser reads them, legal orders offer them, and
    # validation checks each as a hold of its unit. What they do besides is the
    # variant's own step (`Variant.unit_steps`).
    holding_orders: tuple[type[EspionageOrder], ...] = ()

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
    def _reaches(self) -> dict[UnitType, Mapping[str, frozenset[str]]]:
        return {}

    def reach_of(self, unit_type: UnitType) -> Mapping[str, frozenset[str]]:
        """Province -> where a unit of a variant's kind `unit_type` there may move
        (`UnitKind.reach`), built on first use: a board whose kinds are never moved
        never builds it."""
        reach = self._reaches.get(unit_type)
        if reach is None:
            reach = self._reaches[unit_type] = self.kinds[unit_type].reach(self)
        return reach

    @property
    def planes(self) -> bool:
        """Whether planes fly here: kept for code outside the engine (issue 30), which
        reads it; the engine asks `kinds`."""
        return UnitType.PLANE in self.kinds

    @property
    def plane_reach(self) -> Mapping[str, frozenset[str]]:
        """Where a plane may move from each province: kept for code outside the engine
        (issue 30); the engine asks `reach_of`."""
        return self.reach_of(UnitType.PLANE)

    def province(self, code: str) -> Province:
        return self.provinces[code]

    def fleet_locations(self, province: str) -> tuple[Location, ...]:
        """Where a fleet can stand in `province`: its coasts, or the province itself."""
        return self._fleet_locations.get(province, ())

    def unit_locations(self, unit_type: UnitType, province: str) -> tuple[Location, ...]:
        """The locations a unit of this type may occupy in `province` (empty if none)."""
        if unit_type is UnitType.FLEET:
            return self.fleet_locations(province)
        if unit_type is UnitType.ARMY:
            location = self.army_location.get(province)
            return () if location is None else (location,)
        kind = self.kinds.get(unit_type)
        return () if kind is None else kind.locations(self, province)

    def can_stand(self, unit_type: UnitType, location: Location) -> bool:
        """True when a unit of this type may stand at `location`: an army on land, a
        fleet at sea or on a coast, on the coast it names where there are two."""
        if unit_type is UnitType.ARMY:
            return location.coast is None and location.province in self.land_provinces
        if unit_type is UnitType.FLEET:
            return (location.province, location.coast) in self.fleet_moves
        kind = self.kinds.get(unit_type)
        return kind is not None and location in kind.locations(self, location.province)

    def can_move(self, unit_type: UnitType, origin: Location, destination: Location) -> bool:
        """True when a unit of `unit_type` at `origin` may move directly to `destination`.

        For fleets the coasts count: F Spa/sc cannot move to Gascony. A unit of a
        variant's kind moves where its `reach` goes, to a place it may stand.
        """
        if unit_type is UnitType.ARMY:
            return destination.coast is None and destination.province in self.army_adjacency.get(
                origin.province, ()
            )
        if unit_type is UnitType.FLEET:
            moves = self.fleet_moves.get((origin.province, origin.coast), ())
            return (destination.province, destination.coast) in moves
        kind = self.kinds.get(unit_type)
        return (
            kind is not None
            and destination.province in self.reach_of(unit_type).get(origin.province, ())
            and destination in kind.locations(self, destination.province)
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
        # A variant's kind supports where it could move (rules/004's plane: "A plane can
        # offer support to any province it could legally move to").
        return unit_type in self.kinds and province in self.reach_of(unit_type).get(
            origin.province, ()
        )

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
