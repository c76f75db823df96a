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
one whose convoy failed. What a spying unit learns is `reports`'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from adjudication.model.orders import ESPIONAGE_ORDERS, EspionageOrder, Hold, Move
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.rules import Rules
from adjudication.model.variant import History, Play, Variant

# A convoyed attack whose convoy failed does not cut (rules/000 §9.4 as DATC 6.D.28),
# nor does a move that was never made.
_NO_ATTACK = frozenset(
    {Reason.NO_CONVOY, Reason.DISRUPTED, Reason.PARADOX, Reason.ILLEGAL, Reason.NO_SUCH_UNIT}
)

EspionageOrders = Mapping[Hold, EspionageOrder]


def played_as_holds(
    position: Position,
    orders: Sequence[object],
    variant: Variant,
    rules: Rules,
    winter_history: History,
    play: Play,
) -> Adjudication:
    """Kriegsplomacy's step around the play of the units' orders
    (`Variant.unit_steps`): each E or CE order is played as a hold of its unit, and its
    outcome then says whether it was cut."""
    played, held_for = as_holds(orders)
    return with_espionage_orders(play(position, played), held_for)


def as_holds(orders: Iterable[object]) -> tuple[list[object], dict[Hold, EspionageOrder]]:
    """The orders as the resolver plays them (each E or CE a hold of its unit), and
    which holds stand for which espionage orders. Of several E/CE orders for one unit
    the last stands, as validation keeps the last of any orders for a unit."""
    played: list[object] = []
    held_for: dict[Hold, EspionageOrder] = {}
    for order in orders:
        if isinstance(order, ESPIONAGE_ORDERS):
            hold = Hold(order.unit)
            held_for[hold] = order
            played.append(hold)
        else:
            played.append(order)
    return played, held_for


def with_espionage_orders(adjudication: Adjudication, held_for: EspionageOrders) -> Adjudication:
    """`adjudication` with each espionage order's own outcome in place of its hold's:
    succeeded unless cut (CUT) or dislodged (DISLODGED); refused as the hold was."""
    if not held_for:
        return adjudication
    attacked = attacks(adjudication.outcomes)
    outcomes = []
    for outcome in adjudication.outcomes:
        order = outcome.order
        given = held_for.get(order) if isinstance(order, Hold) else None
        if given is not None and outcome.reason is not Reason.UNORDERED:
            outcome = _espionage_outcome(given, outcome, attacked)
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


def _espionage_outcome(
    given: EspionageOrder, held: Outcome, attacked: Mapping[str, set[str]]
) -> Outcome:
    if held.reason is not None:  # dislodged, or refused as the hold was
        return Outcome(given, False, held.reason, held.dislodged_by)
    attackers = attacked.get(given.unit.province, set()) - {given.unit.power}
    if attackers:
        return Outcome(given, False, Reason.CUT)
    return Outcome(given, True)


def is_cut(outcome: Outcome) -> bool:
    """Whether an espionage order's outcome means it was cut (attacked or dislodged)."""
    return outcome.reason in (Reason.CUT, Reason.DISLODGED)
