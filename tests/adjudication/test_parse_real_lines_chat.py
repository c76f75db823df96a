"""Orders as real players write them, continued (issue 29, "The orders real players
write"; issue 33, "A late player's orders silently not read"): a province abbreviation
one letter off, read as a correction where only one place fits, and orders among chat
sentences, read for their orders with what was ignored said."""

from __future__ import annotations

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.play.legal import legal_orders
from adjudication.text.notation import format_order
from adjudication.text.parse import ParsedLine, parse_orders
from tests.adjudication.real_lines import (
    OPENING,
    REAL,
    assert_read,
    assert_refused,
    position,
    read,
)

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
