"""Reading small DATC-style order tables for the validate and movement tests.

A table is one line per power: "ENGLAND: F NTH - PIC x; A LVP H". A trailing " x" marks
an order expected to fail (for a hold: the unit is dislodged); no mark, to succeed.
"""

from __future__ import annotations

from adjudication.model.orders import Convoy, Hold, Move, Order, Support
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit, UnitType


def read_order(power: str, text: str) -> Order:
    words = text.upper().replace("(", "/").replace(")", "").split()
    unit = Unit.parse(power, f"{words[0]} {words[1]}")
    rest = words[2:]
    if rest == ["H"]:
        return Hold(unit)
    if rest[0] == "-":
        return Move(unit, Location.parse(rest[1]), via_convoy="VIA" in rest)
    if rest[0] == "S":
        kind, where = (UnitType(rest[1]), rest[2]) if rest[1] in "AF" else (None, rest[1])
        after = rest[3:] if kind else rest[2:]
        destination = Location.parse(after[1]) if len(after) > 1 else None
        return Support(unit, Location.parse(where), destination, kind)
    if rest[0] == "C":
        army = rest[2] if rest[1] == "A" else rest[1]
        return Convoy(unit, Location.parse(army), Location.parse(rest[-1]))
    raise ValueError(text)


def read_table(table: str) -> list[tuple[Order, bool]]:
    """Orders with whether each is expected to succeed."""
    out: list[tuple[Order, bool]] = []
    for line in table.strip().splitlines():
        power, _, rest = line.partition(":")
        for item in rest.split(";"):
            text = item.strip()
            if not text:
                continue
            fails = text.endswith(" x")
            out.append((read_order(power.strip().upper(), text.removesuffix(" x")), not fails))
    return out


def position_for(orders: list[Order], extra: str = "", phase: str = "S1901M") -> Position:
    """The units the orders name, plus `extra` ("ENGLAND: F LON; RUSSIA: A MOS")."""
    units = {o.unit.province: o.unit for o in orders}
    for line in extra.strip().splitlines():
        power, _, rest = line.partition(":")
        for item in rest.split(";"):
            if item.strip():
                unit = Unit.parse(power.strip().upper(), item.strip())
                units[unit.province] = unit
    return Position(Phase.parse(phase), tuple(units.values()), {})


def legal_orders(orders: list[Order], position: Position) -> tuple[list[Order], set[int]]:
    """The orders as the resolver may be given them: each one validation refuses
    replaced by a hold (the unit holds, as in the phase pipeline); and the indices of
    those refused. The units of these tables stand where their orders say, one order
    to a unit."""
    from adjudication.maps import STANDARD
    from adjudication.play.validate import validate_all

    rejected = validate_all(orders, position, STANDARD)
    return [Hold(o.unit) if i in rejected else o for i, o in enumerate(orders)], set(rejected)


def legal_table(table: str, extra: str = "") -> tuple[Position, list[Order]]:
    """The table's position, and its orders with the illegal ones replaced by holds."""
    orders = [o for o, _ in read_table(table)]
    position = position_for(orders, extra)
    return position, legal_orders(orders, position)[0]


def play(table: str, extra: str = "", rules: object = None) -> tuple[list, object]:
    """Validate the table's orders, turn illegal ones into holds (as the phase pipeline
    does), resolve the phase; returns [(order, expected, outcome)], result."""
    from adjudication.maps import STANDARD
    from adjudication.model.outcomes import Outcome, Reason
    from adjudication.model.rules import Rules
    from adjudication.play.movement import resolve_movement

    rows = read_table(table)
    orders = [o for o, _ in rows]
    position = position_for(orders, extra)
    played, rejected = legal_orders(orders, position)
    result = resolve_movement(position, played, STANDARD, rules or Rules())
    outcomes = [
        Outcome(orders[i], False, Reason.ILLEGAL) if i in rejected else out
        for i, out in enumerate(result.outcomes)
    ]
    return [(o, expected, out) for (o, expected), out in zip(rows, outcomes, strict=True)], result


def failures(table: str, extra: str = "", rules: object = None) -> list[str]:
    """Orders whose success differs from the table's marks (empty when all agree)."""
    rows, _ = play(table, extra, rules)
    wrong = []
    for order, expected, outcome in rows:
        # A hold "succeeds" when its unit is not dislodged, whatever else happened.
        got = outcome.dislodged_by is None if isinstance(order, Hold) else outcome.succeeded
        if got != expected:
            wrong.append(f"{order}: expected {'success' if expected else 'failure'}, got {outcome}")
    return wrong
