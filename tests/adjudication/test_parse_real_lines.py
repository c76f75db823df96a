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
from adjudication.model.orders import Order
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.legal import legal_orders
from adjudication.text.notation import format_order
from adjudication.text.parse import ParsedLine, parse_order, parse_orders
from adjudication.variants import AIRPLANE, STANDARD_GAME

OPENING = Position.initial(STANDARD_GAME)


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]] | None = None,
    dislodged: tuple[Dislodgement, ...] = (),
    variant: str = STANDARD_GAME.name,
) -> Position:
    """A position from interchange text; ownership defaults to the opening's."""
    ownership = dict(OPENING.ownership)
    for power, provinces in (centres or {}).items():
        ownership.update(dict.fromkeys(provinces, power))
    return Position(
        phase=Phase.parse(phase),
        units=tuple(Unit.parse(p, u) for p, us in units.items() for u in us),
        ownership=ownership,
        dislodged=dislodged,
        variant=variant,
    )


# A Spring 1902 board with a unit wherever the examples need one.
REAL = position(
    "S1902M",
    {
        "AUSTRIA": ["A GAL", "A VIE", "A BUD"],
        "ENGLAND": ["A EDI", "F NTH", "A WAL"],
        "FRANCE": ["A PIC", "A PAR", "F ENG", "A MAR"],
        "GERMANY": ["A SIL", "A BER", "A MUN", "F KIE"],
        "ITALY": ["A VEN", "F ROM"],
        "RUSSIA": ["F RUM", "A MOS", "A WAR", "F SEV"],
        "TURKEY": ["F AEG", "A BUL", "A SMY"],
    },
)
# The same, but an army in Rumania, or nothing there at all.
ARMY_IN_RUMANIA = position(
    "S1902M", {"AUSTRIA": ["A GAL"], "RUSSIA": ["A RUM", "F SEV"], "TURKEY": ["F BLA"]}
)
NOTHING_IN_RUMANIA = position("S1902M", {"AUSTRIA": ["A GAL"], "RUSSIA": ["F SEV"]})
FLYING = position(
    "S1902M",
    {"GERMANY": ["P RUH", "A MUN"], "FRANCE": ["A BUR"]},
    variant=AIRPLANE.name,
)


def read(line: str, power: str, where: Position = REAL) -> ParsedLine:
    board = AIRPLANE.board if where.variant == AIRPLANE.name else STANDARD
    return parse_order(line, where, power, board)


def assert_read(parsed: ParsedLine, expected: str, noted: bool) -> None:
    assert parsed.rejection is None, (parsed.text, parsed.rejection)
    assert str(parsed.order) == expected, parsed.text
    assert bool(parsed.notes) == noted, (parsed.text, parsed.notes)
    if noted:
        assert parsed.notes[0].startswith("interpreted as "), parsed.notes


def assert_refused(parsed: ParsedLine, reason: RejectReason) -> None:
    assert parsed.rejection is not None, (parsed.text, parsed.order)
    assert parsed.rejection.reason is reason, (parsed.text, parsed.rejection)
    assert parsed.rejection.message


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


# --- a province abbreviation one letter off -------------------------------------------

ONE_LETTER_OFF = [
    ("GERMANY", "A Mun - Tyl", "A MUN - TYR"),
    ("GERMANY", "A Mun-Tyl", "A MUN - TYR"),
    ("GERMANY", "Army Munich -> Tyl", "A MUN - TYR"),
    ("GERMANY", "Germany: a mun \u2192 tyl", "A MUN - TYR"),
    ("GERMANY", "A Mun - Boj", "A MUN - BOH"),
    ("RUSSIA", "A Mos - Ukt", "A MOS - UKR"),
    ("FRANCE", "A Par - Bux", "A PAR - BUR"),
    ("ITALY", "F Rom - Tyx", "F ROM - TYS"),
    ("GERMANY", "F Kie - Dan", "F KIE - DEN"),
    ("GERMANY", "A Ber S A Mun - Sul", "A BER S A MUN - SIL"),
    ("ITALY", "A Vem - Tyr", "A VEN - TYR"),
]


@pytest.mark.parametrize(("power", "line", "expected"), ONE_LETTER_OFF)
def test_an_abbreviation_one_letter_off_is_read_as_a_correction(
    power: str, line: str, expected: str
) -> None:
    assert_read(read(line, power), expected, noted=True)


@pytest.mark.parametrize(
    ("power", "line", "candidates"),
    [
        # Holland, Heligoland Bight and the Baltic ("Hol", "Hel", "Bal") are each one
        # letter from "Hal", and Kiel's fleet reaches all three.
        ("GERMANY", "F Kie - Hal", {"F Kie - Hol", "F Kie - Hel", "F Kie - Bal"}),
        # Norway and the Norwegian Sea ("Nwy", "Nwg"), both next to the North Sea.
        ("ENGLAND", "F Nth - Nwx", {"F Nth - Nwy", "F Nth - Nwg"}),
    ],
)
def test_one_letter_off_two_places_the_unit_reaches_is_ambiguous(
    power: str, line: str, candidates: set[str]
) -> None:
    parsed = read(line, power)
    assert_refused(parsed, RejectReason.AMBIGUOUS)
    assert parsed.order is None
    assert parsed.rejection is not None and set(parsed.rejection.candidates) == candidates


def test_an_exact_name_is_never_changed_by_one_letter() -> None:
    # rules/004 rule 7: "if you have an army in Ber and order A Bur-Mun ... out of luck".
    germany = position("S1902M", {"GERMANY": ["A BER"]})
    parsed = read("A Bur - Mun", "GERMANY", germany)
    assert str(parsed.order) == "A BUR - MUN"
    assert_refused(parsed, RejectReason.NO_SUCH_UNIT)


def test_one_letter_off_only_a_place_out_of_reach_is_not_read() -> None:
    # "Tyl" is one letter from Tyrolia only; Moscow does not reach it.
    parsed = read("A Mos - Tyl", "RUSSIA")
    assert not parsed.accepted


def test_a_fragment_one_letter_from_too_many_places_is_not_corrected() -> None:
    # "Bor" is one letter from eight provinces; the North Sea reaches Norway and York.
    # Trying only some of them would make one look like the only legal reading.
    parsed = read("F Nth - Bor", "ENGLAND")
    assert parsed.order is None
    assert_refused(parsed, RejectReason.UNKNOWN_PROVINCE)


def test_a_supported_units_place_is_corrected_only_to_a_unit() -> None:
    # "Eid" is one letter from "Mid" (the Mid-Atlantic), where no fleet stands: a
    # support of nothing is legal but void, and no reading of "F Edi" mistyped.
    parsed = read("A Lvp S F Eid - Cly", "ENGLAND", OPENING)
    assert parsed.order is None
    assert_refused(parsed, RejectReason.UNKNOWN_PROVINCE)


# --- orders among chat sentences (issue 33) -------------------------------------------

WINTER = position(
    "W1901A",
    {"TURKEY": ["A BUL", "F GRE", "A RUM"]},
    centres={"TURKEY": ["BUL", "GRE", "RUM"]},
)


def read_all(text: str, power: str, where: Position = OPENING) -> list[ParsedLine]:
    return parse_orders(text, where, power, STANDARD)


def assert_chat(line: ParsedLine) -> None:
    assert line.order is None
    assert line.rejection is not None and line.rejection.reason is RejectReason.UNREADABLE


def test_a_late_players_builds_among_apologies_are_read() -> None:
    lines = read_all("sorry, was away. A Con B, A Smy B, F Ank B", "TURKEY", WINTER)
    assert [p.text for p in lines] == ["sorry", "was away.", "A Con B", "A Smy B", "F Ank B"]
    assert_chat(lines[0])
    assert_chat(lines[1])
    assert [str(p.order) for p in lines[2:]] == ["A CON B", "A SMY B", "F ANK B"]
    assert all(p.accepted for p in lines[2:])


@pytest.mark.parametrize(
    ("text", "texts", "orders"),
    [
        ("sorry I'm late. A Par - Bur", ["sorry I'm late.", "A Par - Bur"], [None, "A PAR - BUR"]),
        ("ok! F Bre - Mao", ["ok!", "F Bre - Mao"], [None, "F BRE - MAO"]),
        ("A Mar H. thanks", ["A Mar H.", "thanks"], ["A MAR H", None]),
        ("Any news? A Par - Pic", ["Any news?", "A Par - Pic"], [None, "A PAR - PIC"]),
        (
            "Hi GM! A Par - Bur. A Mar S A Par - Bur. Cheers.",
            ["Hi GM!", "A Par - Bur.", "A Mar S A Par - Bur.", "Cheers."],
            [None, "A PAR - BUR", "A MAR S A PAR - BUR", None],
        ),
        ("I'll hold. A Par - Bur", ["I'll hold.", "A Par - Bur"], [None, "A PAR - BUR"]),
    ],
)
def test_orders_among_chat_sentences_are_read(
    text: str, texts: list[str], orders: list[str | None]
) -> None:
    lines = read_all(text, "FRANCE")
    assert [p.text for p in lines] == texts
    assert [None if p.order is None else str(p.order) for p in lines] == orders
    for line, order in zip(lines, orders, strict=True):
        if order is None:
            assert_chat(line)
        else:
            assert line.accepted, line


def test_a_piece_that_reads_as_a_whole_is_never_split() -> None:
    russia = position("S1902M", {"RUSSIA": ["A STP"]})
    for text in ("A St. Petersburg - Mos", "A St. Petersburg - Mos."):
        lines = read_all(text, "RUSSIA", russia)
        assert [p.text for p in lines] == [text]
        assert lines[0].accepted and str(lines[0].order) == "A STP - MOS"


def test_a_place_with_a_full_stop_is_kept_whole_among_sentences() -> None:
    russia = position("S1902M", {"RUSSIA": ["A STP"]})
    lines = read_all("sorry. A St. Petersburg - Mos", "RUSSIA", russia)
    assert [p.text for p in lines] == ["sorry.", "A St. Petersburg - Mos"]
    assert lines[1].accepted and str(lines[1].order) == "A STP - MOS"


def test_an_ambiguous_order_among_chat_stays_refused_with_its_reason() -> None:
    lines = read_all("ok. F Edi - Nor", "ENGLAND")
    assert [p.text for p in lines] == ["ok.", "F Edi - Nor"]
    assert_chat(lines[0])
    assert_refused(lines[1], RejectReason.AMBIGUOUS)
    assert lines[1].rejection is not None
    assert set(lines[1].rejection.candidates) == {"F Edi - Nth", "F Edi - Nwg"}


def test_a_misspelt_order_among_chat_keeps_its_suggestion() -> None:
    lines = read_all("sorry. A Par - Marseile. A Mar H", "FRANCE")
    assert [p.text for p in lines] == ["sorry.", "A Par - Marseile.", "A Mar H"]
    assert_chat(lines[0])
    assert_refused(lines[1], RejectReason.UNKNOWN_PROVINCE)
    assert lines[1].rejection is not None and "Mar" in lines[1].rejection.candidates
    assert lines[2].accepted


@pytest.mark.parametrize("text", ["Hi. How are you?", "Sorry! Was away.", "ok. thanks"])
def test_chat_with_no_order_in_any_sentence_stays_one_unreadable_line(text: str) -> None:
    lines = read_all(text, "FRANCE")
    assert [p.text for p in lines] == [text]
    assert_chat(lines[0])


@pytest.mark.parametrize("text", ["Thanks! Moscow?", "ok. Mos", "Moscow. Warsaw."])
def test_a_place_name_alone_among_chat_is_no_order(text: str) -> None:
    # On its own a piece "Mos" is read as A Mos H (with a note); among chat it is chat.
    lines = read_all(text, "RUSSIA", REAL)
    assert [p.text for p in lines] == [text]
    assert_chat(lines[0])


def test_a_place_name_alone_beside_an_order_is_said_as_not_read() -> None:
    lines = read_all("Moscow. A War H", "RUSSIA", REAL)
    assert [p.text for p in lines] == ["Moscow.", "A War H"]
    assert_chat(lines[0])
    assert lines[1].accepted and str(lines[1].order) == "A WAR H"


# --- every legal order, as the families write it ----------------------------------------


def _legal_lines() -> list[tuple[str, str, Order]]:
    """(power, line, order) for every legal order of REAL, short and long."""
    out = []
    for unit in REAL.units:
        for order in legal_orders(REAL, STANDARD, unit):
            for style in ("short", "long"):
                out.append((unit.power, format_order(order, STANDARD, style), order))
    return out


LEGAL_LINES = _legal_lines()


def test_every_legal_order_reads_the_same_with_a_result_after_it() -> None:
    for power, line, order in LEGAL_LINES:
        for result in (" (*bounce*)", " bounced", ": failed: bounced", " [d*]", " ErrBounce"):
            parsed = read(line + result, power)
            assert parsed.accepted and parsed.order == order, (line + result, parsed)
            if "via convoy" not in line:  # "via convoy" takes the rest of a line as its route
                assert parsed.notes[-1].endswith("is a result, not an order, and was ignored")


def test_every_legal_support_and_convoy_reads_the_same_abbreviated() -> None:
    checked = 0
    for power, line, order in LEGAL_LINES:
        if " S A " in line or " S F " in line or " C A " in line:
            short = line.replace(" S A ", " SA ").replace(" S F ", " SF ").replace(" C A ", " CA ")
            parsed = read(short, power)
            assert parsed.accepted and parsed.order == order and not parsed.notes, (short, parsed)
            checked += 1
    assert checked > 100


def test_every_legal_order_among_chat_is_read_and_the_chat_said() -> None:
    for power, line, order in LEGAL_LINES:
        for text in (f"sorry I'm late. {line}", f"ok! {line}. thanks"):
            lines = read_all(text, power, REAL)
            assert [p.order for p in lines if p.order is not None] == [order], (text, lines)
            assert all(p.accepted or p.order is None for p in lines), (text, lines)
            for chat in (p for p in lines if p.order is None):
                assert_chat(chat)
