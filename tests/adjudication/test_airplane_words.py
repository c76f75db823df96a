"""Planes in words (rules/004: "The letter P is used to designate the plane on all
orders"): read from a player's line where the variant has planes, and only there,
and written back in every notation."""

from __future__ import annotations

import pytest

from adjudication.model.orders import Build, Move, Support
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.play.phases import adjudicate
from adjudication.text.notation import format_order
from adjudication.text.parse import parse_order
from adjudication.text.report import movement_report
from adjudication.variants import AIRPLANE, STANDARD_GAME

BOARD = AIRPLANE.board
PLANE_WAR = Unit("RUSSIA", UnitType.PLANE, Location("WAR"))


def airplane(phase: str, units: list[str], centres: dict[str, str] | None = None) -> Position:
    placed = [Unit.parse(t.split()[0], " ".join(t.split()[1:])) for t in units]
    return Position(Phase.parse(phase), placed, centres or {}, variant="airplane")


FLYING = airplane("S1901M", ["RUSSIA P WAR", "RUSSIA A SIL", "GERMANY A BER"])


@pytest.mark.parametrize(
    "line",
    [
        "P War-Ber",
        "p war - ber",
        "Plane Warsaw to Berlin",
        "airplane warsaw -> berlin",
        "Aeroplane War moves to Ber",
        "Russia: P War-Ber",
    ],
)
def test_rules004_airplane_p_designates_the_plane(line: str) -> None:
    parsed = parse_order(line, FLYING, "RUSSIA", BOARD)
    assert parsed.rejection is None, parsed.rejection
    assert parsed.order == Move(PLANE_WAR, Location("BER"))


def test_rules004_airplane_a_plane_supports_in_words() -> None:
    parsed = parse_order("P War S A Sil-Ber", FLYING, "RUSSIA", BOARD)
    assert parsed.rejection is None, parsed.rejection
    assert parsed.order == Support(PLANE_WAR, Location("SIL"), Location("BER"), UnitType.ARMY)


def test_rules004_airplane_build_a_plane_in_words() -> None:
    winter = airplane("W1901A", [], {"MOS": "RUSSIA"})
    for line in ("Build P Mos", "build plane moscow", "B P MOS"):
        parsed = parse_order(line, winter, "RUSSIA", BOARD)
        assert parsed.rejection is None, (line, parsed.rejection)
        assert parsed.order == Build(Unit("RUSSIA", UnitType.PLANE, Location("MOS"))), line


def test_p_is_not_a_unit_word_in_the_standard_game() -> None:
    opening = Position.initial(STANDARD_GAME)
    parsed = parse_order("P War-Mos", opening, "RUSSIA", STANDARD_GAME.board)
    assert parsed.order is None or parsed.order.unit.type is not UnitType.PLANE
    winter = Position(Phase.parse("W1901A"), [], {"MOS": "RUSSIA"})
    parsed = parse_order("build plane moscow", winter, "RUSSIA", STANDARD_GAME.board)
    assert parsed.order is None or parsed.order.unit.type is not UnitType.PLANE


def test_rules004_airplane_orders_are_written_with_p() -> None:
    order = Move(PLANE_WAR, Location("BER"))
    assert format_order(order, BOARD).startswith("P ")
    assert format_order(order, BOARD, "long").startswith("Plane Warsaw")


def test_rules004_airplane_report_names_the_plane() -> None:
    order = Move(PLANE_WAR, Location("BER"))
    result = adjudicate(FLYING, [order], AIRPLANE)
    text = movement_report(result, board=BOARD)
    assert "P War" in text or "P Warsaw" in text, text
