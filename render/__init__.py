"""The map and the supply-centre chart as PNG bytes, drawn with Pillow.

Pure functions: a request (`MapRequest`: a position, plus optional orders, outcomes,
viewer and the map's options) in, PNG bytes out. The only data read is the geometry
shipped in `render/data/`, once per process.
"""

from render.chart import render_sc_chart
from render.map import render_map
from render.palette import PALETTES, Palette
from render.request import MapRequest, ResultsRequest
from render.results import render_results

__all__ = [
    "PALETTES",
    "MapRequest",
    "Palette",
    "ResultsRequest",
    "render_map",
    "render_results",
    "render_sc_chart",
]
