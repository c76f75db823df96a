"""`adjudication.io.records`: a played phase written as a PHASES.md input line reads back
as the same orders (what `/game export` relies on)."""

from __future__ import annotations

from adjudication.io.interop import read_record
from adjudication.io.records import input_line
from adjudication.maps import STANDARD
from adjudication.model.orders import Convoy, Hold, Move, Support
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit


def test_a_support_or_convoy_stored_without_the_supported_units_type_reads_back() -> None:
    """A player may write `F Eng S Bre - Mao`: the order keeps no unit type, but the
    interchange format needs it (`F ENG S F BRE - MAO`); it is the unit standing there."""
    position = Position(
        Phase.parse("S1901M"),
        (
            Unit.parse("FRANCE", "F BRE"),
            Unit.parse("ENGLAND", "F ENG"),
            Unit.parse("ENGLAND", "F NTH"),
            Unit.parse("ENGLAND", "A LON"),
        ),
        {},
    )
    orders = [
        Move(Unit.parse("FRANCE", "F BRE"), Location("MAO")),
        Support(Unit.parse("ENGLAND", "F ENG"), Location("BRE"), Location("MAO")),
        Convoy(Unit.parse("ENGLAND", "F NTH"), Location("LON"), Location("BEL")),
        Hold(Unit.parse("ENGLAND", "A LON")),
    ]
    line = input_line("1-0", position, orders, STANDARD, STANDARD.powers)
    assert line["orders"]["ENGLAND"] == ["A LON H", "F ENG S F BRE - MAO", "F NTH C A LON - BEL"]
    record = read_record(line)
    assert record.unread == ()
    assert len(record.orders) == 4
