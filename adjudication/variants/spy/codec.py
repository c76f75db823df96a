"""Spy Diplomacy's spies and orders as JSON and in interchange notation.

The spies' report is written only where there is one (`"spies": {…}` in an
adjudication; a position's spies are the engine's own, `serialize.spies_to_json`), so
every other variant's JSON is the same as before spies existed. Interchange notation
(docs/VARIANTS.md, "Spy Diplomacy"):
`SPY PAR B` (placement), `SPY MAR H`, `SPY MAR - SPA`, `SPY MAR P` (protect),
`SPY MAR: F MAR - SPA` (sabotage: the spy's order for the unit in its space); each
order's `str` is its notation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adjudication.io.serialize import (
    Json,
    SerializeError,
    order_from_json,
    order_to_json,
    spies_from_json,
    spies_to_json,
)
from adjudication.model.orders import MOVEMENT_ORDERS, MovementOrder, Order
from adjudication.model.pieces import SPY_WORD, Spy
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Power
from adjudication.model.variant import Codec
from adjudication.variants.spy.orders import (
    PlaceSpy,
    Protect,
    Sabotage,
    Sabotaged,
    SpyHold,
    SpyMove,
    SpyOrder,
    SpyOutcome,
    SpyReason,
    SpyReport,
)

# --- orders ---------------------------------------------------------------------------


def spy_order_to_json(order: SpyOrder) -> dict[str, Json]:
    """`{"type": "spy_move", "power": "FRANCE", "spy": "MAR", "to": "SPA"}`, …"""
    base: dict[str, Json] = {"power": order.spy.power, "spy": order.spy.province}
    match order:
        case PlaceSpy():
            base["type"] = "spy_place"
        case SpyHold():
            base["type"] = "spy_hold"
        case SpyMove(destination=destination):
            base |= {"type": "spy_move", "to": destination}
        case Protect():
            base["type"] = "spy_protect"
        case Sabotage(order=given):
            base |= {"type": "sabotage", "order": order_to_json(given)}
    return base


def spy_order_from_json(document: Mapping[str, Json]) -> SpyOrder:
    """Decode what `spy_order_to_json` wrote."""
    spy = Spy(str(document["power"]), str(document["spy"]))
    match document.get("type"):
        case "spy_place":
            return PlaceSpy(spy)
        case "spy_hold":
            return SpyHold(spy)
        case "spy_move":
            return SpyMove(spy, str(document["to"]))
        case "spy_protect":
            return Protect(spy)
        case "sabotage":
            return Sabotage(spy, _movement_order(order_from_json(document["order"])))
    raise SerializeError(f"unknown spy order type: {document.get('type')!r}")


def _movement_order(order: Order) -> MovementOrder:
    if not isinstance(order, MOVEMENT_ORDERS):
        raise SerializeError(f"a spy gives only movement orders, not {order}")
    return order


def spy_report_to_json(report: SpyReport) -> dict[str, Json]:
    """What the spies did in a phase (the record's; never sent to other powers)."""
    return {
        "outcomes": [
            {
                "order": spy_order_to_json(o.order),
                "succeeded": o.succeeded,
                "reason": None if o.reason is None else o.reason.value,
                "rejection": None if o.rejection is None else o.rejection.reason.value,
                "message": None if o.rejection is None else o.rejection.message,
            }
            for o in report.outcomes
        ],
        "sabotaged": [
            {
                "written": [order_to_json(w) for w in s.written],
                "followed": order_to_json(s.followed),
                "by": spies_to_json(s.by),
            }
            for s in report.sabotaged
        ],
    }


def spy_report_from_json(document: Mapping[str, Any]) -> SpyReport:
    """Decode what `spy_report_to_json` wrote."""
    outcomes = tuple(
        SpyOutcome(
            spy_order_from_json(o["order"]),
            bool(o["succeeded"]),
            None if o.get("reason") is None else SpyReason(o["reason"]),
            None
            if o.get("rejection") is None
            else Rejection(RejectReason(o["rejection"]), str(o.get("message") or "")),
        )
        for o in document.get("outcomes", ())
    )
    sabotaged = tuple(
        Sabotaged(
            tuple(order_from_json(w) for w in s["written"]),
            _movement_order(order_from_json(s["followed"])),
            spies_from_json(s["by"]),
        )
        for s in document.get("sabotaged", ())
    )
    return SpyReport(outcomes, sabotaged)


# --- interchange notation -------------------------------------------------------------


def read_spy_order(
    text: str, power: Power, position: Position, read_order: Callable[[str, Power], Order]
) -> SpyOrder | None:
    """A spy's order in interchange notation, or None when `text` is not one.
    `read_order(text, power)` reads the order a sabotage gives, for the power whose unit
    stands in the spy's space."""
    head, colon, rest = text.partition(":")
    words = head.upper().split()
    if len(words) < 2 or words[0] != SPY_WORD:
        return None
    spy = Spy(power, words[1])
    if colon:
        unit = position.unit_in(spy.province)
        if len(words) != 2 or unit is None:
            return None
        order = read_order(rest, unit.power)
        return Sabotage(spy, order) if isinstance(order, MOVEMENT_ORDERS) else None
    match words[2:]:
        case ["B"]:
            return PlaceSpy(spy)
        case ["H"]:
            return SpyHold(spy)
        case ["P"]:
            return Protect(spy)
        case ["-", destination]:
            return SpyMove(spy, destination)
    return None


def _record_to_json(record: object) -> dict[str, Json]:
    if not isinstance(record, SpyReport):
        raise SerializeError(f"not a record of Spy Diplomacy: {record!r}")
    return spy_report_to_json(record)


SPY_CODEC = Codec(
    read_order=read_spy_order,
    record_to_json=_record_to_json,
    record_from_json=spy_report_from_json,
)
"""Spy Diplomacy's codec (`Variant.codec`): its orders in interchange notation and the
spies' report of each phase."""
