"""The recorded-phase interchange format of `interop/PHASES.md`: reading and writing.

A strict reader of the fixed interchange notation (`A PAR - BUR`, `F NTH C A LON - BEL`,
`WAIVE`, …) rather than the free-text parser: the notation is fixed, strictness keeps
a comparison with another adjudicator about rules and not about spelling, and it is
fast. A line that does not read is reported back and the unit stays unordered, which
the rules treat as a hold (rules/000 §7.4) — it is never an error of the whole phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudication.io.serialize import SerializeError, spies_from_json, spies_to_json
from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from adjudication.model.position import DEFAULT_VARIANT, Dislodgement, Position
from adjudication.model.units import Location, Phase, PhaseKind, Power, Unit, UnitType
from adjudication.play.reach import retreat_options


class InterchangeError(ValueError):
    """A phase record or an order that does not follow PHASES.md."""


@dataclass(frozen=True, slots=True)
class UnreadOrder:
    """An order line the strict reader refused, kept so a caller can report it."""

    power: Power
    text: str
    problem: str


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """One input line of PHASES.md, read: the position, the orders, the powers named."""

    id: Any
    position: Position
    orders: tuple[object, ...]  # the units' `Order`s, and a variant's own
    unread: tuple[UnreadOrder, ...]
    powers: tuple[Power, ...]


# --- orders -----------------------------------------------------------------------


# "P" is read everywhere; a plane then stands only on a board with planes
# (`Board.can_stand`), so a standard record naming one is refused.
_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET, "P": UnitType.PLANE}

# Locations and units already read, by their text: a game names the same few hundred
# again and again, and each is frozen, so one object serves every order that names it.
# Bounded, so that a stream of made-up names cannot grow them without end.
_CACHE_LIMIT = 4096
_locations: dict[str, Location] = {}
_units: dict[tuple[Power, str, str], Unit] = {}


def _unit(power: Power, kind: str, where: str) -> Unit:
    unit = _units.get((power, kind, where))
    if unit is not None:
        return unit
    unit_type = _UNIT_TYPES.get(kind)
    if unit_type is None:
        raise InterchangeError(f"not a unit: {kind} {where}")
    unit = Unit(power, unit_type, _location(where))
    if len(_units) < _CACHE_LIMIT:
        _units[power, kind, where] = unit
    return unit


def _location(text: str) -> Location:
    location = _locations.get(text)
    if location is not None:
        return location
    province, _, coast = text.partition("/")
    if len(province) != 3 or not province.isalpha() or (coast and len(coast) != 2):
        raise InterchangeError(f"not a location: {text}")
    location = Location(province, coast or None)
    if len(_locations) < _CACHE_LIMIT:
        _locations[text] = location
    return location


def read_order(text: str, power: Power, kind: PhaseKind) -> Order:
    """Read one order in interchange notation for a phase of the given kind.

    Raises `InterchangeError` for anything outside the notation, or an order of the
    wrong kind for the phase (a build in a movement phase).
    """
    # The notation is a fixed sequence of words: the number of words and the verb
    # say which order it can be, and each word is checked where it stands.
    words = text.upper().split()
    if len(words) < 3:
        if words == ["WAIVE"]:
            if kind is not PhaseKind.ADJUSTMENT:
                raise InterchangeError(f"a waive outside adjustments: {text}")
            return Waive(power)
        raise InterchangeError(f"not an order: {text}")
    unit = _unit(power, words[0], words[1])
    if kind is PhaseKind.MOVEMENT:
        if len(words) == 4 and words[2] == "-":  # a move, the commonest order
            return Move(unit, _location(words[3]))
        order = _read_movement(unit, words)
    elif kind is PhaseKind.RETREAT:
        order = _read_retreat(unit, words)
    elif len(words) == 3:
        verb = words[2]
        order = Build(unit) if verb == "B" else Disband(unit) if verb == "D" else None
    else:
        order = None
    if order is None:
        raise InterchangeError(f"not a {kind.name.lower()} order: {text}")
    return order


def _read_movement(unit: Unit, words: list[str]) -> Order | None:
    """`A PAR H`, `A PAR - BUR [VIA]`, `A PAR S A MAR [- BUR]`, `F NTH C A LON - BEL`."""
    verb, n = words[2], len(words)
    if verb == "-":
        if n == 4:
            return Move(unit, _location(words[3]))
        if n == 5 and words[4] == "VIA":
            return Move(unit, _location(words[3]), True)
    elif verb == "S":
        if n == 5:
            return Support(unit, _location(words[4]), None, _unit_type(words[3]))
        if n == 7 and words[5] == "-":
            return Support(unit, _location(words[4]), _location(words[6]), _unit_type(words[3]))
    elif verb == "H":
        if n == 3:
            return Hold(unit)
    elif verb == "C" and n == 7 and words[3] == "A" and words[5] == "-":
        return Convoy(unit, _location(words[4]), _location(words[6]))
    return None


def _read_retreat(unit: Unit, words: list[str]) -> Order | None:
    """`A PAR R BUR` (or `A PAR - BUR`), `A PAR D`."""
    verb, n = words[2], len(words)
    if n == 4 and (verb == "R" or verb == "-"):
        return Retreat(unit, _location(words[3]))
    if n == 3 and verb == "D":
        return Disband(unit)
    return None


def _unit_type(text: str) -> UnitType:
    unit_type = _UNIT_TYPES.get(text)
    if unit_type is None:
        raise InterchangeError(f"not a unit type: {text}")
    return unit_type


def write_order(order: Order) -> str:
    """An order in interchange notation: the inverse of `read_order`."""
    match order:
        case Retreat(unit=unit, destination=dest):
            return f"{unit} R {dest}"
        case Build(unit=unit):
            return f"{unit} B"
        case _:
            return str(order)


# --- phase records ----------------------------------------------------------------


def _mapping(document: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = document.get(key) or {}
    if not isinstance(value, Mapping):
        raise InterchangeError(f"{key!r} must be an object")
    return value


OwnOrderReader = Callable[[str, Power, Position, Callable[[str, Power], Order]], object | None]
"""A variant's reader of its own orders' lines (`Codec.read_order`)."""


def read_record(
    document: Mapping[str, Any],
    board: Board = STANDARD,
    variant: str = DEFAULT_VARIANT,
    read_own: OwnOrderReader | None = None,
) -> PhaseRecord:
    """Read one decoded input line of PHASES.md, a position of `variant` on `board`,
    with the spies it names (Spy Diplomacy's); `read_own` reads the variant's own
    orders' lines, those that are not a unit's (its `Codec.read_order`).

    Raises `InterchangeError` when the line itself cannot describe a position (no
    phase, a malformed unit); bad order lines only land in `unread`.
    """
    if not isinstance(document, Mapping):
        raise InterchangeError("a phase record must be a JSON object")
    try:
        phase = Phase.parse(str(document["phase"]))
    except (KeyError, ValueError) as err:
        raise InterchangeError(f"no valid phase: {document.get('phase')!r}") from err
    units = _mapping(document, "units")
    centres = _mapping(document, "centers")
    unit_list = [_board_unit(p, text, board) for p, texts in units.items() for text in texts]
    try:
        ownership = {c: power for power, cs in centres.items() for c in cs}
    except TypeError as err:
        raise InterchangeError("'centers' must map powers to lists") from err
    standoffs = frozenset(document.get("standoffs") or ())
    occupied = {u.province for u in unit_list}
    dislodged = tuple(
        _read_dislodgement(power, text, details, occupied, standoffs, board)
        for power, by_unit in _mapping(document, "dislodged").items()
        for text, details in by_unit.items()
    )
    try:
        spied = spies_from_json(document.get("spies"))
    except SerializeError as err:
        raise InterchangeError(str(err)) from err
    position = Position(
        phase, tuple(unit_list), ownership, dislodged, standoffs, variant, spies=spied
    )
    orders: list[object] = []
    unread: list[UnreadOrder] = []
    for power, texts in _mapping(document, "orders").items():
        for text in texts:
            try:
                orders.append(read_order(text, power, phase.kind))
            except InterchangeError as err:
                own = None if read_own is None else _own_order(read_own, text, power, position)
                if own is not None:
                    orders.append(own)
                else:
                    unread.append(UnreadOrder(power, text, str(err)))
    powers = tuple(sorted(set(board.powers) | set(units) | set(centres)))
    return PhaseRecord(document.get("id"), position, tuple(orders), tuple(unread), powers)


def _own_order(
    read_own: OwnOrderReader, text: str, power: Power, position: Position
) -> object | None:
    """A variant's own order (Spy Diplomacy's `SPY MAR - SPA`, `SPY MAR: F MAR - SPA`),
    or None."""
    try:
        return read_own(
            text,
            power,
            position,
            lambda given, owner: read_order(given, owner, position.phase.kind),
        )
    except InterchangeError:
        return None


def _board_unit(power: Power, text: str, board: Board) -> Unit:
    """A unit of the record, which must stand where the board lets such a unit stand."""
    parts = str(text).upper().split()
    if len(parts) != 2:
        raise InterchangeError(f"not a unit: {text!r}")
    unit = _unit(power, *parts)
    if not board.can_stand(unit.type, unit.location):
        raise InterchangeError(f"no {unit.type.name.lower()} can stand at {unit.location}")
    return unit


def _read_dislodgement(
    power: Power,
    text: str,
    details: Mapping[str, Any],
    occupied: set[str],
    standoffs: frozenset[str],
    board: Board,
) -> Dislodgement:
    unit = _board_unit(power, text, board)
    attacker_from = str(details["by"])
    via_convoy = bool(details.get("via_convoy", False))
    # Recomputed, not copied from the record: the record's list is the other engine's
    # reading of the retreat rule, and a replay must apply dipgm's.
    retreats = retreat_options(unit, attacker_from, via_convoy, occupied, standoffs, board)
    kind = board.kinds.get(unit.type)
    if kind is not None and not kind.retreats:
        retreats = ()  # rules/004: a dislodged plane "cannot retreat; it must be disbanded"
    return Dislodgement(unit, attacker_from, retreats, via_convoy)


# --- results ----------------------------------------------------------------------


def _by_power(powers: Iterable[Power], items: Iterable[tuple[Power, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {p: [] for p in powers}
    for power, text in items:
        grouped.setdefault(power, []).append(text)
    return {p: sorted(texts) for p, texts in sorted(grouped.items())}


def write_result(
    record_id: Any,
    played: Phase,
    position: Position,
    dislodged: Iterable[Dislodgement],
    powers: Iterable[Power],
) -> dict[str, Any]:
    """The output line of PHASES.md for a phase played from a record.

    `played` is the phase played, `position` the next phase to play and `dislodged`
    every unit dislodged in a movement phase, with where it may retreat: a fleet's
    option on a province with coasts names the coast (`SPA/NC`), as the engine lists it.
    """
    powers = tuple(powers)
    result: dict[str, Any] = {
        "id": record_id,
        "phase": position.phase.code,
        "units": _by_power(powers, ((u.power, str(u)) for u in position.units)),
        "centers": _by_power(powers, ((p, c) for c, p in position.ownership.items())),
    }
    if position.spies:  # Spy Diplomacy only: other variants' lines are unchanged
        result["spies"] = spies_to_json(position.spies)
    if played.kind is PhaseKind.MOVEMENT:
        grouped: dict[str, dict[str, Any]] = {}
        for d in sorted(dislodged):
            retreats = sorted(map(str, d.retreats))
            grouped.setdefault(d.unit.power, {})[str(d.unit)] = {
                "by": d.attacker_from,
                "retreats": retreats,
            }
        result["dislodged"] = grouped
    return result
