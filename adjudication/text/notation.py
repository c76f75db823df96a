"""Orders as players read them: "A Par - Bur" (short) or "Army Paris → Burgundy" (long).

Used by autocomplete, the parser's echo ("interpreted as …") and its ambiguity
messages. The interchange notation (`str(order)`, PHASES.md) is separate.
"""

from __future__ import annotations

from typing import Literal

from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    CounterEspionage,
    Disband,
    Espionage,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from adjudication.model.units import Location, Unit, UnitType

Style = Literal["short", "long"]

_TYPE_NAMES = {UnitType.ARMY: "Army", UnitType.FLEET: "Fleet", UnitType.PLANE: "Plane"}
_COAST_NAMES = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}
# Judge spelling keeps a capital where the code abbreviates two words.
_SHORT_SPECIAL = {"STP": "StP"}


def place_name(location: Location, board: Board, style: Style = "short") -> str:
    """'Spa/nc' (short) or 'Spain (north coast)' (long)."""
    if style == "long":
        province = board.provinces.get(location.province)
        name = province.name if province else location.province
        if location.coast:
            return f"{name} ({_COAST_NAMES.get(location.coast, location.coast.lower())})"
        return name
    code = location.province
    name = _SHORT_SPECIAL.get(code, code.capitalize())
    return f"{name}/{location.coast.lower()}" if location.coast else name


def unit_name(unit: Unit, board: Board, style: Style = "short") -> str:
    """'A Par' (short) or 'Army Paris' (long)."""
    kind = unit.type.value if style == "short" else _TYPE_NAMES[unit.type]
    return f"{kind} {place_name(unit.location, board, style)}"


def format_order(order: Order, board: Board, style: Style = "short") -> str:
    """The text players see for `order`: "A Par - Bur" or "Army Paris → Burgundy"."""
    long = style == "long"
    arrow = " → " if long else " - "

    def place(where: Location) -> str:
        return place_name(where, board, style)

    if isinstance(order, Waive):
        return "Waive a build" if long else "Waive"
    me = unit_name(order.unit, board, style)
    if isinstance(order, Hold):
        return f"{me} holds" if long else f"{me} H"
    if isinstance(order, Move):
        via = " via convoy" if order.via_convoy else ""
        return f"{me}{arrow}{place(order.destination)}{via}"
    if isinstance(order, Support):
        supported = place(order.supported)
        if order.supported_type is not None:
            kind = order.supported_type.value if not long else _TYPE_NAMES[order.supported_type]
            supported = f"{kind} {supported}"
        verb = " supports " if long else " S "
        if order.destination is None:
            return f"{me}{verb}{supported}" + (" to hold" if long else "")
        return f"{me}{verb}{supported}{arrow}{place(order.destination)}"
    if isinstance(order, Convoy):
        army = f"{_TYPE_NAMES[UnitType.ARMY] if long else 'A'} {place(order.army)}"
        verb = " convoys " if long else " C "
        return f"{me}{verb}{army}{arrow}{place(order.destination)}"
    if isinstance(order, Retreat):
        return (
            f"{me} retreats{arrow}{place(order.destination)}"
            if long
            else (f"{me} R {place(order.destination)}")
        )
    if isinstance(order, Disband):
        return f"{me} disbands" if long else f"{me} D"
    if isinstance(order, Build):
        return f"Build {me}"
    if isinstance(order, Espionage):
        return f"{me} spies" if long else f"{me} E"
    if isinstance(order, CounterEspionage):
        return f"{me} counter-spies" if long else f"{me} CE"
    raise TypeError(f"not an order: {order!r}")
