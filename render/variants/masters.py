"""The Masters Rules on the map (rules/003 MR1, MR3): minor powers and rebels are no
player's, so they are drawn apart from the Great Powers — in a neutral palette of
stone browns rather than a seventh-power colour, each unit with a small diamond
marker (white for a minor power, dark for a rebel) — and named in the legend with the
word "minor power" or "rebel". Which powers those are is read once per map: the
powers on the position that are not the board's (its Great Powers), so the standard
game does no work per unit for it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.units import Power
from adjudication.variants.masters.minors import is_rebel
from render.icons import paste_centred
from render.palette import RGB, Palette

Font = Any  # a Pillow font: FreeTypeFont or the default ImageFont

# Stone browns: unlike every Great Power's colour in both palettes (Germany's greys
# included), and a centre tint apart from the land's cream.
MINOR_UNIT: RGB = (139, 115, 85)
MINOR_TINT: RGB = (208, 188, 152)
REBEL_UNIT: RGB = (101, 84, 64)
REBEL_TINT: RGB = (190, 168, 134)
MARK_LIGHT: RGB = (255, 255, 255)
MARK_DARK: RGB = (30, 30, 30)
MASTERS_COLOURS = (MINOR_UNIT, MINOR_TINT, REBEL_UNIT, REBEL_TINT)

MINORS = "Minor powers"
REBELS = "Rebels"


def neutral_powers(board: Board, *positions: Position) -> tuple[Power, ...]:
    """The minor powers and rebels on `positions`: every power holding a centre or a
    unit that is not one of the board's powers, sorted."""
    held: set[Power] = set()
    for position in positions:
        held.update(position.ownership.values())
        held.update(u.power for u in position.units)
    return tuple(sorted(held.difference(board.powers)))


def extra_for(board: Board, *positions: Position) -> tuple[RGB, ...]:
    """The neutral colours for the PNG's palette, when `position` holds a minor power or
    a rebel; none otherwise (the usual map's PNG unchanged)."""
    return (*MASTERS_COLOURS, MARK_DARK) if neutral_powers(board, *positions) else ()


def neutral_groups(
    board: Board, position: Position
) -> list[tuple[str, Power, str, tuple[str, ...]]]:
    """The legend's groups, "Minor powers" and "Rebels" (those present), each as one
    row: (label, a member for its colour, "centres   units", the members' names to list
    under it). One row each keeps the key clear of England with a dozen minor powers."""
    powers = neutral_powers(board, position)
    minors = tuple(p for p in powers if not is_rebel(p))
    rebels = tuple(p for p in powers if is_rebel(p))
    rows = []
    for label, group in ((MINORS, minors), (REBELS, rebels)):
        if group:
            centres = sum(len(position.centres_of(p)) for p in group)
            units = sum(len(position.units_of(p)) for p in group)
            names = tuple(p.title() for p in group)
            rows.append((label, group[0], f"{centres:>2}   {units:>2}", names))
    return rows


def name_lines(names: Sequence[str], font: Font, width: int) -> list[str]:
    """`names` joined with commas, broken into lines `width` pixels wide in `font`."""
    lines: list[str] = []
    for i, name in enumerate(names):
        word = name + ("," if i < len(names) - 1 else "")
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def names_height(rows: Sequence[Any], font: Font, width: int, f: float) -> int:
    """The height the legend's groups' names take under their rows."""
    return round(26 * f) * sum(len(name_lines(r.names, font, width)) for r in rows)


def draw_names(draw: Any, names: Sequence[str], layout: Any, top: int, font: Font, f: float) -> int:
    """A group's names under its legend row (at `top`, in the legend's `layout`);
    the height they take."""
    step = round(26 * f)
    lines = name_lines(names, font, layout.wrap)
    for i, text in enumerate(lines):
        at = (layout.name_x, top + layout.row - round(12 * f) + step * i)
        draw.text(at, text, fill=(90, 90, 90), font=font)
    return step * len(lines)


def masters_palette(pal: Palette, board: Board, *positions: Position) -> Palette:
    """`pal` with the minor powers and rebels of `positions` (a results map's before
    and after) in the neutral colours and marked; `pal` itself when there are none."""
    powers = neutral_powers(board, *positions)
    if not powers:
        return pal
    kept = _palettes.get((id(pal), powers))
    if kept is None or kept[0] is not pal:
        kept = _palettes[id(pal), powers] = (pal, _with_neutral(pal, powers))
    return kept[1]


# A palette holds dicts (no hash): kept by identity, with the palette itself to check.
_palettes: dict[tuple[int, tuple[Power, ...]], tuple[Palette, Palette]] = {}


def _with_neutral(pal: Palette, powers: tuple[Power, ...]) -> Palette:
    units = {p: REBEL_UNIT if is_rebel(p) else MINOR_UNIT for p in powers}
    tints = {p: REBEL_TINT if is_rebel(p) else MINOR_TINT for p in powers}
    return replace(
        pal,
        powers={**pal.powers, **units},
        tints={**pal.tints, **tints},
        marked=frozenset(powers),
    )


def mark_unit(
    canvas: Image.Image, pal: Palette, power: Power, at: tuple[float, float], unit: int
) -> None:
    """`draw_marker` for a unit of a power `pal` marks; nothing for any other."""
    if power in pal.marked:
        draw_marker(canvas, power, at, unit)


def draw_marker(canvas: Image.Image, power: Power, at: tuple[float, float], unit: int) -> None:
    """The diamond at the upper right of a unit `unit` pixels across at `at`."""
    offset = unit * 0.42
    paste_centred(canvas, _marker(is_rebel(power), unit), (at[0] + offset, at[1] - offset))


@cache
def _marker(rebel: bool, unit: int) -> Image.Image:
    size = max(7, round(unit * 0.45))
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    c, r = (size - 1) / 2, (size - 1) / 2
    fill, rim = (MARK_DARK, MARK_LIGHT) if rebel else (MARK_LIGHT, MARK_DARK)
    points = [(c, c - r), (c + r, c), (c, c + r), (c - r, c)]
    ImageDraw.Draw(img).polygon(points, fill=fill, outline=rim, width=max(1, size // 7))
    return img
