"""What players write under the Masters Rules, and what became of each line.

MR2: a player writes orders for his own units and, by Variable Control, for units of
powers in civil disorder; each line is a `Written(order, by)`. The adjustment phase
adds three orders of its own: a rebel build (MR3), an annexation (MR4) and aid (MR6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from adjudication.model.orders import Order, Support
from adjudication.model.units import Location, Power, UnitType


@dataclass(frozen=True, slots=True)
class RebelBuild:
    """MR3: "build Rebel A Mos": a rebel unit raised in another power's centre."""

    type: UnitType
    location: Location

    def __str__(self) -> str:
        return f"Build Rebel {self.type.value} {self.location}"


@dataclass(frozen=True, slots=True)
class Annex:
    """MR4: "Annex Serbia": the writer's centre becomes one of its home centres."""

    centre: str

    def __str__(self) -> str:
        return f"Annex {self.centre}"


@dataclass(frozen=True, slots=True)
class Aid:
    """MR6: "Aid Italy", "Aid Rebel A Arm": `recipient` counts one more centre for
    this adjustment phase. A rebel unit is aided through its power ("REBEL ARM")."""

    recipient: Power

    def __str__(self) -> str:
        return f"Aid {self.recipient}"


MastersOrder = RebelBuild | Annex | Aid


@dataclass(frozen=True, slots=True)
class Written:
    """One order as a player wrote it: `by` is the Great Power writing (whose centres
    count MR2 b's limit); the order may be for one of its own units or, by Variable
    Control, for a unit of a power in civil disorder."""

    order: Order | MastersOrder
    by: Power


class Control(StrEnum):
    """What became of a written order."""

    OWN = "own"  # an order for the writer's own power: played as any order
    FOLLOWED = "followed"  # the order the unit (or adjustment) was settled to
    OUTVOTED = "outvoted"  # another order for the same unit was written more often
    TIED = "tied"  # as many times as another: neither is followed (MR2, MR3 c)
    NOT_ELIGIBLE = "not_eligible"  # a unit of the writer stands on or next to its centres
    OVER_LIMIT = "over_limit"  # past the writer's centres (MR2 b), builds, or unused builds (MR6 a)
    NOT_IN_DISORDER = "not_in_disorder"  # the unit's power is held by a player
    THROUGH_CD_POWER = "through_cd_power"  # written for a power in disorder (MR2 f)
    ILLEGAL = "illegal"  # not a legal order for the unit, or the rule is not played


@dataclass(frozen=True, slots=True)
class WrittenOutcome:
    written: Written
    control: Control


def same_order(order: Order) -> Order:
    """The order as counted for agreement: "A Por S (Spanish) A Spa" and "A Por S
    A Spa" are the same order; naming the supported unit's type adds nothing."""
    if isinstance(order, Support) and order.supported_type is not None:
        return replace(order, supported_type=None)
    return order
