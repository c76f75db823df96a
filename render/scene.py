"""What a map puts where: every unit, marker, arrow head and name as a shape.

The renderer records each thing it draws that must stay readable (`Drawn`), and asks
the same record where an arrow head, a cross or a support's dot may go without
covering a name or another unit. The layout test reads the record too, and the words
of the panels (`Text`), to check they are written large enough for a phone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

XY = tuple[float, float]
Box = tuple[float, float, float, float]


class Kind(StrEnum):
    LABEL = "label"  # a space's name
    UNIT = "unit"  # a unit with its ring (hold, convoy, dislodged)
    MARKER = "marker"  # a centre, a cross, a build halo, a support's dot
    HEAD = "head"  # an arrow head
    PANEL = "panel"  # the title and the keys


@dataclass(frozen=True, slots=True)
class Text:
    """Words written in a panel (the title, the powers' key, the key of symbols): where,
    in what type, and its size at the map's width. Their box is measured when asked
    (by tests): a map drawn for a player asks nothing of it."""

    words: str
    at: XY
    size: int
    type_: Any = field(repr=False, compare=False)  # a Pillow font
    anchor: str | None = None

    @property
    def box(self) -> Box:
        """Where the words' ink is (left, top, right, bottom)."""
        left, top, right, bottom = self.type_.getbbox(self.words, anchor=self.anchor)
        return (self.at[0] + left, self.at[1] + top, self.at[0] + right, self.at[1] + bottom)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One drawn thing: a disc (`radius` > 0, centred in `box`) or a box. Things of
    the same `owner` may touch (a disband cross on its unit, a ring round it)."""

    kind: Kind
    box: Box
    owner: str
    radius: float = 0.0

    @classmethod
    def disc(cls, kind: Kind, centre: XY, radius: float, owner: str) -> Drawn:
        x, y = centre
        return cls(kind, (x - radius, y - radius, x + radius, y + radius), owner, radius)

    @property
    def centre(self) -> XY:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    def overlaps(self, other: Drawn) -> bool:
        a, b = self.box, other.box
        if a[0] >= b[2] or b[0] >= a[2] or a[1] >= b[3] or b[1] >= a[3]:
            return False
        if self.radius and other.radius:
            return math.dist(self.centre, other.centre) < self.radius + other.radius
        if self.radius or other.radius:
            disc, rect = (self, other) if self.radius else (other, self)
            (cx, cy), r = disc.centre, disc.radius
            nx = min(max(cx, rect.box[0]), rect.box[2])
            ny = min(max(cy, rect.box[1]), rect.box[3])
            return math.dist((cx, cy), (nx, ny)) < r
        return True


# What must not be covered, and by what: a name or a unit by anything of another owner.
_PROTECTED = {Kind.LABEL, Kind.UNIT, Kind.PANEL}


def clashes(things: Iterable[Drawn]) -> list[tuple[Drawn, Drawn]]:
    """Pairs where a unit, marker or arrow head covers a name, a panel or another
    unit (or two names touch). Markers and heads may cover each other."""
    items = list(things)
    out = []
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            if a.owner == b.owner or not (a.kind in _PROTECTED or b.kind in _PROTECTED):
                continue
            if a.overlaps(b):
                out.append((a, b))
    return out


@dataclass
class Scene:
    """The record of a map being drawn: what is there, to keep clear of and to test."""

    drawn: list[Drawn] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    # What may not be covered (names, units, panels): all `free` has to look at, out
    # of every mark and arrow head drawn.
    _guarded: list[Drawn] = field(default_factory=list)

    def add(self, thing: Drawn) -> None:
        self.drawn.append(thing)
        if thing.kind in _PROTECTED:
            self._guarded.append(thing)

    def first_free(self, things: Iterable[Drawn]) -> Drawn | None:
        """The first of `things` that is free, recorded; None when none is."""
        for thing in things:
            if self.free(thing):
                self.add(thing)
                return thing
        return None

    def free(self, thing: Drawn) -> bool:
        """Whether `thing` could be drawn without covering a name, a panel or a unit
        of another owner."""
        return not any(o.owner != thing.owner and thing.overlaps(o) for o in self._guarded)


def rings(centre: XY, step: float, reach: float) -> list[XY]:
    """`centre`, then points on circles round it every `step` out to `reach`, about
    `step` apart on each circle: where to look for a clear spot near `centre`."""
    cx, cy = centre
    return [(cx + dx, cy + dy) for dx, dy in _ring_offsets(round(step, 2), round(reach, 2))]


@cache
def _ring_offsets(step: float, reach: float) -> tuple[XY, ...]:
    out = [(0.0, 0.0)]
    r = step
    while r <= reach:
        n = max(6, int(2 * math.pi * r / step))
        turn = r / step * 0.5  # circles staggered, so spokes do not line up
        out += [
            (r * math.cos(2 * math.pi * k / n + turn), r * math.sin(2 * math.pi * k / n + turn))
            for k in range(n)
        ]
        r += step
    return tuple(out)
