"""Spies on the map (rules/004, Spy Diplomacy): "Only the owner of a spy is told its
location": a small icon of its own, told apart from units at phone width, sharing its
space (the layout's second-unit place), drawn only on its owner's map; a key entry."""

from __future__ import annotations

from PIL import Image, ImageChops

from adjudication.orders import Move
from adjudication.phases import adjudicate
from adjudication.position import Position
from adjudication.spies import Spy
from adjudication.units import Location, Phase, Unit, UnitType
from adjudication.variants import SPY, STANDARD_GAME
from adjudication.views import public_view_of, view_of
from render import render_map
from render.geometry import geometry_at
from render.icons import spy_icon, unit_icon
from render.orders_layer import Style
from render.palette import PALETTES
from render.panels import KEY_ENTRIES, key_entries
from tests.render.helpers import decode

PHONE = 550
OUTLINE = (24, 24, 24)
FRENCH = PALETTES["classic"].power("FRANCE")
ARMY = Unit("ITALY", UnitType.ARMY, Location("MAR"))


def _spy_position(spies: list[Spy]) -> Position:
    return Position(
        Phase.parse("S1902M"), [ARMY], {"MAR": "FRANCE", "ROM": "ITALY"}, variant=SPY.name,
        spies=spies,
    )  # fmt: skip


def _on_white(icon: Image.Image) -> Image.Image:
    ground = Image.new("RGBA", icon.size, (255, 255, 255, 255))
    ground.alpha_composite(icon)
    return ground.convert("L")


def test_rules004_spy_icon_is_small_and_told_apart_from_units_at_phone_width() -> None:
    size = Style.for_width(PHONE).unit
    spy = spy_icon(FRENCH, OUTLINE, size)
    for kind in (UnitType.ARMY, UnitType.FLEET):
        unit = unit_icon(kind, FRENCH, OUTLINE, size)
        assert spy.width < unit.width, "a spy is smaller than the unit it stands with"
        # Told apart by shape, drawn the same size: a good share of pixels differ (the
        # planes' floor, tests/render/test_planes.py).
        diff = ImageChops.difference(_on_white(spy), _on_white(unit.resize(spy.size)))
        assert sum(1 for v in diff.tobytes() if v > 60) >= size * size // 12


def test_rules004_spy_shares_its_space_drawn_at_the_second_unit_place() -> None:
    geo = geometry_at(1600)
    second = geo.place(Location("MAR"), "second")
    assert geo.space_at(*second) == "MAR"
    with_spy = decode(render_map(_spy_position([Spy("FRANCE", "MAR")]))).convert("RGB")
    without = decode(render_map(_spy_position([]))).convert("RGB")
    r = Style.for_width(1600).unit // 3
    box = (second[0] - r, second[1] - r, second[0] + r, second[1] + r)
    assert with_spy.crop(box).tobytes().count(bytes(FRENCH)) >= 12, "no French spy there"
    assert ImageChops.difference(with_spy.crop(box), without.crop(box)).getbbox() is not None
    # the Italian army is still drawn where it stands
    unit_at = geo.anchor(Location("MAR"))
    assert with_spy.getpixel(unit_at) == without.getpixel(unit_at)


def test_rules004_spy_only_the_owner_is_told_its_location_on_the_map() -> None:
    spies = [Spy("FRANCE", "MAR"), Spy("ENGLAND", "LON")]
    full = render_map(_spy_position(spies))
    france = render_map(_spy_position(spies), viewer="FRANCE")
    assert france == render_map(_spy_position([Spy("FRANCE", "MAR")]), viewer="FRANCE")
    assert france != full, "the English spy must not be on France's map"


def test_rules004_spy_each_powers_map_is_its_view_and_the_public_map_has_no_spy() -> None:
    before = _spy_position([Spy("FRANCE", "MAR"), Spy("ITALY", "ROM")])
    result = adjudicate(before, [Move(ARMY, Location("PIE"))], SPY)
    italy = view_of(SPY, before, result, "ITALY").adjudication.position
    public = public_view_of(SPY, before, result).adjudication
    assert public is not None
    full_map = render_map(result.position)
    italy_map = render_map(italy, viewer="ITALY")
    public_map = render_map(public.position)
    assert italy_map != full_map and public_map != full_map and italy_map != public_map
    no_spies = Position(
        result.position.phase, result.position.units, result.position.ownership,
        variant=SPY.name,
    )  # fmt: skip
    assert public_map == render_map(no_spies)


def test_rules004_spy_the_key_names_the_spy_only_in_spy_games() -> None:
    assert ("spy", "Spy") in key_entries(_spy_position([]))
    assert key_entries(Position.initial(STANDARD_GAME)) == KEY_ENTRIES
