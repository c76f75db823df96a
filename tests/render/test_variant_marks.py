"""What a variant adds to the map: World War I's Italian land hatched "neutral" until
Spring 1915 (rules/000 §14.2: "Italy is neutral and Italian territory may not be
entered"), and the powers no player holds marked in the legend, "civil disorder" for the
fewer-player games' dummies (§14.2 "Eliminate Italy…"), "neutral" for World War I's
Italy. Checked on the real PNG bytes, decoded."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image, ImageChops

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Phase
from adjudication.model.variant import PowerStatus
from adjudication.variants import STANDARD_GAME, WORLD_WAR_I
from render.geometry import geometry_at
from render.map import render_map
from render.orders_layer import Style
from render.panels import legend_box, legend_rows
from render.request import MapRequest, ResultsRequest
from render.results import render_results
from render.variants.neutral import NEUTRAL_STRIPES, neutral_land

ITALIAN_LAND = ("PIE", "VEN", "TUS", "ROM", "APU", "NAP")


def _start(variant):
    return Position.initial(variant)


def _stripe_pixels(png: bytes, code: str) -> int:
    """Pixels of the stripes' colour inside `code`'s space."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    geo = geometry_at(image.width)
    index = geo.spaces[code].index
    inside = geo.labels.point([255 if v == index else 0 for v in range(256)])
    left, top, right, bottom = inside.getbbox()
    pixels, mask = image.load(), inside.load()
    return sum(
        1
        for x in range(left, right)
        for y in range(top, bottom)
        if mask[x, y] and pixels[x, y] == NEUTRAL_STRIPES
    )


def test_rules000_14_2_italian_land_is_hatched_neutral_before_spring_1915():
    start = _start(WORLD_WAR_I)
    assert start.phase == Phase.parse("S1914M")
    assert neutral_land(start) == frozenset(ITALIAN_LAND)
    png = render_map(MapRequest(start))
    for code in ITALIAN_LAND:
        assert _stripe_pixels(png, code) > 50, code
    # Outside Italy, and in the standard game, nothing is hatched.
    assert _stripe_pixels(png, "TYR") == 0
    assert _stripe_pixels(render_map(MapRequest(_start(STANDARD_GAME))), "ROM") == 0


def test_rules000_14_2_from_spring_1915_italian_land_is_open_and_not_hatched():
    joined = replace(_start(WORLD_WAR_I), phase=Phase.parse("S1915M"))
    assert neutral_land(joined) == frozenset()
    assert _stripe_pixels(render_map(MapRequest(joined)), "ROM") == 0
    # The results map of the Fall 1914 that led there still shows it hatched before.
    fall = replace(_start(WORLD_WAR_I), phase=Phase.parse("F1914M"))
    after = replace(fall, phase=Phase.parse("W1914A"))
    assert _stripe_pixels(render_results(ResultsRequest(fall, after)), "ROM") > 50


def test_rules000_14_2_the_legend_marks_powers_no_player_holds():
    six = STANDARD_GAME.statuses(replace(_rules(), grouping="6"))
    assert six == {"ITALY": PowerStatus.DUMMY}
    rows = {r.power: r.status for r in legend_rows(STANDARD, _start(STANDARD_GAME), six)}
    assert rows["ITALY"] == "civil disorder" and rows["FRANCE"] == ""
    wwi = WORLD_WAR_I.statuses(_rules(), Phase.parse("S1914M"))
    rows = {r.power: r.status for r in legend_rows(STANDARD, _start(WORLD_WAR_I), wwi)}
    assert rows["ITALY"] == "neutral"
    # Drawn: the map with the marker differs from the map without, in the legend only.
    start = _start(STANDARD_GAME)
    plain = Image.open(io.BytesIO(render_map(MapRequest(start)))).convert("RGB")
    marked = Image.open(io.BytesIO(render_map(MapRequest(start, statuses=six)))).convert("RGB")
    box = ImageChops.difference(plain, marked).getbbox()
    left, top, right, bottom = legend_box(STANDARD, start, Style.for_width(1600), six)
    assert box is not None and box[0] >= left and box[1] >= top, box
    assert box[2] <= right + 1 and box[3] <= bottom + 1, (box, (left, top, right, bottom))
    assert right <= 400, "the key stays in its corner"


def _rules() -> Rules:
    return Rules()
