"""Spies on the map (rules/004, Spy Diplomacy): "Only the owner of a spy is told its
location": a small icon of its own, told apart from units at phone width, sharing its
space (the layout's second-unit place), drawn only on its owner's map; a key entry."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageChops

from adjudication.maps import STANDARD
from adjudication.model.orders import Move
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.play.phases import adjudicate
from adjudication.play.views import public_view_of, view_of
from adjudication.variants import SPY, STANDARD_GAME
from render import render_map
from render.geometry import geometry_at
from render.icons import spy_icon, unit_icon
from render.map import render_map_image
from render.orders_layer import Style
from render.palette import PALETTES
from render.panels import KEY_ENTRIES, key_entries
from render.request import MapRequest
from render.scene import Drawn, Kind, Scene
from tests.render.helpers import decode, full_board, full_board_orders

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
    with_spy = decode(render_map(MapRequest(_spy_position([Spy("FRANCE", "MAR")])))).convert("RGB")
    without = decode(render_map(MapRequest(_spy_position([])))).convert("RGB")
    r = Style.for_width(1600).unit // 3
    box = (second[0] - r, second[1] - r, second[0] + r, second[1] + r)
    assert with_spy.crop(box).tobytes().count(bytes(FRENCH)) >= 12, "no French spy there"
    assert ImageChops.difference(with_spy.crop(box), without.crop(box)).getbbox() is not None
    # the Italian army is still drawn where it stands
    unit_at = geo.anchor(Location("MAR"))
    assert with_spy.getpixel(unit_at) == without.getpixel(unit_at)


def test_rules004_spy_only_the_owner_is_told_its_location_on_the_map() -> None:
    spies = [Spy("FRANCE", "MAR"), Spy("ENGLAND", "LON")]
    full = render_map(MapRequest(_spy_position(spies)))
    france = render_map(MapRequest(_spy_position(spies), viewer="FRANCE"))
    assert france == render_map(MapRequest(_spy_position([Spy("FRANCE", "MAR")]), viewer="FRANCE"))
    assert france != full, "the English spy must not be on France's map"


def test_rules004_spy_each_powers_map_is_its_view_and_the_public_map_has_no_spy() -> None:
    before = _spy_position([Spy("FRANCE", "MAR"), Spy("ITALY", "ROM")])
    result = adjudicate(before, [Move(ARMY, Location("PIE"))], SPY)
    italy = view_of(SPY, before, result, "ITALY").adjudication.position
    public = public_view_of(SPY, before, result).adjudication
    assert public is not None
    full_map = render_map(MapRequest(result.position))
    italy_map = render_map(MapRequest(italy, viewer="ITALY"))
    public_map = render_map(MapRequest(public.position))
    assert italy_map != full_map and public_map != full_map and italy_map != public_map
    no_spies = Position(
        result.position.phase, result.position.units, result.position.ownership,
        variant=SPY.name,
    )  # fmt: skip
    assert public_map == render_map(MapRequest(no_spies))


def test_rules004_spy_the_key_names_the_spy_only_in_spy_games() -> None:
    assert ("spy", "Spy") in key_entries(_spy_position([]))
    assert key_entries(Position.initial(STANDARD_GAME)) == KEY_ENTRIES


# Issue 33 ("Maps"): "Spy: the spy icon legible at phone size and clear of labels."
# Legible: seen on a phone (the 1,600 px map shown 550 px wide) a spy spans at least
# this share of a unit's disc, so its eye reads there as a unit's symbol does.
SPY_SHARE_OF_A_UNIT = 0.9


def _ink(icon: Image.Image) -> tuple[int, int, int, int]:
    """The box of an icon's ink: its pixels at least half opaque."""
    box = icon.getchannel("A").point(lambda a: 255 * (a >= 128)).getbbox()
    assert box is not None
    return box


def test_issue33_spy_is_legible_at_phone_size() -> None:
    size = Style.for_width(1600).unit
    left, _, right, _ = _ink(spy_icon(FRENCH, OUTLINE, size))
    u_left, _, u_right, _ = _ink(unit_icon(UnitType.ARMY, FRENCH, OUTLINE, size))
    at_phone = PHONE / 1600
    spy, unit = (right - left) * at_phone, (u_right - u_left) * at_phone
    assert spy >= SPY_SHARE_OF_A_UNIT * unit, (round(spy, 1), round(unit, 1))


def _spy_everywhere() -> tuple[Position, list]:
    """The full board of units with their orders, and a spy in every space: each
    province's spy a different power's in turn."""
    board = full_board()
    powers = sorted(STANDARD.powers)
    spies = [Spy(powers[i % 7], code) for i, code in enumerate(sorted(STANDARD.provinces))]
    position = replace(board, variant=SPY.name, spies=tuple(spies))
    return position, full_board_orders(board)


def test_issue33_spies_stand_clear_of_names_units_panels_and_marks() -> None:
    """No pixel of a spy's ink lies on a space's name (its halo's box), a unit's place,
    a panel, a centre's marker, an arrow head or a cross, on a crowded board with a spy
    in every space (the map of 1,600 px that the bot posts)."""
    position, orders = _spy_everywhere()
    scene = Scene()
    render_map_image(MapRequest(position, orders=orders), scene)
    geo, style = geometry_at(1600), Style.for_width(1600)
    icon = spy_icon(FRENCH, OUTLINE, style.unit)
    alpha = icon.getchannel("A").load()
    ink = [(x, y) for x in range(icon.width) for y in range(icon.height) if alpha[x, y] >= 128]
    covered = []
    for spy in position.spies:
        cx, cy = geo.place(Location(spy.province), "second")
        x0, y0 = round(cx - icon.width / 2), round(cy - icon.height / 2)
        dots = [Drawn(Kind.MARKER, (x0 + x, y0 + y, x0 + x + 1, y0 + y + 1), "") for x, y in ink]
        for thing in scene.drawn:
            if thing.owner == "spy:" + spy.province:
                continue
            if any(thing.overlaps(d) for d in dots):
                covered.append((spy.province, thing.kind.value, thing.owner))
    assert not covered, covered
