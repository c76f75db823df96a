"""Text on the map: space names, the title with the phase, the legend of centre counts."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from adjudication.board import Board
from adjudication.position import Position
from adjudication.units import PhaseKind, Power, UnitType
from adjudication.variants import VARIANTS
from render.geometry import geometry_at
from render.icons import paste_centred, unit_icon
from render.layout import LABEL_HALO, LABEL_SIZE, SYMBOLS_AREA, UNIT_SIZE, scaled
from render.masters_marks import draw_names, mark_unit, names_height, neutral_groups
from render.palette import Palette
from render.variant_marks import Statuses, status_word

# Pillow's bundled FreeType font (Aileron): nothing to ship, same glyphs everywhere.


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


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
        left, top, right, bottom = font(size).getbbox(text, anchor="mm")
        left, top, right, bottom = left - pad - 1, top - pad - 1, right + pad + 1, bottom + pad + 1
        mask = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font(size), anchor="mm")
        halo = mask.filter(ImageFilter.MaxFilter(2 * pad + 1))
        box = (space.label[0] + left, space.label[1] + top)
        out.append(Label(box, mask, halo, code in sea_codes, "label:" + code))
    return tuple(out)


def _scale(style_unit: int) -> float:
    return style_unit / UNIT_SIZE


def title_box(title: str, style, viewer: Power | None) -> tuple[int, int, int, int]:
    f = _scale(style.unit)
    text = title if viewer is None else f"{title} — {viewer.title()}"
    big = font(max(12, round(36 * f)))
    x0, y0 = round(12 * f), round(12 * f)
    box = big.getbbox(text)
    pad = round(10 * f)
    return (x0, y0, x0 + box[2] + 2 * pad, y0 + box[3] + 2 * pad)


def draw_title(canvas: Image.Image, title: str, pal: Palette, style, viewer: Power | None) -> None:
    """The phase ("Fall 1902") in a panel at the top left."""
    f = _scale(style.unit)
    draw = ImageDraw.Draw(canvas)
    big = font(max(12, round(36 * f)))
    text = title if viewer is None else f"{title} — {viewer.title()}"
    x0, y0 = round(12 * f), round(12 * f)
    pad = round(10 * f)
    draw.rounded_rectangle(
        title_box(title, style, viewer),
        radius=round(8 * f),
        fill=pal.panel,
        outline=pal.outline,
        width=max(1, round(2 * f)),
    )
    draw.text((x0 + pad, y0 + pad), text, fill=pal.outline, font=big)


@dataclass(frozen=True)
class LegendRow:
    """One power's line of the key, as counted on the position drawn."""

    power: Power
    text: str  # "  4    3" (centres, units) and, in adjustments, "   +1" or "    ·"
    alive: bool
    status: str = ""  # after the name, for a power no player holds: "civil disorder"
    label: str = ""  # instead of the power's name: a group's ("Minor powers")
    names: tuple[str, ...] = ()  # a group's members, listed under its row


def legend_rows(
    board: Board, position: Position, statuses: Statuses | None = None
) -> list[LegendRow]:
    """The key's rows: the powers by most centres, each with its counts on `position`
    and, for a power no player holds (`statuses`), why."""
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    rows = []
    for power in sorted(board.powers, key=lambda p: (-len(position.centres_of(p)), p)):
        text = f"{len(position.centres_of(power)):>2}   {len(position.units_of(power)):>2}"
        if adjusting:
            adj = position.adjustment_of(power)
            text += f"   {adj:+d}" if adj else "    ·"
        rows.append(LegendRow(power, text, position.is_alive(power), status_word(power, statuses)))
    for label, first, text, names in neutral_groups(board, position):  # rules/003's
        rows.append(LegendRow(first, text, True, "", label, names))
    return rows


@dataclass(frozen=True)
class _LegendLayout:
    box: tuple[int, int, int, int]
    name_x: int
    num_x: int
    row: int
    wrap: int = 0


def _legend_head(adjusting: bool) -> str:
    return "Centres · Units" + (" · Adj." if adjusting else "")


def _legend_layout(board: Board, position: Position, style, rows: list[LegendRow]):
    f = _scale(style.unit)
    small = font(max(9, round(31 * f)))
    row = round(40 * f)
    x0, y0 = round(12 * f), round(86 * f)
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    name_x = x0 + round(44 * f)
    # Fonts have a floor size, the layout does not: on a narrow map the names and the
    # numbers would overlap, so the columns move apart when the text needs it.
    gap = max(4, round(6 * f))
    widest_name = max((_name_width(r, small, f) for r in rows), default=0)
    num_x = max(x0 + round(170 * f), name_x + widest_name + gap)
    widest_text = max((round(small.getlength(r.text)) for r in rows), default=0)
    head = font(max(8, round(22 * f))).getlength(_legend_head(adjusting))
    right = max(
        x0 + round((300 if adjusting else 250) * f),
        num_x + widest_text + gap,
        num_x - round(6 * f) + round(head) + 1,
    )
    listed = names_height(rows, _status_font(f), right - name_x - gap, f)  # rules/003's
    bottom = y0 + row * (len(rows) + 1) + listed + round(14 * f)
    return _LegendLayout((x0, y0, right, bottom), name_x, num_x, row, right - name_x - gap)


def _name_width(row: LegendRow, small, f: float) -> int:
    """A row's name with its status word (in the header's smaller type) after it."""
    width = small.getlength(row.label or row.power.title())
    if row.status:
        width += round(8 * f) + _status_font(f).getlength(row.status)
    return round(width)


def _status_font(f: float):
    return font(max(8, round(22 * f)))


def legend_box(
    board: Board,
    position: Position,
    style,
    statuses: Statuses | None = None,
    rows: list[LegendRow] | None = None,
) -> tuple[int, int, int, int]:
    """The key's panel (left, top, right, bottom): one row per power under a header."""
    rows = rows or legend_rows(board, position, statuses)
    return _legend_layout(board, position, style, rows).box


def draw_legend(
    canvas: Image.Image,
    board: Board,
    pal: Palette,
    position: Position,
    style,
    statuses: Statuses | None = None,
    rows: list[LegendRow] | None = None,
) -> None:
    """One row per power: its colour, name (and why no player holds it), supply centres
    and units (and, in an adjustment phase, builds or removals owed), counted on
    `position` unless `rows` are given (a hidden-information view: render/unknown.py)."""
    f = _scale(style.unit)
    draw = ImageDraw.Draw(canvas)
    small = font(max(9, round(31 * f)))
    rows = rows or legend_rows(board, position, statuses)
    layout = _legend_layout(board, position, style, rows)
    x0, y0, _, _ = layout.box
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    draw.rounded_rectangle(
        layout.box,
        radius=round(8 * f),
        fill=pal.panel,
        outline=pal.outline,
        width=max(1, round(2 * f)),
    )
    draw.text(
        (layout.num_x - round(6 * f), y0 + round(8 * f)),
        _legend_head(adjusting),
        fill=(90, 90, 90),
        font=font(max(8, round(22 * f))),
    )
    below = 0  # the height of the groups' lists of names drawn so far
    for i, line in enumerate(rows, start=1):
        top = y0 + round(8 * f) + layout.row * i + round(3 * f) + below
        icon = unit_icon(UnitType.ARMY, pal.power(line.power), pal.outline, round(28 * f))
        # Level with the text, whose size has a floor the row height does not.
        paste_centred(canvas, icon, at := (x0 + round(22 * f), top + small.size * 0.6))
        mark_unit(canvas, pal, line.power, at, round(28 * f))  # a minor power's, a rebel's
        colour = pal.outline if line.alive else (150, 150, 150)
        draw.text((layout.name_x, top), line.label or line.power.title(), fill=colour, font=small)
        below += draw_names(draw, line.names, layout, top, _status_font(f), f)
        if line.status:
            at = layout.name_x + round(small.getlength(line.power.title()) + 8 * f)
            draw.text(
                (at, top + round(small.size - _status_font(f).size)),
                line.status,
                fill=(90, 90, 90),
                font=_status_font(f),
            )
        draw.text((layout.num_x, top), line.text, fill=colour, font=small)


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
    f = _scale(style.unit)
    small = font(max(9, round(31 * f)))
    rows = (len(entries) + 1) // 2
    col = round(44 * f) + max(round(small.getlength(w)) for _, w in entries) + round(16 * f)
    right = round(SYMBOLS_AREA[2] * f)
    top = round(SYMBOLS_AREA[1] * f) + round(4 * f)
    return (right - 2 * col - round(12 * f), top, right, top + rows * round(40 * f) + round(16 * f))


def panel_boxes(
    board: Board,
    position: Position,
    style,
    title: str = "",
    viewer=None,
    statuses: Statuses | None = None,
    rows: list[LegendRow] | None = None,
):
    """Where the panels stand: the title, the powers' counts, the key of symbols."""
    return [
        title_box(title or position.phase.title, style, viewer),
        legend_box(board, position, style, statuses, rows),
        key_box(style, key_entries(position)),
    ]


def draw_key(
    canvas: Image.Image,
    pal: Palette,
    style,
    entries: tuple[tuple[str, str], ...] = KEY_ENTRIES,
) -> None:
    """What the map's symbols mean: units, centres, and the marks of orders."""
    from render import strokes
    from render.icons import cross_icon, spy_icon

    f = _scale(style.unit)
    draw = ImageDraw.Draw(canvas)
    small = font(max(9, round(31 * f)))
    box = key_box(style, entries)
    draw.rounded_rectangle(
        box, radius=round(8 * f), fill=pal.panel, outline=pal.outline, width=max(1, round(2 * f))
    )
    rows = (len(entries) + 1) // 2
    col = (box[2] - box[0] - round(12 * f)) // 2
    line = max(2, round(4 * f))
    unit = round(26 * f)
    for i, (what, word) in enumerate(entries):
        x = box[0] + round(8 * f) + (i // rows) * col
        y = box[1] + round(8 * f) + (i % rows) * round(40 * f) + round(20 * f)
        c = (x + round(18 * f), y)
        left, right = (x + round(2 * f), y), (x + round(36 * f), y)
        fr = pal.power("FRANCE")
        if what in ("army", "fleet", "plane"):
            kind = {"army": "A", "fleet": "F", "plane": "P"}[what]
            paste_centred(canvas, unit_icon(kind, fr, pal.outline, unit), c)
        elif what == "spy":
            paste_centred(canvas, spy_icon(fr, pal.outline, unit), c)
        elif what in ("owned", "neutral"):
            r = round(9 * f)
            if what == "owned":
                draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=pal.outline)
                q = r - max(2, round(r / 3))
                draw.ellipse((c[0] - q, c[1] - q, c[0] + q, c[1] + q), fill=fr)
            else:
                q = r - 2
                draw.ellipse(
                    (c[0] - q, c[1] - q, c[0] + q, c[1] + q),
                    fill=pal.panel,
                    outline=pal.outline,
                    width=1,
                )
                d = max(1, round(r / 3))
                draw.ellipse((c[0] - d, c[1] - d, c[0] + d, c[1] + d), fill=pal.outline)
        elif what == "dislodged":
            r = round(14 * f)
            draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=pal.failed)
            paste_centred(canvas, unit_icon("A", fr, pal.outline, round(22 * f)), c)
        elif what == "build":
            r = round(15 * f)
            draw.ellipse(
                (c[0] - r, c[1] - r, c[0] + r, c[1] + r), outline=(60, 170, 80), width=line
            )
            paste_centred(canvas, unit_icon("A", fr, pal.outline, round(20 * f)), c)
        elif what == "move":
            strokes.arrow(draw, [left, right], fr, pal.outline, line)
        elif what == "support":
            strokes.polyline(
                draw, [left, right], fr, pal.outline, max(2, line - 1), (line * 2.5, line * 1.6)
            )
            strokes.dot(draw, right, line * 1.3, fr, pal.outline)
        elif what == "hold":
            strokes.ring(draw, c, round(12 * f), fr, pal.outline, max(2, line - 1))
        elif what == "retreat":
            strokes.arrow(
                draw, [left, right], fr, pal.outline, max(2, line - 1), (line * 2.0, line * 1.5)
            )
        elif what in ("failed", "removed"):
            if what == "removed":
                paste_centred(canvas, unit_icon("A", fr, pal.outline, round(22 * f)), c)
            paste_centred(canvas, cross_icon(pal.failed, round(24 * f)), c)
        draw.text((x + round(44 * f), y), word, fill=pal.outline, font=small, anchor="lm")


def draw_panels(
    canvas,
    board: Board,
    pal: Palette,
    position: Position,
    style,
    title,
    viewer,
    statuses: Statuses | None = None,
    rows: list[LegendRow] | None = None,
):
    """The title, the powers' counts (`rows`, when given) and the key of symbols."""
    draw_title(canvas, title, pal, style, viewer)
    draw_legend(canvas, board, pal, position, style, statuses, rows)
    draw_key(canvas, pal, style, key_entries(position))
