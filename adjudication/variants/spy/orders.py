"""Spy Diplomacy's spies and their orders (rules/004, "Rules for Spy Diplomacy").

"Each of the seven major powers has one extra unit, called a "Spy". Only the owner of a
spy is told its location. The Spy does not require that a supply center be devoted to
maintaining it." A spy shares its space with any units, spies included, so it is not a
`Unit`: it stands in `Position.spies`, out of `Position.unit_by_province`, and the
resolver never sees it. "Provinces with two coasts are, as usual, treated as single
locations": a spy stands in a province, never on a coast.

Its letter is `SPY`, never `S` (the support verb). How its orders are settled:
`adjudication.variants.spy.sabotage`. Readings: docs/VARIANTS.md, "Spy Diplomacy".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudication.model.orders import MovementOrder, Order
from adjudication.model.pieces import SPY_WORD as SPY_WORD  # moved to the core (issue 30)
from adjudication.model.pieces import Spy as Spy
from adjudication.model.rejections import Rejection


@dataclass(frozen=True, slots=True)
class PlaceSpy:
    """At the start: "Each Spy starts out in one of its home supply centers, selected by
    the owning player" (`SPY PAR B`)."""

    spy: Spy

    def __str__(self) -> str:
        return f"{self.spy} B"


@dataclass(frozen=True, slots=True)
class SpyHold:
    """The spy stays and gives no order (as a spy left without orders does)."""

    spy: Spy

    def __str__(self) -> str:
        return f"{self.spy} H"


@dataclass(frozen=True, slots=True)
class SpyMove:
    """ "A Spy may move in any manner valid for either a fleet or an army ... A Spy's move
    always succeeds" (`SPY MAR - SPA`)."""

    spy: Spy
    destination: str

    def __str__(self) -> str:
        return f"{self.spy} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Sabotage:
    """rules/004: "Any season in which a Spy is not ordered to move, it may infiltrate whatever
    non-Spy unit (if any) shares its location": `order` is the order the spy's owner
    gives that unit, naming it as its owner would (`SPY MAR: F MAR - SPA`)."""

    spy: Spy
    order: MovementOrder

    def __str__(self) -> str:
        return f"{self.spy}: {self.order}"


@dataclass(frozen=True, slots=True)
class Protect:
    """rules/004: "If a Spy is sharing a location with a unit belonging to its own country, it can
    be ordered to protect that unit against sabotage" (`SPY MAR P`)."""

    spy: Spy

    def __str__(self) -> str:
        return f"{self.spy} P"


SpyOrder = PlaceSpy | SpyHold | SpyMove | Sabotage | Protect
SPY_ORDERS = (PlaceSpy, SpyHold, SpyMove, Sabotage, Protect)


class SpyReason(StrEnum):
    """What became of a spy's order, for its owner and the record (never for others)."""

    ILLEGAL = "illegal"  # refused: `SpyOutcome.rejection` says why
    AMBIGUOUS = "ambiguous"  # spies gave the unit different orders: it held
    PROTECTED = "protected"  # the unit's own spy protected it: its owner's order stood
    MOVED = "moved"  # the spy was also ordered to move: it cannot sabotage this season
    UNORDERED = "unordered"  # no placement given: placed by the default (reading Y2)


@dataclass(frozen=True, slots=True)
class SpyOutcome:
    """The result of one spy order: `succeeded` when it was followed as given."""

    order: SpyOrder
    succeeded: bool
    reason: SpyReason | None = None
    rejection: Rejection | None = None


@dataclass(frozen=True, slots=True)
class Sabotaged:
    """For the record and the GM only: a unit that followed a spy's order rather than
    its owner's. `written`: the owner's orders for it (maybe none); `followed`: the order
    it obeyed (a Hold when the spies disagreed); `by`: the spies whose orders counted."""

    written: tuple[Order, ...]
    followed: MovementOrder
    by: tuple[Spy, ...]


@dataclass(frozen=True, slots=True)
class SpyReport:
    """What spies did in a phase: the full truth, kept out of `Adjudication.outcomes`
    (the results every power reads carry no trace of sabotage)."""

    outcomes: tuple[SpyOutcome, ...] = ()
    sabotaged: tuple[Sabotaged, ...] = ()
