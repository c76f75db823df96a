"""The map's title, in a panel at the top left: the phase ("Fall 1902", "After Spring
1901"), the viewer's power after it on a power's own map, and under it, when given, a
second line: which board of a One-on-one match the map shows (issue 33, "each map says
which board it shows")."""

from __future__ import annotations

from PIL import Image, ImageDraw

from adjudication.model.units import Power
from render.lettering import TITLE_TYPE, Type, fitted, font, panel_type, scale_of, write
from render.palette import Palette
from render.scene import Scene

# The title's second line is cut short past this width (at 1,600 px): the top of the
# sea left of Norway holds nothing of the layout's (no name, no unit place) so far.
SUBTITLE_WIDTH = 620
LINE_GAP = 6  # between the phase and the second line


def _lines(title: str, viewer: Power | None, subtitle: str, f: float) -> list[tuple[str, Type]]:
    """Each line of the title with its type."""
    first = title if viewer is None else f"{title} — {viewer.title()}"
    lines: list[tuple[str, Type]] = [(first, font(max(12, round(TITLE_TYPE * f))))]
    if subtitle:
        small = panel_type(f)
        lines.append((fitted(subtitle, small, SUBTITLE_WIDTH * f), small))
    return lines


Placed = list[tuple[tuple[int, int], str, Type]]


def _placed(
    title: str, style, viewer: Power | None, subtitle: str
) -> tuple[tuple[int, int, int, int], Placed]:
    """The panel's box and where each line is written."""
    f = scale_of(style)
    x0, y0, pad = round(12 * f), round(12 * f), round(10 * f)
    placed: Placed = []
    y, right, bottom = y0 + pad, 0, 0
    for words, type_ in _lines(title, viewer, subtitle, f):
        if placed:  # the ink of a second line starts LINE_GAP under the first's
            y = bottom + round(LINE_GAP * f) - round(type_.getbbox(words)[1])
        placed.append(((x0 + pad, y), words, type_))
        box = type_.getbbox(words)
        right, bottom = max(right, x0 + pad + round(box[2])), y + round(box[3])
    return (x0, y0, right + pad, bottom + pad), placed


def title_box(
    title: str, style, viewer: Power | None, subtitle: str = ""
) -> tuple[int, int, int, int]:
    """The title's panel (left, top, right, bottom)."""
    return _placed(title, style, viewer, subtitle)[0]


def draw_title(
    canvas: Image.Image,
    title: str,
    pal: Palette,
    style,
    viewer: Power | None,
    scene: Scene | None = None,
    subtitle: str = "",
) -> None:
    """The phase ("Fall 1902") in a panel at the top left, and `subtitle` under it."""
    f = scale_of(style)
    draw = ImageDraw.Draw(canvas)
    box, lines = _placed(title, style, viewer, subtitle)
    draw.rounded_rectangle(
        box, radius=round(8 * f), fill=pal.panel, outline=pal.outline, width=max(1, round(2 * f))
    )
    for at, words, type_ in lines:
        write(draw, at, words, pal.outline, type_, scene)
