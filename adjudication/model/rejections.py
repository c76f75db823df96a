"""Why an order line was not accepted: a machine-readable reason and a sentence for people.

Shared by the parser (what the text says) and validation (whether the position
allows it). Illegal orders are not followed: the unit holds (rules/000 §7.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class RejectReason(StrEnum):
    # What the text says
    EMPTY = "empty"
    UNREADABLE = "unreadable"  # no order could be read from the line
    UNKNOWN_PROVINCE = "unknown_province"
    UNKNOWN_COAST = "unknown_coast"
    AMBIGUOUS = "ambiguous"  # several legal readings: rules/004 rule 7, the unit holds
    TOO_LONG = "too_long"
    WRONG_PHASE = "wrong_phase"  # e.g. a build in a movement phase
    # Whether the position allows it
    NO_SUCH_UNIT = "no_such_unit"
    NOT_YOUR_UNIT = "not_your_unit"
    POWER_NOT_ORDERED = "power_not_ordered"  # a power no player orders (rules/000 §14.2)
    WRONG_UNIT_TYPE = "wrong_unit_type"
    NOT_ADJACENT = "not_adjacent"
    WRONG_TERRAIN = "wrong_terrain"  # an army to sea, a fleet inland
    CLOSED = "closed"  # a variant's closed land (World War I's Italy before 1915)
    COAST_REQUIRED = "coast_required"
    COAST_UNREACHABLE = "coast_unreachable"
    MOVE_TO_OWN_SPACE = "move_to_own_space"
    NO_CONVOY_ROUTE = "no_convoy_route"  # no chain of seas could carry the army
    CONVOY_BY_ARMY = "convoy_by_army"
    COASTAL_FLEET_CANNOT_CONVOY = "coastal_fleet_cannot_convoy"
    CONVOY_NON_ARMY = "convoy_non_army"
    SUPPORT_SELF = "support_self"
    SUPPORT_UNREACHABLE = "support_unreachable"  # supporter could not enter the space
    NOT_DISLODGED = "not_dislodged"
    RETREAT_NOT_ALLOWED = "retreat_not_allowed"
    TOO_MANY_BUILDS = "too_many_builds"
    TOO_MANY_REMOVALS = "too_many_removals"
    BUILD_NOT_HOME = "build_not_home"
    BUILD_NOT_OWNED = "build_not_owned"
    BUILD_OCCUPIED = "build_occupied"
    NO_BUILDS_ALLOWED = "no_builds_allowed"
    NO_REMOVALS_OWED = "no_removals_owed"
    DUPLICATE = "duplicate"  # a second order for the same unit in one message


@dataclass(frozen=True, slots=True)
class Rejection:
    """An order not accepted: `reason` for programs, `message` for the player.

    `candidates` lists the legal readings when the line was ambiguous.
    """

    reason: RejectReason
    message: str
    candidates: tuple[str, ...] = ()
