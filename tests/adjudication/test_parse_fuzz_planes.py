"""Fuzzing the order parser where planes exist (rules/004, Airplane Diplomacy): the
same seeded stream as tests/adjudication/test_parse_fuzz.py, made from plane orders
(`P`, "plane", "airplane", flights of two spaces, supports by planes, plane builds),
read on the Airplane board in movement, retreat and adjustment phases. Whatever comes,
`parse_orders` answers; an accepted line is legal there; the last-resort guard never
fires."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.model.orders import Move
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.play.legal import legal_orders
from adjudication.play.validate import validate
from adjudication.text.notation import format_order
from adjudication.text.parse import INTERNAL_ERROR, ParsedLine, parse_order, parse_orders
from adjudication.variants import AIRPLANE
from tests.adjudication.test_parse_fuzz import EXTRA_ORDERS, generate

BOARD = AIRPLANE.board
_OPENING = Position.initial(AIRPLANE)
FLYING = Position(
    Phase.parse("S1902M"),
    (
        *_OPENING.units,
        Unit.parse("GERMANY", "P RUH"),
        Unit.parse("RUSSIA", "P UKR"),
        Unit.parse("ENGLAND", "P YOR"),
        Unit.parse("TURKEY", "P ARM"),
    ),
    dict(_OPENING.ownership),
    variant=AIRPLANE.name,
)
RETREATING = Position(
    Phase.parse("F1902R"),
    (Unit.parse("GERMANY", "P BUR"), Unit.parse("FRANCE", "A MAR")),
    dict(_OPENING.ownership),
    (Dislodgement(Unit.parse("FRANCE", "A BUR"), "MUN", (Location("GAS"), Location("PIC"))),),
    variant=AIRPLANE.name,
)
BUILDING = Position(
    Phase.parse("W1902A"),
    (Unit.parse("FRANCE", "P BUR"), Unit.parse("RUSSIA", "A WAR")),
    dict(_OPENING.ownership),
    variant=AIRPLANE.name,
)
POSITIONS = (FLYING, RETREATING, BUILDING)
assert len({u.province for u in FLYING.units}) == len(FLYING.units)  # one unit a province

PLANE_ORDERS = [
    "P Ruh - Ber",
    "P War-Ber",
    "plane Ruhr to Munich",
    "airplane Ukraine - Rumania",
    "aeroplane Yorkshire - Norway",
    "P Yor - NTH",
    "P Ukr S A War - Gal",
    "P Ruh S F Kie H",
    "P Arm - Ank via convoy",
    "F Bla C P Arm - Rum",
    "build P Par",
    "build plane Munich",
    "B P StP/nc",
    "P Bur D",
    "remove P Bur",
    "P Bur R Gas",
    "Germany: P Ruh - Hol",
]


def corpus() -> list[str]:
    texts = [*EXTRA_ORDERS, *PLANE_ORDERS]
    for unit in FLYING.units:
        for order in legal_orders(FLYING, BOARD, unit):
            texts.append(format_order(order, BOARD, "short"))
            texts.append(format_order(order, BOARD, "long"))
    return texts


def check(lines: list[ParsedLine], position: Position) -> None:
    for line in lines:
        if line.rejection is None:
            assert line.order is not None
            assert validate(line.order, position, BOARD) is None, line
        else:
            assert line.rejection.message, line
            assert INTERNAL_ERROR not in line.rejection.message, line


@pytest.mark.parametrize("messages", [5_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_rules004_airplane_parser_never_raises_on_generated_messages(messages: int) -> None:
    rng = random.Random(20261125)
    texts = corpus()
    powers = BOARD.powers
    for n in range(1, messages + 1):
        position = POSITIONS[n % len(POSITIONS)]
        check(
            parse_orders(generate(rng, texts), position, powers[n % len(powers)], BOARD), position
        )


def test_rules004_airplane_the_corpus_holds_flights_of_two_spaces() -> None:
    """The fuzz is made of real flights: some land two spaces away."""
    flights = [
        o for u in FLYING.units if u.type is UnitType.PLANE for o in legal_orders(FLYING, BOARD, u)
    ]
    assert any(
        getattr(o, "destination", None) is not None
        and o.destination.province not in BOARD.neighbours(o.unit.province)
        for o in flights
    )


_LEGAL = [
    (u, o) for u in FLYING.units if u.type is UnitType.PLANE for o in legal_orders(FLYING, BOARD, u)
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_LEGAL), st.randoms(use_true_random=False))
def test_rules004_airplane_case_and_spacing_do_not_matter(unit_and_order, rng) -> None:
    unit, order = unit_and_order
    text = format_order(order, BOARD, rng.choice(["short", "long"]))
    mangled = "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in text)
    spaced = "  " + mangled.replace(" ", " " * rng.randint(1, 4)) + "\t"
    parsed = parse_order(spaced, FLYING, unit.power, BOARD)
    assert parsed.accepted and parsed.order == order, (spaced, parsed)


def test_rules004_airplane_a_flight_to_a_two_coast_province_is_no_question_of_coasts() -> None:
    """Found by the fuzz: "P Arm - Bul" was refused as ambiguous between Bulgaria's
    coasts. A plane lands on the province (P1, "only where it lands"), so the coast a
    fleet would need is never asked, and one written is dropped, as an army's is."""
    for text in ("P Arm - Bul", "P Arm - Bul/sc", "P ARM - BUL"):
        parsed = parse_order(text, FLYING, "TURKEY", BOARD)
        assert parsed.accepted, (text, parsed)
        assert parsed.order == Move(Unit.parse("TURKEY", "P ARM"), Location("BUL"))
