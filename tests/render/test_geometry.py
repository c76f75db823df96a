"""The drawn map agrees with the rules' graph; every anchor lies in its space."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from PIL import ImageChops

from adjudication.maps import STANDARD
from adjudication.maps.standard import SWITZERLAND_BORDERS
from render.geometry import geometry_at, load_geometry
from render.map import _codes
from render.panels import space_labels

# Pairs that share a border on the drawn map although the rules do not make them
# adjacent, or the reverse, with why. None so far: the straits the rules treat
# specially are drawn so that they agree — the Danish islands join Jutland to Sweden
# (DEN-SWE adjacent, no BAL-SKA passage) and Constantinople bridges the Bosphorus and
# the Dardanelles (no AEG-BLA passage); see render/tools/seeds.py LAND_BRIDGES.
EXCEPTIONS: dict[frozenset[str], str] = {}

MIN_BORDER_PIXELS = 4  # a shared border must be long enough to see


@cache
def contacts() -> dict[frozenset[str], int]:
    """Pixel edges between each pair of spaces on the native raster."""
    geo = load_geometry()
    labels = geo.labels
    w, h = labels.size
    raw = labels.tobytes()
    counts: dict[frozenset[str], int] = {}
    for dx, dy in ((1, 0), (0, 1)):
        shifted = ImageChops.offset(labels, -dx, -dy)
        changed = ImageChops.difference(labels, shifted).tobytes()
        for i, value in enumerate(changed):
            if not value:
                continue
            x, y = i % w, i // w
            if x + dx >= w or y + dy >= h:
                continue
            a = geo.by_index.get(raw[i])
            b = geo.by_index.get(raw[i + dx + dy * w])
            if a and b:
                key = frozenset((a, b))
                counts[key] = counts.get(key, 0) + 1
    return counts


def rules_adjacent(a: str, b: str) -> bool:
    if "SWI" in (a, b):
        other = b if a == "SWI" else a
        return other in SWITZERLAND_BORDERS
    return STANDARD.adjacent(a, b)


def test_every_space_is_drawn_and_nothing_else():
    geo = load_geometry()
    assert set(geo.spaces) == set(STANDARD.provinces)
    values = set(geo.labels.tobytes())
    indices = {s.index for s in geo.spaces.values()}
    assert indices <= values, "a space has no pixel"
    assert values <= indices | {geo.off_land, geo.off_water}


def test_borders_agree_with_the_rules():
    found = contacts()
    codes = sorted(STANDARD.provinces)
    wrong = []
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            pair = frozenset((a, b))
            if pair in EXCEPTIONS:
                continue
            n = found.get(pair, 0)
            if rules_adjacent(a, b) and n < MIN_BORDER_PIXELS:
                wrong.append(f"{a}-{b} adjacent but drawn apart ({n} px)")
            elif not rules_adjacent(a, b) and n:
                wrong.append(f"{a}-{b} not adjacent but drawn touching ({n} px)")
    assert not wrong, "\n".join(wrong)


def test_switzerland_touches_exactly_its_listed_neighbours():
    neighbours = {next(iter(p - {"SWI"})) for p in contacts() if "SWI" in p}
    assert neighbours == set(SWITZERLAND_BORDERS)


def test_exceptions_are_real():
    for pair, why in EXCEPTIONS.items():
        a, b = sorted(pair)
        drawn = contacts().get(pair, 0) >= MIN_BORDER_PIXELS
        assert drawn != rules_adjacent(a, b), f"{a}-{b} is not an exception: {why}"


@pytest.mark.parametrize("width", [1600, 800, 2400])
def test_anchors_lie_inside_their_space(width):
    """A unit's place, each coast's and the supply centre's marker lie inside their
    space at every width: Liverpool's marker too, though the space is narrower than a
    unit (the layout build places it first, render/tools/build_layout.py)."""
    geo = geometry_at(width)
    for code, space in geo.spaces.items():
        points = {"unit": space.unit}
        if space.sc:
            points["sc"] = space.sc
        points.update({f"coast {c}": p for c, p in space.coasts.items()})
        for what, p in points.items():
            assert geo.space_at(*p) == code, f"{code} {what} anchor {p} is in {geo.space_at(*p)}"


@pytest.mark.parametrize("width", [1600, 800])
def test_each_name_lies_mostly_in_its_space(width):
    """The layout may push a small space's name past its border (Naples' over the
    Ionian Sea) to keep it off units, but never so far that it reads as a neighbour's:
    over a third of its letters lie in its own space, and no neighbour holds twice
    as many as it does."""
    geo = geometry_at(width)
    land, sea = _codes(STANDARD)
    for label in space_labels(width, "standard", land, sea):
        code = label.owner.removeprefix("label:")
        x0, y0 = label.box
        counts = Counter(
            geo.space_at(x0 + x, y0 + y)
            for x in range(label.mask.width)
            for y in range(label.mask.height)
            if label.mask.getpixel((x, y)) > 127
        )
        own = counts[code]
        share = own / sum(counts.values())
        assert share > 1 / 3, f"{code}: {share:.0%} of its name in it ({counts.most_common(3)})"
        assert max(counts.values()) < 2 * own, f"{code}: {counts.most_common(3)}"


def test_split_coasts_have_their_own_anchors():
    geo = load_geometry()
    for code in ("STP", "SPA", "BUL"):
        coasts = geo.spaces[code].coasts
        assert set(coasts) == set(STANDARD.provinces[code].coasts)
        assert len(set(coasts.values())) == len(coasts)


def test_supply_centres_have_markers():
    geo = load_geometry()
    for code in STANDARD.supply_centres:
        assert geo.spaces[code].sc is not None
