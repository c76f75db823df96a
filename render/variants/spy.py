"""Spy Diplomacy's spies on the map (rules/004): "Only the owner of a spy is told its
location". A map drawn from a power's view holds only that power's spy; with a
`viewer` named, the map draws that power's spies alone besides, so a full position
handed over by mistake still shows no one else's.

A spy stands at its space's second-unit place, which the layout keeps clear of every
name and every other place (render/tools/build_layout.py), and fills it: about a unit's
width, so that it reads on a phone (issue 33). It is recorded in the scene as a unit
is, so that no arrow head, support dot or cross is put on it."""

from __future__ import annotations

from PIL import Image

from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import Location, Power
from render.geometry import MapGeometry
from render.icons import paste_centred, spy_icon
from render.orders_layer import Style
from render.palette import Palette
from render.scene import Drawn, Kind, Scene


def spies_shown(position: Position, viewer: Power | None) -> list[Spy]:
    """The spies `viewer` may see on `position` (all, for the GM's map)."""
    return [s for s in position.spies if viewer is None or s.power == viewer]


def place_spies(
    scene: Scene, geo: MapGeometry, position: Position, style: Style, viewer: Power | None
) -> None:
    """Record each spy drawn as what fills its place: a disc of the place's radius."""
    for spy in spies_shown(position, viewer):
        at = geo.place(Location(spy.province), "second")
        scene.add(Drawn.disc(Kind.UNIT, at, style.dislodged_reach, "spy:" + spy.province))


def draw_spies(
    canvas: Image.Image,
    geo: MapGeometry,
    pal: Palette,
    position: Position,
    style: Style,
    viewer: Power | None,
) -> None:
    """Each spy `viewer` may see at its space's second-unit place, so that it shares
    the space with the unit standing there."""
    for spy in spies_shown(position, viewer):
        icon = spy_icon(pal.power(spy.power), pal.outline, style.unit)
        paste_centred(canvas, icon, geo.place(Location(spy.province), "second"))
