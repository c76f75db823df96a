"""What a sandbox's owner reads: one function per kind of reply, each within Discord's
2,000 characters whatever was typed, each ending with what to do next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.result import GameEnd
from adjudication.model.units import PhaseKind, Power
from adjudication.text.notation import unit_name
from bot.service.kernel import (
    MESSAGE_LIMIT,
    count,
    end_result,
    order_text,
    power_name,
    quoted,
    timestamp,
)
from bot.service.sandbox._reading import ReadPiece

ORDER_HOW = (
    "Send orders for any power with `/sandbox orders` (for example "
    "`France: A Par - Bur, Germany: A Mun - Ruh`), then `/sandbox adjudicate`; "
    "`/sandbox back` steps back a phase."
)


def made_text(number: int, source: str, position: Position) -> str:
    return (
        f"**Sandbox {number}**, made from {source}. Now: **{position.phase.title}**. "
        "Only you see it, and nothing done in it touches any game.\n" + ORDER_HOW
    )


def orders_text(
    number: int, position: Position, read: Sequence[ReadPiece], given: Sequence[tuple[Power, Any]]
) -> str:
    """Each piece as it was read, then the orders given so far, power by power."""
    head = f"**Sandbox {number}**, {position.phase.title}:"
    lines = [_piece_line(p) for p in read] or ["No order was read from that."]
    by_power: dict[Power, int] = {}
    for power, _ in given:
        by_power[power] = by_power.get(power, 0) + 1
    listed = ", ".join(f"{power_name(p)} {n}" for p, n in sorted(by_power.items()))
    tail = (
        f"Orders given: {count(len(given), 'order')}"
        + (f" ({listed})" if listed else "")
        + ". A unit's new order replaces its old one; "
        "`/sandbox adjudicate` plays the phase (units without orders hold)."
    )
    return _fitted(head, lines, tail)


def _piece_line(piece: ReadPiece) -> str:
    if piece.order is None:
        return f"❌ `{quoted(piece.text, 80)}`: {piece.why}"
    said = f"{power_name(piece.power)}: {order_text(piece.order)}" if piece.power else ""
    notes = f" ({'; '.join(piece.notes)})" if piece.notes else ""
    return f"{'✏️' if piece.notes else '✅'} {said}{notes}"


def played_text(number: int, before: Position, after: Position, game_end: GameEnd | None) -> str:
    head = f"**Sandbox {number}**: {before.phase.title} adjudicated."
    ending = ""
    if game_end is not None:
        ending = f"The game would end here: {end_result(game_end.kind, game_end.winners)}. "
    back = f"`/sandbox back` returns to {before.phase.title}."
    return f"{head}\n{ending}{next_text(after)} {back}"


def next_text(position: Position) -> str:
    """The phase to order now, and what it asks of whom."""
    phase = position.phase
    kind = phase.kind
    if kind is PhaseKind.RETREAT:
        units = ", ".join(
            f"{power_name(d.unit.power)}'s {unit_name(d.unit, STANDARD)}"
            for d in position.dislodged
        )
        return (
            f"Now: the retreats of **{phase.title}**, for {units}. Send each retreat or "
            "disband with `/sandbox orders` (a unit without an order is disbanded), then "
            "`/sandbox adjudicate`."
        )
    if kind is PhaseKind.ADJUSTMENT:
        todo = []
        for power in sorted({u.power for u in position.units} | set(position.ownership.values())):
            change = position.adjustment_of(power)
            if change > 0:
                todo.append(f"{power_name(power)} may build {count(change, 'unit')}")
            elif change < 0:
                todo.append(f"{power_name(power)} must remove {count(-change, 'unit')}")
        asked = "; ".join(todo) or "nobody builds or removes"
        return (
            f"Now: **{phase.title}**: {asked}. Send builds and removals with "
            "`/sandbox orders` (`France: Build A Par`), then `/sandbox adjudicate`."
        )
    return (
        f"Now: **{phase.title}**. Send its orders with `/sandbox orders`, then "
        "`/sandbox adjudicate`."
    )


def back_text(number: int, position: Position, given: int) -> str:
    return (
        f"**Sandbox {number}**: back to **{position.phase.title}**, with the "
        f"{count(given, 'order')} given then. Change any with `/sandbox orders`, then "
        "`/sandbox adjudicate` again."
    )


def first_phase_text(number: int, position: Position) -> str:
    return (
        f"Sandbox {number} is at its first phase, {position.phase.title}: there is "
        "nothing to step back to. Send orders with `/sandbox orders`, or start another "
        "sandbox with `/sandbox new`."
    )


def listed_text(items: Sequence[Any], cap: int, days: int) -> str:
    """The user's sandboxes (`SandboxSummary`s), oldest first."""
    if not items:
        return "You have no sandbox. Start one with `/sandbox new`."
    lines = [f"Your sandboxes ({len(items)} of at most {cap}):"]
    lines += [
        f"• **Sandbox {s.id}**, from {s.source}; now {s.phase.title}; last used "
        f"{timestamp(s.used_at)}"
        for s in items
    ]
    tail = (
        f"A sandbox unused for {count(days, 'day')} is deleted. Name one with `sandbox:` in "
        "any `/sandbox` command (the last used is the default); `/sandbox delete` deletes one."
    )
    return _fitted(lines[0], lines[1:], tail)


def deleted_text(number: int, left: int, cap: int) -> str:
    return (
        f"Sandbox {number} deleted. You keep {count(left, 'sandbox', 'sandboxes')} "
        f"(at most {cap}); `/sandbox new` starts another."
    )


def cap_text(cap: int) -> str:
    if cap == 0:
        return "This bot keeps no sandboxes: its operator turned them off."
    return (
        f"You already keep {count(cap, 'sandbox', 'sandboxes')}, the most anyone may. "
        "Delete one with `/sandbox delete` (`/sandbox list` shows them), then try again."
    )


def no_sandbox_text(number: int | None) -> str:
    if number is None:
        return "You have no sandbox. Start one with `/sandbox new`."
    return f"You have no sandbox {number}. `/sandbox list` shows yours."


def _fitted(head: str, lines: Sequence[str], tail: str, limit: int = MESSAGE_LIMIT) -> str:
    """`head`, as many of `lines` as fit, and `tail`, within `limit` characters: the
    last line, what to do next, is always kept."""
    room = limit - len(head) - len(tail) - 2 - _MORE_ROOM
    shown: list[str] = []
    used = 0
    for i, line in enumerate(lines):
        if used + len(line) + 1 > room:
            shown.append(f"… and {count(len(lines) - i, 'more line')}")
            break
        shown.append(line)
        used += len(line) + 1
    return "\n".join([head, *shown, tail])[:limit]


_MORE_ROOM = 40  # for "… and 99 more lines"
