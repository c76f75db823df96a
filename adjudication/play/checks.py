"""Pieces shared by the order checks: finding the unit an order names, and wording.

A rejection's message is for the player, so it names places in full ("Army Paris",
"Spain (north coast)") with `adjudication.text.notation`'s long style.
"""

from __future__ import annotations

from adjudication.model.board import Board
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, Unit, UnitType
from adjudication.text.notation import place_name

_TYPE_NAMES = {UnitType.ARMY: "army", UnitType.FLEET: "fleet", UnitType.PLANE: "plane"}


def not_own_unit(named: Unit, actual: Unit | None, board: Board) -> Rejection | None:
    """Why the unit an order names cannot be ordered: `actual` is the unit standing
    where it says (None if none). None when it may be.

    The coast named for the unit is ignored (DATC 4.B.5, case 6.B.10); its power and
    type must be right.
    """
    if actual is None:
        return Rejection(
            RejectReason.NO_SUCH_UNIT, f"There is no unit in {place(named.location, board)}."
        )
    if actual.power != named.power:
        kind = _TYPE_NAMES[actual.type]
        return Rejection(
            RejectReason.NOT_YOUR_UNIT,
            f"The {kind} in {place(actual.location, board)} belongs to {title(actual.power)}.",
        )
    if actual.type is not named.type:
        return Rejection(
            RejectReason.WRONG_UNIT_TYPE,
            f"The unit in {place(actual.location, board)} is {type_article(actual.type)}, "
            f"not {type_article(named.type)}.",
        )
    return None


def place(location: Location, board: Board) -> str:
    """'Spain (north coast)'."""
    return place_name(location, board, "long")


def describe(unit_type: UnitType, location: Location, board: Board) -> str:
    """'Army Paris'."""
    return f"{_TYPE_NAMES[unit_type].capitalize()} {place(location, board)}"


def title(power: str) -> str:
    """'England'."""
    return power.title()


def type_plural(unit_type: UnitType) -> str:
    """'armies', 'fleets', 'planes'."""
    return "armies" if unit_type is UnitType.ARMY else f"{_TYPE_NAMES[unit_type]}s"


def type_article(unit_type: UnitType) -> str:
    """'an army', 'a fleet', 'a plane'."""
    return "an army" if unit_type is UnitType.ARMY else f"a {_TYPE_NAMES[unit_type]}"
