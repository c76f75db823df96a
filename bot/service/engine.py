"""The rules engine as the service sees it: parse, validate, adjudicate, report.

Gathered in one replaceable value so tests can inject a failure half-way through an
adjudication and the benchmark can time the parts. The adjudication modules are
imported when first used, not at import time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudication.board import Board
from adjudication.orders import Order, order_power
from adjudication.outcomes import Outcome
from adjudication.position import Position
from adjudication.rules import Rules
from adjudication.units import Phase, PhaseKind, Power
from adjudication.variants import Variant

log = logging.getLogger(__name__)


def _parse_orders(text: str, position: Position, power: Power, board: Board) -> list[Any]:
    from adjudication.parse import parse_orders

    return parse_orders(text, position, power, board)


def _adjudicate(
    position: Position,
    orders: Iterable[Order],
    variant: Variant,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
) -> Any:
    from adjudication.phases import adjudicate

    return adjudicate(position, orders, variant, rules, winter_history)


def _report(
    adjudication: Any,
    before: Position,
    board: Board,
    submitted: Sequence[Order],
    nmr: Collection[Power],
    fall_ownership: Mapping[str, Power] | None,
) -> str:
    """Judge-notation results (rules/004) from the engine's report module; retreat
    phases, which it does not cover, as a plain listing."""
    from adjudication import report

    kind = before.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return report.movement_report(adjudication, submitted=submitted, nmr=nmr, board=board)
    if kind is PhaseKind.ADJUSTMENT:
        return report.adjustment_report(
            before.phase.year,
            fall_ownership if fall_ownership is not None else before.ownership,
            before.ownership,
            adjudication,
            nbr=nmr,
            board=board,
        )
    return plain_report(before.phase, adjudication.outcomes)


def plain_report(phase: Phase, outcomes: Sequence[Outcome]) -> str:
    by_power: dict[Power, list[str]] = {}
    for o in outcomes:
        mark = "" if o.succeeded else f" [{o.reason.value if o.reason else 'failed'}]"
        by_power.setdefault(order_power(o.order), []).append(f"{o.order}{mark}")
    lines = [f"Results for {phase.title}:"]
    lines += [f"{p.title()}: " + ", ".join(v) for p, v in sorted(by_power.items())]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Engine:
    """The engine functions the service calls; defaults are the real ones."""

    parse_orders: Callable[[str, Position, Power, Board], list[Any]] = _parse_orders
    adjudicate: Callable[..., Any] = _adjudicate
    report: Callable[..., str] = _report
