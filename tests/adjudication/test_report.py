"""The judge-notation report (adjudication/text/report.py) against rules/004's own example."""

from __future__ import annotations

import re

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.text.report import (
    ABBREVIATIONS,
    REASON_PHRASES,
    adjustment_report,
    describe,
    movement_report,
    place,
    retreat_report,
)
from adjudication.variants import STANDARD_GAME
from tests.shared_files import RULES_DIR

# rules/004 stays with the shared reference documents (tests/shared_files.py): the
# tests that compare with its example skip when it is not beside the checkout.
RULES_004 = next(RULES_DIR.glob("004_*.txt"), None)
CODE = {abbr: code for code, abbr in ABBREVIATIONS.items()}

# The rulebook sample game before Fall 1902, as rules/004's example implies it: every
# unit it orders, and centre ownership from its "Adjustments for 1902" (the centres
# marked "+" were unowned or someone else's; those marked "-" are Russia's).
EXAMPLE_ORDERS = {
    "AUSTRIA": ["F Gre H", "A Ser S A Bul-Rum", "A Tri-Bud", "A Vie-Gal"],
    "ENGLAND": ["F BarS S A Nwy-StP", "F Edi-NthS", "A Nwy-StP", "F NthS-Nwy"],
    "FRANCE": ["A Bur-Bel", "F Mar S A Spa", "F Pic S A Bur-Bel", "A Spa S F Mar"],
    "GERMANY": [
        "A Bel S A Rur-Bur",
        "F Den-Swe",
        "F Hol S A Bel",
        "A Mun S A Rur-Bur",
        "A Rur-Bur",
    ],
    "ITALY": ["A Pie-Mar", "F TyrS-GLyo", "A Ven-Pie", "F WMed-MAtl"],
    "RUSSIA": [
        "F Rum S A Sev",
        "A Sev S F Rum",
        "A StP-Nwy",
        "F Swe S A StP-Nwy",
        "A Gal S F Rum",
        "A Ukr S A Sev",
    ],
    "TURKEY": ["A Arm-Sev", "F BlaS S A Bul-Rum", "A Bul-Rum", "A Con-Bul"],
}
OWNERSHIP_BEFORE = {
    "AUSTRIA": "Bud Gre Tri Vie",
    "ENGLAND": "Edi Lon Lpl Nwy",
    "FRANCE": "Bre Mar Par Spa",
    "GERMANY": "Ber Den Hol Kie Mun",
    "ITALY": "Nap Rom Tun Ven",
    "RUSSIA": "Mos Rum Sev StP Swe War",
    "TURKEY": "Ank Bul Con Smy",
}


def _loc(abbr: str) -> Location:
    return Location(CODE[abbr])


def _read_example_order(power: str, text: str, units: dict[str, Unit]) -> Order:
    m = re.fullmatch(r"([AF]) (\w+)(?:-(\w+)| (H)| S ([AF]) (\w+)(?:-(\w+))?)", text)
    assert m, text
    kind, where, dest, hold, s_kind, s_where, s_dest = m.groups()
    unit = Unit(power, UnitType(kind), _loc(where))
    units[unit.province] = unit
    if dest:
        return Move(unit, _loc(dest))
    if hold:
        return Hold(unit)
    return Support(unit, _loc(s_where), _loc(s_dest) if s_dest else None, UnitType(s_kind))


def _example_block(title: str) -> list[str]:
    """A block of rules/004's example, tabs expanded as a terminal shows them."""
    if RULES_004 is None:
        pytest.skip(f"rules/004 not found in {RULES_DIR}: the shared reference documents")
    lines = RULES_004.read_text().splitlines()
    start = lines.index(title)
    end = next(i for i in range(start + 2, len(lines)) if not lines[i].strip())
    return [line.expandtabs(8).rstrip() for line in lines[start:end]]


@pytest.fixture(scope="module")
def sample_fall_1902():
    from adjudication.play import phases

    units: dict[str, Unit] = {}
    orders = [
        _read_example_order(power, text, units)
        for power, texts in EXAMPLE_ORDERS.items()
        for text in texts
    ]
    ownership = {
        CODE[abbr]: power for power, names in OWNERSHIP_BEFORE.items() for abbr in names.split()
    }
    before = Position(Phase.parse("F1902M"), tuple(units.values()), ownership)
    movement = phases.adjudicate(before, orders, STANDARD_GAME)
    retreat_orders = [
        Retreat(Unit.parse("FRANCE", "A BUR"), Location("GAS")),
        Retreat(Unit.parse("RUSSIA", "A STP"), Location("MOS")),
    ]
    retreats = phases.adjudicate(movement.position, retreat_orders, STANDARD_GAME)
    builds = [
        Build(Unit.parse("AUSTRIA", "A TRI")),
        Build(Unit.parse("ENGLAND", "F LON")),
        Build(Unit.parse("GERMANY", "F KIE")),
        Disband(Unit.parse("RUSSIA", "A GAL")),
        Build(Unit.parse("TURKEY", "F SMY")),
    ]
    winter = phases.adjudicate(retreats.position, builds, STANDARD_GAME)
    return before, orders, movement, retreats, winter


# Where rules/004's example cannot be what a judge printed, each shown impossible below:
# - "A Nor": no such province; England's army stands in Norway ("Nwy") as its other
#   orders say;
# - "F Edi*-NthS": the North Sea fleet left for Norway ("F NthS-Nwy*") and nobody else
#   entered, so the Edinburgh fleet moved in;
# - Italy's centres are the one list out of alphabetical order;
# - Turkey's "+Sev": its "A Arm*-Sev" failed and "A Bul-Rum*" succeeded, and Russia's
#   line reads "-Rum" and keeps "Sev".
TYPOS = {
    "A Nor-StP*": "A Nwy-StP*",
    "F Edi*-NthS": "F Edi-NthS*",
    "(4) Rom, Nap, Tun, Ven": "(4) Nap, Rom, Tun, Ven",
    "Con, +Sev, Smy": "Con, +Rum, Smy",
}


def _corrected(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        for typo, fix in TYPOS.items():
            line = line.replace(typo, fix)
        out.append(line)
    return out


def test_the_example_typos_are_typos(sample_fall_1902) -> None:
    retreats = sample_fall_1902[3]
    assert "NOR" not in STANDARD.provinces and CODE["Nwy"] == "NWY"
    after = retreats.position
    assert after.unit_in("NTH") == Unit.parse("ENGLAND", "F NTH")
    assert after.unit_in("NWY") == Unit.parse("ENGLAND", "F NWY")
    assert after.unit_in("RUM") == Unit.parse("TURKEY", "A RUM")
    assert after.unit_in("SEV") == Unit.parse("RUSSIA", "A SEV")
    assert after.ownership["RUM"] == "TURKEY" and after.ownership["SEV"] == "RUSSIA"
    assert sorted(["Rom", "Nap", "Tun", "Ven"]) != ["Rom", "Nap", "Tun", "Ven"]


def test_results_for_fall_1902_as_in_rules_004(sample_fall_1902) -> None:
    _, orders, movement, retreats, _ = sample_fall_1902
    text = movement_report(movement, retreats, submitted=orders)
    assert text.splitlines() == _corrected(_example_block("Results for Fall 1902:"))


def test_adjustments_for_1902_as_in_rules_004(sample_fall_1902) -> None:
    before, _, _, retreats, winter = sample_fall_1902
    text = adjustment_report(1902, before.ownership, winter.position.ownership, winter)
    assert winter.position.ownership == retreats.position.ownership
    assert text.splitlines() == _corrected(_example_block("Adjustments for 1902:"))


def test_each_typo_occurs_once_in_the_example() -> None:
    raw = "\n".join(
        _example_block("Results for Fall 1902:") + _example_block("Adjustments for 1902:")
    )
    assert all(raw.count(typo) == 1 for typo in TYPOS)


def test_without_submission_order_a_power_lists_its_units_by_place(sample_fall_1902) -> None:
    _, _, movement, retreats, _ = sample_fall_1902
    lines = movement_report(movement, retreats).splitlines()
    england = next(line for line in lines if line.startswith("England:"))
    assert england.split(None, 1)[1] == (
        "F BarS* S A Nwy-StP, F Edi-NthS*, F NthS-Nwy*, A Nwy-StP*"
    )


def _outcome(order: Order, succeeded: bool = False, reason: Reason | None = None) -> Outcome:
    return Outcome(order, succeeded, reason)


def _played(outcomes) -> Adjudication:
    """An Adjudication of Spring 1901 with these outcomes (the report reads no more)."""
    return Adjudication(Phase.parse("S1901M"), tuple(outcomes), Position.initial(STANDARD_GAME))


def test_notations_for_failed_and_odd_orders() -> None:
    par = Unit.parse("FRANCE", "A PAR")
    mar = Unit.parse("FRANCE", "A MAR")
    bre = Unit.parse("FRANCE", "F BRE")
    ghost = Unit.parse("FRANCE", "A RUH")
    mun = Unit.parse("GERMANY", "A MUN")
    played = _played(
        [
            _outcome(Move(par, Location("BUR")), reason=Reason.BOUNCED),
            _outcome(Support(mar, Location("PAR"), None, UnitType.ARMY), reason=Reason.VOID),
            _outcome(Convoy(bre, Location("PIC"), Location("LON")), reason=Reason.VOID),
            _outcome(Move(ghost, Location("BEL")), reason=Reason.NO_SUCH_UNIT),
            _outcome(Hold(mun), True, Reason.UNORDERED),
        ]
    )
    text = movement_report(played, nmr={"GERMANY"})
    assert text.splitlines() == [
        "Results for Spring 1901:",
        "",
        "France:         F Bre* C A Pic-Lon [nso], A Mar* S A Par [nso], A Par*-Bur,",
        "                A Rur-Bel [nsu]",
        "Germany:        A Mun* H [NMR]",
    ]


def test_interpreted_order_shows_what_was_written() -> None:
    lvp = Unit.parse("ENGLAND", "A LVP")
    order = Move(lvp, Location("YOR"))
    text = movement_report(_played([_outcome(order, True)]), interpreted={order: "A Liv-Yor"})
    assert text.splitlines()[-1] == "England:        A Liv-Yor [ia: A Lpl-Yor*]"


def test_every_province_has_a_rules_004_abbreviation() -> None:
    playable = {c for c, p in STANDARD.provinces.items() if p.terrain.value != "impassable"}
    assert set(ABBREVIATIONS) == playable
    assert place(Location("STP", "SC")) == "StPSC"


def test_every_reason_has_a_phrase() -> None:
    assert set(REASON_PHRASES) == set(Reason)
    order = Hold(Unit.parse("FRANCE", "A PAR"))
    assert describe(Outcome(order, False, Reason.CUT)) == "failed: support cut"
    assert describe(Outcome(order, True)) == "succeeded"


def test_retreat_report_of_the_sample_game(sample_fall_1902) -> None:
    retreats = sample_fall_1902[3]
    assert retreat_report(retreats).splitlines() == [
        "Retreats for Fall 1902:",
        "",
        "France:         A Bur [r-Gas*]",
        "Russia:         A StP [r-Mos*]",
    ]


def test_retreat_report_marks_disbands_and_missing_orders() -> None:
    from adjudication.model.position import Dislodgement
    from adjudication.play import phases

    bur = Unit.parse("FRANCE", "A BUR")
    rum = Unit.parse("RUSSIA", "F RUM")
    sev = Unit.parse("TURKEY", "A SEV")
    position = Position(
        Phase.parse("F1902R"),
        (),
        {},
        (
            Dislodgement(bur, "RUH", (Location("GAS"),)),
            Dislodgement(rum, "BUL", (Location("BLA"),)),
            Dislodgement(sev, "ARM", (Location("UKR"),)),
        ),
    )
    played = phases.adjudicate(position, [Disband(bur), Retreat(sev, Location("MOS"))])
    assert retreat_report(played).splitlines()[2:] == [
        "France:         A Bur [r-otb]",
        "Russia:         F Rum [d*] [NRR]",
        "Turkey:         A Sev-Mos [d*] [io]",
    ]


def test_reports_of_a_random_game_list_every_unit_once_within_the_width() -> None:
    """Every movement phase of a seeded random game: one entry per order, one star per
    unit still on the board, lines no wider than the layout allows."""
    from adjudication.play import phases
    from adjudication.text.report import ORDERS_COLUMN, WIDTH
    from benchmarks.corpus import play_game

    for corpus_phase in play_game(11, last_year=1906):
        played = phases.adjudicate(corpus_phase.position, corpus_phase.orders, STANDARD_GAME)
        text = movement_report(played)
        lines = text.splitlines()
        assert all(len(line) <= WIDTH for line in lines)
        # Orders are never split over lines; a line that goes on ends with a comma.
        entries = [e for line in lines[2:] for e in line[ORDERS_COLUMN:].rstrip(",").split(", ")]
        assert len(entries) == len(corpus_phase.position.units)
        body = " ".join(entries)
        # Without the retreat phase a dislodged unit has no final place yet: no star.
        stars = body.count("*") - body.count("[d*]")
        assert stars == len(corpus_phase.position.units) - len(played.dislodged)
        assert body.count("[dislodged]") == sum(1 for d in played.dislodged if d.retreats)


def test_a_fleet_retreat_names_its_coast_in_the_judge_text() -> None:
    """rules/004 writes coasts into the abbreviation ("SpaNC"), in `[r-…*]` as anywhere."""
    from adjudication.model.position import Dislodgement
    from adjudication.play import phases

    mao = Unit.parse("FRANCE", "F MAO")
    options = (Location("SPA", "NC"), Location("SPA", "SC"))
    position = Position(Phase.parse("F1902R"), (), {}, (Dislodgement(mao, "BRE", options),))
    played = phases.adjudicate(position, [Retreat(mao, Location("SPA", "SC"))])
    assert retreat_report(played).splitlines()[2:] == ["France:         F MAtl [r-SpaSC*]"]


def test_replay_lists_a_fleets_retreat_options_with_their_coasts() -> None:
    """`python -m adjudication replay`: the `retreats` of a fleet name the coast."""
    import json
    import subprocess
    import sys

    from adjudication.io.records import input_line

    position = Position(
        Phase.parse("F1902M"),
        (
            Unit.parse("FRANCE", "F MAO"),
            Unit.parse("ENGLAND", "F BRE"),
            Unit.parse("ENGLAND", "F ENG"),
            Unit.parse("TURKEY", "F BLA"),
            Unit.parse("TURKEY", "A UKR"),
            Unit.parse("RUSSIA", "F RUM"),
        ),
        {},
    )
    orders = [
        Move(Unit.parse("ENGLAND", "F BRE"), Location("MAO")),
        Support(Unit.parse("ENGLAND", "F ENG"), Location("BRE"), Location("MAO"), UnitType.FLEET),
        Move(Unit.parse("TURKEY", "F BLA"), Location("RUM")),
        Support(Unit.parse("TURKEY", "A UKR"), Location("BLA"), Location("RUM"), UnitType.FLEET),
    ]
    line = input_line("coasts", position, orders, STANDARD, STANDARD.powers)
    done = subprocess.run(
        [sys.executable, "-m", "adjudication", "replay"],
        input=json.dumps(line) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    dislodged = json.loads(done.stdout)["dislodged"]
    assert dislodged["FRANCE"]["F MAO"]["retreats"] == [
        "GAS",
        "IRI",
        "NAF",
        "NAO",
        "POR",
        "SPA/NC",
        "SPA/SC",
        "WES",
    ]
    assert dislodged["RUSSIA"]["F RUM"]["retreats"] == ["BUL/EC", "SEV"]
