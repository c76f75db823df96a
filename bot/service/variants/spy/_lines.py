"""The interchange line of a played phase of a Spy Diplomacy game (issue 12): its spies
in the position and its spy orders among the orders (`SPY MAR - SPA`, as
`adjudication.variants.spy.codec` writes them and `interop.read_record` reads them back), so that
`python -m adjudication replay --compare` replays the GM's export identically. Other
games' lines are the interchange lines unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudication.io.interop import write_order
from adjudication.io.records import input_line
from adjudication.io.serialize import spies_to_json
from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.units import Power
from adjudication.variants.spy.orders import SPY_ORDERS, Sabotage, SpyOrder


def exported_input_line(
    record_id: str,
    position: Position,
    orders: Sequence[Order | SpyOrder],
    board: Board,
    powers: Sequence[Power],
) -> dict[str, Any]:
    """The PHASES.md input line of a played phase, its spies and their orders with it."""
    spy_orders = [o for o in orders if isinstance(o, SPY_ORDERS)]
    units_orders = [o for o in orders if not isinstance(o, SPY_ORDERS)]
    line = input_line(record_id, position, units_orders, board, powers)
    if position.spies or spy_orders:  # Spy Diplomacy only: other lines are unchanged
        line["spies"] = spies_to_json(position.spies)
        for order in spy_orders:
            line["orders"].setdefault(order.spy.power, []).append(_spy_notation(order))
        line["orders"] = {p: sorted(texts) for p, texts in line["orders"].items()}
    return line


def _spy_notation(order: SpyOrder) -> str:
    """`SPY MAR - SPA`; a sabotage's order in the interchange notation of units'."""
    if isinstance(order, Sabotage):
        return f"{order.spy}: {write_order(order.order)}"
    return str(order)
