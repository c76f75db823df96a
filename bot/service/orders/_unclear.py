"""rules/004 rule 7: "If an order is ambiguous, it is treated as Hold."

A line that names one of the sender's units but cannot be followed as an order for it
(two readings, words that are not an order, an order the rules forbid) is the player's
last word about that unit: it replaces the unit's earlier order with Hold (in a retreat
phase, where no unit holds, with Disband: a dislodged unit that makes no retreat is
disbanded, rules/000 §11), and the reply says which order now stands. A line about
someone else's unit, or about no unit at all, changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.orders import Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import PhaseKind, Power, Unit
from adjudication.text.notation import unit_name
from adjudication.text.parse import ParsedLine
from adjudication.text.tokens import OrderSyntaxError, read_draft

# Parse a candidate reading back into an order: (text, position, power, board) -> lines.
Reparse = Callable[[str, Position, Power, Board], list[ParsedLine]]

# Rejections that are not about one of the sender's units (or already settled).
_NOT_ABOUT_OWN_UNIT = {
    RejectReason.EMPTY,
    RejectReason.TOO_LONG,
    RejectReason.WRONG_PHASE,
    RejectReason.NO_SUCH_UNIT,
    RejectReason.NOT_YOUR_UNIT,
    RejectReason.DUPLICATE,
}
_SHOWN = 6  # readings named in a reply, as the parser's own message
_HEAD_WORDS = 4  # "F St Petersburg nc": the longest unit a line starts with


@dataclass(frozen=True, slots=True)
class Ruling:
    """What an unclear line about one of the sender's units comes to: the order that
    now stands for `unit` (Hold, or Disband in a retreat phase), and the reply."""

    unit: Unit
    order: Order
    message: str


def rule_on(
    line: ParsedLine, position: Position, power: Power, board: Board, reparse: Reparse
) -> Ruling | None:
    """The ruling on a refused line, if it names one of `power`'s units unmistakably:
    the unit of the order read, the one unit all of an ambiguous line's readings are
    for, or the unit the line's first words name. None: the line changes nothing."""
    rejection = line.rejection
    if rejection is None or rejection.reason in _NOT_ABOUT_OWN_UNIT:
        return None
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        return None  # builds and removals name provinces, not units that could hold
    readings: list[Order] = []
    if line.order is not None:
        named = None if isinstance(line.order, Waive) else line.order.unit
    elif rejection.candidates:
        for text in rejection.candidates:
            found = reparse(text, position, power, board)
            readings += [p.order for p in found if p.order is not None]
        units = {o.unit for o in readings if not isinstance(o, Waive)}
        named = units.pop() if len(units) == 1 else None
    else:
        named = _unit_at_head(line.text, position, power, board)
    unit = _own_unit(position, power, named.province) if named is not None else None
    if unit is None:
        return None
    order: Order = Disband(unit) if position.phase.kind is PhaseKind.RETREAT else Hold(unit)
    return Ruling(unit, order, _message(line, unit, order, board, readings))


def _message(line: ParsedLine, unit: Unit, order: Order, board: Board, readings) -> str:
    """Why the line was not followed and which order now stands."""
    name = unit_name(unit, board)
    now = f"{name} now disbands" if isinstance(order, Disband) else f"{name} now holds"
    rejection = line.rejection
    assert rejection is not None
    if rejection.reason is RejectReason.AMBIGUOUS and rejection.candidates:
        options = rejection.candidates
        shown = " or ".join(options[:_SHOWN]) + (" or …" if len(options) > _SHOWN else "")
        return f"'{line.text}' could mean {shown}. {now}; send {shown} {_to_do(readings)}."
    return f"{rejection.message} {now}; send a new order for it to change that."


def _to_do(orders: list[Order]) -> str:
    """What the readings of an ambiguous line would have the unit do."""
    for kind, words in (
        (Move, "to move"),
        (Retreat, "to retreat"),
        (Support, "to support"),
        (Convoy, "to convoy"),
    ):
        if orders and all(isinstance(o, kind) for o in orders):
            return words
    return "instead"


def _own_unit(position: Position, power: Power, province: str) -> Unit | None:
    """The sender's unit in `province` that this phase orders: a unit on the board in a
    movement phase, a dislodged one in a retreat phase."""
    if position.phase.kind is PhaseKind.RETREAT:
        return next(
            (
                d.unit
                for d in position.dislodged
                if d.unit.power == power and d.unit.province == province
            ),
            None,
        )
    unit = position.unit_in(province)
    return unit if unit is not None and unit.power == power else None


def _unit_at_head(text: str, position: Position, power: Power, board: Board) -> Unit | None:
    """The unit named by the first words of a line read no further ("F Edi jumps")."""
    words = text.split()
    for n in range(min(len(words) - 1, _HEAD_WORDS), 0, -1):
        try:
            draft = read_draft(" ".join(words[:n]), board)
        except OrderSyntaxError:
            continue
        unit = draft.unit
        if unit is None or unit.place.exact is None or unit.power not in (None, power):
            continue
        return _own_unit(position, power, unit.place.exact.province)
    return None
