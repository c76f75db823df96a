"""The orders in force of a phase as the service holds them: each power's orders, each
under the slot it is kept in (the `orders` table's `slot` column, unique per phase and
power), decoded once from its row through the one order codec (`storage.codec`).

A slot is one of four kinds: a unit's province, or where a build is placed (a new
order for the unit replaces its old one); a numbered waived build (a power may waive
several, rules/000 §13.2); a power's one spy (Spy Diplomacy, rules/004); a numbered line
written under the Masters Rules for a power in civil disorder (rules/003 MR2: the same
order may be written, and counts, more than once)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from adjudication.model.orders import Order
from adjudication.model.pieces import SPY_WORD
from adjudication.model.units import Power, Unit
from adjudication.variants.masters.written import MastersOrder
from adjudication.variants.spy.orders import SpyOrder
from storage.codec import order_from_json

AnyOrder = Order | SpyOrder | MastersOrder


class SlotKind(Enum):
    UNIT = "unit"
    WAIVE = "waive"
    SPY = "spy"
    WRITTEN = "written"


# How the numbered kinds are written in the `slot` column ("WAIVE1", "VC2"); no
# province's name begins so and ends in a digit, nor is "SPY".
_PREFIXES = {SlotKind.WAIVE: "WAIVE", SlotKind.WRITTEN: "VC"}


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one of a power's orders is kept: `province` for a unit's, `number` for a
    waive's or a written line's, neither for the spy's."""

    kind: SlotKind
    province: str | None = None
    number: int = 0

    SPY: ClassVar[Slot]

    def __post_init__(self) -> None:
        if (self.province is not None) != (self.kind is SlotKind.UNIT):
            raise ValueError(f"a {self.kind.value} slot has no province: {self.province}")
        if (self.number > 0) != (self.kind in _PREFIXES):
            raise ValueError(f"a {self.kind.value} slot has no number: {self.number}")

    @classmethod
    def unit(cls, province: str) -> Slot:
        return cls(SlotKind.UNIT, province=province)

    @classmethod
    def of_unit(cls, unit: Unit) -> Slot:
        """A unit's order is kept under its province, whatever its coast."""
        return cls(SlotKind.UNIT, province=unit.location.province)

    @classmethod
    def waive(cls, number: int) -> Slot:
        return cls(SlotKind.WAIVE, number=number)

    @classmethod
    def written(cls, number: int) -> Slot:
        return cls(SlotKind.WRITTEN, number=number)

    def __str__(self) -> str:
        if self.kind is SlotKind.UNIT:
            return self.province  # type: ignore[return-value]
        if self.kind is SlotKind.SPY:
            return SPY_WORD
        return f"{_PREFIXES[self.kind]}{self.number}"

    @classmethod
    def from_text(cls, text: str) -> Slot:
        """The slot stored as `text` (`str(slot)`)."""
        if text == SPY_WORD:
            return cls.SPY
        for kind, prefix in _PREFIXES.items():
            number = text.removeprefix(prefix)
            if number != text and number.isdigit():
                return cls(kind, number=int(number))
        return cls.unit(text)


Slot.SPY = Slot(SlotKind.SPY)


def next_slot(kind: SlotKind, taken: Collection[Slot]) -> Slot:
    """The first numbered slot of `kind` not among `taken` (a power's)."""
    number = 1
    while Slot(kind, number=number) in taken:
        number += 1
    return Slot(kind, number=number)


@dataclass(frozen=True, slots=True)
class OrderInForce:
    """One order in force: whose, where it is kept, the order, and whether the power's
    own player gave it (a standby's or a proxy's gives way to the owner's, rules/004
    rule 10)."""

    power: Power
    slot: Slot
    order: AnyOrder
    by_owner: bool


# (power, slot) -> the order kept there: every power's orders in force for a phase.
InForce = dict[tuple[Power, Slot], OrderInForce]


def in_force_of(rows: Iterable[tuple[Power, str | None, Mapping[str, Any] | None, Any]]) -> InForce:
    """The orders in force read from rows of (power, slot, order JSON, by_owner); a row
    without a slot is a power without orders (an outer join's)."""
    in_force: InForce = {}
    for power, text, order, by_owner in rows:
        if text is not None and order is not None:
            slot = Slot.from_text(text)
            in_force[(power, slot)] = OrderInForce(power, slot, order_from_json(order), by_owner)
    return in_force


def slots_of(rows: Iterable[Any]) -> set[tuple[Power, Slot]]:
    """The (power, slot) keys of stored order rows (`OrderRow`s): what a phase's orders
    cover, without decoding the orders."""
    return {(row.power, Slot.from_text(row.slot)) for row in rows}
