"""PNG encoding: deterministic (no time, no text chunks) and fast.

Deflating a 1600 x 1500 RGB image costs ~40 ms on its own, so a map is written as a
palette image: every pixel is mapped to the nearest of at most 256 colours the caller
knows it used (fills, lines and their anti-aliasing blends). That takes a few ms, and
the file is about half the size.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from functools import cache

from PIL import Image

RGB = tuple[int, int, int]
COMPRESS_LEVEL = 1  # flat colours compress well even at the fastest level


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` blended with `b`: t = 1 gives a."""
    return (
        round(a[0] * t + b[0] * (1 - t)),
        round(a[1] * t + b[1] * (1 - t)),
        round(a[2] * t + b[2] * (1 - t)),
    )


def ramps(
    pairs: Iterable[tuple[RGB, RGB]], steps: Sequence[float] = (0.25, 0.5, 0.75)
) -> list[RGB]:
    """Intermediate colours between each pair: where anti-aliased edges land."""
    return [blend(a, b, t) for a, b in pairs for t in steps]


def _palette_of(colours: Sequence[RGB]) -> Image.Image:
    palette = Image.new("P", (1, 1))
    flat = [c for rgb in colours for c in rgb]
    palette.putpalette(flat + [0] * (768 - len(flat)))
    palette.info["colours"] = tuple(colours)
    return palette


def _exact(colours: Sequence[RGB], palette: Image.Image) -> bool:
    """Whether each of `colours` maps to its own entry of `palette`."""
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(list(colours))
    mapped = strip.quantize(palette=palette, dither=Image.Dither.NONE)
    return list(mapped.tobytes()) == list(range(len(colours)))


@cache
def _palette_image(colours: tuple[RGB, ...]) -> Image.Image:
    """The palette of `colours` (the first 256 distinct), leaving out any colour that
    would take the pixels of an earlier one: Pillow maps a pixel through a coarse
    cache, so two near colours (Russia's white and a blend beside it) can swap, and a
    plain fill must come out exactly as drawn."""
    kept: list[RGB] = []
    for colour in dict.fromkeys(colours):
        if len(kept) == 256:
            break
        if _exact([*kept, colour], _palette_of([*kept, colour])):
            kept.append(colour)
    return _palette_of(kept)


def encode_png(image: Image.Image, colours: Sequence[RGB] | None = None) -> bytes:
    """The image as PNG bytes; identical input gives identical bytes.

    With `colours` (the first 256 distinct ones are used), the PNG is a palette image.
    """
    if colours:
        palette = _palette_image(tuple(colours))
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        image = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
        # Keep only the entries the palette has, so the PLTE chunk is not padded.
        entries = palette.getpalette()
        assert entries is not None  # a palette image ("P") always has its palette
        image.putpalette(entries[: 3 * len(palette.info["colours"])])
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
