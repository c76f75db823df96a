"""A played game written as interop/PHASES.md input lines, each with what was recorded.

The inverse of `interop.read_record` for one phase: the position before the phase, the
orders that were played, and under `expected` the result the game recorded, in the
output line's form. `python -m adjudication replay --compare` reads such lines back and
counts the phases whose result it finds identical, so any adjudicator can check a game
dipgm played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from adjudication.io.interop import write_order, write_result
from adjudication.model.board import Board
from adjudication.model.orders import Order, Support, Waive, order_power
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import PhaseKind, Power


def _sorted_by_power(
    powers: Iterable[Power], items: Iterable[tuple[Power, str]]
) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {p: [] for p in powers}
    for power, text in items:
        grouped.setdefault(power, []).append(text)
    return {p: sorted(texts) for p, texts in sorted(grouped.items())}


def input_line(
    record_id: str,
    position: Position,
    orders: Sequence[Order],
    board: Board,
    powers: Sequence[Power],
) -> dict[str, Any]:
    """The input line of PHASES.md for playing `orders` in `position`."""
    line: dict[str, Any] = {
        "id": record_id,
        "map": board.name,
        "phase": position.phase.code,
        "units": _sorted_by_power(powers, ((u.power, str(u)) for u in position.units)),
        "centers": _sorted_by_power(powers, ((p, c) for c, p in position.ownership.items())),
        "homes": {p: sorted(board.home_centres.get(p, ())) for p in sorted(powers)},
        "orders": _sorted_by_power(
            powers, ((order_power(o), write_order(_typed(o, position))) for o in orders)
        ),
    }
    if position.phase.kind is PhaseKind.RETREAT:
        dislodged: dict[str, dict[str, Any]] = {}
        for d in sorted(position.dislodged):
            dislodged.setdefault(d.unit.power, {})[str(d.unit)] = {
                "by": d.attacker_from,
                "via_convoy": d.via_convoy,
            }
        line["dislodged"] = dislodged
        line["standoffs"] = sorted(position.standoffs)
    return line


def _typed(order: Order, position: Position) -> Order:
    """The order with the supported unit's type filled in: a player may leave it out
    (`F Eng S Bre - Mao`), the interchange format needs it, and it is the type of the
    unit standing there."""
    if isinstance(order, Support) and order.supported_type is None:
        supported = position.unit_in(order.supported.province)
        if supported is not None:
            return replace(order, supported_type=supported.type)
    return order


def recorded_result(
    record_id: str,
    position: Position,
    outcomes: Sequence[Outcome],
    after: Position,
    powers: Sequence[Power],
) -> dict[str, Any]:
    """The output line of PHASES.md as the game recorded it: `after` is the position
    the game went on from. A unit dislodged in a movement phase retreats to what the
    retreat phase that followed offered, or nowhere when none followed (every such
    unit was disbanded at once)."""
    offered: Mapping[str, Dislodgement] = (
        {str(d.unit): d for d in after.dislodged} if after.phase.kind is PhaseKind.RETREAT else {}
    )
    dislodged = []
    for outcome in outcomes:
        order, attacker_from = outcome.order, outcome.dislodged_by
        if attacker_from is None or isinstance(order, Waive):
            continue
        kept = offered.get(str(order.unit))
        dislodged.append(kept or Dislodgement(order.unit, attacker_from))
    return write_result(record_id, position.phase, after, dislodged, powers)
