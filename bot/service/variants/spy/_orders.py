"""Spy Diplomacy's orders in the service (issue 12, rules/004 "Rules for Spy
Diplomacy"): where a spy's order is kept among the orders in force, whether a power
owes its placement, the orders autocomplete offers a spy's owner, and a kept spy order
in the notation of the DM echo.

Chosen once per message or phase from the position's variant: a game without spies
never reaches the functions below but `has_spies`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudication.model.board import Board
from adjudication.model.orders import MOVEMENT_ORDERS
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from adjudication.play.legal import legal_orders
from adjudication.variants import VARIANTS
from adjudication.variants.spy.checks import spy_reach
from adjudication.variants.spy.orders import (
    SPY_ORDERS,
    PlaceSpy,
    Protect,
    Sabotage,
    SpyHold,
    SpyMove,
    SpyOrder,
)
from adjudication.variants.spy.words import format_spy_order

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing's own from Python 3.13


def is_spy_order(order: object) -> TypeIs[SpyOrder]:
    """Whether `order` is a spy's (kept under `Slot.SPY`, one spy per power, played by
    the spy rules)."""
    return isinstance(order, SPY_ORDERS)


def has_spies(position: Position) -> bool:
    """Whether `position`'s game is played with spies."""
    return VARIANTS[position.variant].spies


def placing_spies(position: Position) -> bool:
    """Whether `position` is the start of a Spy game, when "Each Spy starts out in one
    of its home supply centers, selected by the owning player" (Y1): each power owes
    that one order."""
    variant = VARIANTS[position.variant]
    return variant.spies and position.phase == variant.start


def spy_orders_for(position: Position, power: Power, board: Board) -> list[SpyOrder]:
    """The orders `power` may give its own spy now, and no other's: its placement at
    the start, else in a movement phase staying, a move, protecting its own unit there,
    or an order for the foreign unit there (sabotage)."""
    if placing_spies(position):
        homes = board.home_centres.get(power, frozenset())
        return [PlaceSpy(Spy(power, home)) for home in sorted(homes)]
    if position.phase.kind is not PhaseKind.MOVEMENT:
        return []
    orders: list[SpyOrder] = []
    for spy in (s for s in position.spies if s.power == power):
        orders.append(SpyHold(spy))
        orders += [SpyMove(spy, p) for p in sorted(spy_reach(board, spy.province))]
        unit = position.unit_in(spy.province)
        if unit is not None and unit.power == power:
            orders.append(Protect(spy))
        elif unit is not None:
            given = legal_orders(position, board, unit)
            orders += [Sabotage(spy, o) for o in given if isinstance(o, MOVEMENT_ORDERS)]
    return orders


def spy_choices(position: Position, power: Power, board: Board) -> list[str]:
    """`spy_orders_for` in the notation players write ("Spy Mar - Spa")."""
    return [format_spy_order(o, board) for o in spy_orders_for(position, power, board)]
