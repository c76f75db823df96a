"""The type of the map's panels, and how their words are written.

Sizes are at the native width (1,600 px) and scaled with the map. Every word of the
panels is written at least as large as the spaces' names (`layout.LABEL_SIZE`): those
are the smallest the project reads as legible on a phone, where Discord shows the map
550 px wide (capitals 7 px there). The title is larger.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageDraw, ImageFont

from render.layout import LABEL_SIZE, UNIT_SIZE
from render.scene import Scene, Text

TITLE_TYPE = 36  # the phase, first line of the title
TYPE = LABEL_SIZE  # every other word of the panels: the powers' key, the key of symbols
GREY_WORDS = (90, 90, 90)  # a header, a note: read after the rows

Type = ImageFont.FreeTypeFont | ImageFont.ImageFont


# Pillow's bundled FreeType font (Aileron): nothing to ship, same glyphs everywhere.
@cache
def font(size: int) -> Type:
    return ImageFont.load_default(size=size)


def type_size(type_: Type) -> int:
    """The size of `type_` in pixels (FreeType's; Pillow's bitmap fallback has none)."""
    return int(getattr(type_, "size", 0))


def scale_of(style) -> float:
    """How much the panels are scaled on a map whose units are `style.unit` across."""
    return float(style.unit / UNIT_SIZE)


def panel_type(f: float) -> Type:
    """The type of the panels' words at scale `f` (with a floor for narrow maps)."""
    return font(max(9, round(TYPE * f)))


def write(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    words: str,
    fill: tuple[int, int, int],
    type_: Type,
    scene: Scene | None = None,
    anchor: str | None = None,
) -> None:
    """Words in a panel, recorded in `scene` (when given) with the size of their type."""
    draw.text(at, words, fill=fill, font=type_, anchor=anchor)
    if scene is not None:
        scene.texts.append(Text(words, at, type_size(type_), type_, anchor))


def fitted(words: str, type_: Type, width: float) -> str:
    """`words`, cut short with an ellipsis when wider than `width` in `type_`."""
    if type_.getlength(words) <= width:
        return words
    while words and type_.getlength(words.rstrip() + "…") > width:
        words = words[:-1]
    return words.rstrip() + "…"
