"""Line work for orders: arrows, dashed and dotted lines, rings, all with a dark casing
so that a white (Russian) or yellow (Turkish) stroke reads on pale land."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import ImageDraw

RGB = tuple[int, int, int]
XY = tuple[float, float]


def shorten(points: Sequence[XY], start: float, end: float) -> list[XY]:
    """The polyline with `start` pixels cut from its beginning and `end` from its end,
    so an arrow leaves a unit's icon and stops at the edge of the one it points to."""
    pts = list(points)
    if len(pts) < 2:
        return pts
    pts[0] = _towards(pts[0], pts[1], start)
    pts[-1] = _towards(pts[-1], pts[-2], end)
    return pts


def _towards(a: XY, b: XY, dist: float) -> XY:
    length = math.dist(a, b)
    if length <= dist * 2 or length == 0:
        return a
    t = dist / length
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def offset(points: Sequence[XY], dist: float) -> list[XY]:
    """A two-point line moved `dist` pixels to its right (seen along its direction)."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    length = math.dist(points[0], points[-1]) or 1.0
    dx, dy = -(y1 - y0) / length * dist, (x1 - x0) / length * dist
    return [(x + dx, y + dy) for x, y in points]


def midpoint(points: Sequence[XY]) -> XY:
    """The point halfway along a polyline."""
    total = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
    half = total / 2
    for a, b in itertools.pairwise(points):
        step = math.dist(a, b)
        if step >= half and step > 0:
            t = half / step
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        half -= step
    return points[-1]


def _dashes(points: Sequence[XY], on: float, off: float) -> list[tuple[XY, XY]]:
    out: list[tuple[XY, XY]] = []
    drawing, left = True, on
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            t0, t1 = pos / length, (pos + step) / length
            if drawing:
                out.append(
                    (
                        (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                        (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                    )
                )
            pos += step
            left -= step
            if left <= 0:
                drawing = not drawing
                left = on if drawing else off
    return out


def polyline(
    draw: ImageDraw.ImageDraw,
    points: Sequence[XY],
    colour: RGB,
    casing: RGB,
    width: int,
    dash: tuple[float, float] | None = None,
) -> None:
    """A cased line, solid or dashed (`dash` = on, off lengths in pixels)."""
    if len(points) < 2:
        return
    pieces = [tuple(points)] if dash is None else _dashes(points, *dash)
    for piece in pieces:
        draw.line(piece, fill=casing, width=width + 3, joint="curve")
    for piece in pieces:
        draw.line(piece, fill=colour, width=width, joint="curve")


def arrow(
    draw: ImageDraw.ImageDraw,
    points: Sequence[XY],
    colour: RGB,
    casing: RGB,
    width: int,
    dash: tuple[float, float] | None = None,
) -> None:
    """A cased polyline ending in an arrowhead."""
    if len(points) < 2:
        return
    head = width * 3.2
    tip, before = points[-1], points[-2]
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    base = (tip[0] - head * math.cos(angle), tip[1] - head * math.sin(angle))
    body = [*points[:-1], base] if math.dist(before, tip) > head else list(points)
    polyline(draw, body, colour, casing, width, dash)
    wing = head * 0.6
    tri = [
        tip,
        (base[0] + wing * math.sin(angle), base[1] - wing * math.cos(angle)),
        (base[0] - wing * math.sin(angle), base[1] + wing * math.cos(angle)),
    ]
    draw.polygon(tri, fill=colour, outline=casing, width=2)


def ring(
    draw: ImageDraw.ImageDraw, centre: XY, radius: float, colour: RGB, casing: RGB, width: int
) -> None:
    """A cased circle around a unit: the hold order."""
    x, y = centre
    r = radius
    draw.ellipse((x - r - 1, y - r - 1, x + r + 1, y + r + 1), outline=casing, width=width + 2)
    draw.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=width)


def dot(draw: ImageDraw.ImageDraw, centre: XY, radius: float, colour: RGB, casing: RGB) -> None:
    x, y = centre
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=colour, outline=casing, width=2
    )
