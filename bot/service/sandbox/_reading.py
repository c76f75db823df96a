"""A sandbox's orders as its owner writes them: for every power at once, each piece (a
line, or a part of one between commas or semicolons) read by the engine's parser for
the power it is for, and the orders given so far with a unit's new order replacing its
old one.

Whose a piece is: the power it starts with (`France: A Par - Bur`, `France A Par - Bur`,
a heading line `France:`); else the power the command names (`/sandbox orders power:`);
else the power whose unit (or, for a build, whose centre) it names; else the power the
last piece before it started with (`France: A Par - Bur, A Mar - Spa`). A piece that
none of these names is refused, saying how to name it. A real game's orders are never
read here: these come only by `/sandbox orders` (DMs stay orders for real games).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from adjudication.model.board import Board
from adjudication.model.orders import Waive
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from adjudication.text.names import key, resolve_power, resolve_province
from adjudication.text.tokens import OrderSyntaxError, read_draft
from bot.service.kernel import count
from bot.service.variants.spy import is_spy_order

MAX_PIECES = 100  # as many lines as the parser reads from one message
_PIECE_BREAK = re.compile(r"[,;\n\r\v\f\x85\u2028\u2029]")
_COMMENT = ("#", "//")
NAME_THE_POWER = (
    "say whose order this is: start it with the power (`France: A Par - Bur`), "
    "or choose the command's `power:`."
)

Parse = Callable[[str, Position, Power, Board], list[Any]]


@dataclass(frozen=True, slots=True)
class ReadPiece:
    """One piece as written (`text`), the power it was read for (None: none named),
    and the order read (None: refused, `why`), with the parser's notes."""

    text: str
    power: Power | None
    order: Any = None
    why: str | None = None
    notes: tuple[str, ...] = ()


def read_orders(
    text: str, position: Position, board: Board, parse: Parse, power: Power | None = None
) -> list[ReadPiece]:
    """Every piece of `text`, read for its power (see the module's docstring)."""
    pieces = [p.strip() for p in _PIECE_BREAK.split(text)]
    pieces = [p for p in pieces if p and not p.startswith(_COMMENT)]
    read: list[ReadPiece] = []
    last: Power | None = None
    for piece in pieces[:MAX_PIECES]:
        heading = _heading(piece, board)
        if heading is not None:
            last = heading
            continue
        named = _prefix(piece, board)
        whose = named or power or _owner(piece, position, board) or last
        last = named or last
        if whose is None:
            read.append(ReadPiece(piece, None, why=NAME_THE_POWER))
            continue
        read += _parsed(piece, whose, parse(piece, position, whose, board))
    if len(pieces) > MAX_PIECES:
        left = count(len(pieces) - MAX_PIECES, "more order")
        why = f"only the first {MAX_PIECES} orders are read; {left} were not. Send them again."
        read.append(ReadPiece("…", None, why=why))
    return read


def _parsed(piece: str, power: Power, lines: Iterable[Any]) -> list[ReadPiece]:
    out = []
    for line in lines:
        notes = tuple(getattr(line, "notes", ()) or ())
        if line.order is not None and line.rejection is None:
            out.append(ReadPiece(line.text or piece, power, line.order, None, notes))
        else:
            why = line.rejection.message if line.rejection else "no order could be read."
            out.append(ReadPiece(line.text or piece, power, None, why, notes))
    return out


def _heading(piece: str, board: Board) -> Power | None:
    """The power a heading piece names ("France:"), else None."""
    if not piece.endswith(":"):
        return None
    return resolve_power(piece[:-1].strip(), board)


def _prefix(piece: str, board: Board) -> Power | None:
    """The power a piece starts with, as the parser reads it ("France: A Par - Bur",
    "French A Par - Bur"), or before a colon when the rest reads as no order."""
    try:
        return read_draft(piece, board).power
    except OrderSyntaxError:
        head, colon, _ = piece.partition(":")
        return resolve_power(head.strip(), board) if colon else None


def _owner(piece: str, position: Position, board: Board) -> Power | None:
    """The power whose unit stands where the piece's unit is (a dislodged one in a
    retreat phase), or who owns the centre a build names."""
    try:
        draft = read_draft(piece, board)
    except OrderSyntaxError:
        return None
    if draft.unit is None:
        return None
    place = draft.unit.place
    province = place.exact.province if place.exact else resolve_province(place.text, board)
    if province is None:
        return None
    if position.phase.kind is PhaseKind.RETREAT:
        for d in position.dislodged:
            if d.unit.location.province == province:
                return d.unit.power
    unit = position.unit_in(province)
    return unit.power if unit is not None else position.ownership.get(province)


def given_orders(
    before: Sequence[tuple[Power, Any]], read: Iterable[ReadPiece]
) -> list[tuple[Power, Any]]:
    """The orders given after `read`: each accepted order replaces its unit's (the
    spy's) earlier one, in the order written; every waive counts."""
    accepted = [(p.power, p.order) for p in read if p.power is not None and p.order is not None]
    kept: dict[tuple[Power, str], tuple[Power, Any]] = {}
    for power, order in [*before, *accepted]:
        kept.pop(slot := _slot(power, order, len(kept)), None)
        kept[slot] = (power, order)
    return list(kept.values())


def _slot(power: Power, order: Any, n: int) -> tuple[Power, str]:
    if isinstance(order, Waive):
        return power, f"waive {n}"
    if is_spy_order(order):
        return power, "spy"
    return power, key(order.unit.location.province)
