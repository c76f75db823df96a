"""Spy Diplomacy's orders as players type them (rules/004), read with rule 7's forgiving
rules: "the precise format is unimportant", a misspelt place is corrected "where only
one province matching the abbreviation would be legal", and an exact legal reading is
always taken as written.

What a player may type (docs/VARIANTS.md, "Spy Diplomacy", Y11), case and spacing free:

- placement, at the start: `Spy Par B`, `Spy Par build`, `Spy Paris starts`,
  `Build spy Par`, `Place spy in Paris`;
- a move: `Spy Mar - Spa`, `Spy Mar-Spa`, `Spy Mar -> Spain`, `Spy Mar moves to Spa`;
- staying: `Spy Mar H`, `Spy Mar holds`;
- protecting its own power's unit: `Spy Mar P`, `Spy Mar protects`;
- sabotage, the order the spy gives the unit in its space, read as that unit's owner
  would write it: `Spy Mar: F Mar - Spa`, `Spy Mar: Ita F Mar - Spa`,
  `Spy Mar orders F Mar S A Par - Bur`, `Spy Mar sabotages A Mar H`.

A line not starting with the word "spy" (or "build/place spy") is no spy order.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.orders import MOVEMENT_ORDERS
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Power
from adjudication.text.names import province_candidates, resolve_location
from adjudication.text.parse import ParsedLine, parse_order, parse_orders
from adjudication.variants.spy.checks import check_spy_orders, spy_reach
from adjudication.variants.spy.orders import PlaceSpy, Protect, Sabotage, SpyHold, SpyMove, SpyOrder
from adjudication.variants.spy.words import format_spy_order

_LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\u2028\u2029]")
_ORDER_BREAK = re.compile(r"[,;]")
_BULLET = re.compile(r"^(?:[-*\u2022\u00b7>]+|\d{1,3}[.)])\s+")
_ARROW = re.compile(r"\s*(?:->|=>|-->|[\u2192\u27f6\u2794\u21d2\u2013\u2014])\s*")
_WHERE = r"(?:(?:in|at)\s+)?"
_PLACE_FIRST = re.compile(rf"^(?:build|place|put|b)\s+(?:a\s+|the\s+|my\s+)?spy\s+{_WHERE}(.+)$")
_SPY = re.compile(rf"^spy\s+{_WHERE}(.+)$")
_SABOTAGE = re.compile(
    r"^(?P<place>[^:]+?)\s*(?::|\s(?:orders?|sabotages?|infiltrates?|commands?|tells?)\b:?)"
    r"\s*(?P<order>.+)$"
)
_LAST_WORD = re.compile(r"^(?P<place>.+?)\s+(?P<verb>[a-z]+)\.?$")
_MOVE = re.compile(r"\s*-\s*|\s+(?:m|mv|moves?|go|goes|to)(?:\s+to)?\s+")
_VERBS: dict[str, type[SpyOrder]] = {
    **dict.fromkeys(("h", "hold", "holds", "stand", "stands", "stay", "stays"), SpyHold),
    **dict.fromkeys(("p", "protect", "protects", "protecting", "guard", "guards"), Protect),
    **dict.fromkeys(("b", "build", "builds", "place", "placed", "start", "starts"), PlaceSpy),
}
_HINT = (
    "Write a spy's order as Spy Mar - Spa (move), Spy Mar H (stay), Spy Mar P (protect "
    "your unit there), Spy Mar: F Mar - Spa (sabotage) or, at the start, Spy Par B."
)


@dataclass(frozen=True, slots=True)
class SpyLine:
    """One spy order as written (`text`) and as read, as `ParsedLine` is for units."""

    text: str
    order: SpyOrder | None
    rejection: Rejection | None = None
    notes: tuple[str, ...] = ()

    @property
    def accepted(self) -> bool:
        return self.order is not None and self.rejection is None


def parse_orders_with_spies(
    text: str, position: Position, power: Power, board: Board
) -> list[ParsedLine | SpyLine]:
    """A message of orders in a Spy game: the units' orders read by `parse_orders`,
    then the spy orders; of several legal orders for the spy the last stands."""
    spy_lines: list[SpyLine] = []
    others: list[str] = []
    for part in _parts(text):
        line = read_spy_line(part, position, power, board)
        if line is None:
            others.append(part)
        else:
            spy_lines.append(line)
    units: list[ParsedLine | SpyLine] = []
    if others:
        units.extend(parse_orders("\n".join(others), position, power, board))
    return [*units, *_last_stands(spy_lines, position, board)]


def _parts(text: str) -> Iterator[str]:
    for line in _LINE_BREAK.split(text):
        for part in _ORDER_BREAK.split(_BULLET.sub("", line.strip())):
            if part.strip():
                yield part.strip()


def _last_stands(lines: Sequence[SpyLine], position: Position, board: Board) -> list[SpyLine]:
    accepted = [(i, line.order) for i, line in enumerate(lines) if line.order and line.accepted]
    _, refused = check_spy_orders([o for _, o in accepted], position, board, {}, _placing(position))
    replaced = {id(order): why for order, why in refused}
    out = list(lines)
    for i, order in accepted:
        if id(order) in replaced:
            out[i] = SpyLine(out[i].text, order, replaced[id(order)], out[i].notes)
    return out


def read_spy_line(text: str, position: Position, power: Power, board: Board) -> SpyLine | None:
    """One spy order, or None when `text` is not one (it does not start with "spy")."""
    plain = " ".join(_ARROW.sub(" - ", text).split())
    lowered = plain.lower()
    placed = _PLACE_FIRST.match(lowered)
    if placed is not None:
        return _placement(text, placed.group(1), position, power, board)
    spy_text = _SPY.match(lowered)
    if spy_text is None:
        return None
    body = plain[spy_text.start(1) :]
    sabotage = _SABOTAGE.match(body)
    if sabotage is not None:
        return _sabotage(text, sabotage["place"], sabotage["order"], position, power, board)
    last = _LAST_WORD.match(body.lower())
    if last is not None and last["verb"] in _VERBS:
        kind = _VERBS[last["verb"]]
        if kind is PlaceSpy:
            return _placement(text, body[: last.end("place")], position, power, board)
        return _standing(text, kind, body[: last.end("place")], position, power, board)
    for left, right in _splits(body):
        if _exact(left, board) is not None:
            return _move(text, left, right, position, power, board)
    split = next(_splits(body), None)
    if split is not None:
        return _move(text, *split, position, power, board)
    return SpyLine(text, None, Rejection(RejectReason.UNREADABLE, _HINT))


def _splits(body: str) -> Iterator[tuple[str, str]]:
    """Every way to cut `body` at a move word ("Mid-Atlantic - Spa" has two dashes)."""
    for match in _MOVE.finditer(body):
        left, right = body[: match.start()].strip(), body[match.end() :].strip()
        if left and right:
            yield left, right


def _placing(position: Position) -> bool:
    """Spies are placed when none stands yet: the game's start (Y1)."""
    return not position.spies


def _own_spy(position: Position, power: Power) -> str | None:
    return next((s.province for s in position.spies if s.power == power), None)


def _placement(text: str, where: str, position: Position, power: Power, board: Board) -> SpyLine:
    homes = board.home_centres.get(power, frozenset())
    province, note = _province(where, board, homes)
    if province is None:
        return _unknown(text, where)
    return _checked(text, PlaceSpy(Spy(power, province)), note, position, board)


def _standing(
    text: str,
    kind: type[SpyOrder],
    where: str,
    position: Position,
    power: Power,
    board: Board,
) -> SpyLine:
    own = _own_spy(position, power)
    province, note = _province(where, board, () if own is None else (own,))
    if province is None:
        return _unknown(text, where)
    spy = Spy(power, province)
    return _checked(text, SpyHold(spy) if kind is SpyHold else Protect(spy), note, position, board)


def _move(
    text: str, where: str, to: str, position: Position, power: Power, board: Board
) -> SpyLine:
    own = _own_spy(position, power)
    province, note = _province(where, board, () if own is None else (own,))
    if province is None:
        return _unknown(text, where)
    destination, to_note = _province(to, board, spy_reach(board, province))
    if destination is None:
        return _unknown(text, to)
    order = SpyMove(Spy(power, province), destination)
    return _checked(text, order, note or to_note, position, board)


def _sabotage(
    text: str, where: str, given: str, position: Position, power: Power, board: Board
) -> SpyLine:
    own = _own_spy(position, power)
    province, note = _province(where, board, () if own is None else (own,))
    if province is None:
        return _unknown(text, where)
    spy = Spy(power, province)
    unit = position.unit_in(province)
    if unit is None:
        # Units are public in Spy Diplomacy: saying the space is empty reveals nothing.
        return SpyLine(text, None, Rejection(RejectReason.NO_SUCH_UNIT, "No unit is there."))
    inner = parse_order(given, position, unit.power, board)
    if inner.order is None or not isinstance(inner.order, MOVEMENT_ORDERS):
        why = inner.rejection or Rejection(RejectReason.UNREADABLE, _HINT)
        return SpyLine(text, None, why)
    order = Sabotage(spy, inner.order)
    if inner.rejection is not None:
        return SpyLine(text, order, inner.rejection)
    return _checked(text, order, note or bool(inner.notes), position, board)


def _checked(text: str, order: SpyOrder, noted: bool, position: Position, board: Board) -> SpyLine:
    _, refused = check_spy_orders([order], position, board, {}, _placing(position))
    notes = (f"interpreted as {format_spy_order(order, board)}",) if noted else ()
    return SpyLine(text, order, refused[0][1] if refused else None, notes)


def _exact(text: str, board: Board) -> str | None:
    location = resolve_location(text, board)
    return None if location is None else location.province


def _province(text: str, board: Board, legal: Collection[str]) -> tuple[str | None, bool]:
    """The province `text` names, and whether it was corrected: the exact spelling when
    legal (a coast dropped: "Provinces with two coasts are ... single locations"), else
    the one legal province among those it may mean, else the exact one (its order is
    then refused), else None."""
    exact = _exact(text, board)
    if exact is not None and exact in legal:
        return exact, False
    close = [p for p in province_candidates(text, board) if p in legal and p != exact]
    if len(close) == 1:
        return close[0], True
    return exact, False


def _unknown(text: str, where: str) -> SpyLine:
    return SpyLine(
        text, None, Rejection(RejectReason.UNKNOWN_PROVINCE, f"I don't know the place '{where}'.")
    )
