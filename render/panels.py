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


def draw_legend(canvas: Image.Image, board: Board, pal: Palette, position: Position, style) -> None:
    """One row per power: its colour, name, supply centres and units (and, in an
    adjustment phase, builds or removals owed)."""
    f = _scale(style.unit)
    draw = ImageDraw.Draw(canvas)
    small = font(max(9, round(16 * f)))
    row = round(26 * f)
    x0, y0 = round(12 * f), round(76 * f)
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    powers = sorted(board.powers, key=lambda p: (-len(position.centres_of(p)), p))
    head = "Centres · Units" + (" · Adj." if adjusting else "")
    width = round((250 if adjusting else 215) * f)
    height = row * (len(powers) + 1) + round(14 * f)
    draw.rounded_rectangle(
        (x0, y0, x0 + width, y0 + height),
        radius=round(8 * f),
        fill=pal.panel,
        outline=pal.outline,
        width=max(1, round(2 * f)),
    )
    name_x = x0 + round(36 * f)
    num_x = x0 + round(140 * f)
    draw.text(
        (num_x - round(6 * f), y0 + round(8 * f)),
        head,
        fill=(90, 90, 90),
        font=font(max(8, round(12 * f))),
    )
    for i, power in enumerate(powers, start=1):
        y = y0 + round(8 * f) + row * i
        icon = unit_icon(UnitType.ARMY, pal.power(power), pal.outline, round(18 * f))
        paste_centred(canvas, icon, (x0 + round(20 * f), y + row / 2 - 2))
        alive = position.is_alive(power)
        colour = pal.outline if alive else (150, 150, 150)
        draw.text((name_x, y + round(3 * f)), power.title(), fill=colour, font=small)
        counts = f"{len(position.centres_of(power)):>2}   {len(position.units_of(power)):>2}"
        if adjusting:
            adj = position.adjustment_of(power)
            counts += f"   {adj:+d}" if adj else "    ·"
        draw.text((num_x, y + round(3 * f)), counts, fill=colour, font=small)
