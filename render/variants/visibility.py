"""What a viewer may see. The rules layer decides; the renderer only filters.

`Visible` is a predicate `visible(viewer, thing) -> bool` asked about each unit, each
dislodged unit, each order and each supply centre (its province code). In the
standard game every power sees everything, so `render_map` draws all when no
predicate is given; a hidden-information variant passes the one its rules define.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from adjudication.model.orders import Order
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Power, Unit

Visible = Callable[[Power, "Unit | Dislodgement | Order | str"], bool]


def see_everything(viewer: Power, thing: object) -> bool:
    """The standard game: nothing is hidden."""
    return True


def filter_for_viewer(
    position: Position,
    orders: Sequence[Order],
    outcomes: Sequence[Outcome],
    viewer: Power,
    visible: Visible,
) -> tuple[Position, list[Order], list[Outcome]]:
    """The position, orders and outcomes reduced to what `viewer` may see."""
    seen = replace(
        position,
        units=tuple(u for u in position.units if visible(viewer, u)),
        dislodged=tuple(d for d in position.dislodged if visible(viewer, d)),
        ownership={c: p for c, p in position.ownership.items() if visible(viewer, c)},
    )
    kept = [o for o in orders if visible(viewer, o)]
    return seen, kept, [o for o in outcomes if visible(viewer, o.order)]
