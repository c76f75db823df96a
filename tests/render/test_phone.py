"""Readable on a phone: the 1,600 px map shown at Discord's inline width (550 px)
keeps its names legible, owned centres apart from neutral ones in every palette, and
every place of the layout clear of every other."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.variants import STANDARD_GAME
from render.geometry import geometry_at
from render.layout import (
    CENTRE_RADIUS,
    DISLODGED_RADIUS,
    MIN_CAP_AT_PHONE,
    PHONE_WIDTH,
    SECOND_RADIUS,
    UNIT_RADIUS,
)
from render.map import _codes, render_map_image
from render.palette import PALETTES
from render.panels import space_labels
from render.request import MapRequest
from render.scene import Drawn, Kind


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_names_contrast_with_their_halo(palette):
    pal = PALETTES[palette]
    assert contrast(pal.land_text, pal.label_halo) >= 4.5
    assert contrast(pal.sea_text, pal.label_halo) >= 4.5


def test_names_are_at_least_seven_pixels_high_at_phone_width():
    """Measured on the map shrunk to 550 px: the rows holding ink (a pixel at 1.5:1 or
    more against the halo) in each name's box span at least 7 px (capitals; names and
    codes all start with one)."""
    pal = PALETTES["classic"]
    big = render_map_image(MapRequest(Position.initial(STANDARD_GAME)))
    f = PHONE_WIDTH / big.width
    small = big.resize((PHONE_WIDTH, round(big.height * f)), Image.Resampling.LANCZOS)
    land, sea = _codes(STANDARD)
    short = []
    for label in space_labels(big.width, "standard", land, sea):
        x0, y0 = label.box
        box = (
            int(x0 * f),
            int(y0 * f),
            int((x0 + label.mask.width) * f) + 1,
            int((y0 + label.mask.height) * f) + 1,
        )
        crop = small.crop(box)
        rows = [
            y
            for y in range(crop.height)
            if any(
                contrast(crop.getpixel((x, y)), pal.label_halo) >= 1.5 for x in range(crop.width)
            )
        ]
        height = rows[-1] - rows[0] + 1 if rows else 0
        if height < MIN_CAP_AT_PHONE:
            short.append((label.owner, height))
    assert not short, short


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_owned_centres_differ_from_neutral_ones_in_shape(palette):
    """Sampled at a marker's middle and halfway out: an owned centre (each power's,
    Russia's white included) differs from a neutral one at one of them at least as
    much as black from mid-grey."""
    pal = PALETTES[palette]
    image = render_map_image(MapRequest(Position.initial(STANDARD_GAME), palette=palette))
    geo = geometry_at(image.width)
    homes = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    neutral = next(c for c in sorted(STANDARD.supply_centres) if c not in homes)
    half = round((CENTRE_RADIUS - 1) / 2)

    def samples(code: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        x, y = geo.spaces[code].sc
        return image.getpixel((x, y)), image.getpixel((x + half, y))

    n_mid, n_ring = samples(neutral)
    for code, power in sorted(homes.items()):
        mid, ring = samples(code)
        assert max(contrast(mid, n_mid), contrast(ring, n_ring)) >= 2.5, (code, power, pal.name)


def test_the_places_of_the_layout_are_pairwise_clear():
    """Every place of every space (its unit's, each coast's, a dislodged unit's, a
    second unit's, the centre's marker) and every name, at 1,600 px: none overlaps
    another."""
    geo = geometry_at(1600)
    land, sea = _codes(STANDARD)
    things = [
        Drawn(Kind.LABEL, (x, y, x + lab.mask.width, y + lab.mask.height), lab.owner)
        for lab in space_labels(1600, "standard", land, sea)
        for x, y in [lab.box]
    ]
    for code, space in geo.spaces.items():
        if code not in STANDARD.provinces:
            continue
        units = [space.unit, *space.coasts.values()]
        things += [Drawn.disc(Kind.UNIT, p, UNIT_RADIUS, f"{code}@{p}") for p in set(units)]
        things.append(Drawn.disc(Kind.UNIT, space.dislodged, DISLODGED_RADIUS, code + ":d"))
        things.append(Drawn.disc(Kind.UNIT, space.second, SECOND_RADIUS, code + ":2"))
        if space.sc:
            things.append(Drawn.disc(Kind.MARKER, space.sc, CENTRE_RADIUS, code + ":sc"))
    clashing = [(a.owner, b.owner) for a, b in itertools.combinations(things, 2) if a.overlaps(b)]
    assert not clashing, clashing
