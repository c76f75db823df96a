"""Coasts in retreat orders: read as a move's destination is (DATC 4.B, rules/000 §11).

rules/000 §11: a dislodged unit "must move to a space to which it could ordinarily
move if unopposed by other units", and §7.4: "A badly written order, which
nevertheless can have only one meaning, must be followed." So a retreat's coast is
read as a move's: an army's coast is ignored (4.B.6, 6.B.12); a fleet's omitted coast
means the only coast it can reach (4.B.2, 6.B.2), and so does an unknown or
irrelevant one (4.B.6); a coast it cannot reach (4.B.3, 6.B.3), or no coast when it
could reach both (4.B.1, 6.B.1, rules/000 §7.3.2), is no retreat and the unit is
disbanded.

Each position is played from its movement phase, so the retreat options are the
engine's own; the retreat orders are order values, as the service stores them and
the interchange format reads them (the free-text parser fills coasts in itself).
"""

from __future__ import annotations

import json

import pytest

from adjudication.io.interop import read_order
from adjudication.maps import STANDARD
from adjudication.model.orders import Disband, Move, Order, Retreat, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.result import Adjudication
from adjudication.model.units import Location, Phase, PhaseKind, Unit
from adjudication.play.legal import legal_orders
from adjudication.play.phases import adjudicate
from adjudication.play.retreats import resolve_retreats
from adjudication.play.validate import validate
from adjudication.replay import matches_expected, replay_record
from adjudication.text.parse import parse_orders
from adjudication.variants import STANDARD_GAME


def unit(text: str) -> Unit:
    power, _, rest = text.partition(" ")
    return Unit.parse(power, rest)


def retreat(text: str, to: str) -> Retreat:
    return Retreat(unit(text), Location.parse(to))


def after_movement(units: list[str], orders: list[Order]) -> Position:
    """The retreat phase that follows a Spring 1901 movement phase."""
    start = Position(Phase.parse("S1901M"), tuple(unit(u) for u in units), {})
    nxt = adjudicate(start, orders, STANDARD_GAME).position
    assert nxt.phase.kind is PhaseKind.RETREAT, nxt.phase
    return nxt


def play(position: Position, *orders: Order) -> Adjudication:
    return adjudicate(position, orders, STANDARD_GAME)


def where_now(result: Adjudication, power: str) -> list[str]:
    return [str(u) for u in result.position.units if u.power == power]


# Norway dislodged from the Norwegian Sea: an army may go to Finland, St Petersburg
# or Sweden; a fleet to the Barents Sea, Skagerrak, St Petersburg (north coast) or
# Sweden.
NORWAY_ATTACKED = [
    Move(unit("ENGLAND F NWG"), Location("NWY")),
    Support(unit("ENGLAND F NTH"), Location("NWG"), Location("NWY")),
]


def norway(kind: str) -> Position:
    return after_movement(
        ["ENGLAND F NWG", "ENGLAND F NTH", f"GERMANY {kind} NWY"], NORWAY_ATTACKED
    )


def norway_fleet() -> Position:
    return norway("F")


def norway_army() -> Position:
    return norway("A")


# The Western Mediterranean dislodged from the Tyrrhenian Sea: Spain only by its south
# coast. The Mid-Atlantic dislodged from the North Atlantic: Spain by either coast.
def western_med() -> Position:
    return after_movement(
        ["ITALY F TYS", "ITALY F TUN", "FRANCE F WES"],
        [
            Move(unit("ITALY F TYS"), Location("WES")),
            Support(unit("ITALY F TUN"), Location("TYS"), Location("WES")),
        ],
    )


def mid_atlantic() -> Position:
    return after_movement(
        ["ENGLAND F NAO", "ENGLAND F IRI", "FRANCE F MAO"],
        [
            Move(unit("ENGLAND F NAO"), Location("MAO")),
            Support(unit("ENGLAND F IRI"), Location("NAO"), Location("MAO")),
        ],
    )


# --- the retreat options name the coast ----------------------------------------------


def test_a_fleets_retreat_options_name_the_coast() -> None:
    assert norway("F").dislodged[0].retreats == tuple(
        map(Location.parse, ["BAR", "SKA", "STP/NC", "SWE"])
    )
    assert Location("SPA", "SC") in western_med().dislodged[0].retreats
    spain = [r for r in mid_atlantic().dislodged[0].retreats if r.province == "SPA"]
    assert spain == [Location("SPA", "NC"), Location("SPA", "SC")]


def test_an_armys_retreat_options_name_no_coast() -> None:
    assert norway("A").dislodged[0].retreats == tuple(map(Location.parse, ["FIN", "STP", "SWE"]))


def test_legal_retreat_orders_name_the_fleets_coast() -> None:
    position = mid_atlantic()
    orders = legal_orders(position, STANDARD, unit("FRANCE F MAO"))
    spain = [str(o) for o in orders if isinstance(o, Retreat) and o.destination.province == "SPA"]
    assert spain == ["F MAO R SPA/NC", "F MAO R SPA/SC"]
    assert Disband(unit("FRANCE F MAO")) in orders


# --- an army's coast is ignored (DATC 4.B.6, 6.B.12) -----------------------------------


def test_army_retreat_naming_a_coast_ignores_the_coast() -> None:
    """DATC 6.B.12 for a retreat: `A Nwy R StP/NC` goes to St Petersburg."""
    position = norway("A")
    order = retreat("GERMANY A NWY", "STP/NC")
    assert validate(order, position, STANDARD) is None
    result = play(position, order)
    assert [(o.order, o.succeeded, o.reason) for o in result.outcomes] == [(order, True, None)]
    assert where_now(result, "GERMANY") == ["A STP"]


def test_army_retreat_naming_a_coast_still_meets_a_rival_in_the_province() -> None:
    """rules/000 §11.2: two retreats to one province disband both, whatever coast."""
    position = after_movement(
        ["ENGLAND F NWG", "ENGLAND F NTH", "GERMANY A NWY", "RUSSIA A UKR", "RUSSIA A WAR",
         "AUSTRIA A MOS"],
        [
            *NORWAY_ATTACKED,
            Move(unit("RUSSIA A UKR"), Location("MOS")),
            Support(unit("RUSSIA A WAR"), Location("UKR"), Location("MOS")),
        ],
    )  # fmt: skip
    orders = (retreat("GERMANY A NWY", "STP/NC"), retreat("AUSTRIA A MOS", "STP"))
    result = play(position, *orders)
    assert {o.order: o.reason for o in result.outcomes} == dict.fromkeys(
        orders, Reason.RETREAT_BOUNCED
    )
    assert not any(u.province == "STP" for u in result.position.units)


# --- a fleet's omitted coast: the only one it can reach (DATC 4.B.2, 6.B.2) ------------


@pytest.mark.parametrize(
    ("position", "order", "lands"),
    [
        (norway_fleet, retreat("GERMANY F NWY", "STP"), "F STP/NC"),
        (western_med, retreat("FRANCE F WES", "SPA"), "F SPA/SC"),
        # An unknown or irrelevant coast is garbage, ignored as in a move (4.B.6).
        (norway_fleet, retreat("GERMANY F NWY", "STP/EC"), "F STP/NC"),
        (norway_fleet, retreat("GERMANY F NWY", "SWE/NC"), "F SWE"),
    ],
    ids=["F NWY R STP", "F WES R SPA", "F NWY R STP/EC", "F NWY R SWE/NC"],
)
def test_fleet_retreat_without_a_usable_coast_takes_the_only_one_it_can_reach(
    position, order: Retreat, lands: str
) -> None:
    start = position()
    assert validate(order, start, STANDARD) is None
    result = play(start, order)
    assert [(o.order, o.succeeded, o.reason) for o in result.outcomes] == [(order, True, None)]
    assert where_now(result, order.unit.power) == [lands]


def test_fleet_retreat_without_coast_still_meets_a_rival_in_the_province() -> None:
    """rules/000 §11.2: `F Nwy R StP` (to the north coast) and `A Mos R StP` both fail."""
    position = after_movement(
        ["ENGLAND F NWG", "ENGLAND F NTH", "GERMANY F NWY", "RUSSIA A UKR", "RUSSIA A WAR",
         "AUSTRIA A MOS"],
        [
            *NORWAY_ATTACKED,
            Move(unit("RUSSIA A UKR"), Location("MOS")),
            Support(unit("RUSSIA A WAR"), Location("UKR"), Location("MOS")),
        ],
    )  # fmt: skip
    orders = (retreat("GERMANY F NWY", "STP"), retreat("AUSTRIA A MOS", "STP"))
    result = play(position, *orders)
    assert {o.order: o.reason for o in result.outcomes} == dict.fromkeys(
        orders, Reason.RETREAT_BOUNCED
    )
    assert not any(u.province == "STP" for u in result.position.units)


# --- what stays refused: no coast with two open (4.B.1), an unreachable one (4.B.3) ----


@pytest.mark.parametrize(
    ("position", "order", "reason"),
    [
        (mid_atlantic, retreat("FRANCE F MAO", "SPA"), RejectReason.COAST_REQUIRED),
        (western_med, retreat("FRANCE F WES", "SPA/NC"), RejectReason.RETREAT_NOT_ALLOWED),
        (norway_fleet, retreat("GERMANY F NWY", "NTH"), RejectReason.RETREAT_NOT_ALLOWED),
    ],
    ids=["F MAO R SPA", "F WES R SPA/NC", "F NWY R NTH"],
)
def test_fleet_retreat_the_coast_does_not_decide_is_refused_and_the_fleet_disbanded(
    position, order: Retreat, reason: RejectReason
) -> None:
    start = position()
    rejection = validate(order, start, STANDARD)
    assert rejection is not None and rejection.reason is reason
    result = play(start, order)
    assert [(o.order, o.succeeded, o.reason) for o in result.outcomes] == [
        (order, False, Reason.ILLEGAL)
    ]
    assert where_now(result, order.unit.power) == []


def test_the_coast_required_message_names_both_coasts() -> None:
    rejection = validate(retreat("FRANCE F MAO", "SPA"), mid_atlantic(), STANDARD)
    assert rejection is not None
    assert "north coast" in rejection.message and "south coast" in rejection.message


# --- the retreat step alone reads coasts the same way ----------------------------------


@pytest.mark.parametrize(
    ("position", "order", "lands"),
    [
        (norway_army, "GERMANY A NWY", ("STP/NC", "A STP")),
        (norway_fleet, "GERMANY F NWY", ("STP", "F STP/NC")),
        (western_med, "FRANCE F WES", ("SPA", "F SPA/SC")),
    ],
    ids=["A NWY R STP/NC", "F NWY R STP", "F WES R SPA"],
)
def test_resolve_retreats_reads_the_coast_as_validation_does(position, order, lands) -> None:
    # The step is given only orders validation let through (F MAO R SPA is not: above).
    to, expected = lands
    start, given = position(), retreat(order, to)
    assert validate(given, start, STANDARD) is None
    result = resolve_retreats(start, [given])
    assert [str(u) for u in result.units if u.power == order.split()[0]] == [expected]


@pytest.mark.parametrize(
    ("position", "text", "lands"),
    [(norway_army, "A Nwy R StP/NC", "A STP"), (norway_fleet, "F Nwy R StP", "F STP/NC")],
)
def test_typed_retreats_read_the_coast_the_same_way(position, text: str, lands: str) -> None:
    start = position()
    (line,) = parse_orders(text, start, "GERMANY")
    assert line.accepted, line.rejection
    assert line.order is not None and where_now(play(start, line.order), "GERMANY") == [lands]


# --- through the interchange format (how recorded games are replayed) -----------------


def _retreat_record(kind: str, order: str) -> dict:
    return {
        "id": "coast",
        "phase": "S1901R",
        "units": {"ENGLAND": ["F NTH", "F NWY"], "GERMANY": []},
        "centers": {},
        "dislodged": {"GERMANY": {f"{kind} NWY": {"by": "NWG", "via_convoy": False}}},
        "orders": {"GERMANY": [order]},
    }


@pytest.mark.parametrize(
    ("kind", "order", "lands"),
    [("A", "A NWY R STP/NC", "A STP"), ("F", "F NWY R STP", "F STP/NC")],
)
def test_replayed_retreats_read_the_coast_as_moves_do(kind: str, order: str, lands: str) -> None:
    read = read_order(order, "GERMANY", PhaseKind.RETREAT)
    assert read == retreat(f"GERMANY {kind} NWY", order.split()[-1])
    result = replay_record(_retreat_record(kind, order))
    assert result["units"]["GERMANY"] == [lands]


def test_replay_output_names_a_fleets_coast_and_a_bare_record_matches_it() -> None:
    """PHASES.md: "A fleet's option on a province with coasts names the coast (`SPA/NC`,
    `SPA/SC`) … when comparing, a bare province matches any of its coasts."""
    record = {
        "id": "mao",
        "phase": "S1901M",
        "units": {"ENGLAND": ["F IRI", "F NAO"], "FRANCE": ["F MAO"]},
        "centers": {},
        "orders": {"ENGLAND": ["F NAO - MAO", "F IRI S F NAO - MAO"]},
    }
    result = replay_record(record)
    options = result["dislodged"]["FRANCE"]["F MAO"]["retreats"]
    assert options == ["BRE", "ENG", "GAS", "NAF", "POR", "SPA/NC", "SPA/SC", "WES"]
    expected = json.loads(json.dumps(result))
    assert matches_expected(dict(record, expected=expected), result)
    bare = json.loads(json.dumps(expected))
    bare["dislodged"]["FRANCE"]["F MAO"]["retreats"] = [
        "BRE", "ENG", "GAS", "NAF", "POR", "SPA", "WES"
    ]  # fmt: skip
    assert matches_expected(dict(record, expected=bare), result)
    wrong = json.loads(json.dumps(expected))
    wrong["dislodged"]["FRANCE"]["F MAO"]["retreats"] = [
        "BRE", "ENG", "GAS", "NAF", "POR", "SPA/NC", "WES"
    ]  # fmt: skip
    assert not matches_expected(dict(record, expected=wrong), result)
