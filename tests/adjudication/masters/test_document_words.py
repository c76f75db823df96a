"""Every example of rules/003 read as the document writes it (docs/VARIANTS.md M18):
MR2's Portugal, MR3's Moscow, MR4's "Annex Serbia" and "construct A Ser" under their
phase label, MR5's "Build F Lvp Disband A Yrk" on one line and MR6's "Aid Italy and
Aid Rebel A Arm"."""

from __future__ import annotations

import pytest

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Move, Support
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, UnitType
from adjudication.variants import STANDARD_GAME
from adjudication.variants.masters.play import masters_board
from adjudication.variants.masters.words import read_written
from adjudication.variants.masters.written import Aid, Annex, RebelBuild, Written
from tests.adjudication.masters.test_examples import FALL_1901, OWNERS_1901, position, unit

ALL_SIX = MastersRules(True, True, True, True, True, True)
ARMY = UnitType.ARMY


def read(text: str, pos: Position, writer: str) -> list[Written | None]:
    board = masters_board(STANDARD_GAME.board, ALL_SIX, pos.homes)
    lines = read_written(text, pos, writer, board)
    assert all(line.rejection is None for line in lines), [line.rejection for line in lines]
    return [line.written for line in lines]


def test_rules003_mr2_the_example_as_written_with_its_phase_and_writers() -> None:
    # "In Fall 1901 / France writes: F Gas -S- (A Mar-Spa) ..." pasted whole.
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    text = (
        "In Fall 1901\nFrance writes: F Gas -S- (A Mar-Spa)\nA Mar - Spa\n"
        "Portugal A Por -S- (French) A Mar-Spa"
    )
    assert read(text, pos, "FRANCE") == [
        Written(Support(unit("FRANCE", "F GAS"), Location("MAR"), Location("SPA"), ARMY), "FRANCE"),
        Written(Move(unit("FRANCE", "A MAR"), Location("SPA")), "FRANCE"),
        Written(
            Support(unit("PORTUGAL", "A POR"), Location("MAR"), Location("SPA"), ARMY), "FRANCE"
        ),
    ]


def test_rules003_mr3_russia_and_turkey_write_for_moscow_in_adjustments_1901() -> None:
    pos = position(
        "W1901A",
        {"RUSSIA": "A GAL,A RUM,F STP/SC,F SEV", "TURKEY": "F BLA,A BUL,A SMY"},
        {"RUSSIA": "MOS WAR SEV STP RUM", "TURKEY": "ANK CON SMY BUL"},
    )
    assert read("In Adjustments 1901:\nRussia writes: build A Mos", pos, "RUSSIA") == [
        Written(Build(unit("RUSSIA", "A MOS")), "RUSSIA")
    ]
    assert read("Turkey writes: build Rebel A Mos", pos, "TURKEY") == [
        Written(RebelBuild(ARMY, Location("MOS")), "TURKEY")
    ]


AUSTRIA = {"AUSTRIA": "A BUD,F TRI,A GAL,A GRE"}
AUSTRIA_OWNS = {"AUSTRIA": "VIE BUD TRI SER GRE"}


def test_rules003_mr4_adjustments_1902_annex_serbia() -> None:
    pos = position("W1902A", AUSTRIA, AUSTRIA_OWNS)
    assert read("Adjustments 1902 Annex Serbia", pos, "AUSTRIA") == [
        Written(Annex("SER"), "AUSTRIA")
    ]


@pytest.mark.parametrize("text", ["Adjustments 1903 construct A Ser", "construct A Ser"])
def test_rules003_mr4_adjustments_1903_construct_a_ser(text: str) -> None:
    spring = position("W1903A", AUSTRIA, AUSTRIA_OWNS)
    pos = Position(Phase.parse("W1903A"), spring.units, spring.ownership, homes={"SER": "AUSTRIA"})
    assert read(text, pos, "AUSTRIA") == [Written(Build(unit("AUSTRIA", "A SER")), "AUSTRIA")]


def test_rules003_mr5_build_f_lvp_disband_a_yrk_on_one_line() -> None:
    pos = position("W1901A", {"ENGLAND": "A YOR,F NWY,F NTH"}, {"ENGLAND": "LON EDI LVP NWY"})
    board = masters_board(STANDARD_GAME.board, ALL_SIX, {})
    lines = read_written("Build F Lvp Disband A Yrk", pos, "ENGLAND", board)
    assert [line.written for line in lines] == [
        Written(Build(unit("ENGLAND", "F LVP")), "ENGLAND"),
        Written(Disband(unit("ENGLAND", "A YOR")), "ENGLAND"),
    ]
    assert lines[1].notes  # "Yrk" read as York, and the echo says so


def test_rules003_mr6_aid_italy_and_aid_rebel_a_arm() -> None:
    pos = Position(
        Phase.parse("W1905A"),
        [unit("FRANCE", "A PAR"), unit("ITALY", "A ROM"), unit("REBEL SMY", "A ARM")],
        {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "ROM": "ITALY"},
    )
    assert read("Aid Italy and Aid Rebel A Arm", pos, "FRANCE") == [
        Written(Aid("ITALY"), "FRANCE"),
        Written(Aid("REBEL SMY"), "FRANCE"),
    ]


def test_rules003_a_phase_label_alone_or_a_unit_named_so_is_no_label() -> None:
    # Only a season (or "Adjustments") with a year is a label: "A Mar - Spa" is read.
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    assert read("Fall 1901\nA Mar - Spa", pos, "FRANCE") == [
        Written(Move(unit("FRANCE", "A MAR"), Location("SPA")), "FRANCE")
    ]
