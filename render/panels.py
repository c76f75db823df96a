"""Text on the map: space names, the title with the phase, the legend of centre counts."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from adjudication.board import Board
from adjudication.position import Position
from adjudication.units import PhaseKind, Power, UnitType
from render.geometry import geometry_at
from render.icons import paste_centred, unit_icon
from render.palette import Palette

# Pillow's bundled FreeType font (Aileron): nothing to ship, same glyphs everywhere.


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


@dataclass(frozen=True)
class Label:
    """A space's name as an anti-aliased mask to paste at `box` (left, top)."""

    box: tuple[int, int]
    mask: Image.Image
    at_sea: bool


@cache
def space_labels(
    width: int, board: str, land_codes: frozenset[str], sea_codes: frozenset[str]
) -> tuple[Label, ...]:
    """The names of the spaces, rendered once per width."""
    geo = geometry_at(width, board)
    size = max(8, round(13 * width / 1600))
    out = []
    for code, space in sorted(geo.spaces.items()):
        if code not in land_codes and code not in sea_codes:
            continue
        left, top, right, bottom = font(size).getbbox(code, anchor="mm")
        mask = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(mask).text((-left, -top), code, fill=255, font=font(size), anchor="mm")
        box = (space.label[0] + left, space.label[1] + top)
        out.append(Label(box, mask, code in sea_codes))
    return tuple(out)


def _scale(style_unit: int) -> float:
    return style_unit / 32


def draw_title(canvas: Image.Image, title: str, pal: Palette, style, viewer: Power | None) -> None:
    """The phase ("Fall 1902") in a panel at the top left."""
    f = _scale(style.unit)
    draw = ImageDraw.Draw(canvas)
    big = font(max(12, round(30 * f)))
    text = title if viewer is None else f"{title} — {viewer.title()}"
    x0, y0 = round(12 * f), round(12 * f)
    box = draw.textbbox((0, 0), text, font=big)
    pad = round(10 * f)
    draw.rounded_rectangle(
        (x0, y0, x0 + box[2] + 2 * pad, y0 + box[3] + 2 * pad),
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


def legend_rows(board: Board, position: Position) -> list[LegendRow]:
    """The key's rows: the powers by most centres, each with its counts on `position`."""
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    rows = []
    for power in sorted(board.powers, key=lambda p: (-len(position.centres_of(p)), p)):
        text = f"{len(position.centres_of(power)):>2}   {len(position.units_of(power)):>2}"
        if adjusting:
            adj = position.adjustment_of(power)
            text += f"   {adj:+d}" if adj else "    ·"
        rows.append(LegendRow(power, text, position.is_alive(power)))
    return rows


@dataclass(frozen=True)
class _LegendLayout:
    box: tuple[int, int, int, int]
    name_x: int
    num_x: int
    row: int


def _legend_head(adjusting: bool) -> str:
    return "Centres · Units" + (" · Adj." if adjusting else "")


def _legend_layout(board: Board, position: Position, style, rows: list[LegendRow]):
    f = _scale(style.unit)
    small = font(max(9, round(16 * f)))
    row = round(26 * f)
    x0, y0 = round(12 * f), round(76 * f)
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    name_x = x0 + round(36 * f)
    # Fonts have a floor size, the layout does not: on a narrow map the names and the
    # numbers would overlap, so the columns move apart when the text needs it.
    gap = max(4, round(6 * f))
    widest_name = max((round(small.getlength(r.power.title())) for r in rows), default=0)
    num_x = max(x0 + round(140 * f), name_x + widest_name + gap)
    widest_text = max((round(small.getlength(r.text)) for r in rows), default=0)
    head = font(max(8, round(12 * f))).getlength(_legend_head(adjusting))
    right = max(
        x0 + round((250 if adjusting else 215) * f),
        num_x + widest_text + gap,
        num_x - round(6 * f) + round(head) + 1,
    )
    bottom = y0 + row * (len(rows) + 1) + round(14 * f)
    return _LegendLayout((x0, y0, right, bottom), name_x, num_x, row)


def legend_box(board: Board, position: Position, style) -> tuple[int, int, int, int]:
    """The key's panel (left, top, right, bottom): one row per power under a header."""
    return _legend_layout(board, position, style, legend_rows(board, position)).box


def draw_legend(canvas: Image.Image, board: Board, pal: Palette, position: Position, style) -> None:
    """One row per power: its colour, name, supply centres and units (and, in an
    adjustment phase, builds or removals owed), counted on `position`."""
    f = _scale(style.unit)
    draw = ImageDraw.Draw(canvas)
    small = font(max(9, round(16 * f)))
    rows = legend_rows(board, position)
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
        font=font(max(8, round(12 * f))),
    )
    for i, line in enumerate(rows, start=1):
        top = y0 + round(8 * f) + layout.row * i + round(3 * f)
        icon = unit_icon(UnitType.ARMY, pal.power(line.power), pal.outline, round(18 * f))
        # Level with the text, whose size has a floor the row height does not.
        paste_centred(canvas, icon, (x0 + round(20 * f), top + small.size / 2))
        colour = pal.outline if line.alive else (150, 150, 150)
        draw.text((layout.name_x, top), line.power.title(), fill=colour, font=small)
        draw.text((layout.num_x, top), line.text, fill=colour, font=small)
