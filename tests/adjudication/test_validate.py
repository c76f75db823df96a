"""Which orders are legal (DATC 6.A, 6.B, 6.D, 6.F, 6.G, 6.H, 6.I, 6.J; rules/000 §7–§13).

Tables: the units on the board, one order, and the rejection reason expected (None for
a legal order). Limits spanning several orders are `validate_all`'s tests below.
"""

from __future__ import annotations

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Disband, Order, Retreat, Waive
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rejections import RejectReason as R
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.validate import validate, validate_all
from tests.adjudication.movement_cases import read_order

MOVEMENT: list[tuple[str, str, str, R | None]] = [
    # (units "POWER: A XXX; ..." lines, ordering power, order, expected)
    ("ENGLAND: F NTH", "ENGLAND", "F NTH - PIC", R.NOT_ADJACENT),  # 6.A.1
    ("ENGLAND: A LVP", "ENGLAND", "A LVP - IRI", R.WRONG_TERRAIN),  # 6.A.2
    ("GERMANY: F KIE", "GERMANY", "F KIE - MUN", R.WRONG_TERRAIN),  # 6.A.3
    ("GERMANY: F KIE", "GERMANY", "F KIE - KIE", R.MOVE_TO_OWN_SPACE),  # 6.A.4
    ("ENGLAND: A YOR; F NTH", "ENGLAND", "A YOR - YOR", R.MOVE_TO_OWN_SPACE),  # 6.A.5
    ("ENGLAND: A YOR; F NTH", "ENGLAND", "F NTH C A YOR - YOR", R.MOVE_TO_OWN_SPACE),
    ("ENGLAND: A YOR; A LVP", "ENGLAND", "A LVP S A YOR - YOR", R.MOVE_TO_OWN_SPACE),
    ("ENGLAND: F LON", "GERMANY", "F LON - NTH", R.NOT_YOUR_UNIT),  # 6.A.6
    ("ENGLAND: F LON; F NTH", "ENGLAND", "F LON - BEL", R.NOT_ADJACENT),  # 6.A.7
    ("ENGLAND: F LON; F NTH", "ENGLAND", "F NTH C A LON - BEL", R.CONVOY_NON_ARMY),
    ("AUSTRIA: F TRI", "AUSTRIA", "F TRI S F TRI", R.SUPPORT_SELF),  # 6.A.8
    ("ITALY: F ROM", "ITALY", "F ROM - VEN", R.NOT_ADJACENT),  # 6.A.9
    ("ITALY: F ROM; A APU", "ITALY", "F ROM S A APU - VEN", R.SUPPORT_UNREACHABLE),  # 6.A.10
    ("FRANCE: F POR", "FRANCE", "F POR - SPA", R.COAST_REQUIRED),  # 6.B.1
    ("FRANCE: F GAS", "FRANCE", "F GAS - SPA", None),  # 6.B.2: the only coast
    ("FRANCE: F GAS", "FRANCE", "F GAS - SPA/SC", R.COAST_UNREACHABLE),  # 6.B.3
    ("FRANCE: F GAS; F MAR", "FRANCE", "F MAR S F GAS - SPA/NC", None),  # 6.B.4
    ("FRANCE: F SPA/NC; F MAR", "FRANCE", "F SPA/NC S F MAR - LYO", R.SUPPORT_UNREACHABLE),
    ("FRANCE: F MAO; F POR", "FRANCE", "F POR S F MAO - SPA", None),  # 6.B.7
    ("FRANCE: F SPA/SC", "FRANCE", "F SPA/NC - LYO", None),  # 6.B.10: named coast ignored
    ("FRANCE: F SPA/NC", "FRANCE", "F SPA/SC - LYO", R.NOT_ADJACENT),  # 6.B.11
    ("FRANCE: A GAS", "FRANCE", "A GAS - SPA/NC", None),  # 6.B.12
    ("TURKEY: A GRE; F ION", "TURKEY", "A GRE - NAP", None),  # 6.D.8: a convoy could exist
    ("GERMANY: A YOR", "GERMANY", "A YOR - HOL", R.NO_CONVOY_ROUTE),  # 6.D.32
    ("GERMANY: F KIE; A BUR", "GERMANY", "A BUR S F KIE - MUN", R.WRONG_TERRAIN),  # 6.D.22
    ("FRANCE: F SPA/NC; F MAR", "FRANCE", "F MAR S F SPA/NC - LYO", R.NOT_ADJACENT),  # 6.D.23
    ("FRANCE: A MAR; F SPA/SC", "FRANCE", "F SPA/SC S A MAR - LYO", R.WRONG_TERRAIN),  # 6.D.24
    ("AUSTRIA: A RUM\nTURKEY: F BLA", "TURKEY", "F BLA S A RUM - ARM", R.NO_CONVOY_ROUTE),
    ("AUSTRIA: A RUM\nTURKEY: F BLA", "AUSTRIA", "A RUM - ARM", None),  # 6.D.31
    ("ITALY: A PRU; A LVN", "ITALY", "A PRU S A LVN - PRU", R.SUPPORT_UNREACHABLE),  # 6.D.34
    ("ITALY: A PRU; A WAR", "ITALY", "A PRU S A WAR - PRU", R.SUPPORT_UNREACHABLE),
    ("ITALY: A PRU; A BER", "ITALY", "A PRU S A BER - SIL", None),
    ("TURKEY: A GRE; F CON", "TURKEY", "F CON C A GRE - SEV", R.COASTAL_FLEET_CANNOT_CONVOY),
    ("FRANCE: F WES; A MAR\nITALY: F LYO", "FRANCE", "F WES C A MAR - SPA", R.NO_CONVOY_ROUTE),
    ("FRANCE: F WES; A MAR\nITALY: F LYO", "ITALY", "F LYO C A MAR - SPA", None),  # 6.G.19
    ("RUSSIA: A SWE; F BOT", "RUSSIA", "F BOT C A SWE - NWY", R.NO_CONVOY_ROUTE),  # 6.G.7
    ("ENGLAND: F NTH; F ENG", "ENGLAND", "F ENG C A LON - BEL", None),  # nobody in London
    ("ENGLAND: F NTH", "ENGLAND", "F NTH C A LON - MUN", R.NO_CONVOY_ROUTE),
    ("GERMANY: A KIE", "GERMANY", "A KIE C A HOL - DEN", R.CONVOY_BY_ARMY),
    ("GERMANY: F KIE", "GERMANY", "A KIE - HOL", R.WRONG_UNIT_TYPE),
    ("FRANCE: F MAO", "FRANCE", "F MAO - ENG VIA", R.CONVOY_NON_ARMY),
    ("FRANCE: A PIC", "FRANCE", "A PAR - BUR", R.NO_SUCH_UNIT),
    ("GERMANY: A MUN", "GERMANY", "A MUN S A BER", None),  # nobody to support: void later
    ("GERMANY: A MUN", "GERMANY", "A MUN S A BER - SIL", None),
    ("FRANCE: A PIC; F ENG", "FRANCE", "A PIC - BEL VIA", None),
    ("FRANCE: A PIC", "FRANCE", "A PIC - BEL VIA", R.NO_CONVOY_ROUTE),
    ("ENGLAND: A LON; F NTH; F NWG; F BAR", "ENGLAND", "A LON - STP", None),
    ("ENGLAND: A LON; F NTH; F NWG; F BAR", "ENGLAND", "F NWG C A LON - STP", None),
]


def _position(units: str, phase: str = "S1901M", **extra: object) -> Position:
    placed = []
    for line in units.strip().splitlines():
        power, _, rest = line.partition(":")
        placed += [Unit.parse(power.strip(), t.strip()) for t in rest.split(";") if t.strip()]
    return Position(Phase.parse(phase), tuple(placed), extra.pop("ownership", {}), **extra)


@pytest.mark.parametrize(
    ("units", "power", "order", "expected"), MOVEMENT, ids=[f"{o}" for _, _, o, _ in MOVEMENT]
)
def test_movement_order(units: str, power: str, order: str, expected: R | None) -> None:
    rejection = validate(read_order(power, order), _position(units), STANDARD)
    assert (rejection.reason if rejection else None) == expected, rejection


def test_a_rejection_says_why_in_words() -> None:
    rejection = validate(read_order("FRANCE", "A PAR - MUN"), _position("FRANCE: A PAR"), STANDARD)
    assert rejection is not None
    assert rejection.message == "Army Paris cannot reach Munich: not adjacent."
    rejection = validate(read_order("FRANCE", "F POR - SPA"), _position("FRANCE: F POR"), STANDARD)
    assert rejection is not None
    assert "Spain (north coast) or Spain (south coast)" in rejection.message


def test_orders_of_another_phase_are_refused() -> None:
    board = _position("GERMANY: A MUN")
    build = Build(Unit.parse("GERMANY", "A KIE"))
    assert _reason(build, board) is R.WRONG_PHASE
    winter = _position("GERMANY: A MUN", "W1901A", ownership={"MUN": "GERMANY"})
    assert _reason(read_order("GERMANY", "A MUN H"), winter) is R.WRONG_PHASE


def _reason(order: Order, position: Position) -> R | None:
    rejection = validate(order, position, STANDARD)
    return rejection.reason if rejection else None


# --- retreats -----------------------------------------------------------------------


def _retreat_phase() -> Position:
    vienna = Unit.parse("ITALY", "A VIE")
    west_med = Unit.parse("FRANCE", "F WES")
    return Position(
        Phase.parse("F1901R"),
        (Unit.parse("AUSTRIA", "A BUD"), Unit.parse("ITALY", "A TYR")),
        {},
        dislodged=(
            Dislodgement(vienna, "TRI", (Location("GAL"), Location("TYR"))),
            Dislodgement(west_med, "TYS", (Location("LYO"), Location("SPA", "SC"))),
        ),
    )


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (Retreat(Unit.parse("ITALY", "A VIE"), Location("GAL")), None),
        (Retreat(Unit.parse("ITALY", "A VIE"), Location("BOH")), R.RETREAT_NOT_ALLOWED),  # 6.H.6
        (Retreat(Unit.parse("ITALY", "A VIE"), Location("TRI")), R.RETREAT_NOT_ALLOWED),  # 6.H.5
        (Disband(Unit.parse("ITALY", "A VIE")), None),
        (Retreat(Unit.parse("AUSTRIA", "A VIE"), Location("GAL")), R.NOT_YOUR_UNIT),
        (Retreat(Unit.parse("ITALY", "F VIE"), Location("GAL")), R.WRONG_UNIT_TYPE),
        (Retreat(Unit.parse("AUSTRIA", "A BUD"), Location("GAL")), R.NOT_DISLODGED),  # 6.H.4
        (Retreat(Unit.parse("AUSTRIA", "A SER"), Location("GAL")), R.NO_SUCH_UNIT),
        (Retreat(Unit.parse("FRANCE", "F WES"), Location("SPA", "SC")), None),
        # Only the south coast can be reached: that is where it goes (4.B.2, as 6.B.2).
        (Retreat(Unit.parse("FRANCE", "F WES"), Location("SPA")), None),
        (Retreat(Unit.parse("FRANCE", "F WES"), Location("SPA", "NC")), R.RETREAT_NOT_ALLOWED),
        (Retreat(Unit.parse("ITALY", "A VIE"), Location("GAL", "NC")), None),  # 4.B.6
        (read_order("AUSTRIA", "A BUD S A VIE - GAL"), R.WRONG_PHASE),  # 6.H.1
        (read_order("ITALY", "A VIE - GAL"), R.WRONG_PHASE),  # a move is not a retreat
    ],
    ids=str,
)
def test_retreat_order(order: Order, expected: R | None) -> None:
    assert _reason(order, _retreat_phase()) is expected


# --- adjustments --------------------------------------------------------------------

WINTER_UNITS = "GERMANY: A BER; A WAR\nRUSSIA: F SEV\nFRANCE: A PAR; A PIC; A BUR"
WINTER_OWNERS = {
    "BER": "GERMANY", "KIE": "GERMANY", "MUN": "GERMANY", "WAR": "GERMANY",
    "MOS": "RUSSIA", "STP": "RUSSIA", "SEV": "RUSSIA", "PAR": "FRANCE",
}  # fmt: skip


def _winter() -> Position:
    return _position(WINTER_UNITS, "W1901A", ownership=WINTER_OWNERS)


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (Build(Unit.parse("GERMANY", "A KIE")), None),
        (Build(Unit.parse("GERMANY", "A WAR")), R.BUILD_NOT_HOME),  # 6.I.6
        (Build(Unit.parse("GERMANY", "A BER")), R.BUILD_OCCUPIED),  # 6.I.3
        (Build(Unit.parse("GERMANY", "F MUN")), R.WRONG_TERRAIN),  # 6.I.2
        (Build(Unit.parse("GERMANY", "A KIE/NC")), R.UNKNOWN_COAST),
        (Build(Unit.parse("RUSSIA", "F STP")), R.COAST_REQUIRED),  # 6.B.14
        (Build(Unit.parse("RUSSIA", "F STP/NC")), None),
        (Build(Unit.parse("RUSSIA", "A WAR")), R.BUILD_NOT_OWNED),  # 6.I.5
        (Build(Unit.parse("RUSSIA", "A SEV")), R.BUILD_OCCUPIED),
        (Build(Unit.parse("FRANCE", "A MAR")), R.NO_BUILDS_ALLOWED),
        (Waive("FRANCE"), R.NO_BUILDS_ALLOWED),
        (Waive("GERMANY"), None),
        (Disband(Unit.parse("FRANCE", "A PIC")), None),
        (Disband(Unit.parse("FRANCE", "F PIC")), R.WRONG_UNIT_TYPE),
        (Disband(Unit.parse("FRANCE", "A GAS")), R.NO_SUCH_UNIT),
        (Disband(Unit.parse("GERMANY", "A BER")), R.NO_REMOVALS_OWED),
        (read_order("GERMANY", "A BER - KIE"), R.WRONG_PHASE),
    ],
    ids=str,
)
def test_adjustment_order(order: Order, expected: R | None) -> None:
    assert _reason(order, _winter()) is expected


# --- limits over several orders -----------------------------------------------------


def _reasons(orders: list[Order], position: Position) -> list[R | None]:
    found = validate_all(orders, position, STANDARD)
    return [found[i].reason if i in found else None for i in range(len(orders))]


def test_too_many_builds_the_first_legal_ones_count() -> None:  # 6.I.1
    position = _position("GERMANY: A BER; A KIE", "W1901A", ownership=WINTER_OWNERS)
    orders: list[Order] = [
        Build(Unit.parse("GERMANY", "A WAR")),
        Build(Unit.parse("GERMANY", "A KIE")),
        Build(Unit.parse("GERMANY", "A MUN")),
    ]
    # Germany owns four centres and has two units: two builds, Kiel is occupied.
    assert _reasons(orders, position) == [R.BUILD_NOT_HOME, R.BUILD_OCCUPIED, None]
    orders.insert(0, Waive("GERMANY"))
    orders.append(Build(Unit.parse("GERMANY", "F KIE")))
    assert _reasons(orders, position) == [
        None,
        R.BUILD_NOT_HOME,
        R.BUILD_OCCUPIED,
        None,
        R.BUILD_OCCUPIED,
    ]
    position = _position("GERMANY: A BER; A WAR; A MUN", "W1901A", ownership=WINTER_OWNERS)
    orders = [Waive("GERMANY"), Build(Unit.parse("GERMANY", "A KIE"))]
    assert _reasons(orders, position) == [None, R.TOO_MANY_BUILDS]


def test_two_builds_in_one_place_the_last_stands() -> None:  # 6.I.7
    orders: list[Order] = [
        Build(Unit.parse("RUSSIA", "A STP")),
        Build(Unit.parse("RUSSIA", "F STP/SC")),
    ]
    assert _reasons(orders, _winter()) == [R.DUPLICATE, None]


def test_too_many_removals_the_first_legal_ones_count() -> None:  # 6.J.1
    orders: list[Order] = [
        Disband(Unit.parse("FRANCE", "F LYO")),
        Disband(Unit.parse("FRANCE", "A PIC")),
        Disband(Unit.parse("FRANCE", "A PAR")),
        Disband(Unit.parse("FRANCE", "A BUR")),
    ]
    # France owns one centre and has three units: two removals.
    assert _reasons(orders, _winter()) == [R.NO_SUCH_UNIT, None, None, R.TOO_MANY_REMOVALS]


def test_removing_the_same_unit_twice_counts_once() -> None:  # 6.J.2
    orders: list[Order] = [Disband(Unit.parse("FRANCE", "A PAR"))] * 2
    assert _reasons(orders, _winter()) == [R.DUPLICATE, None]


def test_the_last_legal_order_for_a_unit_stands() -> None:
    position = _position("FRANCE: A PAR; A PIC")
    orders = [
        read_order("FRANCE", "A PAR - BUR"),
        read_order("FRANCE", "A PAR H"),
        read_order("FRANCE", "A PAR - MUN"),  # illegal: it does not replace the hold
        read_order("FRANCE", "A PIC - BEL"),
    ]
    assert _reasons(orders, position) == [R.DUPLICATE, None, R.NOT_ADJACENT, None]


def test_validation_does_not_change_the_position() -> None:
    position = _winter()
    before = (position.units, dict(position.ownership), position.dislodged)
    validate_all([Build(Unit.parse("GERMANY", "A KIE"))], position, STANDARD)
    assert (position.units, dict(position.ownership), position.dislodged) == before
