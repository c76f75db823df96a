"""A hidden-information player's map: what their power may know, the rest hatched.

rules/004, Kriegsplomacy: "you don't know where (or what) anybody else's units are".
A place the power knows nothing of is not empty, so it is not drawn as empty: it is
hatched over, unit, centre and all (issue 12, "the map shows unknown places as unknown,
never as empty"). The position given is already the power's view
(`adjudication.views`): the renderer decides nothing, it only hatches the places named.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from PIL import Image, ImageChops, ImageDraw

from adjudication.board import Board
from adjudication.maps import STANDARD
from adjudication.outcomes import Outcome
from adjudication.position import Position
from adjudication.units import PhaseKind, Power
from render.geometry import geometry_at
from render.map import DEFAULT_WIDTH, output_colours, render_map_image
from render.palette import Palette, get_palette
from render.panels import LegendRow
from render.png import encode_png

HATCH = (110, 110, 110)  # one of the map's plain greys (`output_colours`)
HATCH_STEP = 9  # pixels between two lines of the hatching, at 1600 px wide


def render_view_map(
    position: Position,
    unknown: Collection[str],
    board: Board = STANDARD,
    outcomes: Iterable[Outcome] | None = None,
    palette: str | Palette = "classic",
    width: int = DEFAULT_WIDTH,
    totals: Mapping[Power, int] | None = None,
    power: Power | None = None,
) -> bytes:
    """The map of one power's view of a position, the provinces in `unknown` hatched;
    with `totals` (the year's chart) the key counts those for every power, and units
    only for `power`'s own. Same input, same bytes."""
    pal = get_palette(palette)
    rows = None if totals is None else view_legend_rows(board, position, totals, power)
    image = render_map_image(position, board, None, outcomes, None, pal, width, legend=rows)
    hatch_unknown(image, unknown, board.name)
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


def hatch_unknown(image: Image.Image, unknown: Collection[str], board: str = "standard") -> None:
    """Diagonal lines over every pixel of the provinces in `unknown`, in place."""
    if not unknown:
        return
    geo = geometry_at(image.width, board)
    indices = {geo.spaces[code].index for code in unknown if code in geo.spaces}
    mask = geo.labels.point([255 if i in indices else 0 for i in range(256)])
    lines = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(lines)
    step = max(4, round(HATCH_STEP * image.width / DEFAULT_WIDTH))
    for x in range(-image.height, image.width, step):
        draw.line((x, 0, x + image.height, image.height), fill=255, width=2)
    # Hard edges (0 or 255 only): no blend of colours the PNG's palette does not hold.
    image.paste(HATCH, mask=ImageChops.multiply(lines, mask))
