"""Unit icons drawn with Pillow primitives, smoothed by drawing large and shrinking.

Every unit is a disc in its owner's colour with a dark outline (so white reads on
white), marked with its kind: a field gun for an army, a ship for a fleet, an aeroplane
for the variants' air units.
Icons are cached per colour and size: a map pastes, it does not redraw.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from adjudication.model.units import UnitType

RGB = tuple[int, int, int]
_SS = 4  # supersampling factor


def _contrast(colour: RGB) -> RGB:
    luma = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (30, 30, 30) if luma > 150 else (245, 245, 245)


def _draw_army(d: ImageDraw.ImageDraw, c: float, s: int, mark: RGB) -> None:
    """A field gun: barrel and wheel."""
    w = max(2, s // 9)
    d.line((c - s * 0.30, c + s * 0.12, c + s * 0.30, c - s * 0.20), fill=mark, width=w)
    r = s * 0.16
    wx, wy = c - s * 0.06, c + s * 0.12
    d.ellipse((wx - r, wy - r, wx + r, wy + r), outline=mark, width=max(2, w * 2 // 3))


def _draw_fleet(d: ImageDraw.ImageDraw, c: float, s: int, mark: RGB) -> None:
    """A ship's hull with a funnel."""
    top, bottom = c + s * 0.02, c + s * 0.24
    d.polygon(
        [(c - s * 0.34, top), (c + s * 0.34, top), (c + s * 0.22, bottom), (c - s * 0.22, bottom)],
        fill=mark,
    )
    d.rectangle((c - s * 0.12, c - s * 0.14, c + s * 0.10, top), fill=mark)
    d.rectangle((c - s * 0.04, c - s * 0.30, c + s * 0.04, c - s * 0.14), fill=mark)


def _draw_plane(d: ImageDraw.ImageDraw, c: float, s: int, mark: RGB) -> None:
    """An aeroplane seen from above: fuselage, swept wings and tailplane, filled, so
    that its cross shape reads apart from the gun and the ship at phone width."""
    w = s * 0.06
    d.rounded_rectangle((c - w, c - s * 0.36, c + w, c + s * 0.32), radius=w, fill=mark)

    def swept(root: float, span: float, tip: float, chord: float) -> list[tuple[float, float]]:
        # A pair of wings, their leading edge from `root` at the fuselage back to
        # `tip` at `span`, `chord` deep.
        return [
            (c, c + root),
            (c + span, c + tip),
            (c + span, c + tip + chord),
            (c, c + root + chord * 1.6),
            (c - span, c + tip + chord),
            (c - span, c + tip),
        ]

    d.polygon(swept(-s * 0.14, s * 0.40, s * 0.04, s * 0.10), fill=mark)
    d.polygon(swept(s * 0.16, s * 0.17, s * 0.26, s * 0.07), fill=mark)


# A unit is a disc in its owner's colour, outlined dark so it reads on any ground, with
# its kind's symbol inside. A new kind of unit is one entry here, keyed by the unit
# type's value ("A", "F"; the variants' planes "P").
UNIT_SYMBOLS = {"A": _draw_army, "F": _draw_fleet, "P": _draw_plane}


@cache
def unit_icon(unit_type: UnitType | str, colour: RGB, outline: RGB, size: int) -> Image.Image:
    """An RGBA icon: a disc `size` pixels across (the image is a little larger, for
    the outline), with the kind's symbol in the colour that contrasts with the fill."""
    pad = max(2, size // 10)
    full = (size + 2 * pad) * _SS
    img = Image.new("RGBA", (full, full), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    s = size * _SS
    o = pad * _SS
    line = max(2, size * _SS // 11)
    d.ellipse((o, o, o + s, o + s), fill=colour, outline=outline, width=line)
    UNIT_SYMBOLS[str(unit_type)](d, o + s / 2, s, _contrast(colour))
    small = full // _SS
    return img.resize((small, small), Image.Resampling.LANCZOS)


# A spy is not a disc: a diamond in its owner's colour with an open eye, so that it
# reads apart from the unit whose space it shares. Its diagonal is 90 % of a unit's
# disc: a diamond so wide reads at phone width as a unit's symbol does (issue 33),
# yet holds less than two thirds of the disc's ink, and it stays inside its place
# (layout.SECOND_RADIUS, 18 px at 1,600 px: the spy's ink reaches 16.5).
SPY_SCALE = 0.9


@cache
def spy_icon(colour: RGB, outline: RGB, unit_size: int) -> Image.Image:
    """An RGBA spy icon for a map whose units are `unit_size` pixels across."""
    size = max(8, round(unit_size * SPY_SCALE))
    pad = max(1, size // 16)  # room for the outline's anti-aliasing, no more
    full = (size + 2 * pad) * _SS
    img = Image.new("RGBA", (full, full), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c, r = full / 2, size * _SS / 2
    d.polygon([(c, c - r), (c + r, c), (c, c + r), (c - r, c)], fill=colour, outline=outline)
    line = max(2, size * _SS // 10)
    d.line([(c, c - r), (c + r, c), (c, c + r), (c - r, c), (c, c - r)], fill=outline, width=line)
    mark = _contrast(colour)
    e = r * 0.5
    d.ellipse((c - e, c - e * 0.55, c + e, c + e * 0.55), fill=mark)
    p = e * 0.4
    d.ellipse((c - p, c - p, c + p, c + p), fill=outline)
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
