"""Spy orders as players type them (rules/004 rule 7: "the precise format is
unimportant"; minor misspellings corrected "where only one province matching the
abbreviation would be legal"), and in words: the plain echo and the owner's report
lines. Readings: docs/VARIANTS.md, Y11."""

from __future__ import annotations

import pytest

from adjudication.model.orders import Hold, Move, Support
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Location
from adjudication.play.phases import adjudicate
from adjudication.text.parse import ParsedLine
from adjudication.text.report import ORDERS_COLUMN
from adjudication.variants import SPY
from adjudication.variants.spy.orders import PlaceSpy, Protect, Sabotage, SpyHold, SpyMove
from adjudication.variants.spy.parse import SpyLine, parse_orders_with_spies, read_spy_line
from adjudication.variants.spy.view import spy_report_for
from adjudication.variants.spy.words import format_spy_order, spy_plain_lines, spy_report_lines
from tests.adjudication.test_spy import position, unit

BOARD = SPY.board
SPY_COLUMN = "Spy:".ljust(ORDERS_COLUMN)  # the spy's orders line up with the units' own
FRENCH_SPY = Spy("FRANCE", "MAR")


def game() -> Position:
    return position(
        "S1901M",
        ["ITALY A MAR", "FRANCE A PAR", "FRANCE F MAO", "ITALY F SPA/SC"],
        ["FRANCE MAR", "ITALY SPA", "FRANCE PAR"][:2],
    )


def read(text: str, where: Position | None = None, power: str = "FRANCE") -> SpyLine:
    line = read_spy_line(text, where or game(), power, BOARD)
    assert line is not None, text
    return line


@pytest.mark.parametrize(
    "text", ["Spy Mar - Spa", "spy mar-spa", "SPY MAR -> SPA", "Spy Marseilles to Spain",
             "Spy Mar moves to Spa", "Spy Mar → Spa/sc", "Spy in Mar - Spa"]
)  # fmt: skip
def test_rules004_rule7_spy_move_the_precise_format_is_unimportant(text: str) -> None:
    line = read(text)
    assert line.order == SpyMove(FRENCH_SPY, "SPA") and line.accepted


def test_rules004_spy_provinces_with_two_coasts_are_single_locations_in_orders() -> None:
    # "Spy Mar → Spa/sc" is read as the province Spain, with no coast.
    assert read("Spy Mar - Spa/nc").order == SpyMove(FRENCH_SPY, "SPA")


@pytest.mark.parametrize(
    "text", ["Spy Par B", "Spy Par build", "Spy Paris starts", "Build spy Par",
             "place spy in Paris", "Spy Par placed"]
)  # fmt: skip
def test_rules004_spy_starts_in_a_home_centre_selected_by_its_owner_as_written(text: str) -> None:
    start = Position.initial(SPY)
    line = read(text, start)
    assert line.order == PlaceSpy(Spy("FRANCE", "PAR")) and line.accepted


def test_rules004_spy_placement_outside_the_home_centres_is_refused_with_why() -> None:
    line = read("Spy Bur B", Position.initial(SPY))
    assert line.rejection is not None and line.rejection.reason is RejectReason.BUILD_NOT_HOME


@pytest.mark.parametrize(
    ("text", "kind"),
    [("Spy Mar H", SpyHold), ("Spy Mar holds", SpyHold), ("Spy Mar stays", SpyHold)],
)
def test_rules004_spy_not_ordered_to_move_stays(text: str, kind: type) -> None:
    assert read(text).order == kind(FRENCH_SPY)


def test_rules004_spy_protect_its_own_countrys_unit_as_written() -> None:
    own = position("S1901M", ["FRANCE A MAR"], ["FRANCE MAR"])
    for text in ("Spy Mar P", "spy mar protects", "Spy Marseilles protect"):
        line = read(text, own)
        assert line.order == Protect(FRENCH_SPY) and line.accepted, text
    # a foreign unit is sabotaged, not protected
    foreign = read("Spy Mar P")
    assert foreign.rejection is not None and foreign.rejection.reason is RejectReason.NO_SUCH_UNIT


@pytest.mark.parametrize(
    "text", ["Spy Mar: A Mar - Pie", "Spy Mar: Ita A Mar - Pie", "spy mar orders a mar-pie",
             "Spy Mar sabotages A Mar - Pie", "Spy Mar: A Mar to Piedmont"]
)  # fmt: skip
def test_rules004_spy_sabotage_the_player_owning_the_spy_issues_an_order(text: str) -> None:
    line = read(text)
    assert line.order == Sabotage(FRENCH_SPY, Move(unit("ITALY A MAR"), Location("PIE")))
    assert line.accepted


def test_rules004_spy_sabotage_support_and_hold_orders() -> None:
    support = read("Spy Mar: A Mar S F Mao - Spa")
    assert support.accepted
    assert isinstance(support.order, Sabotage) and isinstance(support.order.order, Support)
    assert read("Spy Mar: A Mar H").order == Sabotage(FRENCH_SPY, Hold(unit("ITALY A MAR")))


def test_rules004_spy_cannot_sabotage_units_in_other_spaces_as_written() -> None:
    line = read("Spy Mar: F Spa/sc - Wes")
    assert not line.accepted and line.rejection is not None


def test_rules004_spy_sabotage_of_an_empty_space_is_refused() -> None:
    empty = position("S1901M", ["FRANCE A PAR"], ["FRANCE MAR"])
    line = read("Spy Mar: A Mar - Pie", empty)
    assert line.rejection is not None and line.rejection.reason is RejectReason.NO_SUCH_UNIT


def test_rules004_rule7_spy_misspelt_place_corrected_when_only_one_is_legal() -> None:
    # "Mrs" is no province; of the places it may mean only Marseilles holds the spy.
    line = read("Spy Marseile - Spa")
    assert line.order == SpyMove(FRENCH_SPY, "SPA") and line.accepted
    assert line.notes == ("interpreted as Spy Mar - Spa",)


def test_rules004_rule7_spy_ordered_from_where_it_is_not_is_refused() -> None:
    # "if you order a unit to move from a location where you have no unit, that order
    # will be ignored": Piedmont is exact and not where the spy stands.
    line = read("Spy Pie - Tus")
    assert line.rejection is not None and line.rejection.reason is RejectReason.NO_SUCH_UNIT


def test_rules004_spy_moves_only_where_an_army_or_fleet_could_as_written() -> None:
    line = read("Spy Mar - Mun")
    assert line.rejection is not None and line.rejection.reason is RejectReason.NOT_ADJACENT


def test_a_line_not_starting_with_spy_is_no_spy_order() -> None:
    assert read_spy_line("A Par - Bur", game(), "FRANCE", BOARD) is None
    assert read_spy_line("F Mao - Spa/nc", game(), "FRANCE", BOARD) is None


def test_rules004_rule7_an_unreadable_spy_order_says_how_to_write_one() -> None:
    line = read("Spy Mar")
    assert line.order is None and line.rejection is not None
    assert "Spy Mar - Spa" in line.rejection.message


def test_a_message_mixes_unit_and_spy_orders_and_the_last_spy_order_stands() -> None:
    lines = parse_orders_with_spies(
        "A Par - Bur\nSpy Mar: A Mar - Pie, Spy Mar - Spa\nF Mao - Por", game(), "FRANCE", BOARD
    )
    units = [line for line in lines if isinstance(line, ParsedLine)]
    spies = [line for line in lines if isinstance(line, SpyLine)]
    assert [str(line.order) for line in units] == ["A PAR - BUR", "F MAO - POR"]
    assert all(line.accepted for line in units)
    assert [line.accepted for line in spies] == [False, True]
    assert spies[0].rejection is not None and spies[0].rejection.reason is RejectReason.DUPLICATE


# --- words --------------------------------------------------------------------------


def test_spy_orders_in_the_plain_notation_of_the_echo() -> None:
    mao = Move(unit("ITALY A MAR"), Location("PIE"))
    assert format_spy_order(SpyMove(FRENCH_SPY, "SPA"), BOARD) == "Spy Mar - Spa"
    assert format_spy_order(PlaceSpy(Spy("FRANCE", "PAR")), BOARD) == "Spy Par B"
    assert format_spy_order(Sabotage(FRENCH_SPY, mao), BOARD) == "Spy Mar: A Mar - Pie"
    assert (
        format_spy_order(Protect(FRENCH_SPY), BOARD, "long") == "Spy Marseilles protects its unit"
    )
    assert format_spy_order(SpyMove(FRENCH_SPY, "SPA"), BOARD, "long") == "Spy Marseilles → Spain"


def test_rules004_spy_report_lines_only_the_owner_reads_them() -> None:
    before = game()
    sabotage = Sabotage(FRENCH_SPY, Move(unit("ITALY A MAR"), Location("PIE")))
    italy_move = SpyMove(Spy("ITALY", "SPA"), "WES")
    result = adjudicate(before, [sabotage, italy_move], SPY)
    france = spy_report_for(result.spies, "FRANCE")
    assert spy_report_lines(france, BOARD) == [SPY_COLUMN + "Spy Mar*: A Mar-Pie"]
    assert spy_plain_lines(france, BOARD) == ["Spy Mar: A Mar - Pie: followed"]
    italy = spy_report_for(result.spies, "ITALY")
    assert spy_report_lines(italy, BOARD) == [SPY_COLUMN + "Spy Spa-WMed*"]
    assert spy_report_lines(spy_report_for(result.spies, "ENGLAND"), BOARD) == []


def test_rules004_spy_a_sabotage_not_followed_is_told_to_its_owner_as_nf() -> None:
    own = position("S1901M", ["ITALY A MAR"], ["FRANCE MAR", "ITALY MAR"])
    sabotage = Sabotage(FRENCH_SPY, Move(unit("ITALY A MAR"), Location("PIE")))
    result = adjudicate(own, [sabotage, Protect(Spy("ITALY", "MAR"))], SPY)
    france = spy_report_for(result.spies, "FRANCE")
    assert spy_report_lines(france, BOARD) == [SPY_COLUMN + "Spy Mar*: A Mar-Pie [nf]"]
    assert spy_plain_lines(france, BOARD) == ["Spy Mar: A Mar - Pie: not followed"]
