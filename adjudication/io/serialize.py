"""Plain JSON for positions, orders, outcomes, adjudications and rules.

Plain means dicts, lists, strings, ints, bools and None, so storage can keep them
in a JSON column and other programs can read them. Units and locations use the
interchange strings of `interop/PHASES.md` ("F STP/SC") so a stored document reads
like a game record. Encoding is deterministic: lists come out sorted where the value
has no order of its own, and `dumps` sorts keys, so equal values give equal bytes
(DESIGN.md: "the same result, byte for byte in its JSON form").

Top-level documents (position, adjudication, rules) carry `"v": 1`; orders and
outcomes are always embedded in something else and carry no version of their own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from adjudication.model.optional_rules import RULE_TITLES, MastersCombination, MastersRules
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
    Waive,
)
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.pieces import Spy
from adjudication.model.position import DEFAULT_VARIANT, Dislodgement, Position
from adjudication.model.result import Adjudication, CoinToss, EndKind, GameEnd
from adjudication.model.rules import ParadoxRule, Rules, YearLimitMeasure
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.model.variant import Codec

VERSION = 1

Json = Any
"""A plain JSON value: dict, list, str, int, bool or None."""


class SerializeError(ValueError):
    """A JSON document that does not describe a valid value of the expected kind."""


def dumps(document: Json) -> str:
    """The canonical text of a JSON document: sorted keys, no spaces."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --- small pieces -----------------------------------------------------------------


def _location(text: str) -> Location:
    if not isinstance(text, str) or not text:
        raise SerializeError(f"not a location: {text!r}")
    return Location.parse(text)


def _optional_location(text: str | None) -> Location | None:
    return None if text is None else _location(text)


def _unit(power: str, text: str) -> Unit:
    try:
        return Unit.parse(power, text)
    except ValueError as err:
        raise SerializeError(f"not a unit: {text!r}") from err


def _check_version(document: Mapping[str, Json], kind: str) -> None:
    if not isinstance(document, Mapping):
        raise SerializeError(f"a {kind} document must be an object")
    if document.get("v") != VERSION:
        raise SerializeError(f"unsupported {kind} document version: {document.get('v')!r}")


def _field(document: Mapping[str, Json], key: str) -> Json:
    try:
        return document[key]
    except (KeyError, TypeError) as err:
        raise SerializeError(f"missing field {key!r}") from err


# --- orders -----------------------------------------------------------------------


def order_to_json(order: Order) -> dict[str, Json]:
    """Encode one order: `{"type": "move", "power": …, "unit": "A PAR", "to": "BUR", …}`."""
    if isinstance(order, Waive):
        return {"type": "waive", "power": order.power}
    base: dict[str, Json] = {"power": order.unit.power, "unit": str(order.unit)}
    match order:
        case Hold():
            base["type"] = "hold"
        case Move(destination=dest, via_convoy=via):
            base |= {"type": "move", "to": str(dest), "via_convoy": via}
        case Support(supported=supported, destination=dest, supported_type=kind):
            base |= {
                "type": "support",
                "supported": str(supported),
                "to": None if dest is None else str(dest),
                "supported_type": None if kind is None else kind.value,
            }
        case Convoy(army=army, destination=dest):
            base |= {"type": "convoy", "army": str(army), "to": str(dest)}
        case Retreat(destination=dest):
            base |= {"type": "retreat", "to": str(dest)}
        case Disband():
            base["type"] = "disband"
        case Build():
            base["type"] = "build"
        case Espionage():
            base["type"] = "espionage"
        case CounterEspionage():
            base["type"] = "counter_espionage"
        case _:
            raise SerializeError(f"not an order: {order!r}")
    return base


def order_from_json(document: Mapping[str, Json]) -> Order:
    """Decode what `order_to_json` wrote."""
    kind = _field(document, "type")
    power = _field(document, "power")
    if kind == "waive":
        return Waive(power)
    unit = _unit(power, _field(document, "unit"))
    match kind:
        case "hold":
            return Hold(unit)
        case "move":
            return Move(unit, _location(_field(document, "to")), bool(document.get("via_convoy")))
        case "support":
            supported_type = document.get("supported_type")
            return Support(
                unit,
                _location(_field(document, "supported")),
                _optional_location(document.get("to")),
                None if supported_type is None else UnitType(supported_type),
            )
        case "convoy":
            army = _location(_field(document, "army"))
            return Convoy(unit, army, _location(_field(document, "to")))
        case "retreat":
            return Retreat(unit, _location(_field(document, "to")))
        case "disband":
            return Disband(unit)
        case "build":
            return Build(unit)
        case "espionage":
            return Espionage(unit)
        case "counter_espionage":
            return CounterEspionage(unit)
    raise SerializeError(f"unknown order type: {kind!r}")


# --- outcomes ---------------------------------------------------------------------


def outcome_to_json(outcome: Outcome) -> dict[str, Json]:
    """Encode an order's outcome, the order included."""
    return {
        "order": order_to_json(outcome.order),
        "succeeded": outcome.succeeded,
        "reason": None if outcome.reason is None else outcome.reason.value,
        "dislodged_by": outcome.dislodged_by,
    }


def outcome_from_json(document: Mapping[str, Json]) -> Outcome:
    """Decode what `outcome_to_json` wrote."""
    reason = document.get("reason")
    try:
        decoded_reason = None if reason is None else Reason(reason)
    except ValueError as err:
        raise SerializeError(f"unknown outcome reason: {reason!r}") from err
    return Outcome(
        order_from_json(_field(document, "order")),
        bool(_field(document, "succeeded")),
        decoded_reason,
        document.get("dislodged_by"),
    )


# --- positions --------------------------------------------------------------------


def _dislodgement_to_json(d: Dislodgement) -> dict[str, Json]:
    return {
        "power": d.unit.power,
        "unit": str(d.unit),
        "by": d.attacker_from,
        "retreats": [str(loc) for loc in d.retreats],
        "via_convoy": d.via_convoy,
    }


def _dislodgement_from_json(document: Mapping[str, Json]) -> Dislodgement:
    return Dislodgement(
        unit=_unit(_field(document, "power"), _field(document, "unit")),
        attacker_from=_field(document, "by"),
        retreats=tuple(_location(text) for text in document.get("retreats", ())),
        via_convoy=bool(document.get("via_convoy", False)),
    )


def spies_to_json(spies: Iterable[Spy]) -> dict[str, Json]:
    """`{"FRANCE": ["MAR"], …}`: each power's spies by province (Spy Diplomacy's, written
    only where there are some, so every other variant's JSON is as it was)."""
    grouped: dict[str, list[str]] = {}
    for spy in spies:
        grouped.setdefault(spy.power, []).append(spy.province)
    return {power: sorted(provinces) for power, provinces in sorted(grouped.items())}


def spies_from_json(document: Json) -> tuple[Spy, ...]:
    """Decode what `spies_to_json` wrote (absent or empty: no spies)."""
    if not document:
        return ()
    if not isinstance(document, Mapping):
        raise SerializeError("'spies' must map powers to lists of provinces")
    return tuple(
        Spy(str(power), str(province).upper())
        for power, provinces in document.items()
        for province in provinces
    )


def position_body(position: Position) -> dict[str, Json]:
    """A position's fields without the version, for embedding in another document."""
    units: dict[str, list[str]] = {}
    for unit in position.units:
        units.setdefault(unit.power, []).append(str(unit))
    body: dict[str, Json] = {
        "phase": position.phase.code,
        "units": {power: sorted(texts) for power, texts in sorted(units.items())},
        "ownership": dict(sorted(position.ownership.items())),
        "dislodged": [_dislodgement_to_json(d) for d in position.dislodged],
        "standoffs": sorted(position.standoffs),
    }
    # Only another variant's positions name theirs: stored standard games unchanged.
    if position.variant != DEFAULT_VARIANT:
        body["variant"] = position.variant
    if position.homes:  # Masters Rules MR4 annexations only
        body["homes"] = dict(position.homes)
    if position.spies:  # Spy Diplomacy only
        body["spies"] = spies_to_json(position.spies)
    return body


def position_to_json(position: Position) -> dict[str, Json]:
    """Encode a position as a versioned document."""
    return {"v": VERSION, **position_body(position)}


def position_from_body(document: Mapping[str, Json]) -> Position:
    """Decode a position's fields (version not checked: see `position_from_json`)."""
    units_by_power = _field(document, "units")
    ownership = _field(document, "ownership")
    if not isinstance(units_by_power, Mapping) or not isinstance(ownership, Mapping):
        raise SerializeError("'units' and 'ownership' must be objects")
    try:
        phase = Phase.parse(_field(document, "phase"))
    except (ValueError, AttributeError) as err:
        raise SerializeError(f"not a phase: {document.get('phase')!r}") from err
    spies: tuple[Spy, ...] = ()
    if "spies" in document:  # Spy Diplomacy only
        spies = spies_from_json(document["spies"])
    return Position(
        phase=phase,
        units=tuple(
            _unit(power, text) for power, texts in units_by_power.items() for text in texts
        ),
        ownership=dict(ownership),
        dislodged=tuple(_dislodgement_from_json(d) for d in document.get("dislodged", ())),
        standoffs=frozenset(document.get("standoffs", ())),
        variant=str(document.get("variant", DEFAULT_VARIANT)),
        homes=dict(document.get("homes", {})),
        spies=spies,
    )


def position_from_json(document: Mapping[str, Json]) -> Position:
    """Decode what `position_to_json` wrote."""
    _check_version(document, "position")
    return position_from_body(document)


# --- rules ------------------------------------------------------------------------


def masters_from_json(names: Json) -> MastersRules:
    """The Masters Rules played, from the list of their names (`MastersRules.on`);
    a name that is no rule, or a combination the document refuses, is an error."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SerializeError(f"option 'masters' must be a list of rule names, not {names!r}")
    unknown = sorted(set(names) - set(RULE_TITLES))
    if unknown:
        raise SerializeError(f"unknown Masters Rule: {', '.join(map(repr, unknown))}")
    masters = MastersRules(**dict.fromkeys(names, True))
    try:
        masters.check()
    except MastersCombination as err:
        raise SerializeError(str(err)) from err
    return masters


def rules_to_json(rules: Rules) -> dict[str, Json]:
    """Encode a game's rule options as a versioned document. Options added with
    variants are written only when not their default, so games stored before them
    read and write the same document."""
    document: dict[str, Json] = {
        "v": VERSION,
        "paradox_rule": rules.paradox_rule.value,
        "victory_centres": rules.victory_centres,
        "year_limit": rules.year_limit,
        "year_limit_measure": rules.year_limit_measure.value,
        "stalemate_winters": rules.stalemate_winters,
    }
    if rules.grouping is not None:
        document["grouping"] = rules.grouping
    if rules.toss_seed != 0:
        document["toss_seed"] = rules.toss_seed
    if rules.spy_seed != 0:
        document["spy_seed"] = rules.spy_seed
    if rules.masters.played:
        document["masters"] = list(rules.masters.on)
    return document


def rules_from_json(document: Mapping[str, Json]) -> Rules:
    """Decode what `rules_to_json` wrote; absent options take their defaults."""
    _check_version(document, "rules")
    return _rules_from_body(document)


_OPTION_KEYS = frozenset(
    (
        "paradox_rule",
        "victory_centres",
        "year_limit",
        "year_limit_measure",
        "stalemate_winters",
        "grouping",
        "toss_seed",
        "spy_seed",
        "masters",
    )
)


def rules_from_options(document: Json) -> Rules:
    """A replay line's `options` (docs/VARIANTS.md): the fields of `rules_to_json`
    without the version, read by the same code; an unknown key or a value of the
    wrong type is an error (SerializeError), not silently dropped."""
    if not isinstance(document, Mapping):
        raise SerializeError("options must be an object")
    unknown = sorted(set(document) - _OPTION_KEYS)
    if unknown:
        raise SerializeError(f"unknown option: {', '.join(map(repr, unknown))}")
    for key in ("year_limit", "stalemate_winters", "victory_centres", "toss_seed", "spy_seed"):
        value = document.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise SerializeError(f"option {key!r} must be a whole number, not {value!r}")
    grouping = document.get("grouping")
    if grouping is not None and not isinstance(grouping, str):
        raise SerializeError(f"option 'grouping' must be a name, not {grouping!r}")
    return _rules_from_body(document)


def _rules_from_body(document: Mapping[str, Json]) -> Rules:
    default = Rules()
    try:
        paradox = ParadoxRule(document.get("paradox_rule", default.paradox_rule.value))
    except ValueError as err:
        raise SerializeError(f"unknown paradox rule: {document.get('paradox_rule')!r}") from err
    try:
        measure = YearLimitMeasure(
            document.get("year_limit_measure", default.year_limit_measure.value)
        )
    except ValueError as err:
        raise SerializeError(
            f"unknown year limit measure: {document.get('year_limit_measure')!r}"
        ) from err
    return Rules(
        paradox_rule=paradox,
        victory_centres=int(document.get("victory_centres", default.victory_centres)),
        year_limit=document.get("year_limit", default.year_limit),
        year_limit_measure=measure,
        stalemate_winters=document.get("stalemate_winters", default.stalemate_winters),
        grouping=document.get("grouping", default.grouping),
        toss_seed=document.get("toss_seed", default.toss_seed),
        spy_seed=document.get("spy_seed", default.spy_seed),
        masters=masters_from_json(document.get("masters", [])),
    )


# --- adjudications ----------------------------------------------------------------


def adjudication_to_json(adjudication: Adjudication, codec: Codec | None = None) -> dict[str, Json]:
    """Encode a phase's `Adjudication`: the phase played, outcomes, next position, end,
    and the units dislodged in a movement phase; a variant's own record of it with the
    variant's `codec` (`adjudication.variants.adjudication_to_json` finds it)."""
    end = adjudication.game_end
    return {
        "v": VERSION,
        "phase": adjudication.phase.code,
        # Outcomes keep the resolver's order: it is deterministic and people read it.
        "outcomes": [outcome_to_json(o) for o in adjudication.outcomes],
        "position": position_body(adjudication.position),
        "dislodged": [_dislodgement_to_json(d) for d in adjudication.dislodged],
        "game_end": None if end is None else {"kind": end.kind.value, "winners": list(end.winners)},
        # A variant's events (World War I's coin), only when there are some: standard
        # results are written as before.
        **(
            {"events": [_event_to_json(e) for e in adjudication.events]}
            if adjudication.events
            else {}
        ),
        # Spy Diplomacy's record of the spies (the GM's; never sent to other powers).
        **(
            {"spies": _record_codec(codec).record_to_json(adjudication.spies)}
            if adjudication.spies is not None
            else {}
        ),
    }


def _record_codec(codec: Codec | None) -> Codec:
    """The codec of a variant's record of a phase: this module knows only the engine's
    own types."""
    if codec is None:
        raise SerializeError("a variant's record of a phase needs the variant's codec")
    return codec


def _event_to_json(event: CoinToss) -> dict[str, Json]:
    return {
        "kind": "coin_toss",
        "power": event.power,
        "side": list(event.side),
        "joins_at": event.joins_at.code,
    }


def _event_from_json(document: Mapping[str, Json]) -> CoinToss:
    kind = _field(document, "kind")
    if kind != "coin_toss":
        raise SerializeError(f"unknown event: {kind!r}")
    return CoinToss(
        _field(document, "power"),
        tuple(_field(document, "side")),
        Phase.parse(_field(document, "joins_at")),
    )


def adjudication_from_json(
    document: Mapping[str, Json], codec: Codec | None = None
) -> Adjudication:
    """Decode what `adjudication_to_json` wrote (a variant's record with its `codec`)."""

    _check_version(document, "adjudication")
    end = document.get("game_end")
    return Adjudication(
        phase=Phase.parse(_field(document, "phase")),
        outcomes=tuple(outcome_from_json(o) for o in _field(document, "outcomes")),
        position=position_from_body(_field(document, "position")),
        game_end=None
        if end is None
        else GameEnd(EndKind(_field(end, "kind")), tuple(_field(end, "winners"))),
        dislodged=tuple(_dislodgement_from_json(d) for d in document.get("dislodged", ())),
        events=tuple(_event_from_json(e) for e in document.get("events", ())),
        spies=None
        if "spies" not in document
        else _record_codec(codec).record_from_json(document["spies"]),
    )
