"""What happened to each order: success, and a typed reason the report and map read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudication.model.orders import Order


class Reason(StrEnum):
    """Why an order failed, or what else befell its unit.

    The report (judge notation) and the map both read these; nothing matches on text.
    """

    BOUNCED = "bounced"  # a move met equal or greater strength, or a standoff
    CUT = "cut"  # a support was cut by an attack
    DISLODGED = "dislodged"  # the unit was dislodged
    NO_CONVOY = "no_convoy"  # a convoyed move had no successful convoy route
    VOID = "void"  # support or convoy matching no order (judge notation [nso])
    SUPPORTED_UNIT_MOVED = "supported_unit_moved"  # support to hold a unit that moved [otm]
    DISRUPTED = "disrupted"  # a convoying fleet was dislodged or the route broke
    PARADOX = "paradox"  # failed by the convoy-paradox rule
    ILLEGAL = "illegal"  # rejected by validation; the unit held [io]
    NO_SUCH_UNIT = "no_such_unit"  # the order names no unit of that power [nsu]
    UNORDERED = "unordered"  # no order received; default applied [u]/[NMR]
    RETREAT_BOUNCED = "retreat_bounced"  # two retreats to one space: both disbanded
    DISBANDED = "disbanded"  # a dislodged unit with no (valid) retreat was disbanded
    CIVIL_DISORDER = "civil_disorder"  # removal chosen by the civil-disorder rule
    WAIVED = "waived"  # an unused build


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one order in one phase.

    `succeeded`: the order did what it asked (a move moved, a support was given, a
    hold held, a build was placed). `reason` says why it failed or flags something
    the players should know (DISLODGED can accompany a successful support).
    `dislodged_by` is the province the dislodging attack came from.
    """

    order: Order
    succeeded: bool
    reason: Reason | None = None
    dislodged_by: str | None = None
