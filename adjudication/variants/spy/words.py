"""Spy Diplomacy's orders and results in words (rules/004): the plain notation of the DM
echo (`Spy Mar - Spa`, `Spy Marseilles → Spain`) and the report lines a spy's owner,
and only its owner, reads (`spy_report_lines`). A `SpyReport` given here must already
be the reader's (`spy_view.spy_report_for`): these functions hide nothing.
"""

from __future__ import annotations

from adjudication.model.board import Board
from adjudication.model.orders import Convoy, Hold, Move, MovementOrder, Support
from adjudication.model.units import Location
from adjudication.text.notation import Style, format_order, place_name
from adjudication.text.report import ORDERS_COLUMN, place
from adjudication.variants.spy.orders import (
    PlaceSpy,
    Protect,
    Sabotage,
    SpyHold,
    SpyMove,
    SpyOrder,
    SpyOutcome,
    SpyReason,
    SpyReport,
)


def format_spy_order(order: SpyOrder, board: Board, style: Style = "short") -> str:
    """The text players see for a spy's order: "Spy Mar - Spa" or "Spy Marseilles →
    Spain"."""
    long = style == "long"
    me = f"Spy {place_name(Location(order.spy.province), board, style)}"
    match order:
        case PlaceSpy():
            return f"{me} placed" if long else f"{me} B"
        case SpyHold():
            return f"{me} stays" if long else f"{me} H"
        case SpyMove(destination=destination):
            arrow = " → " if long else " - "
            return f"{me}{arrow}{place_name(Location(destination), board, style)}"
        case Protect():
            return f"{me} protects its unit" if long else f"{me} P"
        case Sabotage(order=given):
            return f"{me}: {format_order(given, board, style)}"
    raise TypeError(f"not a spy order: {order!r}")  # pragma: no cover


_NOT_FOLLOWED = {
    SpyReason.ILLEGAL: "illegal order, not followed",
    SpyReason.MOVED: "the spy moved",
}


def describe_spy_outcome(outcome: SpyOutcome) -> str:
    """A spy order's outcome in a few words for its owner ("followed", "not followed")."""
    if outcome.reason is SpyReason.UNORDERED:
        return "you selected no home centre, so this one was drawn at random"
    if outcome.succeeded:
        return "followed"
    return "not followed" + (
        f": {_NOT_FOLLOWED[outcome.reason]}" if outcome.reason in _NOT_FOLLOWED else ""
    )


def spy_judge_text(outcome: SpyOutcome, board: Board) -> str:
    """A spy order in rules/004's notation, `*` after the spy's final place, as for units:
    `Spy Mar-Spa*`, `Spy Par* B`, `Spy Mar*: F Mar-Spa`, with `[io]` for an illegal order
    and `[nf]` for a sabotage the unit did not follow."""
    order = outcome.order
    here = place(order.spy.province, board)
    match order:
        case SpyMove(destination=destination):
            # "A Spy's move always succeeds": only an illegal one leaves it in place.
            there = place(destination, board)
            text = f"Spy {here}-{there}*" if outcome.succeeded else f"Spy {here}*-{there}"
        case PlaceSpy():
            text = f"Spy {here}* B" + (" [u]" if outcome.reason is SpyReason.UNORDERED else "")
        case SpyHold():
            text = f"Spy {here}* H"
        case Protect():
            text = f"Spy {here}* P"
        case Sabotage(order=given):
            text = f"Spy {here}*: {_judge_unit_order(given, board)}"
    if outcome.reason is SpyReason.ILLEGAL:
        return f"{text} [io]"
    if isinstance(order, Sabotage) and not outcome.succeeded:
        return f"{text} [nf]"
    return text


def _judge_unit_order(order: MovementOrder, board: Board) -> str:
    """The sabotage's order in judge style: "F Mar-Spa" (no star: the unit's own line in
    the results says where it ended)."""
    head = f"{order.unit.type.value} {place(order.unit.location, board)}"
    match order:
        case Move(destination=destination):
            return f"{head}-{place(destination, board)}"
        case Support(supported=where, destination=destination):
            into = "" if destination is None else f"-{place(destination, board)}"
            return f"{head} S {place(where, board)}{into}"
        case Convoy(army=army, destination=destination):
            return f"{head} C A {place(army, board)}-{place(destination, board)}"
        case Hold():
            return f"{head} H"
    return f"{head} {order}"


def spy_report_lines(report: SpyReport | None, board: Board) -> list[str]:
    """The spy lines for one power's results, after its units' orders: "Spy:" and its
    orders from column 16, in the layout of rules/004's results. Empty when the power's
    spy had no order (or the report is None)."""
    if report is None or not report.outcomes:
        return []
    texts = [spy_judge_text(o, board) for o in report.outcomes]
    return ["Spy:".ljust(ORDERS_COLUMN) + ", ".join(texts)]


def spy_plain_lines(report: SpyReport | None, board: Board) -> list[str]:
    """The spy's orders in the plain notation of the DM echo, each with its outcome:
    "Spy Mar - Spa: followed"."""
    if report is None:
        return []
    return [
        f"{format_spy_order(o.order, board)}: {describe_spy_outcome(o)}" for o in report.outcomes
    ]
