"""Every way an order draft may be read against the position.

A draft names places as written; each may mean its exact province or, when that
reading is not legal, a similar one ("Liv": Livonia or Liverpool). Missing details
are filled in from the position (the type of one's own unit, the coast a fleet can
reach). `adjudication.text.parse` keeps the readings that `validate` accepts.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    CounterEspionage,
    Disband,
    Espionage,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
)
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Power, Unit, UnitType
from adjudication.text.names import province_candidates
from adjudication.text.tokens import Draft, PlaceText, UnitText, Verb

_MAX_CHOICES = 6  # provinces tried per place name


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the draft: the order, whether it takes every name as written
    (`literal`), and whether some detail was filled in or corrected (`changed`)."""

    order: Order
    literal: bool
    changed: bool


def _choices(place: PlaceText | None, board: Board, alternatives: bool) -> list[tuple[str, bool]]:
    """(province, as written?) for each province the place may name, exact first."""
    if place is None:
        return [("", True)]
    out: list[tuple[str, bool]] = []
    if place.exact is not None:
        out.append((place.exact.province, True))
    if alternatives:
        close = [p for p in province_candidates(place.text, board) if p not in dict(out)]
        # Leaving some out could make another look like the only legal reading
        # ("Bor" is one letter from eight provinces): so many is no correction at all.
        if len(out) + len(close) <= _MAX_CHOICES:
            out += [(province, False) for province in close]
    return out


def literal_readings(draft: Draft, position: Position, power: Power, board: Board) -> list[Reading]:
    """The readings that take every place name exactly as written (none if one is unknown)."""
    return [r for r in _readings(draft, position, power, board, False) if r.literal]


def all_readings(
    draft: Draft, position: Position, power: Power, board: Board, limit: int = 96
) -> list[Reading]:
    """Every reading, the literal ones first, at most `limit`."""
    return list(itertools.islice(_readings(draft, position, power, board, True), limit))


def _readings(
    draft: Draft, position: Position, power: Power, board: Board, alternatives: bool
) -> Iterator[Reading]:
    slots = [
        _choices(draft.unit.place if draft.unit else None, board, alternatives),
        _choices(draft.target.place if draft.target else None, board, alternatives),
        _choices(draft.destination, board, alternatives),
    ]
    for (here, a), (there, b), (to, c) in itertools.product(*slots):
        if not b and position.unit_in(there) is None:
            # A supported or convoyed unit's misspelt place is corrected only to a place
            # where a unit stands: a support of an empty place is legal but void, and a
            # correction to it would be no reading of what the player meant ("S F Eid").
            continue
        literal = a and b and c
        for order, changed in _orders_for(draft, here, there, to, position, power, board):
            yield Reading(order, literal, changed)


def _orders_for(
    draft: Draft,
    here: str,
    there: str,
    to: str,
    position: Position,
    power: Power,
    board: Board,
) -> Iterator[tuple[Order, bool]]:
    assert draft.unit is not None  # every verb but WAIVE names a unit
    kind = position.phase.kind
    if draft.verb is Verb.BUILD or (draft.verb is Verb.NONE and kind is PhaseKind.ADJUSTMENT):
        for unit, changed in _new_units(draft.unit, here, power, board):
            yield Build(unit), changed or draft.verb is Verb.NONE
        if draft.verb is Verb.BUILD:
            return
    unit, changed = _ordered_unit(draft.unit, here, position, power, board)
    verb = draft.verb
    if verb is Verb.NONE:
        if kind is PhaseKind.ADJUSTMENT:
            yield Disband(unit), True
        else:
            yield Hold(unit), True
    elif verb is Verb.HOLD:
        yield Hold(unit), changed
    elif verb in (Verb.ESPIONAGE, Verb.COUNTER_ESPIONAGE):
        yield (Espionage if verb is Verb.ESPIONAGE else CounterEspionage)(unit), changed
    elif verb is Verb.DISBAND:
        yield Disband(unit), changed
    elif verb in (Verb.MOVE, Verb.RETREAT):
        assert draft.destination is not None
        retreat = verb is Verb.RETREAT or kind is PhaseKind.RETREAT
        for where, coast_changed in _destinations(
            unit.type, unit.location, to, draft.destination, board
        ):
            if retreat:
                yield Retreat(unit, where), changed or coast_changed
            else:
                yield Move(unit, where, draft.via_convoy), changed or coast_changed
    elif verb is Verb.SUPPORT:
        assert draft.target is not None
        yield from _supports(unit, changed, draft, there, to, position, board)
    elif verb is Verb.CONVOY:
        assert draft.target is not None and draft.destination is not None
        target_changed = draft.target.type is UnitType.FLEET or draft.destination.coast is not None
        yield Convoy(unit, Location(there), Location(to)), changed or target_changed


def _ordered_unit(
    written: UnitText, province: str, position: Position, power: Power, board: Board
) -> tuple[Unit, bool]:
    """The unit the order is for: the power's own unit there, as it stands (DATC 4.C.2,
    4.B.5: a wrong type or coast of one's own unit is a detail to correct)."""
    if position.phase.kind is PhaseKind.RETREAT:
        actual = next(
            (
                d.unit
                for d in position.dislodged
                if d.unit.province == province and d.unit.power == power
            ),
            None,
        )
    else:
        actual = position.unit_in(province)
    if actual is not None and actual.power == power:
        wrong_type = written.type is not None and written.type is not actual.type
        wrong_coast = written.place.coast is not None and written.place.coast != (
            actual.location.coast
        )
        return actual, wrong_type or wrong_coast
    if actual is not None:
        return Unit(power, written.type or actual.type, actual.location), False
    unit_type = written.type or _natural_type(province, board)
    return Unit(power, unit_type, _location(province, written.place.coast, board)), False


def _natural_type(province: str, board: Board) -> UnitType:
    p = board.provinces.get(province)
    return UnitType.ARMY if p is None or p.is_land else UnitType.FLEET


def _location(province: str, coast: str | None, board: Board) -> Location:
    p = board.provinces.get(province)
    if p is not None and coast in p.coasts:
        return Location(province, coast)
    return Location(province)


def _new_units(
    written: UnitText, province: str, power: Power, board: Board
) -> Iterator[tuple[Unit, bool]]:
    """Units a build may mean. Without a type: an army, or a fleet on each coast; a
    written coast means a fleet (DATC 4.C.3)."""
    coast = written.place.coast
    types = (
        [written.type]
        if written.type
        else ([UnitType.FLEET] if coast not in (None, "?") else [UnitType.ARMY, UnitType.FLEET])
    )
    for unit_type in types:
        for where, changed in _destinations(unit_type, None, province, written.place, board):
            yield Unit(power, unit_type, where), changed or written.type is None


def _destinations(
    unit_type: UnitType, origin: Location | None, province: str, written: PlaceText, board: Board
) -> Iterator[tuple[Location, bool]]:
    """Locations a unit may be meant to go to (or be built in) in `province`.

    A fleet's omitted coast is filled with each coast in turn (only the legal one
    will survive: DATC 4.B.1, 4.B.2). A written coast is kept as written (a wrong one
    makes the order illegal, DATC 4.B.3) unless it means nothing: an army's coast, or
    an unknown coast (4.B.6), which is dropped.
    """
    coasts = board.provinces[province].coasts if province in board.provinces else ()
    coast = written.coast
    # Only a fleet stands on a coast: an army's or a plane's coast means nothing (P1).
    if unit_type is not UnitType.FLEET or not coasts:
        yield Location(province), coast is not None
        return
    if coast in coasts:
        yield Location(province, coast), False
        return
    candidates = [Location(province, c) for c in coasts]
    if origin is not None:
        reachable = [c for c in candidates if board.can_move(unit_type, origin, c)]
        candidates = reachable or candidates
    if len(candidates) != 1:
        yield Location(province), coast is not None  # as written: validation names the coasts
    for where in candidates:
        yield where, True


def _supports(
    unit: Unit,
    changed: bool,
    draft: Draft,
    there: str,
    to: str,
    position: Position,
    board: Board,
) -> Iterator[tuple[Order, bool]]:
    target = draft.target
    assert target is not None
    supported = position.unit_in(there)
    written_type = target.type
    if supported is not None:
        # DATC 4.C.2, 4.C.6: a wrong type or nationality of the supported unit is ignored.
        changed = changed or (written_type is not None and written_type is not supported.type)
        changed = changed or (target.power is not None and target.power != supported.power)
        kind: UnitType | None = supported.type
        standing = supported.location
    else:
        kind = written_type
        standing = Location(there)
    if draft.destination is None:
        yield Support(unit, standing, None, kind), changed
        return
    hold = draft.abbreviated and to == there and supported is not None
    if hold and written_type in (None, kind):
        # "A Gal SF Rum-Rum": the protocol's support of a hold, written as a move to its
        # own place; read so only when that very unit stands there, else it stays the
        # illegal move it says. Plain "S A Yor - Yor" stays illegal (DATC 6.A.5).
        yield Support(unit, standing, None, kind), True
        return
    coasts = board.provinces[to].coasts if to in board.provinces else ()
    coast = draft.destination.coast
    if kind is not UnitType.FLEET or not coasts:
        yield Support(unit, standing, Location(to), kind), changed or coast is not None
        return
    if coast in coasts:
        yield Support(unit, standing, Location(to, coast), kind), changed
        return
    # The coast of a supported fleet's move: filled only when the fleet can reach one.
    reachable = [Location(to, c) for c in coasts if board.can_move(kind, standing, Location(to, c))]
    if len(reachable) == 1:
        yield Support(unit, standing, reachable[0], kind), True
    else:
        yield Support(unit, standing, Location(to), kind), changed
