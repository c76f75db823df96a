"""A hidden-information player's map (rules/004, Kriegsplomacy; issue 12)."""

from __future__ import annotations

from PIL import Image, ImageChops

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from render.geometry import geometry_at
from render.layout import LABEL_SIZE, NATIVE_WIDTH, PHONE_WIDTH
from render.map import _codes, render_map_image
from render.panels import space_labels
from render.request import MapRequest
from render.scene import Kind, Scene
from render.variants.hidden import render_view_map, view_legend_rows
from tests.render.helpers import decode

# France's view in Spring 1902: its own four units and centres, nothing of anyone else.
FRANCE_SEES = Position(
    Phase.parse("S1902M"),
    [Unit.parse("FRANCE", s) for s in ("A PAR", "A BUR", "F MAO", "A SPA")],
    {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "SPA": "FRANCE"},
    variant="kriegsplomacy",
)
# The year's chart: "the total for each country, but not who owns which centers".
TOTALS = {"AUSTRIA": 4, "ENGLAND": 5, "FRANCE": 4, "GERMANY": 5, "ITALY": 4, "RUSSIA": 6}
TOTALS |= {"TURKEY": 4}


def test_rules004_a_view_maps_key_counts_the_years_public_totals_not_what_the_view_holds() -> None:
    rows = {r.power: r for r in view_legend_rows(STANDARD, FRANCE_SEES, TOTALS, "FRANCE")}
    assert rows["RUSSIA"].text.split() == ["6", "?"]  # its centres known, its units not
    assert rows["RUSSIA"].alive
    assert rows["FRANCE"].text.split() == ["4", "4"]  # its own units it knows
    first = view_legend_rows(STANDARD, FRANCE_SEES, TOTALS, "FRANCE")[0]
    assert first.power == "RUSSIA"  # by the year's totals, most first


def test_a_view_map_draws_the_public_totals_in_its_key() -> None:
    counted = render_view_map(MapRequest(FRANCE_SEES, width=800), (), totals=TOTALS, power="FRANCE")
    assert counted != render_view_map(MapRequest(FRANCE_SEES, width=800), ())


# Issue 33 ("Maps"): "Kriegsplomacy: the hatching of unknown areas stops at the board; the
# title and the key stay legible at 550 px."
FRANCE_KNOWS = frozenset({"PAR", "MAR", "BRE", "SPA", "BUR", "MAO"})
UNKNOWN = frozenset(STANDARD.provinces) - FRANCE_KNOWS
# The smallest type a panel may use: the spaces' names', read on a phone (550 px).
PHONE_TYPE = LABEL_SIZE * PHONE_WIDTH / NATIVE_WIDTH


def _view(unknown: frozenset[str]) -> Image.Image:
    png = render_view_map(MapRequest(FRANCE_SEES), unknown, totals=TOTALS, power="FRANCE")
    return decode(png).convert("RGB")


def _drawn_view() -> Scene:
    """What the view map's panels and names are, as the renderer records them."""
    scene = Scene()
    rows = view_legend_rows(STANDARD, FRANCE_SEES, TOTALS, "FRANCE")
    render_map_image(MapRequest(FRANCE_SEES, legend=rows), scene)
    return scene


def test_issue33_kriegsplomacy_hatching_stops_at_the_board() -> None:
    """Every pixel the hatching changes lies in an unknown space, and none in the title,
    the powers' key, the key of symbols or a space's name (its halo included)."""
    hatched, plain = _view(UNKNOWN), _view(frozenset())
    changed = ImageChops.difference(hatched, plain).convert("L").point(lambda v: 255 * (v > 0))
    assert changed.getbbox() is not None, "nothing hatched"
    geo = geometry_at(hatched.width)
    inside = {geo.spaces[code].index for code in UNKNOWN}
    unknown_land_and_sea = geo.labels.point([255 * (i in inside) for i in range(256)])
    assert ImageChops.subtract(changed, unknown_land_and_sea).getbbox() is None
    scene = _drawn_view()
    panels = [d.box for d in scene.drawn if d.kind is Kind.PANEL]
    assert len(panels) == 3
    for box in panels:
        assert changed.crop(tuple(round(v) for v in box)).getbbox() is None, box
    land, sea = _codes(STANDARD)
    for label in space_labels(hatched.width, "standard", land, sea):
        x, y = label.box
        under = changed.crop((x, y, x + label.halo.width, y + label.halo.height))
        assert ImageChops.multiply(under, label.halo).getbbox() is None, label.owner


def test_issue33_kriegsplomacy_title_and_key_are_legible_at_phone_width() -> None:
    """Every word of the title and the keys is written at least as large as the spaces'
    names once the map is shown 550 px wide (whose capitals are 7 px there,
    tests/render/test_phone.py)."""
    scene = _drawn_view()
    said = {t.words for t in scene.texts}
    assert {FRANCE_SEES.phase.title, "Russia", "Army"} <= said, said
    assert any("?" in words for words in said)  # the units no one may count
    small = [
        (t.words, round(t.size * PHONE_WIDTH / NATIVE_WIDTH, 1))
        for t in scene.texts
        if t.size * PHONE_WIDTH / NATIVE_WIDTH < PHONE_TYPE
    ]
    assert not small, small
