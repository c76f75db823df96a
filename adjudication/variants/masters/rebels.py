"""MR3 b: where a rebel unit may be raised, and why not.

"A Supply Center is eligible to have a Rebel unit constructed in it if it is neither
occupied by, nor adjacent to, a unit of the Power which owns it. Adjacency is
determined in the same manner as for Support" (and MR3 a: "in the Supply Centers of
other Powers"). One unit to a space: the centre must be empty, and the unit one that
may stand there. The adjustment phase (`adjust.py`) settles a valid rebel build; the
service refuses an invalid one when it is sent, and suggests only valid ones.
"""

from __future__ import annotations

from enum import StrEnum

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.units import Location, Power, Unit, UnitType
from adjudication.variants.masters.written import RebelBuild


class RebelSite(StrEnum):
    """Why a rebel unit may not be raised where it was written."""

    NOT_PLAYED = "not_played"  # MR3 is not one of the game's rules
    NOT_A_CENTRE = "not_a_centre"  # no supply centre there
    UNOWNED = "unowned"  # a centre no power owns
    OWN_CENTRE = "own_centre"  # "in the Supply Centers of other Powers"
    OCCUPIED = "occupied"  # a unit stands there
    CANNOT_STAND = "cannot_stand"  # an army at sea, a fleet inland
    WATCHED = "watched"  # a unit of the owner stands next to it


def rebel_site_refusal(
    order: RebelBuild, by: Power, position: Position, board: Board, masters: MastersRules
) -> RebelSite | None:
    """Why `by` may not raise the rebel unit of `order` (MR3 a, b), or None."""
    centre = order.location.province
    if not masters.rebellion:
        return RebelSite.NOT_PLAYED
    if centre not in board.supply_centres:
        return RebelSite.NOT_A_CENTRE
    owner = position.ownership.get(centre)
    if owner is None:
        return RebelSite.UNOWNED
    if owner == by:
        return RebelSite.OWN_CENTRE
    if position.unit_in(centre) is not None:
        return RebelSite.OCCUPIED
    if not board.can_stand(order.type, order.location):
        return RebelSite.CANNOT_STAND
    if owner_next_to(centre, position, board) is not None:
        return RebelSite.WATCHED
    return None


def owner_next_to(centre: str, position: Position, board: Board) -> Unit | None:
    """A unit of `centre`'s owner that could move into it ("adjacent ... as for
    Support"), or None."""
    owner = position.ownership.get(centre)
    for unit in position.units:
        if unit.power == owner and board.can_reach_province(unit.type, unit.location, centre):
            return unit
    return None


def rebel_sites(
    by: Power, position: Position, board: Board, masters: MastersRules
) -> list[RebelBuild]:
    """Every rebel army (or, on a centre no army may stand on, fleet) `by` may raise
    now, by centre."""
    sites = []
    for centre in sorted(board.supply_centres):
        for kind in (UnitType.ARMY, UnitType.FLEET):
            order = RebelBuild(kind, Location(centre))
            if rebel_site_refusal(order, by, position, board, masters) is None:
                sites.append(order)
                break
    return sites
