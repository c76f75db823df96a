"""Spy Diplomacy's spies on the map (rules/004): "Only the owner of a spy is told its
location". A map drawn from a power's view holds only that power's spy; with a
`viewer` named, the map draws that power's spies alone besides, so a full position
handed over by mistake still shows no one else's."""

from __future__ import annotations

from PIL import Image

from adjudication.position import Position
from adjudication.units import Location, Power
from render.geometry import MapGeometry
from render.icons import paste_centred, spy_icon
from render.orders_layer import Style
from render.palette import Palette


def draw_spies(
    canvas: Image.Image,
    geo: MapGeometry,
    pal: Palette,
    position: Position,
    style: Style,
    viewer: Power | None,
) -> None:
    """Each spy `viewer` may see (all, for the GM's map) at its space's second-unit
    place, so that it shares the space with the unit standing there."""
    for spy in position.spies:
        if viewer is not None and spy.power != viewer:
            continue
        icon = spy_icon(pal.power(spy.power), pal.outline, style.unit)
        paste_centred(canvas, icon, geo.place(Location(spy.province), "second"))
