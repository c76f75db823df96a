"""The order parser: notations, corrections (rules/004 rule 7), ambiguity, rejections."""

from __future__ import annotations

import json

import pytest

from adjudication.io.interop import InterchangeError, read_order, read_record
from adjudication.maps import STANDARD
from adjudication.model.orders import Support
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.validate import validate
from adjudication.text.parse import MAX_LINES, ParsedLine, parse_order, parse_orders
from adjudication.variants import STANDARD_GAME
from tests.shared_files import SAMPLE_PHASES

OPENING = Position.initial(STANDARD_GAME)


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]] | None = None,
    dislodged: tuple[Dislodgement, ...] = (),
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
    )


AT_SEA = position(
    "F1901M",
    {
        "ENGLAND": ["F NTH", "A LON", "A LVP", "F EDI"],
        "FRANCE": ["F GAS", "F MAO", "A BUR", "F SPA/NC", "A PAR"],
        "GERMANY": ["A HOL", "A RUH", "A BER", "A MUN"],
        "RUSSIA": ["A WAR", "F STP/SC", "A MOS", "F SEV"],
        "ITALY": ["F NAP", "A VEN", "A ROM"],
    },
)


def read(line: str, power: str, where: Position = OPENING) -> ParsedLine:
    return parse_order(line, where, power, STANDARD)


def assert_accepted(parsed: ParsedLine, expected: str, noted: bool) -> None:
    assert parsed.rejection is None, (parsed.text, parsed.rejection)
    assert str(parsed.order) == expected, parsed.text
    assert bool(parsed.notes) == noted, (parsed.text, parsed.notes)
    if noted:
        assert parsed.notes[0].startswith("interpreted as "), parsed.notes


# (power, line, the order read in interchange notation, whether an "interpreted as" note)
MOVEMENT_NOTATIONS = [
    ("FRANCE", "A Par - Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par -> Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par => Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par \u2192 Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par to Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par m Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par move Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par moves Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par moves to Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par attacks Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par moves into Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par into Bur", "A PAR - BUR", False),
    ("FRANCE", "A Par-Bur", "A PAR - BUR", False),
    ("FRANCE", "a par-bur", "A PAR - BUR", False),
    ("FRANCE", "Army Paris - Burgundy", "A PAR - BUR", False),
    ("FRANCE", "army paris attacks picardy", "A PAR - PIC", False),
    ("FRANCE", "Par - Bur", "A PAR - BUR", False),  # type filled from the position
    ("FRANCE", "France: A Par - Bur", "A PAR - BUR", False),
    ("FRANCE", "FRANCE A Par - Bur", "A PAR - BUR", False),
    ("FRANCE", "Fra: A Par - Bur", "A PAR - BUR", False),
    ("FRANCE", "F Brest - English Channel", "F BRE - ENG", False),
    ("FRANCE", "F Bre - EnCh", "F BRE - ENG", False),
    ("FRANCE", "F Bre - ECH", "F BRE - ENG", False),
    ("FRANCE", "F Bre - MAtl", "F BRE - MAO", False),
    ("FRANCE", "F Bre - Mid-Atlantic Ocean", "F BRE - MAO", False),
    ("FRANCE", "F Bre - MID", "F BRE - MAO", False),
    ("FRANCE", "A Par H", "A PAR H", False),
    ("FRANCE", "A Par hold", "A PAR H", False),
    ("FRANCE", "A Par holds", "A PAR H", False),
    ("FRANCE", "A Par stands", "A PAR H", False),
    ("FRANCE", "Hold A Par", "A PAR H", False),
    ("FRANCE", "H Par", "A PAR H", False),
    ("FRANCE", "A Mar S A Par - Bur", "A MAR S A PAR - BUR", False),
    ("FRANCE", "A Mar supports A Par - Bur", "A MAR S A PAR - BUR", False),
    ("FRANCE", "A Mar support A Par - Bur", "A MAR S A PAR - BUR", False),
    ("FRANCE", "A Mar (S) A Par - Bur", "A MAR S A PAR - BUR", False),
    ("FRANCE", "A Mar S Par - Bur", "A MAR S A PAR - BUR", False),
    ("FRANCE", "A Par S F Bre", "A PAR S F BRE", False),
    ("FRANCE", "A Par S F Bre H", "A PAR S F BRE", False),
    ("FRANCE", "A Par supports F Brest", "A PAR S F BRE", False),
    ("FRANCE", "A Par S Bre", "A PAR S F BRE", False),
    ("GERMANY", "A Mun S FRENCH A Par - Bur", "A MUN S A PAR - BUR", False),
    ("GERMANY", "A Ber S RUSSIAN A War-Pru", "A BER S A WAR - PRU", False),
    ("GERMANY", "A Ber S Russia A War - Pru", "A BER S A WAR - PRU", False),
    ("GERMANY", "A Ber S Rus A War-Pru", "A BER S A WAR - PRU", False),
    ("GERMANY", "A Ber S A War - Pru", "A BER S A WAR - PRU", False),
    ("RUSSIA", "F StP/sc - Bot", "F STP/SC - BOT", False),
    ("RUSSIA", "F St Petersburg(sc) - Gulf of Bothnia", "F STP/SC - BOT", False),
    ("RUSSIA", "F StP SC - GBot", "F STP/SC - BOT", False),
    ("RUSSIA", "F stp/sc - fin", "F STP/SC - FIN", False),
    ("RUSSIA", "F StP - Bot", "F STP/SC - BOT", False),
    ("RUSSIA", "F St. Petersburg south coast - Livonia", "F STP/SC - LVN", False),
    ("RUSSIA", "Russia: F Sev - Black Sea", "F SEV - BLA", False),
]


@pytest.mark.parametrize(("power", "line", "expected", "noted"), MOVEMENT_NOTATIONS)
def test_movement_notations(power: str, line: str, expected: str, noted: bool) -> None:
    assert_accepted(read(line, power), expected, noted)


AT_SEA_NOTATIONS = [
    # DATC's own phrasing
    ("ENGLAND", "F North Sea Convoys A London - Belgium", "F NTH C A LON - BEL", False),
    ("ENGLAND", "F Nth C A Lon - Bel", "F NTH C A LON - BEL", False),
    ("ENGLAND", "F NthS convoys A Lon to Bel", "F NTH C A LON - BEL", False),
    ("ENGLAND", "F NTH convoy army London - Holland", "F NTH C A LON - HOL", False),
    ("ENGLAND", "A London - Belgium via convoy", "A LON - BEL VIA", False),
    ("ENGLAND", "A Lon - Bel VIA", "A LON - BEL VIA", False),
    ("ENGLAND", "A Lon - Bel by convoy", "A LON - BEL VIA", False),
    ("ENGLAND", "A Lon - Nth - Bel", "A LON - BEL VIA", False),  # a route: convoy expected
    ("ENGLAND", "A Lon - Bel", "A LON - BEL", False),
    ("GERMANY", "A Holland Supports A Ruhr - Belgium", "A HOL S A RUH - BEL", False),
    ("FRANCE", "F Spain(nc) - Mid-Atlantic Ocean", "F SPA/NC - MAO", False),
    ("FRANCE", "F Spa/nc - Por", "F SPA/NC - POR", False),
    ("FRANCE", "F Gas - Spa/nc", "F GAS - SPA/NC", False),
    ("FRANCE", "F Gas - Spa (north coast)", "F GAS - SPA/NC", False),
    ("FRANCE", "F Gas - Spa north coast", "F GAS - SPA/NC", False),
    ("FRANCE", "F Gas - Spa n.c.", "F GAS - SPA/NC", False),
    ("FRANCE", "F Gas - SpaNC", "F GAS - SPA/NC", False),
    ("FRANCE", "F MAO S F Gas - Spa/nc", "F MAO S F GAS - SPA/NC", False),
]


@pytest.mark.parametrize(("power", "line", "expected", "noted"), AT_SEA_NOTATIONS)
def test_notations_with_fleets_at_sea(power: str, line: str, expected: str, noted: bool) -> None:
    assert_accepted(read(line, power, AT_SEA), expected, noted)


CORRECTIONS = [
    # a misspelling with one legal reading (rules/004 rule 7)
    ("FRANCE", OPENING, "A Pari - Bur", "A PAR - BUR"),
    ("FRANCE", OPENING, "A Paris - Burgandy", "A PAR - BUR"),
    ("FRANCE", OPENING, "A Par - Burgundyy", "A PAR - BUR"),
    ("ENGLAND", OPENING, "A Liv - Yor", "A LVP - YOR"),  # rule 7's own example
    ("ITALY", OPENING, "F Nap - Tyr", "F NAP - TYS"),  # rule 7's own example
    # the only coast the fleet can reach (DATC 4.B.2)
    ("FRANCE", AT_SEA, "F Gas - Spa", "F GAS - SPA/NC"),
    # a wrong unit type of one's own unit is corrected (DATC 4.C.2)
    ("FRANCE", OPENING, "A Bre - Pic", "F BRE - PIC"),
    # a wrong coast of one's own unit is ignored (DATC 4.B.5)
    ("RUSSIA", OPENING, "F StP/nc - Bot", "F STP/SC - BOT"),
    # a coast on an army's move means nothing (DATC 4.B.6)
    ("FRANCE", OPENING, "A Mar - Spa/nc", "A MAR - SPA"),
    # a wrong type or nationality of a supported unit is ignored (DATC 4.C.2, 4.C.6)
    ("FRANCE", OPENING, "A Mar S F Par - Bur", "A MAR S A PAR - BUR"),
    ("GERMANY", OPENING, "A Ber S Austrian A War - Pru", "A BER S A WAR - PRU"),
    # the supported fleet reaches only one coast of Spain
    ("FRANCE", AT_SEA, "F MAO S F Gas - Spa", "F MAO S F GAS - SPA/NC"),
    # a bare unit holds
    ("FRANCE", OPENING, "A Par", "A PAR H"),
]


@pytest.mark.parametrize(("power", "where", "line", "expected"), CORRECTIONS)
def test_corrections_note_the_interpretation(
    power: str, where: Position, line: str, expected: str
) -> None:
    assert_accepted(read(line, power, where), expected, noted=True)


def test_the_note_shows_the_order_read() -> None:
    parsed = read("F Gas - Spa", "FRANCE", AT_SEA)
    assert parsed.notes == ("interpreted as F Gas - Spa/nc",)


AMBIGUOUS = [
    # two coasts within reach: never guess (DATC 4.B.1)
    ("FRANCE", AT_SEA, "F MAO - Spa", {"F Mao - Spa/nc", "F Mao - Spa/sc"}),
    # "Nor" is Norway, which Edinburgh cannot reach; North Sea and Norwegian Sea both legal
    ("ENGLAND", OPENING, "F Edi - Nor", {"F Edi - Nth", "F Edi - Nwg"}),
]


@pytest.mark.parametrize(("power", "where", "line", "candidates"), AMBIGUOUS)
def test_several_legal_readings_are_ambiguous(
    power: str, where: Position, line: str, candidates: set[str]
) -> None:
    parsed = read(line, power, where)
    assert parsed.rejection is not None
    assert parsed.rejection.reason is RejectReason.AMBIGUOUS
    assert set(parsed.rejection.candidates) == candidates
    assert parsed.order is None
    for candidate in candidates:
        assert candidate in parsed.rejection.message


REJECTED = [
    # the exact reading is taken even when illegal: "you're out of luck" (rule 7)
    ("GERMANY", OPENING, "A Bur - Mun", "A BUR - MUN", RejectReason.NO_SUCH_UNIT),
    ("FRANCE", OPENING, "A Par - Mun", "A PAR - MUN", RejectReason.NOT_ADJACENT),
    ("FRANCE", OPENING, "A Par - Eng", "A PAR - ENG", RejectReason.WRONG_TERRAIN),
    ("ENGLAND", OPENING, "A Par - Bur", "A PAR - BUR", RejectReason.NOT_YOUR_UNIT),
    ("FRANCE", OPENING, "A Par S A Par", "A PAR S A PAR", RejectReason.SUPPORT_SELF),
    # a written coast the fleet cannot reach is not changed (DATC 4.B.3)
    ("FRANCE", AT_SEA, "F Gas - Spa/sc", "F GAS - SPA/SC", RejectReason.COAST_UNREACHABLE),
    ("FRANCE", OPENING, "A Par R Bur", "A PAR R BUR", RejectReason.WRONG_PHASE),
    ("FRANCE", OPENING, "Build A Par", "A PAR B", RejectReason.WRONG_PHASE),
]


@pytest.mark.parametrize(("power", "where", "line", "order", "reason"), REJECTED)
def test_illegal_orders_keep_the_order_read(
    power: str, where: Position, line: str, order: str, reason: RejectReason
) -> None:
    parsed = read(line, power, where)
    assert str(parsed.order) == order
    assert parsed.rejection is not None and parsed.rejection.reason is reason
    assert parsed.rejection.message


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("", RejectReason.EMPTY),
        ("   ", RejectReason.EMPTY),
        ("A Par - Xanadu", RejectReason.UNKNOWN_PROVINCE),
        ("Hello GM, how are you", RejectReason.UNREADABLE),
        ("A Par - Bur please", RejectReason.UNREADABLE),
        ("A Par S", RejectReason.UNREADABLE),
        ("F Bre C A Par", RejectReason.UNREADABLE),
        ("A", RejectReason.UNREADABLE),
        ("x" * 301, RejectReason.TOO_LONG),
        ("England: F Lon - Nth", RejectReason.NOT_YOUR_UNIT),
    ],
)
def test_unreadable_lines(line: str, reason: RejectReason) -> None:
    parsed = read(line, "FRANCE")
    assert parsed.rejection is not None and parsed.rejection.reason is reason, parsed
    assert parsed.rejection.message


def test_unknown_province_suggests_close_names() -> None:
    # Marseilles is the close name, but Paris cannot reach it: nothing to correct to.
    parsed = read("A Par - Marseile", "FRANCE")
    assert parsed.order is None and parsed.rejection is not None
    assert parsed.rejection.reason is RejectReason.UNKNOWN_PROVINCE
    assert "Mar" in parsed.rejection.candidates


def test_frivolous_order_with_plain_order_in_brackets() -> None:
    line = "Venetian army loses sense of direction and wanders into Trieste (A Ven-Tri)"
    assert_accepted(read(line, "ITALY"), "A VEN - TRI", noted=True)


# --- retreats and adjustments -------------------------------------------------------

RETREATING = position(
    "F1901R",
    {"GERMANY": ["A BUR", "A MUN"], "FRANCE": ["A MAR"]},
    dislodged=(
        Dislodgement(
            Unit.parse("FRANCE", "A BUR"),
            "MUN",
            (Location("GAS"), Location("PAR"), Location("PIC")),
        ),
    ),
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("A Bur - Gas", "A BUR R GAS"),
        ("A Bur R Gas", "A BUR R GAS"),
        ("A Bur retreats to Gas", "A BUR R GAS"),
        ("A Bur retreat Picardy", "A BUR R PIC"),
        ("Bur - Par", "A BUR R PAR"),
        ("R A Bur - Gas", "A BUR R GAS"),
        ("A Bur D", "A BUR D"),
        ("A Bur disband", "A BUR D"),
        ("disband A Bur", "A BUR D"),
    ],
)
def test_retreat_notations(line: str, expected: str) -> None:
    assert_accepted(read(line, "FRANCE", RETREATING), expected, noted=False)


def test_retreat_phase_rejections() -> None:
    bare = read("A Bur", "FRANCE", RETREATING)
    assert bare.rejection is not None and bare.rejection.reason is RejectReason.UNREADABLE
    to_attacker = read("A Bur - Mun", "FRANCE", RETREATING)
    assert str(to_attacker.order) == "A BUR R MUN" and to_attacker.rejection is not None
    hold = read("A Bur H", "FRANCE", RETREATING)
    assert hold.rejection is not None and hold.rejection.reason is RejectReason.WRONG_PHASE


BUILDING = position(
    "W1901A",
    {
        "FRANCE": ["A BUR", "F MAO", "A SPA"],
        "RUSSIA": ["A WAR", "A MOS", "F SEV"],
        "GERMANY": ["A MUN", "A BER", "F KIE", "A HOL"],
    },
    centres={"FRANCE": ["SPA", "POR"], "GERMANY": [], "RUSSIA": []},
)
# Germany owns Ber, Kie, Mun (3) and has 4 units: one removal owed.
BUILDING = Position(
    BUILDING.phase,
    BUILDING.units,
    {c: p for c, p in BUILDING.ownership.items() if c != "HOL"},
    (),
)


@pytest.mark.parametrize(
    ("power", "line", "expected", "noted"),
    [
        ("FRANCE", "Build A Par", "A PAR B", False),
        ("FRANCE", "build army Paris", "A PAR B", False),
        ("FRANCE", "A Par B", "A PAR B", False),
        ("FRANCE", "B A Par", "A PAR B", False),
        ("FRANCE", "Builds F Bre", "F BRE B", False),
        ("FRANCE", "F Bre B", "F BRE B", False),
        ("FRANCE", "build a fleet in Marseilles", "F MAR B", False),
        ("FRANCE", "Build Par", "A PAR B", True),  # inland: only an army (DATC 4.C.3)
        ("FRANCE", "A Par", "A PAR B", True),
        ("FRANCE", "waive", "WAIVE", False),
        ("FRANCE", "W", "WAIVE", False),
        ("FRANCE", "waive build", "WAIVE", False),
        ("FRANCE", "no build", "WAIVE", False),
        ("RUSSIA", "F StP/sc B", "F STP/SC B", False),
        ("RUSSIA", "build fleet St Petersburg south coast", "F STP/SC B", False),
        ("RUSSIA", "Build StP/nc", "F STP/NC B", True),  # a coast means a fleet (DATC 4.C.3)
        ("GERMANY", "Remove A Hol", "A HOL D", False),
        ("GERMANY", "disband A Hol", "A HOL D", False),
        ("GERMANY", "A Hol D", "A HOL D", False),
        ("GERMANY", "D A Hol", "A HOL D", False),
        ("GERMANY", "A Hol", "A HOL D", True),
    ],
)
def test_adjustment_notations(power: str, line: str, expected: str, noted: bool) -> None:
    assert_accepted(read(line, power, BUILDING), expected, noted)


@pytest.mark.parametrize(
    ("power", "line", "reason"),
    [
        ("FRANCE", "Build Bre", RejectReason.AMBIGUOUS),  # army or fleet (DATC 4.C.3)
        ("RUSSIA", "Build F StP", RejectReason.AMBIGUOUS),  # which coast (DATC 4.B.7)
        ("FRANCE", "Build F Par", RejectReason.WRONG_TERRAIN),  # DATC 4.C.4
        ("FRANCE", "Build A Bur", RejectReason.BUILD_NOT_HOME),
        ("FRANCE", "Remove A Bur", RejectReason.NO_REMOVALS_OWED),
        ("GERMANY", "Build A Ber", RejectReason.NO_BUILDS_ALLOWED),
    ],
)
def test_adjustment_rejections(power: str, line: str, reason: RejectReason) -> None:
    parsed = read(line, power, BUILDING)
    assert parsed.rejection is not None and parsed.rejection.reason is reason, parsed


# --- whole messages -----------------------------------------------------------------


def test_a_message_splits_on_lines_commas_and_semicolons() -> None:
    lines = parse_orders("A Par H, F Bre H; A Mar H\n", OPENING, "FRANCE", STANDARD)
    assert [str(p.order) for p in lines] == ["A PAR H", "F BRE H", "A MAR H"]
    assert all(p.accepted for p in lines)


def test_empty_lines_comments_and_headings_are_skipped() -> None:
    text = "France:\n\n   \n# my plan\n// stab England\nA Par - Bur\nSpring 1901 orders:\n"
    lines = parse_orders(text, OPENING, "FRANCE", STANDARD)
    assert [p.text for p in lines] == ["A Par - Bur"]


@pytest.mark.parametrize(
    "line",
    [
        "- A Par - Bur",
        "* A Par - Bur",
        "\u2022 A Par - Bur",
        "1. A Par - Bur",
        "12) A Par - Bur",
        "> A Par - Bur",
        "**A Par - Bur**",
        "`A Par - Bur`",
        "A Par - Bur  # to Burgundy",
        "A Par - Bur // why not",
    ],
)
def test_discord_list_markers_markdown_and_comments_are_ignored(line: str) -> None:
    lines = parse_orders(line, OPENING, "FRANCE", STANDARD)
    assert [str(p.order) for p in lines] == ["A PAR - BUR"]
    assert lines[0].accepted


def test_a_heading_for_another_power_is_rejected() -> None:
    lines = parse_orders("England:\nA Par - Bur", OPENING, "FRANCE", STANDARD)
    assert lines[0].rejection is not None
    assert lines[0].rejection.reason is RejectReason.NOT_YOUR_UNIT
    assert lines[1].accepted


def test_the_last_order_for_a_unit_stands() -> None:
    lines = parse_orders("A Par - Bur\nA Par - Pic", OPENING, "FRANCE", STANDARD)
    assert lines[0].rejection is not None
    assert lines[0].rejection.reason is RejectReason.DUPLICATE
    assert lines[1].accepted and str(lines[1].order) == "A PAR - PIC"


def test_too_many_builds_are_rejected_across_lines() -> None:
    lines = parse_orders("Build A Par\nBuild F Bre\nBuild A Mar", BUILDING, "FRANCE", STANDARD)
    assert [p.accepted for p in lines] == [True, True, False]
    assert lines[2].rejection is not None
    assert lines[2].rejection.reason is RejectReason.TOO_MANY_BUILDS


def test_only_the_first_hundred_lines_are_read() -> None:
    text = "\n".join(["A Par H"] * (MAX_LINES + 50))
    lines = parse_orders(text, OPENING, "FRANCE", STANDARD)
    assert len(lines) == MAX_LINES + 1
    last = lines[-1]
    assert last.order is None and last.rejection is not None
    assert last.rejection.reason is RejectReason.TOO_LONG
    assert "50" in last.rejection.message


def test_an_over_long_line_is_rejected_and_the_rest_read() -> None:
    lines = parse_orders("A Par - " + "Bur" * 120 + "\nA Mar H", OPENING, "FRANCE", STANDARD)
    assert lines[0].rejection is not None
    assert lines[0].rejection.reason is RejectReason.TOO_LONG
    assert lines[1].accepted


def test_orders_beyond_forty_on_one_line_are_rejected_not_dropped() -> None:
    lines = parse_orders(",".join(["A Par"] * 45), OPENING, "FRANCE", STANDARD)
    assert len(lines) == 41
    assert lines[-1].rejection is not None
    assert lines[-1].rejection.reason is RejectReason.TOO_LONG
    assert "5 more" in lines[-1].rejection.message


def test_every_returned_line_is_accepted_or_says_why() -> None:
    text = "A Par - Bur\nnonsense\nA Pari - Gas\nF Mao - Spa\nA Bur - Mun\n\n"
    for line in parse_orders(text, OPENING, "FRANCE", STANDARD):
        assert line.accepted or (line.rejection is not None and line.rejection.message)


SAMPLE = SAMPLE_PHASES


def test_recorded_orders_in_interchange_notation_read_the_same() -> None:
    """Every legal order of the 120 recorded phases (PHASES.md notation) reads back
    as the interchange reader reads it."""
    if not SAMPLE.exists():
        pytest.skip("the interchange sample is not available here")
    checked = 0
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        document = json.loads(line)
        record = read_record(document)
        for power, texts in document.get("orders", {}).items():
            for text in texts:
                try:
                    strict = read_order(text, power, record.position.phase.kind)
                except InterchangeError:
                    continue
                if validate(strict, record.position, STANDARD) is not None:
                    continue
                parsed = parse_order(text, record.position, power, STANDARD)
                assert parsed.accepted, (text, parsed)
                if parsed.order != strict:
                    # The one coast a supported fleet can reach is filled in, and said so.
                    assert isinstance(strict, Support) and parsed.notes, (text, parsed)
                    assert parsed.order == Support(
                        strict.unit,
                        strict.supported,
                        parsed.order.destination,  # type: ignore[union-attr]
                        strict.supported_type,
                    )
                checked += 1
    assert checked > 1000
