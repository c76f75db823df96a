"""A hidden-information player's map: what their power may know, the rest hatched.

rules/004, Kriegsplomacy: "you don't know where (or what) anybody else's units are".
A place the power knows nothing of is not empty, so it is not drawn as empty: it is
hatched over, unit, centre and all (issue 12, "the map shows unknown places as unknown,
never as empty"). The position given is already the power's view
(`adjudication.variants.kriegsplomacy.views`): the renderer decides nothing, it only
hatches the places named.

The hatching stops at the board (issue 33): the title, the keys and the spaces' names
stand over it untouched, as legible as on any map. A name is not secret, and the panels
are no place of the board, though they are drawn over the sea's corners.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from render.geometry import geometry_at
from render.map import _codes, output_colours, render_map_image
from render.palette import get_palette
from render.panels import LegendRow, space_labels
from render.png import encode_png
from render.request import DEFAULT_WIDTH, MapRequest
from render.scene import Box, Kind, Scene

HATCH = (110, 110, 110)  # one of the map's plain greys (`output_colours`)
HATCH_STEP = 9  # pixels between two lines of the hatching, at 1600 px wide


def render_view_map(
    request: MapRequest,
    unknown: Collection[str],
    *,
    totals: Mapping[Power, int] | None = None,
    power: Power | None = None,
) -> bytes:
    """The map of one power's view of a position (`request.position`), the provinces
    in `unknown` hatched; with `totals` (the year's chart) the key counts those for
    every power, and units only for `power`'s own. Same input, same bytes."""
    pal = get_palette(request.palette)
    board = request.board
    if totals is not None:
        rows = view_legend_rows(board, request.position, totals, power)
        request = replace(request, legend=rows)
    scene = Scene()  # where the panels stand, to keep them clear
    image = render_map_image(request, scene)
    panels = [d.box for d in scene.drawn if d.kind is Kind.PANEL]
    hatch_unknown(image, unknown, board, panels)
    return encode_png(image, output_colours(pal, board))


def view_legend_rows(
    board: Board, position: Position, totals: Mapping[Power, int], power: Power | None
) -> list[LegendRow]:
    """The key of a power's view: "the supply center chart at the end of each year
    (i.e., the total for each country ...)" for every power, not the centres and units
    the view happens to hold; units and adjustments only for `power`'s own, `?` for
    the others (rules/004: "you don't know where (or what) anybody else's units are")."""
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    rows = []
    for each in sorted(board.powers, key=lambda p: (-totals.get(p, 0), p)):
        mine = each == power
        units = f"{len(position.units_of(each)):>2}" if mine else " ?"
        text = f"{totals.get(each, 0):>2}   {units}"
        if adjusting:
            adj = position.adjustment_of(each) if mine else None
            text += "    ?" if adj is None else f"   {adj:+d}" if adj else "    ·"
        alive = totals.get(each, 0) > 0 or (mine and position.is_alive(each))
        rows.append(LegendRow(each, text, alive))
    return rows


def hatch_unknown(
    image: Image.Image,
    unknown: Collection[str],
    board: Board = STANDARD,
    keep_clear: Iterable[Box] = (),
) -> None:
    """Diagonal lines over every pixel of the provinces in `unknown`, in place, but
    for the spaces' names (their halos) and the boxes `keep_clear` (the panels)."""
    if not unknown:
        return
    geo = geometry_at(image.width, board.name)
    indices = {geo.spaces[code].index for code in unknown if code in geo.spaces}
    mask = geo.labels.point([255 if i in indices else 0 for i in range(256)])
    mask = ImageChops.multiply(_lines(image.size), mask)
    mask = ImageChops.subtract(mask, _names(image.width, board.name, *_codes(board)))
    draw = ImageDraw.Draw(mask)
    for box in keep_clear:
        draw.rectangle(tuple(round(v) for v in box), fill=0)
    # Hard edges (0 or 255 only): no blend of colours the PNG's palette does not hold.
    image.paste(HATCH, mask=mask)


@cache
def _lines(size: tuple[int, int]) -> Image.Image:
    """The hatching's lines over a whole map of `size` (made once per size)."""
    width, height = size
    lines = Image.new("L", size, 0)
    draw = ImageDraw.Draw(lines)
    step = max(4, round(HATCH_STEP * width / DEFAULT_WIDTH))
    for x in range(-height, width, step):
        draw.line((x, 0, x + height, height), fill=255, width=2)
    return lines


@cache
def _names(width: int, board: str, land: frozenset[str], sea: frozenset[str]) -> Image.Image:
    """Every pixel a space's name or its halo touches, at `width` (made once)."""
    names = Image.new("L", geometry_at(width, board).labels.size, 0)
    for label in space_labels(width, board, land, sea):
        solid = label.halo.point(lambda v: 255 * (v > 0))
        names.paste(255, label.box, solid)
    return names
