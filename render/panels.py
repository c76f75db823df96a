"""Text on the map: the spaces' names, and the panels — the title (render/title.py),
the powers' key (render/legend.py) and the key of symbols — composed at the top."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFilter

from adjudication.model.position import Position
from adjudication.variants import VARIANTS
from render import strokes
from render.geometry import geometry_at
from render.icons import cross_icon, paste_centred, spy_icon, unit_icon
from render.layout import LABEL_HALO, LABEL_SIZE, SYMBOLS_AREA, scaled
from render.legend import LEGEND_TOP, LegendRow, draw_legend, legend_box, legend_rows
from render.lettering import font, panel_type, scale_of, write
from render.palette import Palette
from render.request import MapRequest
from render.scene import Scene
from render.title import draw_title, title_box

# Moved to their own modules; named here too for those who import them from the panels.
__all__ = ["LegendRow", "font", "legend_box", "legend_rows"]


@dataclass(frozen=True)
class Label:
    """A space's name as anti-aliased masks (the letters and their halo) to paste at
    `box` (left, top)."""

    box: tuple[int, int]
    mask: Image.Image
    halo: Image.Image
    at_sea: bool
    owner: str


def label_size(width: int) -> int:
    return max(8, round(scaled(LABEL_SIZE, width)))


@cache
def space_labels(
    width: int, board: str, land_codes: frozenset[str], sea_codes: frozenset[str]
) -> tuple[Label, ...]:
    """The names of the spaces (full where the layout found room), rendered once per
    width, centred on their layout places."""
    geo = geometry_at(width, board)
    size = label_size(width)
    pad = max(1, round(scaled(LABEL_HALO, width)))
    out = []
    for code, space in sorted(geo.spaces.items()):
        if code not in land_codes and code not in sea_codes:
            continue
        text = space.name
        # Whole pixels (FreeType's box is in them; Pillow types it as float).
        left, top, right, bottom = (round(v) for v in font(size).getbbox(text, anchor="mm"))
        left, top, right, bottom = left - pad - 1, top - pad - 1, right + pad + 1, bottom + pad + 1
        mask = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font(size), anchor="mm")
        halo = mask.filter(ImageFilter.MaxFilter(2 * pad + 1))
        box = (space.label[0] + left, space.label[1] + top)
        out.append(Label(box, mask, halo, code in sea_codes, "label:" + code))
    return tuple(out)


# The key of symbols: (what it shows, its word). Drawn in two columns at the top right.
KEY_ENTRIES = (
    ("army", "Army"),
    ("fleet", "Fleet"),
    ("owned", "Centre"),
    ("neutral", "Neutral"),
    ("dislodged", "Dislodged"),
    ("build", "Build"),
    ("move", "Move"),
    ("support", "Support"),
    ("hold", "Hold"),
    ("retreat", "Retreat"),
    ("failed", "Failed"),
    ("removed", "Removed"),
)


# Games with planes (Airplane Diplomacy, rules/004) add theirs after the fleet.
KEY_ENTRIES_WITH_PLANES = (*KEY_ENTRIES[:2], ("plane", "Plane"), *KEY_ENTRIES[2:])


# Spy Diplomacy (rules/004) adds the spy after the fleet.
KEY_ENTRIES_WITH_SPIES = (*KEY_ENTRIES[:2], ("spy", "Spy"), *KEY_ENTRIES[2:])


def key_entries(position: Position) -> tuple[tuple[str, str], ...]:
    """The key's entries for a map of `position`: the plane only where its variant has
    planes, the spy where it has spies, so a standard map's key is as it was."""
    variant = VARIANTS[position.variant]
    if variant.spies:
        return KEY_ENTRIES_WITH_SPIES
    return KEY_ENTRIES_WITH_PLANES if variant.has_planes else KEY_ENTRIES


def key_box(style, entries: tuple[tuple[str, str], ...] = KEY_ENTRIES) -> tuple[int, int, int, int]:
    """The key of symbols (left, top, right, bottom), in its corner at the top right."""
    f = scale_of(style)
    small = panel_type(f)
    rows = (len(entries) + 1) // 2
    col = round(44 * f) + max(round(small.getlength(w)) for _, w in entries) + round(16 * f)
    right = round(SYMBOLS_AREA[2] * f)
    top = round(SYMBOLS_AREA[1] * f) + round(4 * f)
    return (right - 2 * col - round(12 * f), top, right, top + rows * round(40 * f) + round(16 * f))


def panel_boxes(
    request: MapRequest, position: Position, style, title: str = ""
) -> list[tuple[int, int, int, int]]:
    """Where the panels of `request`'s map of `position` stand: the title, the powers'
    counts under it, the key of symbols."""
    title = title or position.phase.title
    viewer, subtitle = request.viewer, request.subtitle
    top = legend_top(title, style, viewer, subtitle)
    return [
        title_box(title, style, viewer, subtitle),
        legend_box(request.board, position, style, request.statuses, request.legend, top),
        key_box(style, key_entries(position)),
    ]


def legend_top(title: str, style, viewer, subtitle: str) -> int:
    """Where the powers' key starts: where it always does, lowered by as much as a
    second line makes the title taller."""
    taller = title_box(title, style, viewer, subtitle)[3] - title_box(title, style, viewer)[3]
    return round(LEGEND_TOP * scale_of(style)) + taller


def draw_key(
    canvas: Image.Image,
    pal: Palette,
    style,
    entries: tuple[tuple[str, str], ...] = KEY_ENTRIES,
    scene: Scene | None = None,
) -> None:
    """What the map's symbols mean: units, centres, and the marks of orders, each
    symbol drawn in France's colours with its word after it, in two columns."""
    f = scale_of(style)
    draw = ImageDraw.Draw(canvas)
    small = panel_type(f)
    box = key_box(style, entries)
    draw.rounded_rectangle(
        box, radius=round(8 * f), fill=pal.panel, outline=pal.outline, width=max(1, round(2 * f))
    )
    rows = (len(entries) + 1) // 2
    col = (box[2] - box[0] - round(12 * f)) // 2
    for i, (what, word) in enumerate(entries):
        x = box[0] + round(8 * f) + (i // rows) * col
        y = box[1] + round(8 * f) + (i % rows) * round(40 * f) + round(20 * f)
        if what in ("army", "fleet", "plane", "spy"):
            _key_unit(canvas, what, (x + round(18 * f), y), pal, f)
        elif what in ("owned", "neutral"):
            _key_centre(draw, what == "owned", (x + round(18 * f), y), pal, f)
        elif what in ("move", "support", "hold", "retreat"):
            _key_line(draw, what, (x, y), pal, f)
        else:
            _key_mark(canvas, draw, what, (x + round(18 * f), y), pal, f)
        write(draw, (x + round(44 * f), y), word, pal.outline, small, scene, anchor="lm")


def _key_unit(canvas: Image.Image, what: str, c: tuple[int, int], pal: Palette, f: float) -> None:
    """An army, a fleet, a plane or a spy, centred on `c`."""
    french, size = pal.power("FRANCE"), round(26 * f)
    if what == "spy":
        paste_centred(canvas, spy_icon(french, pal.outline, size), c)
    else:
        kind = {"army": "A", "fleet": "F", "plane": "P"}[what]
        paste_centred(canvas, unit_icon(kind, french, pal.outline, size), c)


def _key_centre(
    draw: ImageDraw.ImageDraw, owned: bool, c: tuple[int, int], pal: Palette, f: float
) -> None:
    """A supply centre as the map draws it: a full disc when owned, a ring round a dot
    when neutral (render.map.draw_centres)."""
    r = round(9 * f)
    if owned:
        draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=pal.outline)
        q = r - max(2, round(r / 3))
        draw.ellipse((c[0] - q, c[1] - q, c[0] + q, c[1] + q), fill=pal.power("FRANCE"))
    else:
        q = r - 2
        draw.ellipse(
            (c[0] - q, c[1] - q, c[0] + q, c[1] + q), fill=pal.panel, outline=pal.outline, width=1
        )
        d = max(1, round(r / 3))
        draw.ellipse((c[0] - d, c[1] - d, c[0] + d, c[1] + d), fill=pal.outline)


def _key_line(
    draw: ImageDraw.ImageDraw, what: str, at: tuple[int, int], pal: Palette, f: float
) -> None:
    """The line of an order — a move, a support, a hold, a retreat — from `at`."""
    x, y = at
    french, line = pal.power("FRANCE"), max(2, round(4 * f))
    left, right = (x + round(2 * f), y), (x + round(36 * f), y)
    if what == "move":
        strokes.arrow(draw, [left, right], french, pal.outline, line)
    elif what == "support":
        dash = (line * 2.5, line * 1.6)
        strokes.polyline(draw, [left, right], french, pal.outline, max(2, line - 1), dash)
        strokes.dot(draw, right, line * 1.3, french, pal.outline)
    elif what == "hold":
        c = (x + round(18 * f), y)
        strokes.ring(draw, c, round(12 * f), french, pal.outline, max(2, line - 1))
    else:
        dash = (line * 2.0, line * 1.5)
        strokes.arrow(draw, [left, right], french, pal.outline, max(2, line - 1), dash)


def _key_mark(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    what: str,
    c: tuple[int, int],
    pal: Palette,
    f: float,
) -> None:
    """What marks a unit, centred on `c`: dislodged, built, or failed and removed."""
    french = pal.power("FRANCE")
    if what == "dislodged":
        r = round(14 * f)
        draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=pal.failed)
        paste_centred(canvas, unit_icon("A", french, pal.outline, round(22 * f)), c)
    elif what == "build":
        r, line = round(15 * f), max(2, round(4 * f))
        draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), outline=(60, 170, 80), width=line)
        paste_centred(canvas, unit_icon("A", french, pal.outline, round(20 * f)), c)
    elif what in ("failed", "removed"):
        if what == "removed":
            paste_centred(canvas, unit_icon("A", french, pal.outline, round(22 * f)), c)
        paste_centred(canvas, cross_icon(pal.failed, round(24 * f)), c)


def draw_panels(
    canvas: Image.Image,
    request: MapRequest,
    pal: Palette,
    position: Position,
    style,
    title: str,
    scene: Scene | None = None,
) -> None:
    """The title (the request's `subtitle` its second line), the powers' counts on
    `position` (the request's `legend`, when given) and the key of symbols; their words
    recorded in `scene` when given."""
    viewer, subtitle = request.viewer, request.subtitle
    draw_title(canvas, title, pal, style, viewer, scene, subtitle)
    top = legend_top(title, style, viewer, subtitle)
    rows = request.legend
    draw_legend(canvas, request.board, pal, position, style, request.statuses, rows, scene, top)
    draw_key(canvas, pal, style, key_entries(position), scene)
