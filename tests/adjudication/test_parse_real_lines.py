"""Orders as real players write them (issue 29, "The orders real players write"; issue
33, "A late player's orders silently not read").

Lines from game reports, judges' help pages, forums and other bots that a GM reads at
once: electronic-protocol and judge-report abbreviations (`SA`, `SF`, `CA`, a support of
a hold written as a move to its own place), a hold after a dash, prose supports and
nationality words, a line copied from a results report with its outcome, a province
abbreviation one letter off, and orders among chat sentences. Each is read, and
echoed as read ("interpreted as …" where the line was read otherwise than written);
whatever could mean two orders, or names nothing to act on, stays refused with its
reason (rules/004 rule 7: "If an order is ambiguous, it is treated as Hold").
"""

from __future__ import annotations

import pytest

from adjudication.maps import STANDARD
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Location, Unit
from adjudication.text.parse import parse_orders
from tests.adjudication.real_lines import (
    ARMY_IN_RUMANIA,
    FLYING,
    NOTHING_IN_RUMANIA,
    REAL,
    assert_read,
    assert_refused,
    position,
    read,
)

# --- electronic-protocol and judge-report abbreviations ----------------------------

# (power, line, the order read in interchange notation, an "interpreted as" note?)
ABBREVIATIONS = [
    ("FRANCE", "A Pic SA Par-Bur", "A PIC S A PAR - BUR", False),
    ("FRANCE", "A Pic SA Par - Bur", "A PIC S A PAR - BUR", False),
    ("FRANCE", "a pic sa par-bur", "A PIC S A PAR - BUR", False),
    ("FRANCE", "Army Picardy SA Paris -> Burgundy", "A PIC S A PAR - BUR", False),
    ("FRANCE", "France: A Pic SA Par \u2192 Bur", "A PIC S A PAR - BUR", False),
    ("FRANCE", "A Pic SA Par", "A PIC S A PAR", False),
    ("TURKEY", "F Aeg SA Bul-Gre", "F AEG S A BUL - GRE", False),
    ("GERMANY", "A Sil SA Ber - Pru", "A SIL S A BER - PRU", False),
    ("RUSSIA", "F Sev SF Rum", "F SEV S F RUM", False),
    ("FRANCE", "F Eng CA Wal-Bre", "F ENG C A WAL - BRE", False),
    ("FRANCE", "F Eng CA Wal - Bre", "F ENG C A WAL - BRE", False),
    ("FRANCE", "Fleet English Channel CA Wales - Brest", "F ENG C A WAL - BRE", False),
    ("FRANCE", "F Eng CA Wal to Bre", "F ENG C A WAL - BRE", False),
    ("FRANCE", "f eng ca wal->bre", "F ENG C A WAL - BRE", False),
    # a support of a hold written as a move to its own place
    ("AUSTRIA", "A Gal SF Rum-Rum", "A GAL S F RUM", True),
    ("AUSTRIA", "A Gal SF Rum - Rum", "A GAL S F RUM", True),
    ("AUSTRIA", "Army Galicia SF Rumania - Rumania", "A GAL S F RUM", True),
    ("RUSSIA", "F Sev SF Rum-Rum", "F SEV S F RUM", True),
    ("FRANCE", "A Pic SA Par-Par", "A PIC S A PAR", True),
    # the supported unit's type is a detail (DATC 4.C.2), as with "S F Par - Bur"
    ("FRANCE", "A Pic SF Par-Bur", "A PIC S A PAR - BUR", True),
]


@pytest.mark.parametrize(("power", "line", "expected", "noted"), ABBREVIATIONS)
def test_protocol_abbreviations_are_read(power: str, line: str, expected: str, noted: bool) -> None:
    assert_read(read(line, power), expected, noted)


def test_a_support_of_a_hold_as_a_move_to_its_own_place_is_echoed() -> None:
    parsed = read("A Gal SF Rum-Rum", "AUSTRIA")
    assert parsed.notes == ("interpreted as A Gal S F Rum",)


@pytest.mark.parametrize(
    ("where", "line"),
    [
        # No fleet in Rumania: the line is not made into a support of the army there,
        # nor of nothing; it stays the move to its own place it says, and is refused.
        (ARMY_IN_RUMANIA, "A Gal SF Rum-Rum"),
        (NOTHING_IN_RUMANIA, "A Gal SF Rum-Rum"),
        (NOTHING_IN_RUMANIA, "A Gal S F Rum - Rum"),
        (NOTHING_IN_RUMANIA, "A Gal S Rum-Rum"),
        # Without the protocol's abbreviation it is the illegal support of DATC 6.A.5
        # ("A Liverpool Supports A Yorkshire - Yorkshire"), even with the fleet there.
        (REAL, "A Gal S F Rum-Rum"),
        (REAL, "A Gal supports F Rum - Rum"),
    ],
)
def test_a_move_to_its_own_place_with_no_such_unit_there_stays_refused(
    where: Position, line: str
) -> None:
    assert_refused(read(line, "AUSTRIA", where), RejectReason.MOVE_TO_OWN_SPACE)


@pytest.mark.parametrize(
    "line",
    [
        "F Eng CA",  # says nothing of where the army goes
        "F Eng CA Wal",
        "F Eng CF Wal-Bre",  # no such abbreviation: fleets are not convoyed
        "A Pic SA",
        "A Pic SX Par-Bur",
    ],
)
def test_abbreviations_with_something_missing_stay_unreadable(line: str) -> None:
    assert_refused(read(line, "FRANCE"), RejectReason.UNREADABLE)


# --- a hold after a dash --------------------------------------------------------------

DASH_HOLDS = [
    ("RUSSIA", "A Mos-H", "A MOS H"),
    ("TURKEY", "F Aeg-H", "F AEG H"),
    ("ENGLAND", "A Edi-holds", "A EDI H"),
    ("AUSTRIA", "A Vie-hold", "A VIE H"),
    ("RUSSIA", "A Mos - H", "A MOS H"),
    ("RUSSIA", "a mos-h", "A MOS H"),
    ("RUSSIA", "Army Moscow -> holds", "A MOS H"),
    ("RUSSIA", "Russia: A Mos-H", "A MOS H"),
    ("TURKEY", "Fleet Aegean Sea - stands", "F AEG H"),
    ("AUSTRIA", "A Vie \u2192 hold", "A VIE H"),
    # a support of a hold, the hold after a dash
    ("GERMANY", "A Sil S A Ber-H", "A SIL S A BER"),
    ("GERMANY", "A Sil SA Ber-hold", "A SIL S A BER"),
]


@pytest.mark.parametrize(("power", "line", "expected"), DASH_HOLDS)
def test_a_hold_after_a_dash_is_read(power: str, line: str, expected: str) -> None:
    assert_read(read(line, power), expected, noted=False)


def test_a_planes_hold_after_a_dash_is_read() -> None:
    assert_read(read("P Ruh-H", "GERMANY", FLYING), "P RUH H", noted=False)


def test_a_hold_after_a_dash_is_still_no_retreat() -> None:
    retreating = position(
        "F1901R",
        {"GERMANY": ["A BUR"]},
        dislodged=(Dislodgement(Unit.parse("FRANCE", "A BUR"), "MUN", (Location("GAS"),)),),
    )
    dash, plain = read("A Bur-H", "FRANCE", retreating), read("A Bur H", "FRANCE", retreating)
    assert_refused(dash, RejectReason.WRONG_PHASE)
    assert dash.order == plain.order


@pytest.mark.parametrize("line", ["A Mos-", "A Mos - H Ukr", "A Mos-H-Ukr", "A Mos - hold Ukr"])
def test_a_dash_hold_with_more_after_it_stays_unreadable(line: str) -> None:
    assert_refused(read(line, "RUSSIA"), RejectReason.UNREADABLE)


# --- prose supports and nationality words ---------------------------------------------

PROSE = [
    ("TURKEY", "F Aeg support TO Gre from Bul", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg supports to Gre from Bul", "F AEG S A BUL - GRE"),
    ("TURKEY", "Fleet Aegean Sea supports into Greece from Bulgaria", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg supports the move to Gre from Bul", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg supports the attack on Gre from Bul", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg supports the move from Bul to Gre", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg supports the move of A Bul to Gre", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg S to Gre from A Bul", "F AEG S A BUL - GRE"),
    ("AUSTRIA", "A Vie support to Tyr from Ven", "A VIE S A VEN - TYR"),
    ("RUSSIA", "A War support TO Pru from German Sil", "A WAR S A SIL - PRU"),
    # a nationality word inside the order
    ("GERMANY", "A Sil S German A Ber-Pru", "A SIL S A BER - PRU"),
    ("RUSSIA", "A War S German A Sil-Pru", "A WAR S A SIL - PRU"),
    ("RUSSIA", "A War S A German Sil - Pru", "A WAR S A SIL - PRU"),
    ("RUSSIA", "A War S Army German Silesia - Prussia", "A WAR S A SIL - PRU"),
    ("RUSSIA", "A War supports the German army in Silesia to Prussia", "A WAR S A SIL - PRU"),
    ("RUSSIA", "A War S Germany's A Sil - Pru", "A WAR S A SIL - PRU"),
    ("RUSSIA", "A War S Ger A Sil-Pru", "A WAR S A SIL - PRU"),
    ("TURKEY", "F Aeg S Tur A Bul-Gre", "F AEG S A BUL - GRE"),
    ("AUSTRIA", "A Gal S the Russian fleet in Rumania", "A GAL S F RUM"),
    ("FRANCE", "F Eng C English A Wal - Bre", "F ENG C A WAL - BRE"),
    ("FRANCE", "F Eng CA English Wal-Bre", "F ENG C A WAL - BRE"),
]


@pytest.mark.parametrize(("power", "line", "expected"), PROSE)
def test_prose_supports_and_nationality_words_are_read(
    power: str, line: str, expected: str
) -> None:
    assert_read(read(line, power), expected, noted=False)


def test_a_wrong_nationality_word_is_read_as_a_correction() -> None:
    # DATC 4.C.6: the nationality of a supported unit is a detail; said in the echo.
    assert_read(
        read("A War S the Austrian army in Silesia to Prussia", "RUSSIA"),
        "A WAR S A SIL - PRU",
        True,
    )


@pytest.mark.parametrize(
    "line",
    [
        "F Aeg support to Gre",  # from where?
        "F Aeg support TO Gre from",
        "F Aeg supports the move",
        "F Aeg supports from Bul",
    ],
)
def test_prose_supports_with_something_missing_stay_unreadable(line: str) -> None:
    assert_refused(read(line, "TURKEY"), RejectReason.UNREADABLE)


# --- a line copied from a results report ----------------------------------------------

RESULT_LINES = [
    ("ITALY", "A Ven -> Tyr Bounced with Vie (1 against 1).", "A VEN - TYR"),
    ("ITALY", "A Ven - Tyr (*bounce*)", "A VEN - TYR"),
    ("ITALY", "Army Venice -> Tyrolia.  (*bounce*)", "A VEN - TYR"),
    ("ITALY", "A Ven - Tyr bounced", "A VEN - TYR"),
    ("ITALY", "A Ven - Tyr: bounced with A Vie", "A VEN - TYR"),
    ("ITALY", "A Ven - Tyr: failed: bounced", "A VEN - TYR"),
    ("ITALY", "A Ven-Tyr ErrBounce", "A VEN - TYR"),
    ("TURKEY", "Fleet Aegean Sea SUPPORT Army Bulgaria -> Greece.  (*cut*)", "F AEG S A BUL - GRE"),
    ("TURKEY", "F Aeg S A Bul - Gre: support cut", "F AEG S A BUL - GRE"),
    ("FRANCE", "A Pic* S A Par-Bur [d*]", "A PIC S A PAR - BUR"),
    ("FRANCE", "A Par-Bur [r-Gas*]", "A PAR - BUR"),
    ("RUSSIA", "F Sev S F Rum [nso]", "F SEV S F RUM"),
    ("FRANCE", "F Eng C A Wal - Bre (*no convoy*)", "F ENG C A WAL - BRE"),
    ("FRANCE", "A Par - Bur succeeded", "A PAR - BUR"),
    ("FRANCE", "A Par - Bur: moved", "A PAR - BUR"),
    ("RUSSIA", "A Mos-H dislodged", "A MOS H"),
    ("FRANCE", "A Pic SA Par-Bur (*void*)", "A PIC S A PAR - BUR"),
]


@pytest.mark.parametrize(("power", "line", "expected"), RESULT_LINES)
def test_a_line_from_a_results_report_is_read_and_its_outcome_ignored(
    power: str, line: str, expected: str
) -> None:
    parsed = read(line, power)
    assert_read(parsed, expected, noted=True)
    # The echo says what was left out, in the player's own words.
    assert any("result" in note and "ignored" in note for note in parsed.notes), parsed.notes


def test_the_echo_names_the_outcome_text_it_ignored() -> None:
    parsed = read("A Ven -> Tyr Bounced with Vie (1 against 1).", "ITALY")
    assert parsed.notes[0] == "interpreted as A Ven - Tyr"
    assert "'Bounced with Vie (1 against 1).'" in parsed.notes[1]


def test_a_results_line_keeps_the_correction_of_its_order() -> None:
    # rules/004 rule 7's own example, copied with its outcome: both are said.
    england = position("S1902M", {"ENGLAND": ["A LVP"]})
    parsed = read("A Liv-Yor (*bounce*)", "ENGLAND", england)
    assert_read(parsed, "A LVP - YOR", noted=True)
    assert parsed.notes[0] == "interpreted as A Lvp - Yor"
    assert "'(*bounce*)'" in parsed.notes[1]


def test_a_results_line_of_an_order_no_longer_possible_is_refused_as_that_order() -> None:
    parsed = read("A Ven - Tyr bounced", "ITALY", position("S1902M", {"ITALY": ["A TYR"]}))
    assert str(parsed.order) == "A VEN - TYR"
    assert parsed.rejection is not None
    assert parsed.rejection.reason is RejectReason.NO_SUCH_UNIT


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("A Par - Bur please", RejectReason.UNREADABLE),  # not an outcome: not read
        ("A Par - Bur maybe", RejectReason.UNREADABLE),
        # an outcome, but no whole order before it: not made a hold, nor a move
        ("A Par bounced", RejectReason.UNREADABLE),
        ("A Par - bounced", RejectReason.UNKNOWN_PROVINCE),
        ("bounced", RejectReason.UNREADABLE),
    ],
)
def test_words_after_an_order_that_are_no_outcome_stay_refused(
    line: str, reason: RejectReason
) -> None:
    parsed = read(line, "FRANCE")
    assert_refused(parsed, reason)
    assert parsed.order is None


# rules/004's own results example (Fall 1902), each power's line as a player might
# paste it back: stars, rules/004's abbreviations and the dislodgement marks.
FALL_1902 = position(
    "F1902M",
    {
        "AUSTRIA": ["F GRE", "A SER", "A TRI", "A VIE"],
        "ENGLAND": ["F BAR", "F EDI", "A NWY", "F NTH"],
        "FRANCE": ["A BUR", "F MAR", "F PIC", "A SPA"],
        "GERMANY": ["A BEL", "F DEN", "F HOL", "A MUN", "A RUH"],
        "ITALY": ["A PIE", "F TYS", "A VEN", "F WES"],
        "RUSSIA": ["F RUM", "A SEV", "A STP", "F SWE", "A GAL", "A UKR"],
        "TURKEY": ["A ARM", "F BLA", "A BUL", "A CON"],
    },
)
FALL_1902_REPORT = {
    "AUSTRIA": "F Gre* H, A Ser* S Tur A Bul-Rum, A Tri-Bud*, A Vie*-Gal",
    "ENGLAND": "F BarS* S A Nwy-StP, F Edi*-NthS, A Nor-StP*, F NthS-Nwy*",
    "FRANCE": "A Bur-Bel [r-Gas*], F Mar* S A Spa, F Pic* S A Bur-Bel, A Spa* S F Mar",
    "GERMANY": "A Bel* S A Rur-Bur, F Den*-Swe, F Hol* S A Bel, A Mun* S A Rur-Bur, A Rur-Bur*",
    "ITALY": "A Pie*-Mar, F TyrS-GLyo*, A Ven*-Pie, F WMed-MAtl*",
    "RUSSIA": "F Rum S A Sev [d*], A Sev* S F Rum, A StP-Nwy [r-Mos*], F Swe* S A StP-Nwy, "
    "A Gal* S F Rum, A Ukr* S A Sev",
    "TURKEY": "A Arm*-Sev, F BlaS* S A Bul-Rum, A Bul-Rum*, A Con-Bul*",
}


@pytest.mark.parametrize(("power", "text"), FALL_1902_REPORT.items())
def test_rules004_results_example_reads_back_as_its_orders(power: str, text: str) -> None:
    lines = parse_orders(text, FALL_1902, power, STANDARD)
    assert len(lines) == text.count(",") + 1
    for line in lines:
        assert line.accepted, line
        marked = "[" in line.text  # "[d*]", "[r-Gas*]": said as ignored
        assert bool(line.notes) == marked, line
