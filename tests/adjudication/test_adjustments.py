"""Builds, waives and removals (rules/000 §13.2, DATC 6.I and 6.J.1-2)."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Disband, Order, Waive
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Phase, Unit
from adjudication.play.adjustments import adjustments_needed, build_sites, builds_possible
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from tests.adjudication.as_given import as_given


def winter(units: dict[str, list[str]], owned: dict[str, list[str]]) -> Position:
    return Position(
        Phase.parse("W1901A"),
        tuple(Unit.parse(p, u) for p, us in units.items() for u in us),
        {c: p for p, cs in owned.items() for c in cs},
    )


def build(power: str, text: str) -> Build:
    return Build(Unit.parse(power, text))


def play(position: Position, orders: list[Order]) -> Adjudication:
    """The adjustment phase played (validation, default orders, the adjustments)."""
    return adjudicate(position, orders, STANDARD_GAME)


def results(position: Position, orders: list) -> list[tuple[str, bool, Reason | None]]:
    outcomes = as_given(play(position, orders).outcomes, orders)
    return [(str(o.order), o.succeeded, o.reason) for o in outcomes]


GERMANY_PLUS_ONE = winter({"GERMANY": ["A HOL"]}, {"GERMANY": ["HOL", "BER"], "RUSSIA": ["WAR"]})


def test_build_places_the_unit() -> None:
    result = play(GERMANY_PLUS_ONE, [build("GERMANY", "F KIE")])
    assert result.position.units == (Unit.parse("GERMANY", "A HOL"),)  # Kiel is not owned
    result = play(GERMANY_PLUS_ONE, [build("GERMANY", "A BER")])
    assert Unit.parse("GERMANY", "A BER") in result.position.units


def test_6i1_builds_handled_one_by_one_until_the_allowance_is_used() -> None:
    # Germany may build one (4 centres, 3 units) and owns Kiel, Munich and Warsaw.
    position = winter(
        {"GERMANY": ["A HOL", "A DEN", "A BER"]},
        {"GERMANY": ["HOL", "KIE", "MUN", "WAR"]},
    )
    assert position.adjustment_of("GERMANY") == 1
    orders = [build("GERMANY", "A WAR"), build("GERMANY", "A KIE"), build("GERMANY", "A MUN")]
    assert results(position, orders) == [
        ("A WAR B", False, Reason.ILLEGAL),
        ("A KIE B", True, None),
        ("A MUN B", False, Reason.ILLEGAL),
    ]


def test_6i2_fleet_cannot_be_built_inland() -> None:
    position = winter({}, {"RUSSIA": ["MOS"]})
    # The failed build is not turned into an army; the unused build is waived.
    assert results(position, [build("RUSSIA", "F MOS")]) == [
        ("F MOS B", False, Reason.ILLEGAL),
        ("WAIVE", True, Reason.WAIVED),
    ]


def test_6i3_centre_must_be_empty() -> None:
    position = winter({"GERMANY": ["A BER"]}, {"GERMANY": ["BER", "KIE"]})
    outcome = results(position, [build("GERMANY", "A BER")])
    assert outcome[0] == ("A BER B", False, Reason.ILLEGAL)


def test_6i4_both_coasts_must_be_empty() -> None:
    position = winter({"RUSSIA": ["F STP/SC"]}, {"RUSSIA": ["STP", "MOS"]})
    outcome = results(position, [build("RUSSIA", "F STP/NC")])
    assert outcome[0] == ("F STP/NC B", False, Reason.ILLEGAL)


def test_6i5_home_centre_not_owned() -> None:
    position = winter({"GERMANY": ["A HOL"]}, {"GERMANY": ["HOL", "DEN"], "RUSSIA": ["BER"]})
    outcome = results(position, [build("GERMANY", "A BER")])
    assert outcome[0] == ("A BER B", False, Reason.ILLEGAL)


def test_6i6_owned_centre_not_home() -> None:
    position = winter({"GERMANY": ["A HOL"]}, {"GERMANY": ["HOL", "WAR"]})
    outcome = results(position, [build("GERMANY", "A WAR")])
    assert outcome[0] == ("A WAR B", False, Reason.ILLEGAL)


def test_6i7_only_one_build_per_centre() -> None:
    position = winter({}, {"RUSSIA": ["MOS", "WAR"]})
    assert results(position, [build("RUSSIA", "A MOS"), build("RUSSIA", "A MOS")]) == [
        ("A MOS B", True, None),
        ("A MOS B", False, Reason.ILLEGAL),
        ("WAIVE", True, Reason.WAIVED),  # Warsaw stays free and unused
    ]


def test_fleet_on_two_coast_centre_needs_a_coast() -> None:
    position = winter({}, {"RUSSIA": ["STP"]})
    assert results(position, [build("RUSSIA", "F STP")]) == [
        ("F STP B", False, Reason.ILLEGAL),
        ("WAIVE", True, Reason.WAIVED),
    ]
    result = play(position, [build("RUSSIA", "F STP/NC")])
    assert result.position.units == (Unit.parse("RUSSIA", "F STP/NC"),)


def test_unordered_builds_are_waived_but_only_as_many_as_could_be_placed() -> None:
    # Russia owns five centres with one unit: four builds, but Moscow and Sevastopol
    # are the only free home centres it owns.
    position = winter({"RUSSIA": ["A WAR"]}, {"RUSSIA": ["MOS", "SEV", "WAR", "RUM", "SWE"]})
    assert position.adjustment_of("RUSSIA") == 4
    assert build_sites(position, STANDARD, "RUSSIA") == ("MOS", "SEV")
    assert builds_possible(position, STANDARD, "RUSSIA") == 2
    assert results(position, []) == [("WAIVE", True, Reason.WAIVED)] * 2


def test_ordered_waive_uses_a_build() -> None:
    position = winter({}, {"RUSSIA": ["MOS", "WAR"]})
    assert results(position, [Waive("RUSSIA"), build("RUSSIA", "A WAR"), Waive("RUSSIA")]) == [
        ("WAIVE", True, None),
        ("A WAR B", True, None),
        ("WAIVE", False, Reason.ILLEGAL),
    ]


def test_orders_of_a_power_with_no_adjustment_fail() -> None:
    position = winter({"FRANCE": ["A PAR"]}, {"FRANCE": ["PAR"]})
    assert results(position, [Disband(Unit.parse("FRANCE", "A PAR"))]) == [
        ("A PAR D", False, Reason.ILLEGAL)
    ]


def test_removal_of_own_unit_by_type_and_place() -> None:
    position = winter({"FRANCE": ["A PAR", "F BRE"]}, {"FRANCE": ["PAR"]})
    # The unit in Brest is a fleet: an army's removal there is refused, as a movement
    # order naming the wrong type of unit is (validation: WRONG_UNIT_TYPE).
    assert results(position, [Disband(Unit.parse("FRANCE", "A BRE"))]) == [
        ("A BRE D", False, Reason.ILLEGAL),
        ("F BRE D", True, Reason.CIVIL_DISORDER),
    ]


def test_eliminated_power_loses_all_units() -> None:
    position = winter({"ITALY": ["A ROM", "F NAP"]}, {"FRANCE": ["ROM", "NAP"]})
    result = play(position, [])
    assert result.position.units == ()


def test_adjustment_phase_needed() -> None:
    # Nobody gains or loses: skipped.
    assert not adjustments_needed(winter({"FRANCE": ["A PAR"]}, {"FRANCE": ["PAR"]}), STANDARD)
    # A build owed but no free owned home centre: it cannot be made, skipped.
    blocked = winter(
        {"FRANCE": ["A PAR", "A MAR", "F BRE"]}, {"FRANCE": ["PAR", "MAR", "BRE", "SPA"]}
    )
    assert blocked.adjustment_of("FRANCE") == 1
    assert not adjustments_needed(blocked, STANDARD)
    # A home centre free: needed.
    free = winter({"FRANCE": ["A PAR", "A SPA", "F BRE"]}, {"FRANCE": ["PAR", "MAR", "BRE", "SPA"]})
    assert adjustments_needed(free, STANDARD)
    # A removal owed: needed.
    assert adjustments_needed(winter({"FRANCE": ["A PAR", "A BUR"]}, {"FRANCE": ["PAR"]}), STANDARD)
