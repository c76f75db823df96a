"""Planes on the map (rules/004, Airplane Diplomacy): their own icon, told apart from
armies and fleets by shape at phone width, drawn on land, and a key entry where the
game has planes."""

from __future__ import annotations

from PIL import ImageChops

from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.variants import AIRPLANE, STANDARD_GAME
from render import render_map
from render.geometry import geometry_at
from render.icons import unit_icon
from render.orders_layer import Style
from render.palette import PALETTES
from render.panels import KEY_ENTRIES, key_entries
from render.request import MapRequest
from tests.render.helpers import decode

PHONE = 550
OUTLINE = (24, 24, 24)


def _symbol(kind: UnitType, size: int):
    """The icon's symbol alone: where it differs from a blank disc of its colour."""
    colour = PALETTES["classic"].power("FRANCE")
    return unit_icon(kind, colour, OUTLINE, size).convert("L")


def _differing(a, b) -> int:
    diff = ImageChops.difference(a, b)
    return sum(1 for v in diff.tobytes() if v > 60)


def test_rules004_airplane_plane_icon_differs_from_army_and_fleet_at_phone_width() -> None:
    size = Style.for_width(PHONE).unit
    plane = _symbol(UnitType.PLANE, size)
    army = _symbol(UnitType.ARMY, size)
    fleet = _symbol(UnitType.FLEET, size)
    assert plane.size == army.size == fleet.size  # the A/F box size
    # Told apart by shape: a good share of the icon's pixels differ, not a speck.
    floor = size * size // 12
    assert _differing(plane, army) >= floor
    assert _differing(plane, fleet) >= floor


def _airplane_position(kind: UnitType) -> Position:
    units = [
        Unit("FRANCE", kind, Location("MUN")),
        Unit("ENGLAND", UnitType.FLEET, Location("NTH")),
    ]
    return Position(Phase.parse("S1902M"), units, {"MUN": "GERMANY"}, variant=AIRPLANE.name)


def test_rules004_airplane_a_plane_is_drawn_on_land_with_its_own_icon() -> None:
    geo = geometry_at(1600)
    at = geo.anchor(Location("MUN"))
    assert geo.space_at(*at) == "MUN"
    with_plane = decode(render_map(MapRequest(_airplane_position(UnitType.PLANE)))).convert("RGB")
    with_army = decode(render_map(MapRequest(_airplane_position(UnitType.ARMY)))).convert("RGB")
    size = Style.for_width(1600).unit
    box = (at[0] - size // 2, at[1] - size // 2, at[0] + size // 2, at[1] + size // 2)
    plane_box, army_box = with_plane.crop(box), with_army.crop(box)
    assert ImageChops.difference(plane_box, army_box).getbbox() is not None
    colour = PALETTES["classic"].power("FRANCE")
    assert plane_box.tobytes().count(bytes(colour)) >= 12, "no plane at Munich"


def test_rules004_airplane_the_key_names_the_plane_only_where_planes_fly() -> None:
    assert ("plane", "Plane") in key_entries(_airplane_position(UnitType.PLANE))
    assert key_entries(Position.initial(STANDARD_GAME)) == KEY_ENTRIES
    assert ("plane", "Plane") not in KEY_ENTRIES
