"""rules/004, Kriegsplomacy (issue 29): a spy's report names each unit's own country.

"You are told the type and country of the units involved, but you are not told of any
locations not covered by the Espionage." The project's ruling: when the document tells
a power of a unit's type and country, the country is the unit's own; where it hides the
unit, neither its country nor its place is shown (K9)."""

from __future__ import annotations

from adjudication.model.orders import Espionage, Move, Support
from adjudication.model.units import Location, UnitType
from tests.adjudication.test_kriegsplomacy import position, unit
from tests.adjudication.test_kriegsplomacy_views import played, report_lines, view

L = Location


def _spied(*extra: str):
    """France's view: its army in Burgundy spies on Bel, Gas, Mar, Mun, Par, Pic, Ruh.
    Germany's army in Munich supports its own army from Bohemia into Tyrolia (both
    unseen); Italy's army in Piedmont (unseen) moves into Marseilles (seen). `extra`:
    "hol", Germany's army in Holland (unseen) also supports Italy's army from Ruhr
    (seen) into Belgium."""
    units = ["FRANCE A BUR", "GERMANY A MUN", "GERMANY A BOH", "ITALY A PIE"]
    orders = [
        Espionage(unit("FRANCE A BUR")),
        Support(unit("GERMANY A MUN"), L("BOH"), L("TYR"), UnitType.ARMY),
        Move(unit("GERMANY A BOH"), L("TYR")),
        Move(unit("ITALY A PIE"), L("MAR")),
    ]
    if "hol" in extra:
        units += ["GERMANY A HOL", "ITALY A RUH"]
        orders += [
            Support(unit("GERMANY A HOL"), L("RUH"), L("BEL"), UnitType.ARMY),
            Move(unit("ITALY A RUH"), L("BEL")),
        ]
    before = position("S1901M", units)
    return view(before, played(before, orders), "FRANCE")


def test_rules004_krieg_a_hidden_supported_unit_is_named_by_no_country() -> None:
    # Germany's army in Munich supports an army France cannot see: it is German, and
    # another country's unit standing at some other unseen place must not lend it a
    # country ("S Ita A ???-???" said Italian of a German army).
    lines = report_lines(_spied().adjudication)
    assert lines == {"France": "A Bur* E", "Germany": "A Mun* S A ???-???", "Italy": "A ???-Mar*"}


def test_rules004_krieg_a_seen_supported_unit_is_named_by_its_own_country() -> None:
    # The army supported into Belgium stands in Ruhr, a place France's spy covers: it
    # is Italian, and named so; the supporter's own place is hidden.
    lines = report_lines(_spied("hol").adjudication)
    assert lines["Germany"] == "A ??? S Ita A Rur-Bel, A Mun* S A ???-???", lines
    assert lines["Italy"] == "A ???-Mar*, A Rur-Bel*", lines
