"""What a power's orders must and may contain in a phase: the key each order is kept
under, the build and removal allowance (rules/000 §13.2), whether a power's orders are
complete (rules/004 rule 3), and what is still unordered."""

from __future__ import annotations

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Order, Waive
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from adjudication.play.adjustments import build_sites
from adjudication.variants.spy.orders import SpyOrder
from bot.service.kernel import LineResult, Progress, count
from bot.service.variants import parts_for
from bot.service.variants.masters import build_limit, is_written_slot, removal_limit
from bot.service.variants.spy import is_spy_order
from storage.orders_in_force import InForce, Slot, SlotKind, next_slot

NO_MASTERS = MastersRules()


def slot_of(order: Order | SpyOrder, taken: set[Slot]) -> Slot:
    """The key an order is kept under: the unit's (or build's) province; waives count."""
    if isinstance(order, Waive):
        return next_slot(SlotKind.WAIVE, taken)
    if is_spy_order(order):
        return Slot.SPY  # a power's one spy: its new order replaces the old
    return Slot.of_unit(order.unit)


def adjustment_excess(order, power, in_force: InForce, position, masters=NO_MASTERS) -> str | None:
    """rules/000 §13.2: no more builds than allowed, no more removals than owed (the
    Masters Rules' aid and disarmament widen both: bot/service/variants/masters/_winter.py)."""
    if position.phase.kind is not PhaseKind.ADJUSTMENT or is_spy_order(order):
        return None
    change = build_limit(position, power, masters)
    owed = removal_limit(position, power, masters)
    slot = None if isinstance(order, Waive) else Slot.of_unit(order.unit)
    others = [
        kept.order
        for (p, s), kept in in_force.items()
        if p == power and s != slot and not is_written_slot(s)  # rules/003 lines apart
    ]
    if isinstance(order, Build | Waive):
        used = sum(isinstance(o, Build | Waive) for o in others) + 1
        if used > change:
            return f"You may build only {count(max(change, 0), 'unit')} this winter."
    if isinstance(order, Disband) and owed is not None:
        used = sum(isinstance(o, Disband) for o in others) + 1
        if used > owed:
            return f"You must remove only {count(max(owed, 0), 'unit')} this winter."
    return None


def complete(position: Position, power: Power, slots: set[tuple[str, Slot]], board: Board) -> bool:
    """Whether the power's orders cover everything it must or may do this phase:
    every dislodged unit; every removal owed; every build it has room for (unused
    builds are waived anyway, rules/000 §13.2)."""
    if position.phase.kind is PhaseKind.RETREAT:
        return all(
            (power, Slot.of_unit(d.unit)) in slots
            for d in position.dislodged
            if d.unit.power == power
        )
    given = sum(1 for p, _ in slots if p == power)
    change = position.adjustment_of(power)
    if change < 0:
        return given >= -change
    return given >= min(change, _build_room(position, power, board)) + _placement(position)


def progress(
    position: Position, power: Power, slots: set[tuple[str, Slot]], board: Board
) -> Progress:
    """How far the power's orders in force (`slots`: (power, slot) keys) go."""
    kind = position.phase.kind
    if kind is not PhaseKind.ADJUSTMENT:
        if kind is PhaseKind.MOVEMENT:
            units = [u for u in position.units if u.power == power]
        else:
            units = [d.unit for d in position.dislodged if d.unit.power == power]
        missing = tuple(u for u in units if (power, Slot.of_unit(u)) not in slots)
        return Progress(len(units) - len(missing), len(units), missing)
    given = sum(1 for p, _ in slots if p == power)
    change = position.adjustment_of(power)
    if change < 0:
        return Progress(given, -change, removals_left=max(-change - given, 0))
    owed = min(change, _build_room(position, power, board)) + _placement(position)
    return Progress(given, owed, builds_left=max(owed - given, 0))


def _placement(position: Position) -> int:
    """Spy Diplomacy's start (Y1): each power owes its spy's placement."""
    return 1 if parts_for(position.variant).owes_a_secret_order(position) else 0


def _build_room(position: Position, power: Power, board: Board) -> int:
    """Where the power may build, as the engine counts it: unoccupied home centres it
    owns (rules/000 §13.2), or any it owns with flexible builds (rules/004)."""
    return len(build_sites(position, board, power))


def line_json(result: LineResult) -> dict:
    return {
        "text": result.text,
        "status": result.status.value,
        "order": str(result.order) if result.order is not None else None,  # as always stored
        "message": result.message,
        "reason": result.reason,
        "notes": list(result.notes),
    }
