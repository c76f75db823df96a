"""What a map is asked to show: one value the renderer and each of its steps read.

`MapRequest` holds the position, the board and every option of a map (its orders and
their outcomes, the viewer, the palette, the width, the legend's marks, the title's
second line); `ResultsRequest` adds the position the phase led to, for the results map.
Both are frozen: the orders, outcomes and legend given are kept as tuples, so a request
is the same value however long the drawing takes (the service draws in a worker thread).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import NamedTuple

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Position
from adjudication.model.units import Power
from render.legend import LegendRow
from render.palette import Palette
from render.variants.neutral import Statuses
from render.variants.visibility import Visible, filter_for_viewer

DEFAULT_WIDTH = 1600


class Seen(NamedTuple):
    """A request's position, orders and outcomes as its viewer may see them."""

    position: Position
    orders: list[Order]
    outcomes: list[Outcome]


@dataclass(frozen=True, slots=True)
class MapRequest:
    """The map of `position`, `width` pixels wide.

    `orders` are drawn as given; `outcomes` (from adjudication) mark which failed and
    why. Orders only present inside `outcomes` are drawn too. With `viewer`, only what
    `visible(viewer, thing)` allows is drawn — in the standard game that is everything,
    which is the default when `visible` is None; the title names the viewer's power.
    `statuses`: the powers no player holds (`Variant.statuses` of the game's rules, and
    powers in civil disorder), marked so in the legend. `subtitle`: a second line of
    the title (which board of a One-on-one match). `legend`: the key's rows when not
    counted on the position (a hidden-information view, render/variants/hidden.py).
    """

    position: Position
    _: KW_ONLY
    board: Board = STANDARD
    orders: Iterable[Order] = ()
    outcomes: Iterable[Outcome] = ()
    viewer: Power | None = None
    visible: Visible | None = None
    palette: str | Palette = "classic"
    width: int = DEFAULT_WIDTH
    statuses: Statuses | None = None
    subtitle: str = ""
    legend: Sequence[LegendRow] | None = None

    def __post_init__(self) -> None:
        # Frozen all the way down: a list the caller keeps cannot change the request.
        object.__setattr__(self, "orders", tuple(self.orders))
        object.__setattr__(self, "outcomes", tuple(self.outcomes))
        if self.legend is not None:
            object.__setattr__(self, "legend", tuple(self.legend))

    def seen(self) -> Seen:
        """The position, the orders (those given, then those only present in the
        outcomes) and the outcomes, reduced to what the viewer may see."""
        outcomes = list(self.outcomes)
        orders = merge_orders(self.orders, outcomes)
        if self.viewer is None or self.visible is None:
            return Seen(self.position, orders, outcomes)
        return Seen(*filter_for_viewer(self.position, orders, outcomes, self.viewer, self.visible))


@dataclass(frozen=True, slots=True)
class ResultsRequest(MapRequest):
    """The results map: `after`, the position `position`'s phase led to (the engine's
    next position), with that phase's `orders` and `outcomes` drawn faint beneath it.
    `final` titles the map as the game's last. The viewer sees `after` as it sees the
    position before."""

    after: Position
    final: bool = False

    def after_seen(self) -> Position:
        """`after` reduced to what the viewer may see."""
        if self.viewer is None or self.visible is None:
            return self.after
        return filter_for_viewer(self.after, [], [], self.viewer, self.visible)[0]


def merge_orders(orders: Iterable[Order], outcomes: Sequence[Outcome]) -> list[Order]:
    """The orders given, then those only present in `outcomes` (defaults applied)."""
    out = list(orders)
    seen = set(out)
    for o in outcomes:
        if o.order not in seen:
            seen.add(o.order)
            out.append(o.order)
    return out
