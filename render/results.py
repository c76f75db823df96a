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

from collections.abc import Iterable, Sequence

from PIL import Image

from adjudication.board import Board
from adjudication.maps import STANDARD
from adjudication.orders import Disband, Order, Retreat, Waive
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Position
from adjudication.units import Phase, PhaseKind, Power, Unit
from render.geometry import geometry_at
from render.icons import paste_centred, unit_icon
from render.map import (
    DEFAULT_WIDTH,
    base_map,
    check_drawable,
    draw_centres,
    draw_dislodged,
    draw_dislodged_options,
    draw_units,
    merge_orders,
    output_colours,
    paste_labels,
    place_fixed,
)
from render.masters_marks import extra_for, masters_palette
from render.orders_layer import XY, OrderLayer, Style, _faded, draw_crosses, draw_orders, faint
from render.palette import Palette, get_palette
from render.panels import draw_panels
from render.png import encode_png
from render.scene import Drawn, Kind, Scene
from render.spies import draw_spies
from render.variant_marks import Statuses, draw_neutral_land
from render.visibility import Visible, filter_for_viewer


def results_title(played: Phase, final: bool = False) -> str:
    """The results map's title: "After Spring 1901" — the phase played names the
    position shown; `final` when the game ended with it."""
    return f"Final position, after {played.title}" if final else f"After {played.title}"


def render_results(
    before: Position,
    after: Position,
    board: Board = STANDARD,
    orders: Iterable[Order] | None = None,
    outcomes: Iterable[Outcome] | None = None,
    viewer: Power | None = None,
    palette: str | Palette = "classic",
    width: int = DEFAULT_WIDTH,
    visible: Visible | None = None,
    *,
    final: bool = False,
    statuses: Statuses | None = None,
    subtitle: str = "",
) -> bytes:
    """The map of `after`, the position `before`'s phase led to, with that phase's
    `orders` and `outcomes` drawn faint beneath it, as PNG bytes `width` pixels wide.

    `after` is the engine's next position (`adjudicate(...).position`): after a
    movement phase with dislodgements it is the retreat phase, whose dislodged units
    are drawn with their retreats; after a Fall it carries the new ownership. `final`
    titles the map as the game's last. `viewer` and `visible` filter both positions
    and the orders as `render_map` does; `statuses` and `subtitle` as `render_map`'s.
    Same input, same bytes.
    """
    pal = get_palette(palette)
    image = render_results_image(
        before,
        after,
        board,
        orders,
        outcomes,
        viewer,
        pal,
        width,
        visible,
        final=final,
        statuses=statuses,
        subtitle=subtitle,
    )
    faint_colours = [faint(pal.power(p)) for p in board.powers]
    faint_colours += extra_for(board, after, before)  # rules/003's minor powers and rebels
    return encode_png(image, output_colours(pal, board, faint_colours))


def render_results_image(
    before: Position,
    after: Position,
    board: Board = STANDARD,
    orders: Iterable[Order] | None = None,
    outcomes: Iterable[Outcome] | None = None,
    viewer: Power | None = None,
    palette: str | Palette = "classic",
    width: int = DEFAULT_WIDTH,
    visible: Visible | None = None,
    *,
    final: bool = False,
    scene: Scene | None = None,
    statuses: Statuses | None = None,
    subtitle: str = "",
) -> Image.Image:
    """As `render_results`, but the Pillow image (RGB) instead of PNG bytes. `scene`,
    when given, receives every name, unit, marker and arrow head drawn."""
    pal = masters_palette(get_palette(palette), board, after, before)
    check_drawable(board, width)
    outcome_list = list(outcomes or ())
    order_list = merge_orders(orders, outcome_list)
    if viewer is not None and visible is not None:
        before, order_list, outcome_list = filter_for_viewer(
            before, order_list, outcome_list, viewer, visible
        )
        after, _, _ = filter_for_viewer(after, [], [], viewer, visible)
    geo = geometry_at(width)
    style = Style.for_width(width)
    scene = Scene() if scene is None else scene
    canvas = base_map(geo, board, pal, after)
    draw_neutral_land(canvas, board.name, after)
    title = results_title(before.phase, final)
    labels = place_fixed(scene, geo, board, after, style, title, viewer, statuses, None, subtitle)
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
    draw_spies(canvas, geo, pal, after, style, viewer)  # Spy Diplomacy: those in `after`
    draw_dislodged(canvas, now)
    draw_crosses(canvas, then)
    draw_panels(canvas, board, pal, after, style, title, viewer, statuses, None, scene, subtitle)
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
