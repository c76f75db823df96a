"""Unit icons drawn with Pillow primitives, smoothed by drawing large and shrinking.

An army is a round token with a field gun; a fleet is a ship's hull with a
funnel. Both are filled with the power's colour and outlined so white reads on white.
Icons are cached per colour and size: a map pastes, it does not redraw.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from adjudication.units import UnitType

RGB = tuple[int, int, int]
_SS = 4  # supersampling factor


def _contrast(colour: RGB) -> RGB:
    luma = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (30, 30, 30) if luma > 150 else (245, 245, 245)


@cache
def unit_icon(unit_type: UnitType, colour: RGB, outline: RGB, size: int) -> Image.Image:
    """An RGBA icon `size` pixels across (the image is a little larger for the outline)."""
    pad = max(2, size // 8)
    full = (size + 2 * pad) * _SS
    img = Image.new("RGBA", (full, full), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    s = size * _SS
    o = pad * _SS
    line = max(2, size * _SS // 12)
    mark = _contrast(colour)
    if unit_type is UnitType.ARMY:
        d.ellipse((o, o, o + s, o + s), fill=colour, outline=outline, width=line)
        # A field gun: barrel and wheel, in the colour that contrasts with the fill.
        c = o + s / 2
        w = max(2, s // 8)
        d.line((c - s * 0.26, c + s * 0.10, c + s * 0.30, c - s * 0.18), fill=mark, width=w)
        r = s * 0.15
        wx, wy = c - s * 0.04, c + s * 0.12
        d.ellipse((wx - r, wy - r, wx + r, wy + r), fill=colour, outline=mark, width=w * 2 // 3)
        d.ellipse((wx - w / 2, wy - w / 2, wx + w / 2, wy + w / 2), fill=mark)
    else:
        top, bottom = o + s * 0.42, o + s * 0.80
        hull = [(o, top), (o + s, top), (o + s * 0.80, bottom), (o + s * 0.20, bottom)]
        cabin = (o + s * 0.30, o + s * 0.22, o + s * 0.66, top)
        funnel = (o + s * 0.42, o + s * 0.06, o + s * 0.54, o + s * 0.24)
        d.rectangle(funnel, fill=colour, outline=outline, width=line)
        d.rectangle(cabin, fill=colour, outline=outline, width=line)
        d.polygon(hull, fill=colour, outline=outline, width=line)
        y = (top + bottom) / 2
        d.line((o + s * 0.28, y, o + s * 0.72, y), fill=mark, width=max(2, s // 14))
    small = full // _SS
    return img.resize((small, small), Image.Resampling.LANCZOS)


@cache
def cross_icon(colour: RGB, size: int) -> Image.Image:
    """A bold X with a white halo: the mark of a failed order or a removed unit."""
    full = size * _SS
    img = Image.new("RGBA", (full, full), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    m = full * 0.18
    for fill, width in (((255, 255, 255, 230), full // 4), ((*colour, 255), full // 8)):
        d.line((m, m, full - m, full - m), fill=fill, width=width)
        d.line((m, full - m, full - m, m), fill=fill, width=width)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def paste_centred(canvas: Image.Image, icon: Image.Image, at: tuple[float, float]) -> None:
    """Paste an RGBA icon onto an RGB canvas, centred on `at`."""
    x = round(at[0] - icon.width / 2)
    y = round(at[1] - icon.height / 2)
    canvas.paste(icon, (x, y), icon)
