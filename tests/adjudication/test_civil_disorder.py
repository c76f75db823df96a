"""Civil-disorder removals by the rulebook rule (rules/000 §14.4), and DATC 6.J
re-derived for it (DESIGN.md: DATC 6.J follows the 2023 rule, which we do not)."""

from __future__ import annotations

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Disband
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.play.civil_disorder import civil_disorder_removals, distance_from_home
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from tests.adjudication.as_given import as_given


def winter(units: dict[str, list[str]], owned: dict[str, list[str]]) -> Position:
    return Position(
        Phase.parse("W1901A"),
        tuple(Unit.parse(p, u) for p, us in units.items() for u in us),
        {c: p for p, cs in owned.items() for c in cs},
    )


def removed(position: Position) -> list[str]:
    """Units removed by civil disorder when nobody orders anything."""
    result = adjudicate(position, [], STANDARD_GAME)
    return [
        str(o.order.unit)
        for o in result.outcomes
        if isinstance(o.order, Disband) and o.reason is Reason.CIVIL_DISORDER
    ]


@pytest.mark.parametrize(
    ("power", "unit", "distance"),
    [
        ("RUSSIA", "A MOS", 0),
        ("RUSSIA", "F STP/NC", 0),
        ("RUSSIA", "F SKA", 2),  # via Norway to St Petersburg (nc)
        ("RUSSIA", "F NAO", 3),
        ("RUSSIA", "F BAL", 2),  # via the Gulf of Bothnia to St Petersburg (sc)
        ("RUSSIA", "A TYR", 3),
        ("ITALY", "A ALB", 2),  # convoyed through the Ionian Sea: a step per sea
        ("ITALY", "A WAR", 4),  # home, not owned, centres count (older rulebooks)
        ("ENGLAND", "A MOS", 4),  # Moscow, St Petersburg, Norway, North Sea, Edinburgh
        ("GERMANY", "A NAF", 4),  # North Africa, Mid-Atlantic, Gascony, Burgundy, Munich
        ("TURKEY", "F SPA/NC", 6),  # MAO, WES, TYS, ION, AEG, Smyrna
    ],
)
def test_distance_from_nearest_home_centre(power: str, unit: str, distance: int) -> None:
    assert distance_from_home(Unit.parse(power, unit), STANDARD) == distance


def test_fleet_distance_depends_on_its_coast() -> None:
    # To Naples or Rome: from the south coast by the Gulf of Lyon and the Tyrrhenian
    # Sea; from the north coast round by the Mid-Atlantic and Western Mediterranean.
    assert distance_from_home(Unit.parse("ITALY", "F SPA/SC"), STANDARD) == 3
    assert distance_from_home(Unit.parse("ITALY", "F SPA/NC"), STANDARD) == 4


def test_fleet_with_only_inland_homes_is_farthest() -> None:
    from dataclasses import replace

    homes = {**STANDARD.home_centres, "AUSTRIA": frozenset({"VIE", "BUD"})}
    board = replace(STANDARD, home_centres=homes)
    far_army = Unit.parse("AUSTRIA", "A POR")
    fleet = Unit.parse("AUSTRIA", "F ADR")
    assert distance_from_home(fleet, board) is None
    assert civil_disorder_removals([far_army, fleet], 1, board) == (fleet,)


def test_ties_fleet_before_army_then_english_name() -> None:
    army = Unit.parse("RUSSIA", "A BOH")
    ska = Unit.parse("RUSSIA", "F SKA")
    nth = Unit.parse("RUSSIA", "F NTH")
    assert civil_disorder_removals([army, ska, nth], 3, STANDARD) == (nth, ska, army)


def test_name_order_uses_english_names_not_codes() -> None:
    # Both four steps from Munich; by code NAF sorts first, by name Naples does.
    naf = Unit.parse("GERMANY", "A NAF")
    nap = Unit.parse("GERMANY", "A NAP")
    assert civil_disorder_removals([naf, nap], 1, STANDARD) == (nap,)


# --- DATC 6.J re-derived for the rulebook rule ----------------------------------


def test_6j1_too_many_disbands_are_taken_in_order() -> None:
    position = winter({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR"]})
    orders = [
        Disband(Unit.parse("FRANCE", "F LYO")),
        Disband(Unit.parse("FRANCE", "A PIC")),
        Disband(Unit.parse("FRANCE", "A PAR")),
    ]
    result = adjudicate(position, orders, STANDARD_GAME)
    assert [(o.succeeded, o.reason) for o in as_given(result.outcomes, orders)] == [
        (False, Reason.NO_SUCH_UNIT),
        (True, None),
        (False, Reason.ILLEGAL),
    ]
    assert result.position.units == (Unit.parse("FRANCE", "A PAR"),)


def test_6j2_removing_the_same_unit_twice() -> None:
    position = winter({"FRANCE": ["A PAR", "A PIC", "F LYO"]}, {"FRANCE": ["PAR"]})
    orders = [Disband(Unit.parse("FRANCE", "A PAR"))] * 2
    result = adjudicate(position, orders, STANDARD_GAME)
    # Paris goes as ordered; of Picardy (1 from Paris) and the Gulf of Lyon
    # (1 from Marseilles) the fleet goes first.
    assert result.position.units == (Unit.parse("FRANCE", "A PIC"),)
    assert removed(position) == ["F LYO", "A PIC"]


def test_6j3_two_armies_equal_distance_to_home_centres() -> None:
    # DATC (2023 rule, owned centres) removes Prussia; both are one step from a home
    # centre (Livonia: St Petersburg, Prussia: Warsaw), so Livonia goes by name.
    position = winter({"RUSSIA": ["A LVN", "A PRU"]}, {"RUSSIA": ["STP"]})
    assert removed(position) == ["A LVN"]


def test_6j4_two_armies_with_equal_distance() -> None:
    position = winter({"RUSSIA": ["A LVN", "A UKR"]}, {"RUSSIA": ["MOS"]})
    assert removed(position) == ["A LVN"]


def test_6j5_two_fleets_with_different_distance() -> None:
    position = winter({"RUSSIA": ["F SKA", "F NAO"]}, {"RUSSIA": ["STP"]})
    assert removed(position) == ["F NAO"]


def test_6j6_two_fleets_measured_to_home_not_owned_centres() -> None:
    # DATC measures to owned Munich and removes Bothnia; to the home centres, the
    # Gulf of Bothnia is next to St Petersburg and the North Sea two away.
    position = winter({"RUSSIA": ["F BOT", "F NTH"]}, {"RUSSIA": ["MUN"]})
    assert removed(position) == ["F NTH"]


def test_6j7_two_fleets_and_army_with_equal_distance() -> None:
    position = winter({"RUSSIA": ["A BOH", "F SKA", "F NTH"]}, {"RUSSIA": ["STP", "WAR"]})
    assert removed(position) == ["F NTH"]


def test_6j8_fleet_nearer_than_army() -> None:
    position = winter({"RUSSIA": ["A TYR", "F BAL"]}, {"RUSSIA": ["WAR"]})
    assert removed(position) == ["A TYR"]


@pytest.mark.parametrize("fleet", ["F BAL", "F SKA"])
def test_6j9_counted_from_both_coasts(fleet: str) -> None:
    position = winter({"RUSSIA": ["A ALB", "A SEV", fleet]}, {"RUSSIA": ["STP", "SEV"]})
    assert removed(position) == ["A ALB"]


def test_6j10_convoy_distance_counts() -> None:
    # DATC measures to owned Naples only and removes Piedmont; Piedmont borders home
    # Venice (1) while Albania needs two steps, so Albania goes.
    position = winter({"ITALY": ["A ALB", "A PIE"]}, {"ITALY": ["NAP"]})
    assert removed(position) == ["A ALB"]


def test_6j11_distance_to_home_not_owned_centre() -> None:
    # DATC (2023) removes Tuscany; "under older rulebooks the army in Tuscany was kept".
    position = winter({"ITALY": ["A WAR", "A TUS"]}, {"ITALY": ["WAR"]})
    assert removed(position) == ["A WAR"]
