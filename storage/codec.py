"""How the engine's values are stored: the engine's own plain JSON
(`adjudication.io.serialize`), kept in JSON columns. One place to change if the
stored form ever needs a translation between versions.

Orders include Spy Diplomacy's spy orders (`adjudication.variants.spy.codec`) and the Masters
Rules' own orders (`adjudication.variants.masters.codec`: rebel builds, annexations, aid), kept
in the same column as the units' orders: their JSON `type`s are their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudication.io.serialize import (
    outcome_from_json,
    outcome_to_json,
    position_from_json,
    position_to_json,
    rules_from_json,
    rules_to_json,
)
from adjudication.model.orders import Order
from adjudication.variants.masters.codec import written_order_from_json, written_order_to_json
from adjudication.variants.masters.written import MastersOrder
from adjudication.variants.spy.codec import spy_order_from_json, spy_order_to_json
from adjudication.variants.spy.orders import SPY_ORDERS, SpyOrder

_SPY_TYPES = frozenset({"spy_place", "spy_hold", "spy_move", "spy_protect", "sabotage"})


def order_to_json(order: Order | SpyOrder | MastersOrder) -> dict[str, Any]:
    if isinstance(order, SPY_ORDERS):
        return spy_order_to_json(order)
    return written_order_to_json(order)


def order_from_json(document: Mapping[str, Any]) -> Any:
    """An `Order`, a `SpyOrder` in a Spy game, or a Masters Rules order."""
    if document.get("type") in _SPY_TYPES:
        return spy_order_from_json(document)
    return written_order_from_json(document)


__all__ = [
    "order_from_json",
    "order_to_json",
    "outcome_from_json",
    "outcome_to_json",
    "position_from_json",
    "position_to_json",
    "rules_from_json",
    "rules_to_json",
]
