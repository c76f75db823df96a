"""What a spy learns (rules/004, Kriegsplomacy).

"A unit ordered to spy will learn of movements from, to and through the places
covered, as well as supports from or into those places, and which units (if any) in
those places also attempted Espionage. (If incoming support was cut, it is not
revealed.) You are told the type and country of the units involved, but you are not
told of any locations not covered by the Espionage." A place not covered is written
`???`: here the province code `UNKNOWN`, so that an order naming it is still an
order of the usual types and the report and the JSON write it with no special case.

Readings (docs/VARIANTS.md, K-readings):
- a spy covers every province it could support into, and the one it stands on ("or on
  which it is sitting", said of ownership, read for all it learns);
- an uncut counter-espionage of another power hides the places it covers and its own
  province ("the French piece learns nothing": the unit in Ruhr is not seen);
- every order of a unit standing in a learned place is revealed, its places outside
  them as `???`; a hold or no order at all both read as a hold (NMR is not reported);
  an order refused for a unit that exists reads as the hold it became; a CE only when
  cut; a move or a support whose target is learned; a convoyed move whose convoying
  fleet stands in a learned place;
- each spy is told on its own ("do not increase each other's effectiveness"): a move
  whose ends two spies cover one each is told twice, half hidden each time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from adjudication.model.board import Board
from adjudication.model.orders import (
    Convoy,
    CounterEspionage,
    Espionage,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.units import Location, Power, Unit, UnitType
from adjudication.model.views import UNKNOWN, UNKNOWN_PLACE
from adjudication.variants.kriegsplomacy.espionage import is_cut

# Outcomes of orders that were not followed: the unit held, if it exists.
_REFUSED = (Reason.ILLEGAL, Reason.UNORDERED)


@dataclass(frozen=True, slots=True)
class EspionageReport:
    """What one spy learned in one movement phase.

    - `spy`: the spying unit; `learned`: the provinces it learned about (those it
      covers, less those another power's counter-espionage hid);
    - `outcomes`: the orders it saw, places outside `learned` written `???`;
    - `ownership`: who owned each learned supply centre (absent: no one), as owned at
      the start of the phase ("a Fall espionage order will reveal who owned the
      center for the year just past");
    - `units`: the units standing in learned places after the phase ("whether any
      other country has now occupied that location").
    """

    spy: Unit
    learned: frozenset[str]
    outcomes: tuple[Outcome, ...]
    ownership: Mapping[str, Power | None]
    units: tuple[Unit, ...]


def coverage(unit: Unit, board: Board) -> frozenset[str]:
    """Provinces `unit` could support into, and its own: "information about ALL places
    into which the unit so ordered could give support"."""
    reach = (
        board.army_adjacency.get(unit.province, frozenset())
        if unit.type is UnitType.ARMY
        else board.fleet_reach.get((unit.location.province, unit.location.coast), frozenset())
    )
    return reach | {unit.province}


def hidden_from(power: Power, outcomes: Iterable[Outcome], board: Board) -> frozenset[str]:
    """Places every spy of `power` treats as "empty and inactive": those covered by an
    uncut CE of another power ("you cannot exempt your allies"; "A unit attempting
    espionage is not affected by CE by the same country")."""
    hidden: set[str] = set()
    for outcome in outcomes:
        order = outcome.order
        if not isinstance(order, CounterEspionage) or not outcome.succeeded:
            continue
        if order.unit.power != power:
            hidden |= coverage(order.unit, board)
    return frozenset(hidden)


def espionage_reports(
    outcomes: tuple[Outcome, ...],
    ownership_before: Mapping[str, Power],
    units_after: Iterable[Unit],
    power: Power,
    board: Board,
) -> tuple[EspionageReport, ...]:
    """One report for each espionage order of `power` that was not cut (a cut one
    learns nothing)."""
    spying = [
        o.order
        for o in outcomes
        if isinstance(o.order, Espionage) and o.order.unit.power == power and o.succeeded
    ]
    if not spying:
        return ()
    hidden = hidden_from(power, outcomes, board)
    after = tuple(units_after)
    convoyed = _convoy_fleets(outcomes)
    reports = []
    for order in spying:
        learned = coverage(order.unit, board) - hidden
        seen = tuple(
            masked
            for outcome in outcomes
            if (masked := _seen(outcome, power, learned, convoyed)) is not None
        )
        owners = {c: ownership_before.get(c) for c in sorted(learned & board.supply_centres)}
        present = tuple(u for u in after if u.province in learned and u.power != power)
        reports.append(EspionageReport(order.unit, learned, seen, owners, present))
    return tuple(reports)


def _convoy_fleets(outcomes: Iterable[Outcome]) -> dict[tuple[str, str], set[str]]:
    """(army's province, destination) -> provinces of the fleets ordered to convoy it."""
    fleets: dict[tuple[str, str], set[str]] = {}
    for outcome in outcomes:
        order = outcome.order
        if isinstance(order, Convoy):
            key = (order.army.province, order.destination.province)
            fleets.setdefault(key, set()).add(order.unit.province)
    return fleets


def _seen(
    outcome: Outcome,
    power: Power,
    learned: frozenset[str],
    convoyed: Mapping[tuple[str, str], set[str]],
) -> Outcome | None:
    """`outcome` as a spy of `power` learning about `learned` sees it, or None."""
    order = outcome.order
    if isinstance(order, Waive) or order.unit.power == power:
        return None
    if outcome.reason is Reason.NO_SUCH_UNIT:
        return None
    here = order.unit.province in learned
    if outcome.reason in _REFUSED:
        # Not followed: the unit held, and NMR is not reported.
        return Outcome(Hold(_masked_unit(order.unit, learned)), True) if here else None
    match order:
        case Move(destination=dest):
            through = convoyed.get((order.unit.province, dest.province), set())
            if not (here or dest.province in learned or through & learned):
                return None
        case Support(supported=supported, destination=dest):
            target = (dest or supported).province
            # "If incoming support was cut, it is not revealed."
            incoming = target in learned and outcome.reason not in (Reason.CUT, Reason.DISLODGED)
            if not (here or incoming):
                return None
        case Convoy(destination=dest):
            if not (here or dest.province in learned):
                return None
        case CounterEspionage():
            # "Espionage will reveal a CE order, but only if the CE ... is cut".
            if not (here and is_cut(outcome)):
                return None
        case _:
            if not here:
                return None
    return _masked_outcome(outcome, learned)


def _masked_location(location: Location, learned: frozenset[str]) -> Location:
    return location if location.province in learned else UNKNOWN_PLACE


def _masked_unit(unit: Unit, learned: frozenset[str]) -> Unit:
    return unit.at(_masked_location(unit.location, learned))


def masked_order(order: Order, learned: frozenset[str]) -> Order:
    """`order` with every place outside `learned` written `???`."""
    if isinstance(order, Waive):
        return order
    unit = _masked_unit(order.unit, learned)
    match order:
        case Move(destination=dest, via_convoy=via):
            return Move(unit, _masked_location(dest, learned), via)
        case Support(supported=supported, destination=dest, supported_type=kind):
            into = None if dest is None else _masked_location(dest, learned)
            return Support(unit, _masked_location(supported, learned), into, kind)
        case Convoy(army=army, destination=dest):
            return Convoy(unit, _masked_location(army, learned), _masked_location(dest, learned))
        case Retreat(destination=dest):
            return Retreat(unit, _masked_location(dest, learned))
    return replace(order, unit=unit)  # the orders naming only their unit


def _masked_outcome(outcome: Outcome, learned: frozenset[str]) -> Outcome:
    by = outcome.dislodged_by
    if by is not None and by not in learned:
        by = UNKNOWN
    return Outcome(masked_order(outcome.order, learned), outcome.succeeded, outcome.reason, by)
