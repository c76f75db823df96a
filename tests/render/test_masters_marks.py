"""The Masters Rules on the map (issue 13, docs/VARIANTS.md M23): minor powers (rules/003
MR1) and rebels (MR3) drawn in a neutral palette with a marker, and named in the legend.
Checked on the real PNG bytes, decoded."""

from __future__ import annotations

from dataclasses import replace

from adjudication.maps import STANDARD
from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Unit, UnitType
from adjudication.variants import STANDARD_GAME
from render.geometry import geometry_at
from render.map import render_map
from render.orders_layer import Style
from render.palette import get_palette
from render.panels import legend_box, legend_rows
from render.request import MapRequest, ResultsRequest
from render.results import render_results
from render.variants.masters import (
    MARK_DARK,
    MARK_LIGHT,
    MINOR_UNIT,
    REBEL_UNIT,
    masters_palette,
    neutral_powers,
)
from tests.render.helpers import decode

WIDTH = 1600
MINORS = Position.initial(STANDARD_GAME, Rules(masters=MastersRules(minor_powers=True)))
# rules/003 MR3's example: the rebel army raised in Moscow in Adjustments 1901.
REBEL = Unit("REBEL MOS", UnitType.ARMY, Location("MOS"))
WITH_REBEL = replace(MINORS, units=(*(u for u in MINORS.units if u.province != "MOS"), REBEL))


def _count(png: bytes, province: str, colour, dx: int = 0, dy: int = 0, r: int = 14) -> int:
    """Pixels of `colour` in a square of side 2r round `province`'s unit, moved by dx, dy."""
    image = decode(png).convert("RGB")
    x, y = geometry_at(image.width).anchor(Location(province))
    pixels = image.load()
    return sum(
        1
        for i in range(round(x) + dx - r, round(x) + dx + r)
        for j in range(round(y) + dy - r, round(y) + dy + r)
        if pixels[i, j] == colour
    )


def test_rules003_mr1_a_minor_powers_army_is_drawn_in_the_neutral_colour():
    png = render_map(MapRequest(MINORS, width=WIDTH))
    assert _count(png, "POR", MINOR_UNIT) > 100
    assert _count(png, "PAR", MINOR_UNIT) == 0  # France's army keeps France's colour


def test_rules003_mr1_a_minor_powers_unit_carries_the_light_marker():
    png = render_map(MapRequest(MINORS, width=WIDTH))
    # The diamond stands at the unit's upper right; Paris's army has none.
    assert _count(png, "POR", MARK_LIGHT, dx=16, dy=-16, r=8) > 10
    assert _count(png, "PAR", MARK_LIGHT, dx=16, dy=-16, r=8) < 3


def test_rules003_mr3_a_rebel_unit_is_drawn_darker_with_a_dark_marker():
    png = render_map(MapRequest(WITH_REBEL, width=WIDTH))
    assert _count(png, "MOS", REBEL_UNIT) > 100
    assert _count(png, "MOS", MINOR_UNIT) == 0
    assert _count(png, "MOS", MARK_DARK, dx=16, dy=-16, r=8) > 10


def test_rules003_the_legend_names_the_minor_powers_and_the_rebels():
    rows = legend_rows(STANDARD, WITH_REBEL)
    groups = {r.label: r.names for r in rows if r.label}
    assert "Portugal" in groups["Minor powers"] and len(groups["Minor powers"]) == 12
    assert groups["Rebels"] == ("Rebel Mos",)
    assert [r.power for r in rows[:7]] == sorted(STANDARD.powers, key=lambda p: (p != "RUSSIA", p))
    # The key grows by the groups' rows and lists, and shows the neutral colour.
    image = decode(render_map(MapRequest(WITH_REBEL, width=WIDTH))).convert("RGB")
    left, top, right, bottom = legend_box(STANDARD, WITH_REBEL, Style.for_width(WIDTH))
    _, _, _, plain_bottom = legend_box(STANDARD, plain_position(), Style.for_width(WIDTH))
    assert bottom > plain_bottom
    inside = image.crop((left, top, right, bottom))
    assert MINOR_UNIT in {c for _, c in inside.getcolors(1 << 16)}
    assert REBEL_UNIT in {c for _, c in inside.getcolors(1 << 16)}


def plain_position() -> Position:
    return Position.initial(STANDARD_GAME)


def test_rules003_the_results_map_draws_minor_powers_as_the_map_does():
    png = render_results(ResultsRequest(MINORS, replace(MINORS, phase=MINORS.phase.following())))
    assert _count(png, "POR", MINOR_UNIT, r=10) > 50


def test_the_standard_game_keeps_its_palette_and_its_legend():
    start = plain_position()
    pal = get_palette("classic")
    assert neutral_powers(STANDARD, start) == ()
    assert masters_palette(pal, STANDARD, start) is pal
    assert all(not r.label for r in legend_rows(STANDARD, start))
