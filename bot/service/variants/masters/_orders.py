"""The Masters Rules (rules/003) in the service: what a player writes for powers in
civil disorder, how it is kept, and how a phase is played with it.

A line written by Variable Control (MR2), or one of the Masters orders (Build Rebel,
Annex, Aid), is kept as an order row of the writer's power under a slot of its own
("VC1", "VC2", …): the same order may be written more than once and counts as often
(MR2 c). A message with such lines replaces the writer's earlier ones: it is their
whole word on the powers in disorder this phase (docs/VARIANTS.md M20).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudication.io.serialize import rules_from_json
from adjudication.model.board import Board
from adjudication.model.optional_rules import RULE_TITLES, MastersRules
from adjudication.model.orders import Disband, Order, Retreat, order_power
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import PhaseKind, Power
from adjudication.variants import Variant
from adjudication.variants.masters.control import eligible, settle
from adjudication.variants.masters.play import MastersAdjudication, adjudicate_written, in_disorder
from adjudication.variants.masters.play import masters_board as played_board
from adjudication.variants.masters.words import (
    format_written,
    power_name,
    read_written,
    written_report,
)
from adjudication.variants.masters.written import (
    Aid,
    Annex,
    Control,
    MastersOrder,
    RebelBuild,
    Written,
)
from adjudication.variants.spy.orders import SPY_ORDERS
from bot.service.kernel import InvalidSetting
from bot.service.variants.masters._winter import aid_not_valid_text
from storage.orders_in_force import AnyOrder, InForce, Slot, SlotKind, next_slot


def masters_of(settings: Mapping[str, Any]) -> MastersRules:
    """The Masters Rules a game's stored settings play."""
    return rules_from_json(settings["rules"]).masters


def reader(masters: MastersRules) -> Any:
    """The parser for a game: rules/003's lines under the Masters Rules (on the
    board with the minor powers' and annexed home centres), else None (the usual)."""
    if not masters.played:
        return None

    def parse(text: str, position: Position, power: Power, board: Board) -> list[Any]:
        return read_written(text, position, power, played_board(board, masters, position.homes))

    return parse


def written_for_others(order: AnyOrder | None, power: Power) -> bool:
    """A line kept under a slot of its own: a Masters order, or an order for another
    power's unit."""
    if order is None or isinstance(order, SPY_ORDERS):
        return False  # a spy's order (Spy Diplomacy) is kept under the SPY slot
    return isinstance(order, RebelBuild | Annex | Aid) or order_power(order) != power


def is_written_slot(slot: Slot) -> bool:
    return slot.kind is SlotKind.WRITTEN


def written_slot(taken: Collection[Slot]) -> Slot:
    return next_slot(SlotKind.WRITTEN, taken)


@dataclass(frozen=True, slots=True)
class WrittenCount:
    """What the echo says of a writer's orders in force against rules/003's limits:
    `left`, in a movement phase, (orders left, the limit) of MR2 b; `not_counted`, the
    sentence naming the lines that will not count (MR2 b, MR6 a), or ""."""

    left: tuple[int, int] | None = None
    not_counted: str = ""


def written_count(
    position: Position, board: Board, masters: MastersRules, power: Power, in_force: InForce
) -> WrittenCount:
    """MR2 b: the orders `power` has in force this turn, its own units' counted first
    and always followed, then the lines for powers in disorder in the order written
    while its centres last (the engine's count, `control.settle`); MR6 a in a Winter."""
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENT and masters.foreign_aid:
        return WrittenCount(not_counted=aid_not_valid_text(position, power, in_force))
    if kind is not PhaseKind.MOVEMENT:
        return WrittenCount()
    mine = sorted(
        ((slot, kept.order) for (p, slot), kept in in_force.items() if p == power),
        key=lambda item: (is_written_slot(item[0]), item[0].number),
    )
    lines = [Written(order, power) for _, order in mine if not isinstance(order, SPY_ORDERS)]
    # Whether a power is in disorder is known at the deadline: until then every other
    # power's unit is counted as if it were (the count the player must not exceed).
    others = {u.power for u in position.units} - {power}
    played = played_board(board, masters, position.homes)
    _, outcomes = settle(lines, position, played, others, masters.variable_control)
    counted = sum(w.control in _COUNTED for w in outcomes)
    limit = position.centre_counts(()).get(power, 0)
    over = [w.written for w in outcomes if w.control is Control.OVER_LIMIT]
    return WrittenCount((max(limit - counted, 0), limit), _not_followed_text(over, limit, board))


# What uses one of a writer's orders (MR2 b): his own, and a line for a power in
# disorder that is counted, whatever became of it.
_COUNTED = (Control.OWN, Control.FOLLOWED, Control.OUTVOTED, Control.TIED)


def _not_followed_text(over: Sequence[Written], limit: int, board: Board) -> str:
    if not over:
        return ""
    lines = ", ".join(format_written(w, board) for w in over)
    these = "This order for a civil-disorder power" if len(over) == 1 else "These orders"
    return (
        f"{these} will not be followed: {lines}. Your centres allow {count_orders(limit)} "
        "this turn, and your own units' orders count first (rules/003 MR2 b). To choose "
        "which are followed, send your orders for civil-disorder powers again, fewer: "
        "they replace the earlier ones."
    )


def orderable(
    position: Position, board: Board, masters: MastersRules, power: Power, disorder=()
) -> list[Power]:
    """MR2 a: the powers in civil disorder `power` may write for now, among those with
    something to order in this phase: units in a movement phase, a dislodged unit in a
    retreat phase (MR2 d), builds or removals in a Winter (MR2 e)."""
    if not masters.variable_control:
        return []
    base = played_board(board, masters, position.homes)
    cd = in_disorder(position, board, masters, disorder)
    return sorted(
        p
        for p in cd
        if p != power and _has_orders(position, p) and eligible(power, p, position, base)
    )


def _has_orders(position: Position, power: Power) -> bool:
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        return any(d.unit.power == power for d in position.dislodged)
    if kind is PhaseKind.ADJUSTMENT:
        return position.adjustment_of(power) != 0
    return bool(position.units_of(power))


def retreat_writers(
    position: Position,
    board: Board,
    masters: MastersRules,
    players: Sequence[Power],
    disorder: Collection[Power] = (),
) -> list[Power]:
    """MR2 d: of the Great Powers `players`, those that may write a retreat or disband
    for a dislodged unit of a power in civil disorder now ("any player eligible to
    write for a CD Power's unit may write one Retreat or Disband order for each such
    unit"). A retreat phase waits for them (M25)."""
    if not masters.variable_control or position.phase.kind is not PhaseKind.RETREAT:
        return []
    cd = in_disorder(position, board, masters, disorder)
    dislodged = {d.unit.power for d in position.dislodged if d.unit.power in cd and d.retreats}
    if not dislodged:
        return []
    played = played_board(board, masters, position.homes)
    return [
        p for p in players if any(q != p and eligible(p, q, position, played) for q in dislodged)
    ]


def orderable_text(powers: Sequence[Power]) -> str:
    """ "You may write orders for Portugal and Spain (civil disorder)." or ""."""
    if not powers:
        return ""
    names = [power_name(p) for p in powers]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"You may write orders for {joined} (in civil disorder)."


def play_phase(
    position: Position,
    lines: Sequence[tuple[Power, Order | MastersOrder]],
    variant: Variant,
    rules: Rules,
    history: Sequence[Mapping[str, Power]],
    disorder: Collection[Power],
) -> MastersAdjudication:
    """The phase played with every line kept, each `(writer, order)`."""
    written = [Written(order, power) for power, order in lines]
    return adjudicate_written(position, written, variant, rules, history, disorder)


def own_orders(played: MastersAdjudication) -> list[Order]:
    """The orders players wrote for their own units, as the usual report reads them."""
    return [
        w.written.order
        for w in played.written
        if w.control is Control.OWN and not isinstance(w.written.order, RebelBuild | Annex | Aid)
    ]


WRITTEN_HEADING = "Orders written for powers in civil disorder:"


def report_of(played: MastersAdjudication, board: Board) -> str:
    """The lines written for powers in civil disorder, public after adjudication like
    every order (docs/VARIANTS.md M19)."""
    text = written_report(played.written, board)
    return f"{WRITTEN_HEADING}\n{text}" if text else ""


def with_written_lines(text: str, stored: str | None) -> str:
    """A report rebuilt from the record (`judge_text`) with the written lines kept in
    the phase's stored report, which only adjudication knows."""
    at = (stored or "").find(WRITTEN_HEADING)
    return text if at < 0 else f"{text}\n\n{stored[at:]}"  # type: ignore[index]


_NUMBERS = {"1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5}


def read_masters_setting(text: str) -> list[str]:
    """`/gm settings set masters` and `/game create masters:`: "all", "none", or the
    rules by number ("1 2 5", "MR1, MR2"); the names of the rules on. A combination
    the document refuses raises ValueError with the reason (M0)."""
    words = text.lower().replace(",", " ").split()
    names = list(RULE_TITLES)
    if words == ["all"]:
        chosen = names
    elif words in (["none"], ["off"], ["no"]):
        chosen = []
    else:
        chosen = []
        for word in words:
            index = _NUMBERS.get(word.removeprefix("mr"))
            if index is None:
                raise ValueError(f"Name the rules MR1 to MR6 by number, e.g. 1 2 5 (not {word}).")
            chosen.append(names[index])
    masters = MastersRules(**dict.fromkeys(chosen, True))
    masters.check()  # MastersCombination is a ValueError, with the reason
    return list(masters.on)


class Rewritten:
    """The slots of a message's lines for powers in disorder: the writer's earlier
    such lines are replaced by the message's (M20)."""

    def __init__(self, in_force: InForce) -> None:
        self.in_force = in_force
        self.dropped: dict[Power, set[Slot]] = {}

    def key(
        self, power: Power, changed: dict[tuple[str, Slot], Power], order: Any = None
    ) -> tuple[str, Slot]:
        if power not in self.dropped:
            old = {slot for (p, slot) in self.in_force if p == power and is_written_slot(slot)}
            for slot in old:
                del self.in_force[(power, slot)]
                changed.pop((power, slot), None)
            self.dropped[power] = old
        if isinstance(order, Retreat | Disband):
            # MR2 d: "one Retreat or Disband order for each such unit": a later line
            # for the unit replaces the earlier, as a unit's new order does.
            for (p, slot), kept in self.in_force.items():
                unit = getattr(kept.order, "unit", None)
                if p == power and is_written_slot(slot) and unit == order.unit:
                    return power, slot
        taken = {slot for (p, slot) in self.in_force if p == power}
        slot = written_slot(taken)
        self.dropped[power].discard(slot)  # written again: replaced, not removed
        return power, slot


def masters_option(text: str) -> list[str]:
    """`/game create masters:` read as `read_masters_setting`, refused as a player's
    error with the reason."""
    try:
        return read_masters_setting(text)
    except ValueError as err:
        raise InvalidSetting(str(err)) from None


def count_orders(n: int) -> str:
    return f"{n} order" if n == 1 else f"{n} orders"
