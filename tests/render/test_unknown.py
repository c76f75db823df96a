"""A hidden-information player's map (rules/004, Kriegsplomacy; issue 12)."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.position import Position
from adjudication.units import Phase, Unit
from render.unknown import render_view_map, view_legend_rows

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
    counted = render_view_map(FRANCE_SEES, (), totals=TOTALS, power="FRANCE", width=800)
    assert counted != render_view_map(FRANCE_SEES, (), width=800)
