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

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from adjudication.board import Board
from adjudication.orders import (
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
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Position
from adjudication.units import Location, Unit
from render import strokes
from render.geometry import MapGeometry
from render.icons import cross_icon, paste_centred, unit_icon
from render.palette import Palette, _mix

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
    """Sizes in pixels at the map's width."""

    unit: int
    line: int

    @classmethod
    def for_width(cls, width: int) -> Style:
        f = width / 1600
        return cls(unit=max(12, round(32 * f)), line=max(2, round(4 * f)))


@dataclass
class OrderLayer:
    geo: MapGeometry
    board: Board
    position: Position
    palette: Palette
    style: Style
    faint: bool = False
    crosses: list[XY] = field(default_factory=list)
    dislodged: list[XY] = field(default_factory=list)

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
        """Where a dislodged unit is drawn: beside the space it lost, off its anchor,
        so the unit that took the space stays in view."""
        x, y = self.geo.anchor(location)
        shift = self.style.unit * 0.55
        return (x + shift, y + shift)

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
    """Draw movement, retreat and adjustment orders (units are drawn by the caller)."""
    draw = ImageDraw.Draw(canvas)
    st = layer.style
    r_unit = st.unit * 0.62
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
    for order in orders:
        if isinstance(order, Waive):
            continue
        outcome = outcomes.get(order)
        ok = not _failed_at(outcome)
        if outcome is not None and outcome.reason is Reason.DISLODGED and not layer.faint:
            layer.dislodged.append(layer.where(order.unit.location))
        colour = layer.colour(order, ok)
        if isinstance(order, Move | Retreat):
            path = paths.get(order.unit.location.province) if isinstance(order, Move) else None
            path = path or [layer.origin(order.unit), layer.where(order.destination)]
            pts = strokes.shorten(path, r_unit, r_unit)
            dash = (st.line * 2.0, st.line * 1.5) if isinstance(order, Retreat) else None
            strokes.arrow(draw, pts, colour, layer.casing(ok), layer.line, dash)
            if not ok and outcome is not None and outcome.reason is not Reason.DISLODGED:
                layer.crosses.append(pts[-1])
        elif isinstance(order, Support):
            _draw_support(draw, layer, order, ok, colour, paths, r_unit)
        elif isinstance(order, Convoy):
            at = layer.where(order.unit.location)
            strokes.ring(
                draw, at, r_unit + st.line, colour, layer.casing(ok), max(2, layer.line - 1)
            )
            if not ok and outcome is not None and outcome.reason is not Reason.DISLODGED:
                layer.crosses.append(at)
        elif isinstance(order, Hold) and not layer.faint:  # under the new position: clutter
            at = layer.where(order.unit.location)
            strokes.ring(draw, at, r_unit + st.line, colour, layer.casing(ok), layer.line)
        elif isinstance(order, Build):
            _draw_build(canvas, draw, layer, order, ok)
        elif isinstance(order, Disband) and not layer.faint:
            layer.crosses.append(layer.origin(order.unit))


def _draw_support(
    draw: ImageDraw.ImageDraw,
    layer: OrderLayer,
    order: Support,
    ok: bool,
    colour: tuple[int, int, int],
    paths: Mapping[str, list[XY]],
    r_unit: float,
) -> None:
    st = layer.style
    start = layer.where(order.unit.location)
    supported = layer.where(order.supported)
    if order.destination is None:
        target, end_gap = supported, r_unit + st.line * 2
    else:
        path = paths.get(order.supported.province)
        if path is None or layer.where(order.destination) != path[-1]:
            path = [supported, layer.where(order.destination)]
        target, end_gap = strokes.midpoint(path), st.line * 1.5
    pts = strokes.shorten([start, target], r_unit, end_gap)
    dash = (st.line * 2.5, st.line * 1.6)
    strokes.polyline(draw, pts, colour, layer.casing(ok), max(2, layer.line - 1), dash)
    if order.destination is None:
        strokes.ring(draw, supported, r_unit + st.line * 2, colour, layer.casing(ok), 2)
    else:
        strokes.dot(draw, pts[-1], st.line * 1.3, colour, layer.casing(ok))
    if not ok:
        layer.crosses.append(strokes.midpoint(pts))


def _draw_build(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, layer: OrderLayer, order: Build, ok: bool
) -> None:
    at = layer.where(order.unit.location)
    r = layer.style.unit * 0.95
    halo = BUILD_HALO if ok else (150, 150, 150)
    draw.ellipse(
        (at[0] - r, at[1] - r, at[0] + r, at[1] + r), outline=halo, width=max(3, layer.style.line)
    )
    if not ok:
        layer.crosses.append(at)
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
    r = layer.style.unit * 0.75
    w = max(3, layer.style.line)
    for x, y in layer.dislodged:
        box = (x - r, y - r, x + r, y + r)
        for start in range(0, 360, 60):
            draw.arc(box, start + 8, start + 52, fill=layer.palette.failed, width=w)
    size = layer.style.unit * (0.6 if layer.faint else 0.8)
    icon = cross_icon(layer.palette.failed, max(10 if layer.faint else 12, round(size)))
    for at in layer.crosses:
        paste_centred(canvas, icon, at)
