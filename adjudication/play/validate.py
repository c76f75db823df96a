"""Whether an order may be given at all in the current position (rules/000 §7–§13).

An order that fails here is *illegal*: it is ignored and the unit holds (DATC 4.E.1).
An order that passes may still be *void* at adjudication (a support nobody needed, a
convoy of an army that did not move); that is decided by `adjudication.play.movement`.

Choices the rules leave open, as DATC v3.1 prefers unless noted:
- A support or convoy naming an empty space is legal and void at adjudication.
- A support of a move the supported unit could never make is illegal (6.D.22–6.D.24),
  as is one whose only convoy route runs through the supporter (6.D.31).
- A convoy order for a fleet that no convoy route needs is illegal (6.G.19).
- The coast named for the ordered unit itself is ignored (4.B.5, case 6.B.10).
- A retreat's destination is read as a move's: an army's coast is ignored, a fleet's
  omitted coast means the only one it can reach (4.B.2, 4.B.6; as 6.B.2, 6.B.12).
- Several orders for one unit: the last legal one stands, the others are rejected as
  duplicates (the team's choice; DATC 4.D.3 would make the unit hold).
- Too many builds or removals: the first legal ones count (4.D.4, 4.D.6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import cast

from adjudication.model.board import Board, Terrain
from adjudication.model.flexible_builds import BuildSites
from adjudication.model.orders import (
    ADJUSTMENT_ORDERS,
    MOVEMENT_ORDERS,
    RETREAT_ORDERS,
    Build,
    Convoy,
    Disband,
    EspionageOrder,
    Hold,
    Move,
    Order,
    Retreat,
    RetreatOrder,
    Support,
    Waive,
    order_power,
)
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, PhaseKind, Unit, UnitType
from adjudication.play.adjustments import build_sites
from adjudication.play.checks import describe as _describe
from adjudication.play.checks import not_own_unit, type_article, type_plural
from adjudication.play.checks import place as _place
from adjudication.play.checks import title as _title
from adjudication.play.retreats import retreat_target
from adjudication.play.validate_movement import MovementChecks
from adjudication.text.notation import format_order

_R = RejectReason
_PHASE_ORDERS = {
    PhaseKind.MOVEMENT: (MOVEMENT_ORDERS, "hold, move, support or convoy"),
    PhaseKind.RETREAT: (RETREAT_ORDERS, "retreat or disband a dislodged unit"),
    PhaseKind.ADJUSTMENT: (ADJUSTMENT_ORDERS, "build, remove or waive"),
}


def validate(order: Order, position: Position, board: Board) -> Rejection | None:
    """Why `order` may not be given in `position`, or None when it is legal.

    Checks only this order; limits that involve several orders (duplicates, too many
    builds) are `validate_all`'s.
    """
    if board.holding_orders and isinstance(order, board.holding_orders):
        order = Hold(order.unit)  # rules/004: "The unit is then considered to be holding."
    if not isinstance(order, _PHASE_ORDERS[position.phase.kind][0]):
        return _wrong_phase(order, position, board)
    if board.closed:
        closed = _into_closed_land(order, board)
        if closed is not None:
            return closed
    return order_checks(position, board)(order)


def _into_closed_land(order: Order, board: Board) -> Rejection | None:
    """A variant's closed land (rules/000 §14.2: "Italy is neutral and Italian territory
    may not be entered"): an order that would enter it, move, retreat, support or convoy
    there, is refused for that reason, before the checks that would only find the space
    unreachable (the closed board has no border into it)."""
    target = order.destination if isinstance(order, Move | Retreat | Support | Convoy) else None
    if target is None or target.province not in board.closed:
        return None
    return Rejection(
        _R.CLOSED, f"{_place(target, board)}: {board.closed_why}; no unit may enter it."
    )


_Check = Callable[[Order], Rejection | None]


def order_checks(position: Position, board: Board) -> _Check:
    """The rules of `position`'s phase for one order of a kind the phase allows:
    `MovementChecks` in a movement phase, the retreat or adjustment checks below.
    The movement and retreat checks take only their phase's orders: the casts say that
    the callers (`validate`, `validate_all`) pass no other."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return cast(_Check, MovementChecks(position, board).check)
    if kind is PhaseKind.RETREAT:
        return cast(_Check, partial(_validate_retreat, position=position, board=board))
    return partial(_validate_adjustment, position=position, board=board)


def _wrong_phase(order: Order, position: Position, board: Board) -> Rejection:
    wording = _PHASE_ORDERS[position.phase.kind][1]
    given = format_order(order, board)
    return Rejection(
        _R.WRONG_PHASE, f"In {position.phase.title} you may only {wording}, not {given}."
    )


def validate_all(orders: Sequence[Order], position: Position, board: Board) -> dict[int, Rejection]:
    """Rejections by index into `orders`, including limits that span several orders.

    The last legal order for a unit (or for a build site) stands; earlier ones are
    DUPLICATE. In adjustments the first legal builds and waives up to the power's
    allowance count, and the first legal removals up to what it owes (DATC 4.D.4, 4.D.6).
    """
    rejections: dict[int, Rejection] = {}
    duplicates: dict[int, Rejection] = {}  # added after the others, as they are found
    allowed: tuple[type, ...] = _PHASE_ORDERS[position.phase.kind][0]
    check = order_checks(position, board)
    if board.holding_orders and Hold in allowed:
        check, allowed = _held(check, board.holding_orders), (*allowed, *board.holding_orders)
    last_for: dict[str, int] = {}
    for i, order in enumerate(orders):
        rejection = check(order) if type(order) in allowed else _wrong_phase(order, position, board)
        if rejection is not None:
            rejections[i] = rejection
            continue
        if isinstance(order, Waive):
            continue
        province = order.unit.location.province
        earlier = last_for.get(province)
        if earlier is not None:
            duplicates[earlier] = Rejection(
                _R.DUPLICATE,
                f"'{orders[earlier]}' is replaced by the later order '{order}'.",
            )
        last_for[province] = i
    rejections.update(duplicates)

    if position.phase.kind is PhaseKind.ADJUSTMENT:
        _limit_adjustments(orders, position, rejections)
    return rejections


def _held(check: _Check, holding: tuple[type[EspionageOrder], ...]) -> _Check:
    """`check` where the board has orders by which a unit holds (rules/004's E and CE):
    such an order is legal exactly when a hold of its unit would be."""

    def held_or_other(order: Order) -> Rejection | None:
        if isinstance(order, holding):
            return check(Hold(order.unit))
        return check(order)

    return held_or_other


def _limit_adjustments(
    orders: Sequence[Order], position: Position, rejections: dict[int, Rejection]
) -> None:
    """The first builds and waives count up to the power's allowance (a waive uses one
    as a build does), and the first removals up to what it owes; the others are
    refused."""
    """The first builds and waives a power can place count, and the first removals it
    owes; the rest are refused."""
    used: dict[str, int] = {}
    for i, order in enumerate(orders):
        if i in rejections:
            continue
        power = order_power(order)
        count = used.get(power, 0)
        if isinstance(order, Build | Waive):
            allowance = position.adjustment_of(power)
            if count >= allowance:
                rejections[i] = Rejection(
                    _R.TOO_MANY_BUILDS,
                    f"{_title(power)} may build only {allowance}; '{order}' is one too many.",
                )
                continue
        elif isinstance(order, Disband):
            owed = -position.adjustment_of(power)
            if count >= owed:
                rejections[i] = Rejection(
                    _R.TOO_MANY_REMOVALS,
                    f"{_title(power)} must remove only {owed}; '{order}' is one too many.",
                )
                continue
        used[power] = count + 1


# --- retreat phase ------------------------------------------------------------------


def _validate_retreat(order: RetreatOrder, *, position: Position, board: Board) -> Rejection | None:
    named = order.unit
    dislodgement = next((d for d in position.dislodged if d.unit.province == named.province), None)
    if dislodgement is None:
        standing = position.unit_in(named.province)
        if standing is not None and standing.power == named.power:
            return Rejection(
                _R.NOT_DISLODGED,
                f"{_describe(standing.type, standing.location, board)} was not dislodged.",
            )
        return Rejection(
            _R.NO_SUCH_UNIT, f"No unit was dislodged in {_place(named.location, board)}."
        )
    rejection = not_own_unit(named, dislodgement.unit, board)
    if rejection is not None or isinstance(order, Disband):
        return rejection
    assert isinstance(order, Retreat)
    return _check_retreat(dislodgement.unit, order.destination, dislodgement, board)


def _check_retreat(
    unit: Unit, destination: Location, dislodgement: Dislodgement, board: Board
) -> Rejection | None:
    """A retreat goes where a move with that destination would (rules/000 §11, §7.4;
    `retreats.retreat_target`), and only to an allowed place."""
    if retreat_target(destination, dislodgement, board) is not None:
        return None
    here = _describe(unit.type, unit.location, board)
    same_province = [r for r in dislodgement.retreats if r.province == destination.province]
    province = board.provinces.get(destination.province)
    named_coast = province is not None and destination.coast in province.coasts
    if unit.type is UnitType.FLEET and len(same_province) > 1 and not named_coast:
        # Both coasts are open: one must be named (rules/000 §7.3.2, DATC 4.B.1).
        options = " or ".join(_place(r, board) for r in same_province)
        return Rejection(_R.COAST_REQUIRED, f"{here} may retreat to {options}: say which coast.")
    options = ", ".join(_place(r, board) for r in dislodgement.retreats) or "nowhere"
    return Rejection(
        _R.RETREAT_NOT_ALLOWED,
        f"{here} cannot retreat to {_place(destination, board)}; it may retreat to: {options}.",
    )


# --- adjustment phase ---------------------------------------------------------------


def _validate_adjustment(order: Order, *, position: Position, board: Board) -> Rejection | None:
    power = order_power(order)
    allowance = position.adjustment_of(power)
    if isinstance(order, Waive | Build) and allowance <= 0:
        return Rejection(_R.NO_BUILDS_ALLOWED, f"{_title(power)} has no builds this winter.")
    if isinstance(order, Waive):
        return None
    if isinstance(order, Disband):
        rejection = not_own_unit(order.unit, position.unit_in(order.unit.province), board)
        if rejection is None and allowance >= 0:
            return Rejection(_R.NO_REMOVALS_OWED, f"{_title(power)} need not remove any unit.")
        return rejection
    assert isinstance(order, Build)
    return _check_build(order.unit, position, board)


def check_build(unit: Unit, position: Position, board: Board) -> Rejection | None:
    """Whether `unit` may be built now on `board`'s home centres (the allowance not
    counted): the Masters Rules' adjustments (`adjudication.variants.masters`) use it too."""
    return _check_build(unit, position, board)


def _check_build(unit: Unit, position: Position, board: Board) -> Rejection | None:
    code = unit.location.province
    province = board.provinces.get(code)
    if province is None:
        return Rejection(_R.UNKNOWN_PROVINCE, f"There is no province {code}.")
    name = province.name
    if code not in build_sites(position, board, unit.power):
        flexible = board.build_sites is BuildSites.OWNED
        if not flexible and board.home_owner.get(code) != unit.power:
            return Rejection(
                _R.BUILD_NOT_HOME, f"{name} is not a home centre of {_title(unit.power)}."
            )
        if position.ownership.get(code) != unit.power:
            return Rejection(_R.BUILD_NOT_OWNED, f"{_title(unit.power)} does not own {name} now.")
        return Rejection(_R.BUILD_OCCUPIED, f"{name} is occupied.")
    if unit.type is not UnitType.FLEET:
        # A variant's kind of unit is built where an army could be (rules/004's plane,
        # P7), and only where the board has that kind.
        kind = type_article(unit.type).capitalize()
        if unit.type is not UnitType.ARMY and unit.type not in board.kinds:
            return Rejection(
                _R.WRONG_UNIT_TYPE, f"There are no {type_plural(unit.type)} in this game."
            )
        if not province.is_land:
            return Rejection(_R.WRONG_TERRAIN, f"{kind} cannot be built in {name}.")
        if unit.location.coast:
            return Rejection(_R.UNKNOWN_COAST, f"{kind} is built in {name}, not on a coast.")
        return None
    if province.terrain is not Terrain.COASTAL:
        return Rejection(_R.WRONG_TERRAIN, f"A fleet cannot be built in {name}: it is inland.")
    places = board.fleet_locations(code)
    if unit.location in places:
        return None
    if unit.location.coast is None:
        options = " or ".join(_place(p, board) for p in places)
        return Rejection(_R.COAST_REQUIRED, f"Build the fleet on {options}: say which coast.")
    return Rejection(_R.UNKNOWN_COAST, f"{name} has no coast {unit.location.coast}.")
