"""`render_map`: a position, and optionally its orders and their outcomes, as a PNG.

Drawing is layered: the spaces filled by palette lookup on the label raster (owned
supply centres tinted by their owner), borders and names from cached masks, supply
centre markers, order lines, units, dislodged units with their retreats, crosses on
what failed, then the title and the legend. Everything slow (raster, masks, icons,
fonts) is computed once per process.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.position import Position
from render import strokes
from render.geometry import (
    COAST,
    LAND_BORDER,
    SEA_BORDER,
    MapGeometry,
    base_raster,
    geometry_at,
    has_geometry,
)
from render.icons import paste_centred, unit_icon
from render.layout import CENTRE_RADIUS, UNIT_SIZE
from render.orders_layer import BUILD_HALO, OrderLayer, Style, _faded, draw_crosses, draw_orders
from render.palette import Palette, get_palette
from render.panels import Label, draw_panels, panel_boxes, space_labels
from render.png import encode_png, ramps
from render.request import MapRequest
from render.scene import Drawn, Kind, Scene
from render.variants.masters import draw_marker, extra_for, masters_palette
from render.variants.neutral import draw_neutral_land
from render.variants.spy import draw_spies, place_spies


def render_map(request: MapRequest) -> bytes:
    """The map `request` asks for, as PNG bytes (`MapRequest` says what each option
    draws). Land the position's variant closes in its phase is hatched. Same request,
    same bytes."""
    image = render_map_image(request)
    board = request.board
    extra = extra_for(board, request.position)
    return encode_png(image, output_colours(get_palette(request.palette), board, extra))


def render_map_image(request: MapRequest, scene: Scene | None = None) -> Image.Image:
    """As `render_map`, but the Pillow image (RGB) instead of PNG bytes. `scene`, when
    given, receives every name, unit, spy, marker and arrow head drawn, and the panels'
    words."""
    board, width = request.board, request.width
    pal = masters_palette(get_palette(request.palette), board, request.position)
    check_drawable(board, width)
    position, order_list, outcome_list = request.seen()
    geo = geometry_at(width, board.name)
    scene = Scene() if scene is None else scene
    canvas = base_map(geo, board, pal, position)
    draw_neutral_land(canvas, board.name, position)
    style = Style.for_width(width)
    title = position.phase.title
    labels = place_fixed(scene, geo, request, position, style, title)
    draw_centres(canvas, geo, board, pal, position, style)
    layer = OrderLayer(geo, board, position, pal, style, scene=scene)
    draw_orders(canvas, layer, order_list, {o.order: o for o in outcome_list})
    draw_dislodged_options(canvas, layer, order_list)
    paste_labels(canvas, labels, pal)
    draw_units(canvas, geo, pal, position, style)
    draw_spies(canvas, geo, pal, position, style, request.viewer)
    draw_dislodged(canvas, layer)
    draw_crosses(canvas, layer)
    draw_panels(canvas, request, pal, position, style, title, scene)
    return canvas


def place_fixed(
    scene: Scene,
    geo: MapGeometry,
    request: MapRequest,
    position: Position,
    style: Style,
    title: str = "",
) -> tuple[Label, ...]:
    """Record what stands before any order is drawn on `position` (the one shown) —
    the panels, the names, the centres, the units, the spies and the dislodged units —
    so arrow heads and crosses keep off them. Returns the names to paste (over the
    order lines, under the units)."""
    board = request.board
    for box in panel_boxes(request, position, style, title):
        scene.add(Drawn(Kind.PANEL, box, "panel"))
    land_codes, sea_codes = _codes(board)
    labels = space_labels(geo.width, board.name, land_codes, sea_codes)
    for label in labels:
        x, y = label.box
        scene.add(
            Drawn(Kind.LABEL, (x, y, x + label.mask.width, y + label.mask.height), label.owner)
        )
    r = centre_radius(style)
    for code in sorted(board.supply_centres):
        sc = geo.spaces[code].sc
        if sc is not None:
            scene.add(Drawn.disc(Kind.MARKER, sc, r, "sc:" + code))
    for unit in position.units:
        scene.add(Drawn.disc(Kind.UNIT, geo.anchor(unit.location), style.reach, unit.province))
    for d in position.dislodged:
        at = geo.place(d.unit.location, "dislodged")
        scene.add(Drawn.disc(Kind.UNIT, at, style.dislodged_reach, d.unit.province + ":d"))
    place_spies(scene, geo, position, style, request.viewer)
    return labels


def paste_labels(canvas: Image.Image, labels: Sequence[Label], pal: Palette) -> None:
    """The spaces' names: dark letters on a light halo, over the order lines."""
    for label in labels:
        canvas.paste(pal.label_halo, label.box, label.halo)
        canvas.paste(pal.sea_text if label.at_sea else pal.land_text, label.box, label.mask)


def check_drawable(board: Board, width: int) -> None:
    """Refuse what cannot be drawn: a board without geometry, an absurd width."""
    if not has_geometry(board.name):
        raise ValueError(f"no geometry for board {board.name!r}")
    if width < 200 or width > 6400:
        raise ValueError("width must be between 200 and 6400 pixels")


def _codes(board: Board) -> tuple[frozenset[str], frozenset[str]]:
    """Land and sea space codes (hashable, to key the cached masks)."""
    land = frozenset(c for c, p in board.provinces.items() if p.is_land)
    return land, frozenset(c for c, p in board.provinces.items() if p.is_sea)


def base_map(geo: MapGeometry, board: Board, pal: Palette, position: Position) -> Image.Image:
    """Spaces filled by one palette lookup: sea, land, owned centres, the impassable."""
    lut: list[tuple[int, int, int]] = [pal.land] * 256
    for code, space in geo.spaces.items():
        province = board.provinces[code]
        if province.is_sea:
            lut[space.index] = pal.sea
        elif not province.is_land:
            lut[space.index] = pal.impassable
        elif code in position.ownership:
            lut[space.index] = pal.tint(position.ownership[code])
    lut[geo.off_land] = pal.off_land
    lut[geo.off_water] = pal.off_water
    _, sea_codes = _codes(board)
    lut[SEA_BORDER], lut[LAND_BORDER], lut[COAST] = pal.sea_border, pal.land_border, pal.coast
    img = base_raster(geo.width, board.name, sea_codes).copy()
    img.putpalette([c for rgb in lut for c in rgb])
    return img.convert("RGB")


def draw_centres(
    canvas: Image.Image,
    geo: MapGeometry,
    board: Board,
    pal: Palette,
    position: Position,
    style: Style,
) -> None:
    """A supply centre: a full disc in its owner's colour with a dark rim; a neutral one
    is a thin ring on the palette's pale ground round a dark dot, so owned and neutral
    differ by shape, not only by colour (Russia's white included)."""
    draw = ImageDraw.Draw(canvas)
    r = centre_radius(style) - 1
    rim = max(2, round(r / 3))
    for code in sorted(board.supply_centres):
        space = geo.spaces[code]
        if space.sc is None:
            continue
        x, y = space.sc
        owner = position.ownership.get(code)
        if owner:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.outline)
            q = r - rim
            draw.ellipse((x - q, y - q, x + q, y + q), fill=pal.power(owner))
        else:
            q = r - 2
            draw.ellipse((x - q, y - q, x + q, y + q), fill=pal.panel, outline=pal.outline, width=1)
            d = max(1, round(r / 3))
            draw.ellipse((x - d, y - d, x + d, y + d), fill=pal.outline)


def centre_radius(style: Style) -> float:
    """A supply centre marker's radius, outline included."""
    return max(4.0, style.unit * CENTRE_RADIUS / UNIT_SIZE)


def draw_units(
    canvas: Image.Image, geo: MapGeometry, pal: Palette, position: Position, style: Style
) -> None:
    """Every unit of `position` on its space's anchor (its coast's, for a fleet)."""
    for unit in position.units:
        icon = unit_icon(unit.type, pal.power(unit.power), pal.outline, style.unit)
        paste_centred(canvas, icon, geo.anchor(unit.location))
    if pal.marked:  # the Masters Rules' minor powers and rebels
        for unit in position.units:
            if unit.power in pal.marked:
                draw_marker(canvas, unit.power, geo.anchor(unit.location), style.unit)


def draw_dislodged_options(
    canvas: Image.Image, layer: OrderLayer, orders: Sequence[Order] = ()
) -> None:
    """From each dislodged unit's place, thin dotted arrows to every space it may
    retreat to — drawn even when its retreat order is drawn too (in full over them)."""
    draw = ImageDraw.Draw(canvas)
    st = layer.style
    width = max(2, st.line - 2)
    for d in layer.position.dislodged:
        at = layer.dislodged_at(d.unit.location)
        colour = layer.palette.power(d.unit.power)
        for i, target in enumerate(d.retreats):
            pts = strokes.shorten([at, layer.where(target)], st.dislodged_reach + 1, st.reach + 1)
            aim = layer.where(target)
            pts = layer.head(pts, f"retreat:{d.unit.province}:{i}", width, aim)
            strokes.arrow(
                draw, pts, colour, layer.palette.outline, width, dash=(width * 1.2, width * 2.2)
            )


def draw_dislodged(canvas: Image.Image, layer: OrderLayer) -> None:
    """Dislodged units at their spaces' dislodged places, on a disc of the failure
    colour, beside the unit that took the space."""
    draw = ImageDraw.Draw(canvas)
    st = layer.style
    for d in layer.position.dislodged:
        at = layer.dislodged_at(d.unit.location)
        colour = layer.palette.power(d.unit.power)
        r = st.dislodged_reach - 1
        draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), fill=layer.palette.failed)
        icon = unit_icon(d.unit.type, colour, layer.palette.outline, st.dislodged)
        paste_centred(canvas, icon, at)


def output_colours(
    pal: Palette, board: Board, extra: Sequence[tuple[int, int, int]] = ()
) -> list[tuple[int, int, int]]:
    """Every colour a map may contain, plain colours first (then `extra`, the plain
    colours of one kind of map), then anti-aliasing blends."""
    fills = [
        pal.land,
        pal.sea,
        pal.off_land,
        pal.off_water,
        pal.impassable,
        *(pal.tint(p) for p in board.powers),
    ]
    powers = [pal.power(p) for p in board.powers]
    faded = [_faded(c) for c in powers]
    plain = [
        *fills,
        *powers,
        *faded,
        pal.coast,
        pal.land_border,
        pal.sea_border,
        pal.land_text,
        pal.sea_text,
        pal.label_halo,
        pal.outline,
        pal.failed,
        pal.panel,
        (255, 255, 255),
        (110, 110, 110),
        (150, 150, 150),
        (90, 90, 90),
        BUILD_HALO,
    ]
    marks = [(30, 30, 30), (245, 245, 245)]
    blends = ramps(
        [(pal.outline, c) for c in [*fills, *powers, *faded, pal.panel]]
        + [(pal.land_text, c) for c in [pal.label_halo, pal.panel]]
        + [(pal.sea_text, pal.label_halo), (pal.failed, (255, 255, 255))]
        + [(pal.label_halo, c) for c in fills]
        + [(m, c) for m in marks for c in powers]
        + [((255, 255, 255), c) for c in fills]
    )
    return [*plain, *extra, *marks, *blends]
