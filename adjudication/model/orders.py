"""Orders as typed values.

An order names the unit it is for as the player wrote it (`unit`): whose it is, its
type and where it stands. Whether such a unit exists and may do what is asked is
decided by `adjudication.play.validate`, not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudication.model.units import Location, Power, Unit, UnitType


@dataclass(frozen=True, slots=True)
class Hold:
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} H"


@dataclass(frozen=True, slots=True)
class Move:
    unit: Unit
    destination: Location
    via_convoy: bool = False

    def __str__(self) -> str:
        via = " VIA" if self.via_convoy else ""
        return f"{self.unit} - {self.destination}{via}"


@dataclass(frozen=True, slots=True)
class Support:
    """Support to hold (`destination` None) or to move into `destination`.

    `supported` is where the supported unit stands; `supported_type` is the type the
    order names, if it names one.
    """

    unit: Unit
    supported: Location
    destination: Location | None = None
    supported_type: UnitType | None = None

    def __str__(self) -> str:
        kind = f"{self.supported_type.value} " if self.supported_type else ""
        target = f" - {self.destination}" if self.destination else ""
        return f"{self.unit} S {kind}{self.supported}{target}"


@dataclass(frozen=True, slots=True)
class Convoy:
    """A fleet convoys the army at `army` to `destination`."""

    unit: Unit
    army: Location
    destination: Location

    def __str__(self) -> str:
        return f"{self.unit} C A {self.army} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: Unit
    destination: Location

    def __str__(self) -> str:
        return f"{self.unit} R {self.destination}"


@dataclass(frozen=True, slots=True)
class Disband:
    """A dislodged unit disbands (retreat phase) or a unit is removed (adjustments)."""

    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} B"


@dataclass(frozen=True, slots=True)
class Espionage:
    """rules/004, Kriegsplomacy: "an additional order called 'espionage' (e.g., A Mun E)";
    the unit holds and learns about the places it could support into."""

    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} E"


@dataclass(frozen=True, slots=True)
class CounterEspionage:
    """rules/004, Kriegsplomacy: "a counter-espionage order can be given to a piece"; the
    unit holds and hides the places it could support into from other powers' spies."""

    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} CE"


@dataclass(frozen=True, slots=True)
class Waive:
    """A power declines one build it is entitled to."""

    power: Power

    def __str__(self) -> str:
        return "WAIVE"


Order = (
    Hold
    | Move
    | Support
    | Convoy
    | Retreat
    | Disband
    | Build
    | Waive
    | Espionage
    | CounterEspionage
)
# For annotations: the orders validation lets through in each kind of phase, and the
# orders given to a unit (every one but a waive).
MovementOrder = Hold | Move | Support | Convoy
RetreatOrder = Retreat | Disband
UnitOrder = (
    Hold | Move | Support | Convoy | Retreat | Disband | Build | Espionage | CounterEspionage
)
# Kriegsplomacy's orders of the movement phase beyond the rulebook's (rules/004): a unit
# holds by either (`Board.holding_orders`).
EspionageOrder = Espionage | CounterEspionage
ESPIONAGE_ORDERS = (Espionage, CounterEspionage)
# Every kind of order given to a unit or power (a variant's own orders are its own).
ORDERS = (Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive, Espionage, CounterEspionage)
MOVEMENT_ORDERS = (Hold, Move, Support, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


def order_power(order: Order) -> Power:
    """The power that gave the order."""
    return order.power if isinstance(order, Waive) else order.unit.power
