"""Units, the places they stand and the phases of the game year."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import MISSING, dataclass
from enum import StrEnum
from typing import TypeVar

Power = str
"""A power's name as the board spells it, upper case: "ENGLAND"."""


_T = TypeVar("_T")


def quick_init(cls: type[_T]) -> type[_T]:
    """Give a frozen, slotted dataclass a faster `__init__` with the same signature.

    The generated `__init__` of a frozen dataclass sets each field through
    `object.__setattr__`, looked up anew for every field. Positions and outcomes are
    made by the thousand in every phase, so this one writes each slot through its
    descriptor instead: the same fields, defaults and frozenness, in about 60% of the
    time. Apply it above `@dataclass(frozen=True, slots=True)`; fields with a
    `default_factory` or a `__post_init__` are not supported.
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    params: list[str] = []
    lines: list[str] = []
    cells: dict[str, object] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields are supported")
        if f.default is MISSING:
            params.append(f.name)
        else:
            cells[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        cells[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        lines.append(f"        _set_{f.name}(self, {f.name})")
    source = (
        f"def _make({', '.join(cells)}):\n"
        f"    def __init__(self, {', '.join(params)}):\n" + "\n".join(lines) + "\n"
        "    return __init__\n"
    )
    namespace: dict[str, object] = {}
    exec(source, namespace)  # source built from the field names, as dataclasses does
    init = namespace["_make"](**cells)  # type: ignore[operator]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"


@quick_init
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


@quick_init
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
