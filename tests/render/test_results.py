"""render_results: the position after a phase, with the phase's orders drawn faint.

Each test plays a phase with the engine and decodes the PNG: units stand where they
are after the phase, dislodged units beside the space they lost, the key counts the
centres as they are after the phase, builds and removals show on the new position.
"""

from __future__ import annotations

import math
import random

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Disband, Move, Retreat, Support
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from render import render_map, render_results
from render.geometry import geometry_at
from render.layout import CENTRE_RADIUS
from render.orders_layer import BUILD_HALO, Style, _faded, faint
from render.palette import PALETTES
from render.panels import legend_box
from render.request import MapRequest, ResultsRequest
from render.results import results_title
from tests.render.helpers import decode, random_orders

PAL = PALETTES["classic"]


def _rgb(png: bytes):
    return decode(png).convert("RGB")


def _count(image, colour, centre, reach: float) -> int:
    """Pixels of exactly `colour` within the circle of radius `reach` round `centre`."""
    return len(_pixels(image, colour, centre, reach))


def _pixels(image, colour, centre, reach: float) -> list[tuple[int, int]]:
    x0, y0, r = round(centre[0]), round(centre[1]), math.ceil(reach)
    return [
        (x, y)
        for x in range(x0 - r, x0 + r + 1)
        for y in range(y0 - r, y0 + r + 1)
        if math.dist((x, y), centre) <= reach and image.getpixel((x, y)) == colour
    ]


def _position(phase: str, units: dict[str, list[str]]) -> Position:
    placed = [Unit.parse(p, t) for p, ts in units.items() for t in ts]
    ownership = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    return Position(Phase.parse(phase), placed, ownership)


def _played(before: Position, orders: list):
    result = adjudicate(before, orders, STANDARD_GAME)
    return result.position, result.outcomes


# --- (1) units stand where they are after the phase ------------------------------


def test_a_unit_that_moved_is_drawn_at_its_new_province_not_its_old_one():
    before = Position.initial(STANDARD_GAME)
    move = Move(Unit.parse("FRANCE", "A PAR"), Location("BUR"))
    after, outcomes = _played(before, [move])
    assert after.unit_in("BUR") is not None and after.unit_in("PAR") is None
    image = _rgb(render_results(ResultsRequest(before, after, orders=[move], outcomes=outcomes)))
    geo, style = geometry_at(1600), Style.for_width(1600)
    france = PAL.power("FRANCE")
    at_bur = _count(image, france, geo.anchor(Location("BUR")), style.unit * 0.4)
    at_par = _count(image, france, geo.anchor(Location("PAR")), style.unit * 0.4)
    assert at_bur >= 40, f"no French army at Burgundy ({at_bur} px of its colour)"
    assert at_par == 0, f"the French army is still drawn at Paris ({at_par} px)"


def test_the_phase_s_moves_are_drawn_faint_under_the_new_position():
    before = Position.initial(STANDARD_GAME)
    move = Move(Unit.parse("FRANCE", "A PAR"), Location("BUR"))
    after, outcomes = _played(before, [move])
    geo = geometry_at(1600)
    par, bur = geo.anchor(Location("PAR")), geo.anchor(Location("BUR"))
    middle = ((par[0] + bur[0]) / 2, (par[1] + bur[1]) / 2)
    france = PAL.power("FRANCE")
    results = _rgb(render_results(ResultsRequest(before, after, orders=[move], outcomes=outcomes)))
    orders_map = _rgb(render_map(MapRequest(before, orders=[move], outcomes=outcomes)))
    # The orders map draws the arrow in the power's colour; the results map in its
    # faint colour, which the PNG's palette keeps exactly.
    assert _count(orders_map, france, middle, 3) > 0
    assert _count(results, france, middle, 3) == 0
    assert _count(results, faint(france), middle, 3) > 0


# --- (2) a dislodged unit stands beside the space it lost, with its retreats ----------

BURGUNDY_TAKEN = {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]}
ATTACK = [
    Move(Unit.parse("GERMANY", "A MUN"), Location("BUR")),
    Support(Unit.parse("GERMANY", "A RUH"), Location("MUN"), Location("BUR")),
]


def test_a_dislodged_unit_is_drawn_at_its_dislodged_place_after_the_movement_phase():
    before = _position("S1901M", BURGUNDY_TAKEN)
    after, outcomes = _played(before, ATTACK)
    assert after.phase == Phase.parse("S1901R")
    (lost,) = after.dislodged
    assert lost.unit == Unit.parse("FRANCE", "A BUR") and lost.retreats
    image = _rgb(render_results(ResultsRequest(before, after, orders=ATTACK, outcomes=outcomes)))
    geo, style = geometry_at(1600), Style.for_width(1600)
    anchor = geo.anchor(Location("BUR"))
    beside = geo.place(Location("BUR"), "dislodged")  # the layout's place for it
    france, germany = PAL.power("FRANCE"), PAL.power("GERMANY")
    # The icon is drawn 0.85 unit wide: its fill lies within 0.45 unit of its centre,
    # where no retreat arrow reaches (they start half a unit away).
    found = _pixels(image, france, beside, style.unit * 0.45)
    assert len(found) >= 30, f"no French army beside Burgundy ({len(found)} px)"
    cx = sum(x for x, _ in found) / len(found)
    cy = sum(y for _, y in found) / len(found)
    assert math.dist((cx, cy), beside) <= 3, f"French army centred at {(cx, cy)}, not {beside}"
    # On the red disc of the dislodged, and the German army now holds the anchor.
    assert _count(image, PAL.failed, beside, style.unit * 0.62) >= 30
    assert _count(image, germany, anchor, style.unit * 0.3) >= 40
    # Its retreat options are drawn: the map differs from one without them.
    bare = Position(after.phase, after.units, after.ownership, [Dislodgement(lost.unit, "MUN")])
    assert render_results(
        ResultsRequest(before, after, orders=ATTACK, outcomes=outcomes)
    ) != render_results(ResultsRequest(before, bare, orders=ATTACK, outcomes=outcomes))


def test_after_the_retreat_phase_the_unit_stands_where_it_retreated():
    movement = _position("S1901M", BURGUNDY_TAKEN)
    before, _ = _played(movement, ATTACK)
    retreat = Retreat(Unit.parse("FRANCE", "A BUR"), Location("PIC"))
    after, outcomes = _played(before, [retreat])
    assert after.unit_in("PIC") == Unit.parse("FRANCE", "A PIC")
    image = _rgb(render_results(ResultsRequest(before, after, orders=[retreat], outcomes=outcomes)))
    geo, style = geometry_at(1600), Style.for_width(1600)
    france = PAL.power("FRANCE")
    assert _count(image, france, geo.anchor(Location("PIC")), style.unit * 0.4) >= 40
    beside = geo.place(Location("BUR"), "dislodged")
    assert _count(image, france, beside, style.unit * 0.45) == 0


# --- (3) the key counts the centres after the phase ---------------------------------


def _legend(png: bytes, position: Position):
    """The key's panel, inset from its rounded corners."""
    style = Style.for_width(1600)
    x0, y0, x1, y1 = legend_box(STANDARD, position, style)
    inset = style.unit // 3
    return _rgb(png).crop((x0 + inset, y0 + inset, x1 - inset, y1 - inset)).tobytes()


def test_the_key_counts_centres_after_a_fall_in_which_a_centre_changed_hands():
    before = _position(
        "F1901M",
        {p: [str(u) for u in STANDARD.starting_units if u.power == p] for p in STANDARD.powers},
    )
    move = Move(Unit.parse("FRANCE", "A MAR"), Location("SPA"))
    after, outcomes = _played(before, [move])
    assert after.phase == Phase.parse("W1901A")
    assert len(after.centres_of("FRANCE")) == 4 and len(before.centres_of("FRANCE")) == 3
    results = render_results(ResultsRequest(before, after, orders=[move], outcomes=outcomes))
    # The key of the new position, not of the old one (compared on results maps, whose
    # palette is the same, so the key's anti-aliased edges are quantized alike).
    assert _legend(results, after) == _legend(render_results(ResultsRequest(after, after)), after)
    assert _legend(results, after) != _legend(render_results(ResultsRequest(before, before)), after)


def test_the_centre_taken_is_tinted_for_its_new_owner():
    before = _position("F1901M", {"FRANCE": ["A MAR"]})
    move = Move(Unit.parse("FRANCE", "A MAR"), Location("SPA"))
    after, outcomes = _played(before, [move])
    image = _rgb(render_results(ResultsRequest(before, after, orders=[move], outcomes=outcomes)))
    sc = geometry_at(1600).spaces["SPA"].sc
    assert sc is not None
    # The centre's marker is a disc of its owner's colour inside a dark rim (a ring
    # round a dark dot while unowned): most of the disc within the rim is French.
    r = CENTRE_RADIUS - 1
    inner = r - max(2, round(r / 3))
    filled = _count(image, PAL.power("FRANCE"), sc, inner)
    assert filled >= 0.75 * math.pi * inner**2, f"Spain's marker is not French ({filled} px)"
    unowned = _rgb(render_results(ResultsRequest(before, before)))
    assert _count(unowned, PAL.power("FRANCE"), sc, inner) == 0


# --- adjustments: builds stand there, marked new; removals are gone -----------------


def test_a_built_unit_stands_on_the_new_position_marked_new():
    units = {p: [str(u) for u in STANDARD.starting_units if u.power == p] for p in STANDARD.powers}
    units["FRANCE"].remove("A PAR")
    before = _position("W1901A", units)
    build = Build(Unit.parse("FRANCE", "A PAR"))
    after, outcomes = _played(before, [build])
    assert after.unit_in("PAR") is not None
    image = _rgb(render_results(ResultsRequest(before, after, orders=[build], outcomes=outcomes)))
    geo, style = geometry_at(1600), Style.for_width(1600)
    at = geo.anchor(Location("PAR"))
    assert _count(image, PAL.power("FRANCE"), at, style.unit * 0.4) >= 40
    assert _count(image, BUILD_HALO, at, style.unit * 1.2) >= 40


def test_a_removed_unit_is_gone_and_where_it_stood_is_crossed():
    units = {p: [str(u) for u in STANDARD.starting_units if u.power == p] for p in STANDARD.powers}
    units["FRANCE"].append("A BUR")
    before = _position("W1901A", units)
    removal = Disband(Unit.parse("FRANCE", "A BUR"))
    after, outcomes = _played(before, [removal])
    assert after.unit_in("BUR") is None
    image = _rgb(render_results(ResultsRequest(before, after, orders=[removal], outcomes=outcomes)))
    geo, style = geometry_at(1600), Style.for_width(1600)
    at = geo.anchor(Location("BUR"))
    france = PAL.power("FRANCE")
    assert _count(image, france, at, style.unit * 0.6) == 0
    assert _count(image, _faded(france), at, style.unit * 0.6) >= 20  # a faint ghost
    assert _count(image, PAL.failed, at, style.unit * 0.6) >= 20  # and a cross


# --- title, sizes, every phase of real games ------------------------------------------


def test_the_title_names_the_phase_played():
    assert results_title(Phase.parse("S1901M")) == "After Spring 1901"
    assert results_title(Phase.parse("F1901R")) == "After Fall 1901 Retreats"
    assert results_title(Phase.parse("F1905M"), final=True) == "Final position, after Fall 1905"


def test_phone_width_and_same_bytes_for_same_input():
    before = _position("S1901M", BURGUNDY_TAKEN)
    after, outcomes = _played(before, ATTACK)
    png = render_results(ResultsRequest(before, after, orders=ATTACK, outcomes=outcomes, width=550))
    assert decode(png).width == 550
    again = render_results(
        ResultsRequest(before, after, orders=list(ATTACK), outcomes=list(outcomes), width=550)
    )
    assert png == again


@pytest.mark.parametrize("seed", [3, 11])
def test_every_phase_of_a_random_game_renders_its_results(seed):
    rng = random.Random(seed)
    position = Position.initial(STANDARD_GAME)
    kinds = set()
    for _ in range(60):
        orders = random_orders(position, rng)
        result = adjudicate(position, orders, STANDARD_GAME, Rules(year_limit=1904))
        png = render_results(
            ResultsRequest(
                position,
                result.position,
                orders=orders,
                outcomes=result.outcomes,
                width=550,
                final=result.game_end is not None,
            )
        )
        assert decode(png).width == 550
        kinds.add(position.phase.kind)
        if result.game_end is not None:
            break
        position = result.position
    assert len(kinds) >= 2


def test_a_viewer_sees_both_positions_and_the_orders_as_the_predicate_allows():
    before = _position("S1901M", {**BURGUNDY_TAKEN, "TURKEY": ["A CON"]})
    orders = [*ATTACK, Move(Unit.parse("TURKEY", "A CON"), Location("BUL"))]
    after, outcomes = _played(before, orders)

    def no_turks(viewer, thing):
        unit = getattr(thing, "unit", thing)  # a unit, or a dislodgement's or an order's
        return getattr(unit, "power", None) != "TURKEY"

    def without_turks(position: Position) -> Position:
        units = [u for u in position.units if u.power != "TURKEY"]
        return Position(position.phase, units, position.ownership, position.dislodged)

    hidden = render_results(
        ResultsRequest(
            before, after, orders=orders, outcomes=outcomes, viewer="ENGLAND", visible=no_turks
        )
    )
    assert hidden != render_results(ResultsRequest(before, after, orders=orders, outcomes=outcomes))
    assert hidden == render_results(
        ResultsRequest(
            without_turks(before),
            without_turks(after),
            orders=ATTACK,
            outcomes=[o for o in outcomes if o.order in ATTACK],
            viewer="ENGLAND",
        )
    )
