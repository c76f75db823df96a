"""Orders on the map: what each order looks like, and how its outcome changes it.

Moves are arrows, supports dashed lines to the middle of the supported move (or a
small ring on the supported unit), convoys a dotted ring on the fleet with the army's
arrow routed through the convoying fleets, holds a ring. A failed order is drawn
faded with a cross where it failed: at the head of a bounced move, on the middle of a
cut support. A dislodged unit is drawn beside the space it lost, whose anchor now holds
the unit that took it: its retreat (a dotted arrow) starts there and its disband cross
is put there. Removals in adjustments are a cross on the removed unit.

A `faint` layer draws a phase's orders under the position they led to (the results
map): lighter lines and smaller crosses, builds as a halo round the new unit, no hold
rings (the unit simply stands there), and nothing for dislodged or removed units,
which the results map draws itself.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from PIL import Image, ImageDraw

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
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Location, Unit
from render import strokes
from render.geometry import MapGeometry
from render.icons import cross_icon, paste_centred, unit_icon
from render.layout import DISLODGED_RADIUS, DISLODGED_SIZE, UNIT_RADIUS, UNIT_SIZE, scaled
from render.palette import Palette, _mix
from render.scene import Drawn, Kind, Scene, rings

XY = tuple[float, float]
BUILD_HALO = (60, 170, 80)


def _faded(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour of a failed order's line: washed out towards grey."""
    return _mix(colour, (160, 160, 160), 0.35)


def faint(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour of an order drawn under the position it led to: lighter than the
    units standing there now, stronger than a failed order."""
    return _mix(colour, (200, 200, 200), 0.6)


@dataclass(frozen=True)
class Style:
    """Sizes in pixels at the map's width (render/layout.py gives them at 1,600 px):
    `unit` a unit's disc, `reach` the radius of its place (disc and ring), `line` an
    order's line."""

    unit: int
    line: int
    reach: float = 21.0
    dislodged: int = 29
    dislodged_reach: float = 18.0

    @classmethod
    def for_width(cls, width: int) -> Style:
        return cls(
            unit=max(12, round(scaled(UNIT_SIZE, width))),
            line=max(2, round(scaled(4, width))),
            reach=max(7.0, scaled(UNIT_RADIUS, width)),
            dislodged=max(10, round(scaled(DISLODGED_SIZE, width))),
            dislodged_reach=max(6.0, scaled(DISLODGED_RADIUS, width)),
        )


@dataclass
class OrderLayer:
    geo: MapGeometry
    board: Board
    position: Position
    palette: Palette
    style: Style
    faint: bool = False
    scene: Scene = field(default_factory=Scene)
    crosses: list[tuple[XY, str]] = field(default_factory=list)
    dislodged: list[tuple[XY, str]] = field(default_factory=list)

    @property
    def line(self) -> int:
        """Width of order lines: a pixel thinner when drawn faint."""
        return max(2, self.style.line - 1) if self.faint else self.style.line

    def where(self, location: Location) -> XY:
        """Anchor of a location; a unit named without its coast is found on the board."""
        if location.coast is None:
            unit = self.position.unit_in(location.province)
            if unit is not None and unit.location.province == location.province:
                return self.geo.anchor(unit.location)
        return self.geo.anchor(location)

    def dislodged_at(self, location: Location) -> XY:
        """Where a dislodged unit is drawn: at its space's dislodged place, beside the
        unit that took the space, so both stay in view."""
        return self.geo.place(location, "dislodged")

    def owner(self, unit: Unit) -> str:
        """Whose place `unit` is drawn at, as the scene records it."""
        for d in self.position.dislodged:
            if d.unit.province == unit.province and d.unit.power == unit.power:
                return unit.province + ":d"
        return unit.province

    def space(self, p: XY) -> str | None:
        """The space under point `p`, None off the map."""
        x, y = round(p[0]), round(p[1])
        if 0 <= x < self.geo.width and 0 <= y < self.geo.height:
            return self.geo.space_at(x, y)
        return None

    def head(
        self, points: list[XY], owner: str, width: int | None = None, aim: XY | None = None
    ) -> list[XY]:
        """The arrow's points with its tip moved to the nearest spot where its head
        covers no name and no unit, recorded in the scene: pulled back along the last
        leg, or beside it, round `aim` (the destination's place) — inside the
        destination's space where there is room, so the arrow still reads as going
        there."""
        if len(points) < 2:
            return points
        size = (width or self.line) * 3.2
        a, tip = points[-2], points[-1]
        aim = aim or tip
        goal = self.space(aim)
        towards = (aim[0] - a[0], aim[1] - a[1])
        step = max(1.0, self.style.line * 0.75)
        far = self.style.reach * 4  # what leaving the destination's space costs

        tries = [
            p
            for p in rings(aim, step * 1.5, self.style.reach * 4)
            if math.dist(p, a) >= size * 1.5
            and (p[0] - a[0]) * towards[0] + (p[1] - a[1]) * towards[1] > 0
        ]
        leg = math.dist(a, tip) or 1.0
        back = ((a[0] - tip[0]) / leg, (a[1] - tip[1]) / leg)
        moved = 0.0
        while moved <= leg - size * 1.5:
            tries.append((tip[0] + back[0] * moved, tip[1] + back[1] * moved))
            moved += step
        tries.sort(key=lambda p: math.dist(p, tip))
        # The nearest clear spot inside the destination; one outside only if it is
        # `far` nearer than any inside.
        found: Drawn | None = None
        outside: tuple[float, Drawn] | None = None
        for p in tries:
            d = math.dist(p, tip)
            if outside is not None and d >= outside[0] + far:
                break
            inside = self.space(p) == goal
            if not inside and outside is not None:
                continue
            thing = _head_box(p, _unit(p, a), size, owner)
            if not self.scene.free(thing):
                continue
            if inside:
                found = thing
                break
            outside = (d, thing)
        if found is None and outside is not None:
            found = outside[1]
        if found is None:  # nowhere clear: drawn where it points (the layout test says so)
            self.scene.add(_head_box(tip, back, size, owner))
            return points
        self.scene.add(found)
        at = _tip_of(found)
        return [*points[:-1], at]

    def spot(self, points: list[XY], start: XY, size: float, owner: str) -> XY:
        """A free spot for a marker `size` across nearest `start` — on the line
        `points` or round it — (a cross on a failed order, a support's dot), recorded
        in the scene."""
        tries = list(rings(start, max(2.0, size / 4), self.style.reach * 4))
        for a, b in pairwise(points):
            n = max(1, int(math.dist(a, b) // 3))
            tries += [
                (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)
            ]
        tries.sort(key=lambda p: math.dist(p, start))
        found = self.scene.first_free(Drawn.disc(Kind.MARKER, p, size / 2, owner) for p in tries)
        if found is None:
            self.scene.add(Drawn.disc(Kind.MARKER, start, size / 2, owner))
            return start
        return found.centre

    def cross(self, at: XY, owner: str) -> None:
        """A cross to draw at `at`, on the thing of `owner` (checked by the scene)."""
        self.crosses.append((at, owner))
        self.scene.add(Drawn.disc(Kind.MARKER, at, self.cross_size / 2, owner))

    @property
    def cross_size(self) -> float:
        return self.style.unit * (0.6 if self.faint else 0.8)

    def origin(self, unit: Unit) -> XY:
        """Where `unit` is drawn: beside its space when it is one of the dislodged (the
        space's anchor then holds the unit that dislodged it)."""
        for d in self.position.dislodged:
            if d.unit.province == unit.province and d.unit.power == unit.power:
                return self.dislodged_at(d.unit.location)
        return self.where(unit.location)

    def colour(self, order: Order, ok: bool) -> tuple[int, int, int]:
        assert not isinstance(order, Waive)
        base = self.palette.power(order.unit.power)
        if self.faint:
            return faint(base) if ok else _faded(base)
        return base if ok else _faded(base)

    def casing(self, ok: bool) -> tuple[int, int, int]:
        if self.faint:
            return (110, 110, 110) if ok else (150, 150, 150)
        return self.palette.outline if ok else (110, 110, 110)


def _unit(p: XY, a: XY) -> XY:
    """The unit vector from `p` back towards `a`."""
    d = math.dist(a, p) or 1.0
    return ((a[0] - p[0]) / d, (a[1] - p[1]) / d)


@dataclass(frozen=True, slots=True)
class _Head(Drawn):
    """An arrow head's box, remembering where its tip is."""

    tip: XY = (0.0, 0.0)


def _tip_of(head: Drawn) -> XY:
    return head.tip if isinstance(head, _Head) else head.centre


def _head_box(tip: XY, back: XY, length: float, owner: str) -> Drawn:
    """The box of an arrow head with its tip at `tip`, its base `length` back along the
    unit vector `back`."""
    bx, by = tip[0] + back[0] * length, tip[1] + back[1] * length
    wing = length * 0.6
    xs = (tip[0], bx - back[1] * wing, bx + back[1] * wing)
    ys = (tip[1], by + back[0] * wing, by - back[0] * wing)
    return _Head(Kind.HEAD, (min(xs), min(ys), max(xs), max(ys)), owner, tip=tip)


def _path_of(move: Move, layer: OrderLayer, convoys: Sequence[Convoy]) -> list[XY]:
    """The drawn route of a move: straight, or through the fleets convoying it."""
    start, end = layer.where(move.unit.location), layer.where(move.destination)
    origin, goal = move.unit.location.province, move.destination.province
    fleets = [
        c.unit.location.province
        for c in convoys
        if c.army.province == origin and c.destination.province == goal
    ]
    if not fleets:
        return [start, end]
    board = layer.board
    # Breadth-first over the convoying fleets, from the army's coast to the goal's.
    queue = deque([[f] for f in fleets if board.adjacent(origin, f)])
    seen = {q[0] for q in queue}
    while queue:
        route = queue.popleft()
        if board.adjacent(route[-1], goal):
            mids = [layer.geo.spaces[f].unit for f in route]
            return [start, *mids, end]
        for f in fleets:
            if f not in seen and board.adjacent(route[-1], f):
                seen.add(f)
                queue.append([*route, f])
    return [start, end]


def _failed_at(outcome: Outcome | None) -> bool:
    return outcome is not None and not outcome.succeeded


def draw_orders(
    canvas: Image.Image,
    layer: OrderLayer,
    orders: Sequence[Order],
    outcomes: Mapping[Order, Outcome],
) -> None:
    """Draw movement, retreat and adjustment orders (units are drawn by the caller,
    and already stand in `layer.scene`, so arrow heads and markers keep off them)."""
    draw = ImageDraw.Draw(canvas)
    st = layer.style
    convoys = [o for o in orders if isinstance(o, Convoy)]
    paths: dict[str, list[XY]] = {}
    moves = {
        (o.unit.location.province, o.destination.province) for o in orders if isinstance(o, Move)
    }
    for order in orders:
        if isinstance(order, Move):
            path = _path_of(order, layer, convoys)
            if (order.destination.province, order.unit.location.province) in moves:
                path = strokes.offset(path, st.line * 1.6)  # head to head: side by side
            paths[order.unit.location.province] = path
    for n, order in enumerate(orders):
        if isinstance(order, Waive):
            continue
        outcome = outcomes.get(order)
        ok = not _failed_at(outcome)
        owner = layer.owner(order.unit)
        if outcome is not None and outcome.reason is Reason.DISLODGED and not layer.faint:
            layer.dislodged.append((layer.where(order.unit.location), owner))
        colour = layer.colour(order, ok)
        if isinstance(order, Move | Retreat):
            given = paths.get(order.unit.location.province) if isinstance(order, Move) else None
            path = given or [layer.origin(order.unit), layer.where(order.destination)]
            start = st.dislodged_reach if owner.endswith(":d") else st.reach
            pts = strokes.shorten(path, start + 1, st.reach + 1)
            pts = layer.head(pts, f"head:{n}", aim=layer.where(order.destination))
            dash = (st.line * 2.0, st.line * 1.5) if isinstance(order, Retreat) else None
            strokes.arrow(draw, pts, colour, layer.casing(ok), layer.line, dash)
            if not ok and outcome is not None and outcome.reason is not Reason.DISLODGED:
                layer.crosses.append((layer.spot(pts, pts[-1], layer.cross_size, f"head:{n}"), ""))
        elif isinstance(order, Support):
            _draw_support(draw, layer, order, ok, colour, paths, f"support:{n}")
        elif isinstance(order, Convoy):
            at = layer.where(order.unit.location)
            strokes.ring(draw, at, st.reach - 2, colour, layer.casing(ok), max(2, layer.line - 1))
            if not ok and outcome is not None and outcome.reason is not Reason.DISLODGED:
                layer.cross(at, owner)
        elif isinstance(order, Hold) and not layer.faint:  # under the new position: clutter
            at = layer.where(order.unit.location)
            strokes.ring(draw, at, st.reach - 2, colour, layer.casing(ok), max(2, layer.line - 1))
        elif isinstance(order, Build):
            _draw_build(canvas, draw, layer, order, ok)
        elif isinstance(order, Disband) and not layer.faint:
            layer.cross(layer.origin(order.unit), owner)


def _draw_support(
    draw: ImageDraw.ImageDraw,
    layer: OrderLayer,
    order: Support,
    ok: bool,
    colour: tuple[int, int, int],
    paths: Mapping[str, list[XY]],
    owner: str,
) -> None:
    st = layer.style
    start = layer.where(order.unit.location)
    supported = layer.where(order.supported)
    if order.destination is None:
        target, end_gap = supported, st.reach + 1
    else:
        path = paths.get(order.supported.province)
        if path is None or layer.where(order.destination) != path[-1]:
            path = [supported, layer.where(order.destination)]
        target, end_gap = strokes.midpoint(path), 0.0
    pts = strokes.shorten([start, target], st.reach + 1, end_gap)
    if order.destination is not None:
        # The dot sits on the supported move; where that is covered, on the line.
        pts[-1] = layer.spot(pts, pts[-1], st.line * 2.6 + 4, owner)
    dash = (st.line * 2.5, st.line * 1.6)
    strokes.polyline(draw, pts, colour, layer.casing(ok), max(2, layer.line - 1), dash)
    if order.destination is None:
        strokes.ring(draw, supported, st.reach - 1, colour, layer.casing(ok), 2)
    else:
        strokes.dot(draw, pts[-1], st.line * 1.3, colour, layer.casing(ok))
    if not ok:
        layer.crosses.append((layer.spot(pts, strokes.midpoint(pts), layer.cross_size, owner), ""))


def _draw_build(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, layer: OrderLayer, order: Build, ok: bool
) -> None:
    at = layer.where(order.unit.location)
    r = layer.style.reach - 1
    halo = BUILD_HALO if ok else (150, 150, 150)
    owner = order.unit.province
    draw.ellipse(
        (at[0] - r, at[1] - r, at[0] + r, at[1] + r), outline=halo, width=max(3, layer.style.line)
    )
    layer.scene.add(Drawn.disc(Kind.MARKER, at, r, owner))
    if not ok:
        layer.cross(at, owner)
    if layer.faint:  # the built unit is drawn with the new position; a failed one is not
        return
    icon = unit_icon(
        order.unit.type,
        layer.palette.power(order.unit.power),
        layer.palette.outline,
        layer.style.unit,
    )
    paste_centred(canvas, icon, at)


def draw_crosses(canvas: Image.Image, layer: OrderLayer) -> None:
    """Crosses on what failed; a broken red ring round each unit dislodged."""
    draw = ImageDraw.Draw(canvas)
    r = layer.style.reach - 1
    w = max(3, layer.style.line)
    for (x, y), _ in layer.dislodged:
        box = (x - r, y - r, x + r, y + r)
        for start in range(0, 360, 60):
            draw.arc(box, start + 8, start + 52, fill=layer.palette.failed, width=w)
    size = layer.cross_size
    icon = cross_icon(layer.palette.failed, max(10 if layer.faint else 12, round(size)))
    for at, _ in layer.crosses:
        paste_centred(canvas, icon, at)
