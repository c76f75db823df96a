"""The Masters Rules in words: what players write read as `Written` lines (rules/004
rule 7's forgiving reading), written back in the players' notation, and the JSON of
written lines and what became of them (docs/VARIANTS.md M17-M19)."""

from __future__ import annotations

import pytest

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Hold, Move, Support
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.variants import STANDARD_GAME
from adjudication.variants.masters.codec import (
    written_from_json,
    written_outcome_from_json,
    written_outcome_to_json,
    written_to_json,
)
from adjudication.variants.masters.play import adjudicate_written, masters_board
from adjudication.variants.masters.words import format_written, read_written, written_report
from adjudication.variants.masters.written import Aid, Annex, RebelBuild, Written
from tests.adjudication.masters.test_examples import FALL_1901, OWNERS_1901, position, unit

ALL_SIX = MastersRules(True, True, True, True, True, True)
ARMY = UnitType.ARMY
MAR = Location("MAR")
SPA = Location("SPA")
BOARD = masters_board(STANDARD_GAME.board, ALL_SIX, {})


def read(text: str, pos: Position, writer: str) -> list[Written | None]:
    return [line.written for line in read_written(text, pos, writer, BOARD)]


def test_rules003_mr2_example_france_writes_for_portugal_in_its_own_words() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    text = "F Gas -S- (A Mar-Spa)\nA Mar - Spa\nPortugal A Por -S- (French) A Mar-Spa"
    assert read(text, pos, "FRANCE") == [
        Written(Support(unit("FRANCE", "F GAS"), Location("MAR"), Location("SPA"), ARMY), "FRANCE"),
        Written(Move(unit("FRANCE", "A MAR"), Location("SPA")), "FRANCE"),
        Written(
            Support(unit("PORTUGAL", "A POR"), Location("MAR"), Location("SPA"), ARMY), "FRANCE"
        ),
    ]


def test_rules003_mr2_example_italy_heading_portugal_writes_the_same_order_twice() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    text = "F TyS - Wes\nPortugal\nA Por -S- (Spanish) A Spa\nA Por -S- (Spanish) A Spa"
    a_por_s_spa = Support(unit("PORTUGAL", "A POR"), Location("SPA"), None, UnitType.ARMY)
    assert read(text, pos, "ITALY") == [
        Written(Move(unit("ITALY", "F TYS"), Location("WES")), "ITALY"),
        Written(a_por_s_spa, "ITALY"),
        Written(a_por_s_spa, "ITALY"),
    ]


def test_rules004_rule7_an_order_for_a_minor_powers_unit_needs_no_heading() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = read_written("A Por - Spa", pos, "FRANCE", BOARD)
    assert lines[0].written == Written(Move(unit("PORTUGAL", "A POR"), Location("SPA")), "FRANCE")
    assert lines[0].rejection is None


def test_rules004_rule7_a_misspelt_order_for_a_minor_power_read_when_one_reading_is_legal() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    (line,) = read_written("A Portgal - Spain", pos, "FRANCE", BOARD)
    assert line.written == Written(Move(unit("PORTUGAL", "A POR"), Location("SPA")), "FRANCE")
    assert line.notes


def test_rules003_mr3_build_rebel_a_mos_annex_ser_aid_italy_aid_rebel_a_arm() -> None:
    pos = Position(
        Phase.parse("W1905A"),
        [unit("FRANCE", "A PAR"), unit("REBEL SMY", "A ARM"), unit("ITALY", "A ROM")],
        {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "SER": "FRANCE", "MOS": "RUSSIA"},
    )
    text = "Build Rebel A Mos\nAnnex Serbia\nAid Italy\nAid Rebel A Arm"
    assert read(text, pos, "FRANCE") == [
        Written(RebelBuild(UnitType.ARMY, Location("MOS")), "FRANCE"),
        Written(Annex("SER"), "FRANCE"),
        Written(Aid("ITALY"), "FRANCE"),
        Written(Aid("REBEL SMY"), "FRANCE"),
    ]


def test_rules003_mr2e_a_build_for_a_minor_power_read_on_its_home_centre() -> None:
    pos = Position(Phase.parse("W1901A"), [unit("FRANCE", "A PAR")], {"POR": "PORTUGAL"})
    (line,) = read_written("Build A Por", pos, "FRANCE", BOARD)
    assert line.written == Written(Build(unit("PORTUGAL", "A POR")), "FRANCE")


def test_rules003_mr5_a_disband_of_ones_own_unit_with_nothing_owed_is_read() -> None:
    pos = position("W1901A", {"ENGLAND": "A YOR,F NWY,F NTH"}, {"ENGLAND": "LON EDI LVP NWY"})
    assert read("Build F Lvp\nDisband A York", pos, "ENGLAND") == [
        Written(Build(unit("ENGLAND", "F LVP")), "ENGLAND"),
        Written(Disband(unit("ENGLAND", "A YOR")), "ENGLAND"),
    ]


def test_rules004_rule7_an_unknown_aid_recipient_is_refused_with_the_reason() -> None:
    pos = position("W1901A", {"ENGLAND": "A YRK"}, {"ENGLAND": "LON EDI LVP"})
    (line,) = read_written("Aid Narnia", pos, "ENGLAND", BOARD)
    assert line.written is None and line.rejection is not None
    assert "Narnia" in line.rejection.message


@pytest.mark.parametrize(
    "written",
    [
        Written(RebelBuild(UnitType.FLEET, Location("STP", "NC")), "TURKEY"),
        Written(Annex("SER"), "AUSTRIA"),
        Written(Aid("REBEL SMY"), "FRANCE"),
        Written(Hold(unit("PORTUGAL", "A POR")), "ITALY"),
        Written(Support(unit("PORTUGAL", "A POR"), Location("SPA"), None, UnitType.ARMY), "ITALY"),
    ],
)
def test_rules003_written_lines_round_trip_through_json_and_words(written: Written) -> None:
    assert written_from_json(written_to_json(written)) == written
    pos = position("F1901M", FALL_1901, {**OWNERS_1901, "SER": "AUSTRIA", "MOS": "RUSSIA"})
    pos = Position(Phase.parse("W1901A"), [*pos.units, unit("REBEL SMY", "A ARM")], pos.ownership)
    text = format_written(written, BOARD)
    if isinstance(written.order, Hold | Support):
        pos = Position(Phase.parse("F1901M"), pos.units, pos.ownership)
    (line,) = read_written(text, pos, written.by, BOARD)
    assert (line.written, text) == (written, text)


def test_rules003_mr2_the_report_says_who_wrote_what_and_what_became_of_it() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    a_por_s_spa = Support(unit("PORTUGAL", "A POR"), Location("SPA"), None, UnitType.ARMY)
    a_por_s_mar = Support(unit("PORTUGAL", "A POR"), Location("MAR"), Location("SPA"))
    lines = [
        Written(a_por_s_mar, "FRANCE"),
        Written(a_por_s_spa, "ITALY"),
        Written(a_por_s_spa, "ITALY"),
        Written(Move(unit("SPAIN", "A SPA"), Location("GAS")), "ITALY"),
        Written(Move(unit("SPAIN", "A SPA"), Location("GAS")), "ITALY"),
    ]
    result = adjudicate_written(pos, lines, STANDARD_GAME, Rules(masters=ALL_SIX))
    for outcome in result.written:
        assert written_outcome_from_json(written_outcome_to_json(outcome)) == outcome
    report = written_report(result.written, BOARD)
    assert "Portugal A Por S Mar - Spa: written by France; outvoted" in report
    assert "Portugal A Por S A Spa: written by Italy 2 times; followed" in report
    assert "Spain A Spa - Gas: written by Italy; followed" in report
    assert "Spain A Spa - Gas: written by Italy; not followed (past the writer's centres" in report
    own = Written(Hold(unit("ITALY", "A VEN")), "ITALY")
    assert "Ven" not in written_report(
        adjudicate_written(pos, [own], STANDARD_GAME, Rules(masters=ALL_SIX)).written, BOARD
    )


def test_rules003_mr2_a_tie_is_reported_as_a_tie_and_the_unit_held() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [
        Written(Hold(Unit("PORTUGAL", UnitType.ARMY, Location("POR"))), "FRANCE"),
        Written(Move(unit("PORTUGAL", "A POR"), Location("SPA")), "ITALY"),
    ]
    result = adjudicate_written(pos, lines, STANDARD_GAME, Rules(masters=ALL_SIX))
    report = written_report(result.written, BOARD)
    assert "Portugal A Por - Spa: written by Italy; tied (the unit holds)" in report


def test_rules003_mr2_a_replay_line_carries_the_written_lines_of_portugal_fall_1901() -> None:
    from adjudication.replay import replay_record

    a_por_s_spa = Support(unit("PORTUGAL", "A POR"), Location("SPA"), None, ARMY)
    italy = written_to_json(Written(a_por_s_spa, "ITALY"))
    france = written_to_json(Written(Support(unit("PORTUGAL", "A POR"), MAR, SPA), "FRANCE"))
    record = {
        "id": "portugal",
        "phase": "F1901M",
        "units": {p: [f"{t[0]} {t[2:]}" for t in u.split(",")] for p, u in FALL_1901.items()},
        "centers": {p: c.split() for p, c in OWNERS_1901.items()},
        "orders": {"FRANCE": ["A MAR - SPA", "F GAS S A MAR - SPA"]},
        "options": {"masters": ["minor_powers", "variable_control"]},
        "variable_control": [france, italy, italy],
    }
    result = replay_record(record)
    assert result["units"]["SPAIN"] == ["A SPA"] and "A MAR" in result["units"]["FRANCE"]
    controls = [w["control"] for w in result["variable_control"]]
    assert controls == ["outvoted", "followed", "followed"]
    without = replay_record({k: v for k, v in record.items() if k != "options"})
    assert "Masters Rules" in without["error"]


def test_rules003_mr4_annex_serbia_is_written_back_as_the_document_writes_it() -> None:
    # MR4's example: "He writes: Adjustments 1902 Annex Serbia" (the centre's name, where
    # a unit's place is abbreviated: "construct A Ser").
    pos = position("W1902A", {"AUSTRIA": "A VIE"}, {"AUSTRIA": "VIE BUD TRI SER"})
    lines = [Written(Annex("SER"), "AUSTRIA")]
    last_winter = dict(pos.ownership)
    rules = Rules(masters=ALL_SIX)
    result = adjudicate_written(pos, lines, STANDARD_GAME, rules, winter_history=[last_winter])
    assert format_written(Written(Annex("SER"), "AUSTRIA"), BOARD) == "Annex Serbia"
    assert written_report(result.written, BOARD).startswith("Annex Serbia: written by Austria")


@pytest.mark.parametrize("centre", sorted(STANDARD_GAME.board.supply_centres))
def test_rules003_mr4_every_annexation_written_back_is_read_as_the_same(centre: str) -> None:
    pos = position("W1902A", {"AUSTRIA": "A VIE"}, {"AUSTRIA": f"VIE {centre}"})
    text = format_written(Written(Annex(centre), "AUSTRIA"), BOARD)
    (line,) = read_written(text, pos, "AUSTRIA", BOARD)
    assert line.written == Written(Annex(centre), "AUSTRIA"), text
