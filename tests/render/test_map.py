"""render_map: valid, deterministic PNGs that show what the position holds."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PIL import Image

from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Move
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Unit, UnitType
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from render import render_map
from render.geometry import geometry_at, has_geometry
from render.icons import unit_icon
from render.map import output_colours
from render.orders_layer import Style
from render.palette import PALETTES
from render.png import encode_png
from render.request import MapRequest
from tests.render.helpers import decode, full_board, full_board_orders, random_orders


def test_png_decodes_at_the_promised_size_and_is_small():
    png = render_map(MapRequest(Position.initial(STANDARD_GAME)))
    image = decode(png)
    assert image.format == "PNG"
    assert image.size == (1600, geometry_at(1600).height)
    assert len(png) < 500_000


@pytest.mark.parametrize("width", [800, 1200, 2000])
def test_other_widths(width):
    image = decode(render_map(MapRequest(Position.initial(STANDARD_GAME), width=width)))
    assert image.width == width


def test_identical_input_gives_identical_bytes():
    position = full_board()
    orders = full_board_orders(position)
    outcomes = adjudicate(position, orders, STANDARD_GAME).outcomes
    first = render_map(MapRequest(position, orders=orders, outcomes=outcomes))
    second = render_map(MapRequest(position, orders=list(orders), outcomes=tuple(outcomes)))
    assert first == second


def test_png_carries_no_metadata_chunks():
    png = render_map(MapRequest(Position.initial(STANDARD_GAME)))
    for chunk in (b"tIME", b"tEXt", b"iTXt", b"zTXt"):
        assert chunk not in png


def _power_pixels(image, centre, colour, radius):
    x0, y0 = centre
    return sum(
        1
        for x in range(x0 - radius, x0 + radius + 1)
        for y in range(y0 - radius, y0 + radius + 1)
        if image.getpixel((x, y)) == colour
    )


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_every_unit_of_a_full_board_is_drawn_in_its_space(palette):
    position = full_board()
    assert len(position.units) == 34
    rgb = decode(render_map(MapRequest(position, palette=palette))).convert("RGB")
    geo = geometry_at(1600)
    pal = PALETTES[palette]
    style = Style.for_width(1600)
    for unit in position.units:
        at = geo.anchor(unit.location)
        assert geo.space_at(*at) == unit.province
        colour = pal.power(unit.power)
        # The icon's fill colour covers a good part of the square round the anchor.
        seen = _power_pixels(rgb, at, colour, style.unit // 3)
        assert seen >= 12, f"{unit} not drawn at {at} ({seen} px of {colour})"


def test_a_unit_that_is_not_there_is_not_drawn():
    position = full_board()
    geo = geometry_at(1600)
    empty = Unit("TURKEY", UnitType.ARMY, Location("MOS"))
    image = decode(render_map(MapRequest(position))).convert("RGB")
    colour = PALETTES["classic"].power("TURKEY")
    assert _power_pixels(image, geo.anchor(empty.location), colour, 8) == 0


def test_fleet_and_army_icons_differ():
    army = unit_icon(UnitType.ARMY, (200, 40, 40), (24, 24, 24), 32)
    fleet = unit_icon(UnitType.FLEET, (200, 40, 40), (24, 24, 24), 32)
    assert army.tobytes() != fleet.tobytes()


def test_orders_and_outcomes_change_the_picture():
    position = Position.initial(STANDARD_GAME)
    bare = render_map(MapRequest(position))
    move = Move(Unit("FRANCE", UnitType.ARMY, Location("PAR")), Location("BUR"))
    bounce = Move(Unit("GERMANY", UnitType.ARMY, Location("MUN")), Location("BUR"))
    with_orders = render_map(MapRequest(position, orders=[move, bounce]))
    outcomes = adjudicate(position, [move, bounce], STANDARD_GAME).outcomes
    assert not any(o.succeeded for o in outcomes if o.order in (move, bounce))
    with_outcomes = render_map(MapRequest(position, orders=[move, bounce], outcomes=outcomes))
    assert len({bare, with_orders, with_outcomes}) == 3


def test_outcomes_alone_draw_their_orders():
    position = Position.initial(STANDARD_GAME)
    move = Move(Unit("FRANCE", UnitType.ARMY, Location("PAR")), Location("BUR"))
    outcomes = adjudicate(position, [move], STANDARD_GAME).outcomes
    assert render_map(MapRequest(position, outcomes=outcomes)) == render_map(
        MapRequest(position, orders=[o.order for o in outcomes], outcomes=outcomes)
    )


def test_palettes_differ_and_unknown_palette_is_refused():
    position = Position.initial(STANDARD_GAME)
    assert render_map(MapRequest(position, palette="classic")) != render_map(
        MapRequest(position, palette="colorblind")
    )
    with pytest.raises(ValueError):
        render_map(MapRequest(position, palette="sepia"))


def test_viewer_sees_what_the_predicate_allows():
    position = full_board()

    def no_turks(viewer, thing):
        return getattr(thing, "power", None) != "TURKEY"

    hidden = render_map(MapRequest(position, viewer="ENGLAND", visible=no_turks))
    without = replace(position, units=tuple(u for u in position.units if u.power != "TURKEY"))
    assert hidden != render_map(MapRequest(position, viewer="ENGLAND"))
    # Same picture as the position without Turkish units, seen by England.
    assert hidden == render_map(MapRequest(without, viewer="ENGLAND"))


def test_viewer_without_predicate_sees_everything_but_is_named_in_the_title():
    position = Position.initial(STANDARD_GAME)
    assert render_map(MapRequest(position, viewer="FRANCE")) != render_map(MapRequest(position))


def _play_and_render(seed: int) -> set:
    """Play a short game of random orders to its end, rendering every phase."""
    rng = random.Random(seed)
    rules = Rules(year_limit=1905)
    position = Position.initial(STANDARD_GAME)
    kinds = set()
    for _ in range(100):
        orders = random_orders(position, rng)
        result = adjudicate(position, orders, STANDARD_GAME, rules)
        image = decode(render_map(MapRequest(position, orders=orders, outcomes=result.outcomes)))
        assert image.width == 1600
        kinds.add(position.phase.kind)
        if result.game_end is not None:
            decode(render_map(MapRequest(result.position)))
            return kinds
        position = result.position
    raise AssertionError("the game did not end")


def test_every_phase_of_random_games_renders():
    # Random orders seldom dislodge; play games until one had a retreat phase too.
    kinds: set = set()
    for seed in range(1, 30):
        kinds |= _play_and_render(seed)
        if len(kinds) == 3:
            break
    assert len(kinds) == 3, "no game had movement, retreat and adjustment phases"


def test_builds_are_drawn():
    position = replace(
        Position.initial(STANDARD_GAME),
        phase=Position.initial(STANDARD_GAME).phase.__class__.parse("W1901A"),
        units=tuple(u for u in STANDARD.starting_units if u.province != "PAR"),
    )
    build = Build(Unit("FRANCE", UnitType.ARMY, Location("PAR")))
    assert render_map(MapRequest(position, orders=[build])) != render_map(MapRequest(position))


def test_bytes_do_not_depend_on_the_process(tmp_path):
    # Hash seeds change set and dict-of-set orders between processes; the map must not.
    import os
    import subprocess
    import sys

    script = (
        "import sys, hashlib\n"
        "from tests.render.helpers import full_board, full_board_orders\n"
        "from adjudication.variants import STANDARD_GAME\n"
        "from adjudication.play.phases import adjudicate\n"
        "from render import MapRequest, render_map\n"
        "p = full_board(); o = full_board_orders(p)\n"
        "r = adjudicate(p, o, STANDARD_GAME).outcomes\n"
        "print(hashlib.sha256(render_map(MapRequest(p, orders=o, outcomes=r))).hexdigest())\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": root}
        out = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_every_plain_colour_comes_out_exactly_as_drawn(palette):
    """The PNG's palette keeps every fill, power and line colour of the map exact: a
    near colour (Russia's white unit beside its white tint) must not take its pixels."""
    pal = PALETTES[palette]
    colours = output_colours(pal, STANDARD)
    plain = colours[: colours.index((30, 30, 30))]  # the marks start the blends
    strip = Image.new("RGB", (len(plain), 1))
    strip.putdata(plain)
    back = decode(encode_png(strip, colours)).convert("RGB")
    assert [back.getpixel((x, 0)) for x in range(len(plain))] == plain


def test_a_board_without_geometry_is_refused_by_its_data_not_its_name():
    """Issue 30: the renderer asks its data (`has_geometry`), never compares a name."""
    assert has_geometry(STANDARD.name) and not has_geometry("nowhere")
    position = Position.initial(STANDARD_GAME)
    elsewhere = replace(STANDARD, name="nowhere")
    with pytest.raises(ValueError, match="no geometry for board 'nowhere'"):
        render_map(MapRequest(position, board=elsewhere))
