"""The map and the supply-centre chart as PNG bytes, drawn with Pillow.

Pure functions: a position (plus optional orders, outcomes and viewer) in, PNG bytes
out. The only data read is the geometry shipped in `render/data/`, once per process.
"""

from render.chart import render_sc_chart
from render.map import render_map
from render.palette import PALETTES, Palette
from render.results import render_results

__all__ = ["PALETTES", "Palette", "render_map", "render_results", "render_sc_chart"]
