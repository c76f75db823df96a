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

from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import PhaseKind, Power
from adjudication.variants import Variant

log = logging.getLogger(__name__)


def _parse_orders(text: str, position: Position, power: Power, board: Board) -> list[Any]:
    from adjudication.text.parse import parse_orders
    from adjudication.variants import VARIANTS

    codec = VARIANTS[position.variant].codec
    if codec is not None and codec.read_message is not None:  # its own lines read too
        return codec.read_message(text, position, power, board)
    return parse_orders(text, position, power, board)


def _adjudicate(
    position: Position,
    orders: Iterable[Order],
    variant: Variant,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
) -> Any:
    from adjudication.play.phases import adjudicate

    return adjudicate(position, orders, variant, rules, winter_history)


def _report(
    adjudication: Any,
    before: Position,
    board: Board,
    submitted: Sequence[Order],
    nmr: Collection[Power],
    fall_ownership: Mapping[str, Power] | None,
) -> str:
    """Judge-notation results (rules/004) from the engine's report module: what
    `/game history` falls back to when bot/judge_text.py cannot rebuild a phase."""
    from adjudication.text import report
    from adjudication.variants import VARIANTS

    codec = VARIANTS[before.variant].codec
    if codec is not None and codec.own_orders:  # the variant's own orders: not the units'
        submitted = [o for o in submitted if not isinstance(o, codec.own_orders)]
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
    return report.retreat_report(adjudication, board=board)


@dataclass(frozen=True, slots=True)
class Engine:
    """The engine functions the service calls; defaults are the real ones."""

    parse_orders: Callable[[str, Position, Power, Board], list[Any]] = _parse_orders
    adjudicate: Callable[..., Any] = _adjudicate
    report: Callable[..., str] = _report
