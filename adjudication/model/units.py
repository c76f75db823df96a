"""Units, the places they stand and the phases of the game year."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

Power = str
"""A power's name as the board spells it, upper case: "ENGLAND"."""


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"
    # rules/004, Airplane Diplomacy: "The letter P is used to designate the plane".
    # Only a board whose variant has planes (`Board.planes`) lets one stand.
    PLANE = "P"


@dataclass(frozen=True, slots=True)
class Location:
    """A province, with a coast where a fleet stands on a multi-coast province.

    Armies never have a coast. A fleet in St Petersburg is `Location("STP", "SC")`.
    Locations sort by province, then coast, no coast first: the order is total, so
    a list holding "SPA" and "SPA/NC" sorts too.
    """

    province: str
    coast: str | None = None

    # Written out rather than `order=True`, which compares (province, coast) tuples
    # and so raises on None against a coast.
    def __lt__(self, other: Location) -> bool:
        if type(other) is not Location:
            return NotImplemented
        if self.province != other.province:
            return self.province < other.province
        return (self.coast or "") < (other.coast or "")

    def __le__(self, other: Location) -> bool:
        if type(other) is not Location:
            return NotImplemented
        if self.province != other.province:
            return self.province < other.province
        return (self.coast or "") <= (other.coast or "")

    def __gt__(self, other: Location) -> bool:
        if type(other) is not Location:
            return NotImplemented
        return other.__lt__(self)

    def __ge__(self, other: Location) -> bool:
        if type(other) is not Location:
            return NotImplemented
        return other.__le__(self)

    def __str__(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province

    @classmethod
    def parse(cls, text: str) -> Location:
        """Read the interchange form: "PAR", "STP/SC"."""
        province, _, coast = text.upper().partition("/")
        return cls(province, coast or None)

    def province_only(self) -> Location:
        return self if self.coast is None else Location(self.province)


@dataclass(frozen=True, slots=True, order=True)
class Unit:
    """A unit on the board: whose it is, army or fleet, and where it stands."""

    power: Power
    type: UnitType
    location: Location

    @property
    def province(self) -> str:
        return self.location.province

    def __str__(self) -> str:
        return f"{self.type.value} {self.location}"

    @classmethod
    def parse(cls, power: Power, text: str) -> Unit:
        """Read the interchange form: "A PAR", "F STP/SC"."""
        kind, _, where = text.strip().partition(" ")
        return cls(power, UnitType(kind.upper()), Location.parse(where.strip()))

    def at(self, location: Location) -> Unit:
        return Unit(self.power, self.type, location)


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_SEASON_NAMES = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
_KIND_NAMES = {
    PhaseKind.MOVEMENT: "Movement",
    PhaseKind.RETREAT: "Retreats",
    PhaseKind.ADJUSTMENT: "Adjustments",
}
_PHASES_OF_SEASON = {
    Season.SPRING: (PhaseKind.MOVEMENT, PhaseKind.RETREAT),
    Season.FALL: (PhaseKind.MOVEMENT, PhaseKind.RETREAT),
    Season.WINTER: (PhaseKind.ADJUSTMENT,),
}
_PHASE_RE = re.compile(r"^([SFW])(\d{1,5})([MRA])$")


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of the game: "S1901M", "F1901R", "W1901A".

    Ordered by time: Spring movement, Spring retreats, Fall movement, Fall retreats,
    Winter adjustments.
    """

    year: int
    season: Season
    kind: PhaseKind

    def __post_init__(self) -> None:
        if self.kind not in _PHASES_OF_SEASON[self.season]:
            raise ValueError(f"no {self.kind.name.lower()} phase in {self.season.name.lower()}")

    @property
    def code(self) -> str:
        return f"{self.season.value}{self.year}{self.kind.value}"

    def __str__(self) -> str:
        return self.code

    @property
    def sort_key(self) -> tuple[int, int]:
        order = {
            (Season.SPRING, PhaseKind.MOVEMENT): 0,
            (Season.SPRING, PhaseKind.RETREAT): 1,
            (Season.FALL, PhaseKind.MOVEMENT): 2,
            (Season.FALL, PhaseKind.RETREAT): 3,
            (Season.WINTER, PhaseKind.ADJUSTMENT): 4,
        }
        return (self.year, order[(self.season, self.kind)])

    def __lt__(self, other: Phase) -> bool:
        return self.sort_key < other.sort_key

    def __le__(self, other: Phase) -> bool:
        return self.sort_key <= other.sort_key

    @property
    def title(self) -> str:
        """For people: "Spring 1901", "Fall 1901 Retreats", "Winter 1901 Adjustments"."""
        base = f"{_SEASON_NAMES[self.season]} {self.year}"
        return base if self.kind is PhaseKind.MOVEMENT else f"{base} {_KIND_NAMES[self.kind]}"

    @classmethod
    def parse(cls, code: str) -> Phase:
        m = _PHASE_RE.match(code.strip().upper())
        if not m:
            raise ValueError(f"not a phase code: {code!r}")
        return cls(int(m.group(2)), Season(m.group(1)), PhaseKind(m.group(3)))

    def following(self) -> Phase:
        """The next phase in the calendar, before any phase is skipped."""
        if self.kind is PhaseKind.MOVEMENT:
            return Phase(self.year, self.season, PhaseKind.RETREAT)
        if self.season is Season.SPRING:
            return Phase(self.year, Season.FALL, PhaseKind.MOVEMENT)
        if self.season is Season.FALL:
            return Phase(self.year, Season.WINTER, PhaseKind.ADJUSTMENT)
        return Phase(self.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
