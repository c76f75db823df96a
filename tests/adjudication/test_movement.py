"""Movement resolution on situations that trip adjudicators (DATC 6.B–6.G, rules/000).

Each table lists orders by power; " x" marks an order expected to fail (for a hold:
the unit is dislodged). Orders go through `validate_all` first and illegal ones hold,
as in the phase pipeline. Full DATC coverage is tests/adjudication/test_datc.py; these
cases check the engine without the order parser.
"""

from __future__ import annotations

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Hold, Move
from adjudication.model.outcomes import Reason
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Unit
from adjudication.play.movement import resolve_movement
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from tests.adjudication.as_given import as_given
from tests.adjudication.movement_cases import failures, play, position_for, read_table
from tests.adjudication.movement_tables import CASES, CASES_1982, RULEBOOK_1982


@pytest.mark.parametrize("table", CASES.values(), ids=CASES.keys())
def test_case(table: str) -> None:
    assert failures(table) == []


@pytest.mark.parametrize("table", CASES_1982.values(), ids=CASES_1982.keys())
def test_case_with_the_1982_paradox_rule(table: str) -> None:
    assert failures(table, rules=RULEBOOK_1982) == []


def _reasons(table: str, rules: Rules | None = None) -> dict[str, tuple[Reason | None, str | None]]:
    rows, _ = play(table, rules=rules)
    return {str(order): (out.reason, out.dislodged_by) for order, _, out in rows}


def test_reasons_of_failure() -> None:
    reasons = _reasons("""
        ENGLAND: F LON S F WAL - ENG; F WAL - ENG; A LVP S A EDI
        FRANCE: A BRE - LON; F ENG C A BRE - LON; A PAR - BUR; A MAR - BUR; F MAO S A GAS
        GERMANY: A KIE - HOL; A MUN S A KIE - BER
    """)
    assert reasons["F LON S F WAL - ENG"] == (None, None)
    assert reasons["F WAL - ENG"] == (None, None)
    assert reasons["A BRE - LON"] == (Reason.PARADOX, None)
    assert reasons["F ENG C A BRE - LON"] == (Reason.PARADOX, "WAL")
    assert reasons["A PAR - BUR"] == (Reason.BOUNCED, None)
    assert reasons["A LVP S A EDI"] == (Reason.VOID, None)  # nobody there
    assert reasons["F MAO S A GAS"] == (Reason.VOID, None)
    assert reasons["A MUN S A KIE - BER"] == (Reason.VOID, None)  # Kiel went elsewhere


def test_reasons_of_cut_and_moved_supports() -> None:
    reasons = _reasons("""
        AUSTRIA: A VIE - TYR; A BUD S A VIE
        ITALY: A VEN S A TYR; A TYR H
        FRANCE: A PIE - VEN
        ENGLAND: A LON - BEL; F NTH C A LON - BEL; F ENG C A LON - BEL
    """)
    assert reasons["A BUD S A VIE"] == (Reason.SUPPORTED_UNIT_MOVED, None)
    assert reasons["A VEN S A TYR"] == (Reason.CUT, None)
    assert reasons["A VIE - TYR"] == (Reason.BOUNCED, None)
    assert reasons["F NTH C A LON - BEL"] == (None, None)


def test_no_convoy_reason_when_the_fleet_is_missing() -> None:
    reasons = _reasons("ENGLAND: A LON - BEL VIA; F NTH C A YOR - BEL")
    assert reasons["A LON - BEL VIA"] == (Reason.NO_CONVOY, None)
    assert reasons["F NTH C A YOR - BEL"] == (Reason.VOID, None)


# --- the board after movement -------------------------------------------------------


def _after(table: str, extra: str = "") -> tuple[set[str], dict[str, tuple[str, ...]], set[str]]:
    rows = read_table(table)
    orders = [o for o, _ in rows]
    result = resolve_movement(position_for(orders, extra), orders, STANDARD)
    units = {str(u) for u in result.units}
    retreats = {str(d.unit): tuple(str(loc) for loc in d.retreats) for d in result.dislodged}
    return units, retreats, set(result.standoffs)


def test_units_after_a_swap_and_a_dislodgement() -> None:
    units, retreats, standoffs = _after("""
        ENGLAND: A NWY - SWE; F SKA C A NWY - SWE
        RUSSIA: A SWE - NWY
        GERMANY: A BER - SIL; A MUN S A BER - SIL
        AUSTRIA: A SIL H
    """)
    assert units == {"A SWE", "F SKA", "A NWY", "A SIL", "A MUN"}
    assert retreats == {"A SIL": ("BOH", "GAL", "PRU", "WAR")}
    assert standoffs == set()


@pytest.mark.parametrize(
    ("table", "unit", "retreats", "standoffs"),
    [
        # 6.H.5: not to the attacker's origin.
        ("RUSSIA: F CON S F BLA - ANK; F BLA - ANK\nTURKEY: F ANK H", "F ANK", ("ARM",), set()),
        # 6.H.6: not to a space left empty by a standoff.
        (
            "AUSTRIA: A BUD S A TRI - VIE; A TRI - VIE\nGERMANY: A MUN - BOH; A SIL - BOH\n"
            "ITALY: A VIE H",
            "A VIE",
            ("GAL", "TYR"),
            {"BOH"},
        ),
        # 6.H.9: the attacker's area is not contested by the unit it beat.
        (
            "ENGLAND: F HEL - KIE; F DEN S F HEL - KIE\n"
            "GERMANY: A BER - PRU; F KIE H; A SIL S A BER - PRU\nRUSSIA: A PRU - BER",
            "F KIE",
            ("BAL", "BER", "HOL"),
            set(),
        ),
        # 6.H.11: dislodged by an army that came by convoy: its origin is open.
        (
            "FRANCE: A GAS - MAR VIA; A BUR S A GAS - MAR; F MAO C A GAS - MAR;"
            " F WES C A GAS - MAR; F LYO C A GAS - MAR\nITALY: A MAR H",
            "A MAR",
            ("GAS", "PIE", "SPA"),
            set(),
        ),
        # 6.H.13: a convoy ordered in the movement phase does not carry a retreat.
        (
            "ENGLAND: A PIC H; F ENG C A PIC - LON\nFRANCE: A PAR - PIC; A BRE S A PAR - PIC",
            "A PIC",
            ("BEL", "BUR"),
            set(),
        ),
        # 6.H.15: no crawl round to the other coast of the attacker's province.
        ("ENGLAND: F POR H\nFRANCE: F SPA/SC - POR; F MAO S F SPA/SC - POR", "F POR", (), set()),
        # 6.H.16: a standoff on one coast closes both.
        (
            "FRANCE: F MAO - SPA/NC; F GAS - SPA/NC; F WES H\n"
            "ITALY: F TUN S F TYS - WES; F TYS - WES",
            "F WES",
            ("LYO", "NAF"),
            {"SPA"},
        ),
        # rules/000 §9.7 example 6: beaten head to head, no standoff in Rumania (but
        # the beaten army may not retreat there: its attacker came from there).
        (
            "TURKEY: A BUL - RUM; F BLA S A BUL - RUM\n"
            "RUSSIA: A RUM - BUL; A GRE S A RUM - BUL; A SER S A RUM - BUL",
            "A BUL",
            ("CON",),
            set(),
        ),
        # 6.F.7: a dislodged convoy makes no standoff at the landing.
        (
            "ENGLAND: F NTH C A LON - HOL; A LON - HOL\nGERMANY: F HEL S F SKA - NTH; F SKA - NTH",
            "F NTH",
            ("BEL", "DEN", "EDI", "ENG", "HOL", "NWG", "NWY", "YOR"),
            set(),
        ),
    ],
)
def test_retreat_options(
    table: str, unit: str, retreats: tuple[str, ...], standoffs: set[str]
) -> None:
    _, found, contested = _after(table)
    assert found[unit] == retreats
    assert contested == standoffs


def test_coasts_are_filled_and_army_coasts_dropped() -> None:
    units, _, _ = _after("FRANCE: F GAS - SPA; A MAR - PIE/NC\nRUSSIA: F BOT - STP")
    assert units == {"F SPA/NC", "A PIE", "F STP/SC"}


def test_orders_that_name_no_unit_or_repeat_do_nothing() -> None:
    position = position_for([], "ENGLAND: A LON; F NTH\nFRANCE: A PAR")
    lon = Unit.parse("ENGLAND", "A LON")
    orders = [
        Move(lon, Location("WAL")),
        Move(Unit.parse("ENGLAND", "A YOR"), Location("LON")),
        Move(Unit.parse("ENGLAND", "A PAR"), Location("BUR")),
        Move(lon, Location("YOR")),
    ]
    result = adjudicate(position, orders, STANDARD_GAME)
    assert [o.reason for o in as_given(result.outcomes, orders)] == [
        Reason.ILLEGAL,  # replaced by the later order for the same army
        Reason.NO_SUCH_UNIT,
        Reason.NO_SUCH_UNIT,  # France's army: England has no unit there
        None,
        Reason.UNORDERED,  # F NTH, and France's army holds too
        Reason.UNORDERED,
    ]
    assert {str(u) for u in result.position.units} == {"A YOR", "F NTH", "A PAR"}


def test_the_result_does_not_depend_on_the_order_of_orders() -> None:
    table = CASES["6.F.24 second-order paradox with no resolution"]
    orders = [o for o, _ in read_table(table)]
    position = position_for(orders)
    forward = resolve_movement(position, orders, STANDARD)
    backward = resolve_movement(position, orders[::-1], STANDARD)
    assert forward.units == backward.units
    assert forward.dislodged == backward.dislodged
    assert set(forward.outcomes) == set(backward.outcomes)


def test_unordered_units_hold() -> None:
    position = position_for([], "ENGLAND: A LON\nFRANCE: A PIC")
    orders = [Hold(Unit.parse("FRANCE", "A PIC"))]
    result = resolve_movement(position, orders, STANDARD)
    assert {str(u) for u in result.units} == {"A LON", "A PIC"}
    assert len(result.outcomes) == 1
