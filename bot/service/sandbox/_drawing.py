"""A sandbox's maps, drawn by `render` in a worker thread (drawing is CPU work; the
event loop goes on meanwhile). The renderer is imported when first needed: it loads
the maps' geometry."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from adjudication.maps import STANDARD
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Position
from adjudication.variants.spy.orders import SPY_ORDERS


def _drawn(orders: Sequence[Any]) -> list[Any]:
    """The units' orders: a spy's order has no arrow of its own on the map."""
    return [o for o in orders if not isinstance(o, SPY_ORDERS)]


async def position_png(
    position: Position, orders: Sequence[Any], *, palette: str, subtitle: str
) -> bytes:
    """The phase being ordered, with the orders given so far."""
    from render import MapRequest, render_map

    request = MapRequest(
        position, board=STANDARD, orders=_drawn(orders), palette=palette, subtitle=subtitle
    )
    return await asyncio.to_thread(render_map, request)


async def results_png(
    before: Position,
    after: Position,
    outcomes: Sequence[Outcome],
    *,
    palette: str,
    subtitle: str,
) -> bytes:
    """The position a phase led to, its orders drawn faint beneath it."""
    from render import ResultsRequest, render_results

    played = [o for o in outcomes if not isinstance(o.order, SPY_ORDERS)]
    request = ResultsRequest(
        before,
        board=STANDARD,
        orders=[o.order for o in played],
        outcomes=played,
        palette=palette,
        subtitle=subtitle,
        after=after,
    )
    return await asyncio.to_thread(render_results, request)
