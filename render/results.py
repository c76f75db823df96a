"""`render_results`: the position a phase led to, with that phase's orders drawn faint.

This is the map of a results post. The new position reads first: the spaces tinted and
the centres marked by the ownership *after* the phase, every unit where it stands now,
the units dislodged beside the space they lost with dotted arrows to where they may
retreat, and a key counting centres and units after the phase. Under it, the phase's
orders are drawn as they were given, in lighter colours and thinner lines: a move that
succeeded ends at the unit now standing there, a bounce carries a small cross at its
head, a cut support a cross on its line. What left the board is a faded unit with a
cross where it stood: a unit dislodged with nowhere to go, a dislodged unit disbanded or
whose retreat failed, a unit removed in an adjustment. A built unit wears a green halo.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from adjudication.model.orders import Disband, Retreat, Waive
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Power, Unit
from render.geometry import geometry_at
from render.icons import paste_centred, unit_icon
from render.map import (
    base_map,
    check_drawable,
    draw_centres,
    draw_dislodged,
    draw_dislodged_options,
    draw_units,
    output_colours,
    paste_labels,
    place_fixed,
)
from render.orders_layer import XY, OrderLayer, Style, _faded, draw_crosses, draw_orders, faint
from render.palette import get_palette
from render.panels import draw_panels
from render.png import encode_png
from render.request import ResultsRequest
from render.scene import Drawn, Kind, Scene
from render.variants.masters import extra_for, masters_palette
from render.variants.neutral import draw_neutral_land
from render.variants.spy import draw_spies


def results_title(played: Phase, final: bool = False) -> str:
    """The results map's title: "After Spring 1901" — the phase played names the
    position shown; `final` when the game ended with it."""
    return f"Final position, after {played.title}" if final else f"After {played.title}"


def render_results(request: ResultsRequest) -> bytes:
    """The map of `request.after`, the position the phase of `request.position` led
    to, with that phase's orders and outcomes drawn faint beneath it, as PNG bytes.

    `after` is the engine's next position (`adjudicate(...).position`): after a
    movement phase with dislodgements it is the retreat phase, whose dislodged units
    are drawn with their retreats; after a Fall it carries the new ownership. The
    viewer's filter, `statuses` and `subtitle` are read as `render_map` reads them.
    Same request, same bytes.
    """
    pal = get_palette(request.palette)
    image = render_results_image(request)
    board = request.board
    faint_colours = [faint(pal.power(p)) for p in board.powers]
    # rules/003's minor powers and rebels
    faint_colours += extra_for(board, request.after, request.position)
    return encode_png(image, output_colours(pal, board, faint_colours))


def render_results_image(request: ResultsRequest, scene: Scene | None = None) -> Image.Image:
    """As `render_results`, but the Pillow image (RGB) instead of PNG bytes. `scene`,
    when given, receives every name, unit, marker and arrow head drawn."""
    board, width = request.board, request.width
    pal = masters_palette(get_palette(request.palette), board, request.after, request.position)
    check_drawable(board, width)
    before, order_list, outcome_list = request.seen()
    after = request.after_seen()
    geo = geometry_at(width, board.name)
    style = Style.for_width(width)
    scene = Scene() if scene is None else scene
    canvas = base_map(geo, board, pal, after)
    draw_neutral_land(canvas, board.name, after)
    title = results_title(before.phase, request.final)
    labels = place_fixed(scene, geo, request, after, style, title)
    # The orders go under everything of the new position, placed as they were given.
    then = OrderLayer(geo, board, before, pal, style, faint=True, scene=scene)
    gone = units_gone(then, after, outcome_list)
    for unit, at in gone:
        owner = then.owner(unit)
        reach = style.dislodged_reach if owner.endswith(":d") else style.reach
        scene.add(Drawn.disc(Kind.UNIT, at, reach, owner))
    draw_orders(canvas, then, order_list, {o.order: o for o in outcome_list})
    now = OrderLayer(geo, board, after, pal, style, scene=scene)
    draw_dislodged_options(canvas, now)
    paste_labels(canvas, labels, pal)
    for unit, at in gone:
        colour = _faded(pal.power(unit.power))
        paste_centred(canvas, unit_icon(unit.type, colour, pal.outline, style.dislodged), at)
        then.crosses.append((at, then.owner(unit)))
    draw_centres(canvas, geo, board, pal, after, style)
    draw_units(canvas, geo, pal, after, style)
    draw_spies(canvas, geo, pal, after, style, request.viewer)  # Spy Diplomacy: in `after`
    draw_dislodged(canvas, now)
    draw_crosses(canvas, then)
    draw_panels(canvas, request, pal, after, style, title, scene)
    return canvas


def units_gone(
    layer: OrderLayer, after: Position, outcomes: Sequence[Outcome]
) -> list[tuple[Unit, XY]]:
    """The units the phase took off the board, each with where it was drawn on the
    position before (`layer.position`): beside its space when it was dislodged."""
    before = layer.position
    kind = before.phase.kind
    gone: dict[tuple[Power, str], tuple[Unit, XY]] = {}
    if kind is PhaseKind.MOVEMENT:
        # Dislodged with somewhere to go: still on the board, in `after.dislodged`.
        waiting = {(d.unit.power, d.unit.province) for d in after.dislodged}
        for o in outcomes:
            if o.reason is Reason.DISLODGED and not isinstance(o.order, Waive):
                unit = o.order.unit
                if (unit.power, unit.province) not in waiting:
                    gone[unit.power, unit.province] = (unit, layer.dislodged_at(unit.location))
    elif kind is PhaseKind.RETREAT:
        # A dislodged unit that did not retreat is disbanded, whatever its order was.
        dislodged = {(d.unit.power, d.unit.province): d.unit for d in before.dislodged}
        retreated = {
            (o.order.unit.power, o.order.unit.province)
            for o in outcomes
            if isinstance(o.order, Retreat) and o.succeeded
        }
        for o in outcomes:
            if isinstance(o.order, Waive):
                continue
            key = (o.order.unit.power, o.order.unit.province)
            if key in dislodged and key not in retreated:
                unit = dislodged[key]
                gone[key] = (unit, layer.dislodged_at(unit.location))
    else:
        for o in outcomes:
            if isinstance(o.order, Disband) and o.succeeded:
                unit = o.order.unit
                gone[unit.power, unit.province] = (unit, layer.where(unit.location))
    return [gone[key] for key in sorted(gone)]
