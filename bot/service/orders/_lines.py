"""A message of orders judged line by line against the current position: which of the
sender's powers each line is for, whether it is accepted, corrected, overridden or
rejected, and the orders in force as they stand after it (`OrdersDesk.submit_orders`
keeps the transaction and stores what this returns)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Waive
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import PhaseKind, Power
from adjudication.text.names import name_index
from adjudication.variants.masters.written import MastersOrder
from bot.service.kernel import LineResult, LineStatus
from bot.service.orders._checks import adjustment_excess, slot_of
from bot.service.orders._senders import Control
from bot.service.orders._unclear import Ruling, rule_on
from bot.service.variants import Parts, Rewriting
from bot.service.variants.hidden import offered
from bot.service.variants.masters import written_for_others
from storage.orders_in_force import AnyOrder, InForce, OrderInForce, Slot

NOT_GIVEN = "You were not given control of that unit."


def _without_own_headings(text: str, powers: set[Power], board: Board) -> str:
    """`text` without heading lines ("France:") naming one of the sender's own powers.
    A sender of several powers has each line read for the power whose unit it names,
    so such a heading adds nothing; and the parser reads it for each power apart (a
    refusal, "these orders are for France", for all but France), which would set the
    lines of one power's reading against another's."""
    names = name_index(board).powers
    kept = []
    for line in text.splitlines():
        word = line.strip().removesuffix(":").strip().lower()
        if line.strip().endswith(":") and names.get(word) in powers:
            continue
        kept.append(line)
    return "\n".join(kept)


def no_order_in(parsed: list[tuple]) -> bool:
    """Whether nothing in a message read by `OrderLines.read` is, or tries to be, an
    order: every line is words from which no order could be read (a greeting, a
    question, an apology). Such a message is not kept: it sends no orders, and a
    player who wrote only "sorry, what do I do?" has not ordered."""
    return all(
        item.order is None
        and item.rejection is not None
        and item.rejection.reason is RejectReason.UNREADABLE
        for _, _, item in parsed
    )


@dataclass(slots=True)
class Judged:
    """A message judged: each line's result, the orders in force after it, and what
    changed (each new order's key, the power whose submission it belongs to)."""

    lines: list[LineResult] = field(default_factory=list)
    by_power: dict[Power, list[LineResult]] = field(default_factory=dict)
    in_force: InForce = field(default_factory=dict)
    changed: dict[tuple[Power, Slot], Power] = field(default_factory=dict)
    rewritten: Rewriting | None = None


@dataclass(frozen=True, slots=True)
class OrderLines:
    """The lines of messages read against one position, on the board it is played on
    (`ServiceCore.board_at`), with the engine's parser (`Engine.parse_orders`)."""

    position: Position
    board: Board
    parse_orders: Any
    # rules/003 MR4 a: the ownership at the previous adjustments, when known.
    last_winter: Mapping[str, Power] | None = None

    def read(self, text: str, controls: list[Control], parse: Any = None) -> list[tuple]:
        """(line text, control, ParsedLine) per line; with several powers each line
        goes to the first power for which it reads as an order, else to the first whose
        unit it names (`judge` rules on it), else to the first power. `parse`: the
        game's own reader (the Masters Rules'), else the engine's."""
        # A hidden-information game reads each line against what the power surely
        # knows: the echo of an order naming a hidden unit reads as if the space were
        # empty, and a refused retreat names no true option (issue 12).
        parse = parse or self.parse_orders
        position, board = self.position, self.board
        if len(controls) > 1:
            text = _without_own_headings(text, {c.power for c in controls}, board)
        per_power = [
            (c, parse(text, offered(position, c.power, board), c.power, board)) for c in controls
        ]
        out = []
        for i, first in enumerate(per_power[0][1]):
            lines = [(c, results[i]) for c, results in per_power if i < len(results)]
            chosen = next(
                ((c, line) for c, line in lines if line.rejection is None and line.order),
                None,
            ) or next(
                ((c, line) for c, line in lines if self.ruling(line, c) is not None),
                (controls[0], first),
            )
            out.append((first.text, *chosen))
        return out

    def ruling(self, line: Any, control: Control) -> Ruling | None:
        """rules/004 rule 7 on a refused line about one of the sender's units
        (bot/service/orders/_unclear.py); None if it is about none they may order."""
        known = offered(self.position, control.power, self.board)
        ruling = rule_on(line, known, control.power, self.board, self.parse_orders)
        if ruling is None or not control.covers(control.power, Slot.of_unit(ruling.unit)):
            return None
        return ruling

    def judge_message(
        self, parsed: list[tuple], in_force: InForce, masters: MastersRules, parts: Parts
    ) -> Judged:
        """Each line judged in turn against the orders in force as the lines before it
        left them: a unit's new order replaces its old one. `parts`: the game's parts,
        which keep and judge the lines written for others (the Masters Rules')."""
        judged = Judged(in_force=dict(in_force))
        in_force = judged.in_force
        judged.rewritten = parts.rewriting(in_force)
        for line_text, control, item in parsed:
            result, order = self.judge(line_text, control, item, in_force, masters, parts)
            judged.lines.append(result)
            judged.by_power.setdefault(control.power, []).append(result)
            if order is not None:
                taken = {slot for (p, slot) in in_force if p == control.power}
                if judged.rewritten is not None and written_for_others(order, control.power):
                    retreat = self.position.phase.kind is PhaseKind.RETREAT
                    replacing = order if retreat else None
                    key = judged.rewritten.key(control.power, judged.changed, replacing)
                else:
                    # A Masters order is read only where the rules are played, and it
                    # is always written for others (above).
                    assert not isinstance(order, MastersOrder)
                    key = (control.power, slot_of(order, taken))
                in_force[key] = OrderInForce(control.power, key[1], order, control.by_owner)
                judged.changed[key] = control.power
        return judged

    def judge(
        self,
        text: str,
        control: Control,
        item: Any,
        in_force: InForce,
        masters: MastersRules,
        parts: Parts,
    ) -> tuple[LineResult, AnyOrder | None]:
        """One line's result, and the order it puts in force (None: none)."""
        notes = tuple(getattr(item, "notes", ()) or ())
        order = item.order
        if order is None or item.rejection is not None:
            # The parser may read an order and still refuse it (no such unit, replaced
            # by a later line): only an order without a rejection is accepted. A line
            # about one of the sender's units that cannot be followed is their last word
            # about it: rules/004 rule 7, "treated as Hold".
            rejected = _line(text, LineStatus.REJECTED, None, item.rejection, notes, control)
            ruling = self.ruling(item, control)
            if ruling is None:
                return rejected, None
            existing = in_force.get((control.power, Slot.of_unit(ruling.unit)))
            if existing is not None and existing.by_owner and not control.by_owner:
                return rejected, None  # the owner's own order stands
            return replace(rejected, message=ruling.message), ruling.order
        if written_for_others(order, control.power):
            if not control.by_owner:  # a proxy orders the grantor's units, no more
                return _refuse(text, NOT_GIVEN, control), None
            # rules/003: a line the engine would not play is refused now, with why.
            refusal = parts.refusal(
                order, control.power, self.position, self.board, self.last_winter
            )
            if refusal:
                return _refuse(text, refusal, control), None
            status = LineStatus.CORRECTED if notes else LineStatus.ACCEPTED
            return _line(text, status, order, None, notes, control), order
        slot = None if isinstance(order, Waive) else slot_of(order, set())
        where = control.provinces
        if where is not None and (slot is None or slot.province not in where):
            return _refuse(text, NOT_GIVEN, control), None
        existing = None if slot is None else in_force.get((control.power, slot))
        if existing is not None and existing.by_owner and not control.by_owner:
            return _line(text, LineStatus.OVERRIDDEN, order, None, notes, control), None
        over = adjustment_excess(order, control.power, in_force, self.position, masters)
        if over:
            return _refuse(text, over, control), None
        status = LineStatus.CORRECTED if notes else LineStatus.ACCEPTED
        return _line(text, status, order, None, notes, control), order


def _line(text, status, order, rejection, notes, control: Control) -> LineResult:
    return LineResult(
        text=text,
        status=status,
        order=order,
        message=rejection.message if rejection is not None else None,
        reason=rejection.reason.value if rejection is not None else None,
        notes=notes,
        power=control.power,
    )


def _refuse(text: str, message: str, control: Control) -> LineResult:
    return LineResult(text, LineStatus.REJECTED, None, message, "not_allowed", (), control.power)
