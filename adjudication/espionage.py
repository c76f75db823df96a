"""Espionage and counter-espionage in play (rules/004, Kriegsplomacy).

"If a unit ordered to spy is attacked, then the espionage is cut and no information
is learned. The unit is then considered to be holding." "a counter-espionage order
... Again, this is cut by an attack and the unit is then considered to be holding."
"Any unit ordered to spy or to counterspy can be supported, but this support acts as a
support against an attack".

So the resolver never sees these orders: each is played as a hold of its unit (it may
be supported in holding, like any hold), and afterwards the order's outcome says
whether it was cut, decided as a support's cut is (rules/000 §9.4, DATC 6.D): by a
move into its province from a unit of another power, unless that move was a convoyed
one whose convoy failed. What a spy learns is `adjudication.spying`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudication.orders import SPY_ORDERS, Hold, Move, Order, SpyOrder
from adjudication.outcomes import Outcome, Reason
from adjudication.rejections import Rejection

if TYPE_CHECKING:
    from adjudication.phases import Adjudication

# A convoyed attack whose convoy failed does not cut (rules/000 §9.4 as DATC 6.D.28),
# nor does a move that was never made.
_NO_ATTACK = frozenset(
    {Reason.NO_CONVOY, Reason.DISRUPTED, Reason.PARADOX, Reason.ILLEGAL, Reason.NO_SUCH_UNIT}
)

Check = Callable[[Order], Rejection | None]


def checked_as_holds(check: Check, allowed: tuple[type, ...]) -> tuple[Check, tuple[type, ...]]:
    """Validation where espionage exists: in a phase that takes holds, an E or CE order
    is legal exactly when a hold of its unit would be."""
    if Hold not in allowed:
        return check, allowed

    def spy_or_other(order: Order) -> Rejection | None:
        if isinstance(order, SPY_ORDERS):
            return check(Hold(order.unit))
        return check(order)

    return spy_or_other, (*allowed, *SPY_ORDERS)


SpyOrders = Mapping[Hold, SpyOrder]


def as_holds(orders: Iterable[Order]) -> tuple[list[Order], dict[Hold, SpyOrder]]:
    """The orders as the resolver plays them (each E or CE a hold of its unit), and
    which holds stand for which espionage orders. Of several E/CE orders for one unit
    the last stands, as validation keeps the last of any orders for a unit."""
    played: list[Order] = []
    spied: dict[Hold, SpyOrder] = {}
    for order in orders:
        if isinstance(order, SPY_ORDERS):
            hold = Hold(order.unit)
            spied[hold] = order
            played.append(hold)
        else:
            played.append(order)
    return played, spied


def with_spy_orders(adjudication: Adjudication, spied: SpyOrders) -> Adjudication:
    """`adjudication` with each espionage order's own outcome in place of its hold's:
    succeeded unless cut (CUT) or dislodged (DISLODGED); refused as the hold was."""
    if not spied:
        return adjudication
    attacked = attacks(adjudication.outcomes)
    outcomes = []
    for outcome in adjudication.outcomes:
        order = outcome.order
        spy = spied.get(order) if isinstance(order, Hold) else None
        if spy is not None and outcome.reason is not Reason.UNORDERED:
            outcome = _spy_outcome(spy, outcome, attacked)
        outcomes.append(outcome)
    return replace(adjudication, outcomes=tuple(outcomes))


def attacks(outcomes: Iterable[Outcome]) -> dict[str, set[str]]:
    """Province -> the powers whose moves into it attacked it (could cut a support)."""
    attacked: dict[str, set[str]] = {}
    for outcome in outcomes:
        order = outcome.order
        if isinstance(order, Move) and outcome.reason not in _NO_ATTACK:
            attacked.setdefault(order.destination.province, set()).add(order.unit.power)
    return attacked


def _spy_outcome(spy: SpyOrder, held: Outcome, attacked: Mapping[str, set[str]]) -> Outcome:
    if held.reason is not None:  # dislodged, or refused as the hold was
        return Outcome(spy, False, held.reason, held.dislodged_by)
    attackers = attacked.get(spy.unit.province, set()) - {spy.unit.power}
    if attackers:
        return Outcome(spy, False, Reason.CUT)
    return Outcome(spy, True)


def is_cut(outcome: Outcome) -> bool:
    """Whether an espionage order's outcome means it was cut (attacked or dislodged)."""
    return outcome.reason in (Reason.CUT, Reason.DISLODGED)
