"""rules/003 clauses the examples do not show: MR2 d) retreats and e) adjustments
written for powers in civil disorder, an annexed centre's former owner (M12), and the
Winter kept for rebels, annexation and aid (M15)."""

from __future__ import annotations

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Hold, Retreat, Waive
from adjudication.model.outcomes import Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase
from adjudication.variants.masters.written import Aid, Control, Written
from tests.adjudication.masters.test_examples import ALL_SIX, control_of, play, unit

A_BEL = unit("BELGIUM", "A BEL")
TO_PIC = Retreat(A_BEL, Location("PIC"))
TO_HOL = Retreat(A_BEL, Location("HOL"))


def belgium_dislodged() -> Position:
    units = [
        unit("FRANCE", "A BEL"),
        unit("ENGLAND", "F LON"),
        unit("GERMANY", "A MUN"),
        unit("ITALY", "A ROM"),
    ]
    ownership = {"BEL": "BELGIUM", "LON": "ENGLAND", "MUN": "GERMANY", "ROM": "ITALY"}
    ownership |= {"PAR": "FRANCE", "BER": "GERMANY", "KIE": "GERMANY"}
    retreats = (Location("PIC"), Location("HOL"))
    return Position(Phase.parse("F1901R"), units, ownership, [Dislodgement(A_BEL, "BUR", retreats)])


def test_rules003_mr2d_one_retreat_per_writer_settled_by_count_outside_the_centre_limit() -> None:
    lines = [
        Written(TO_PIC, "ENGLAND"),  # England owns one centre: retreats are not counted
        Written(TO_HOL, "GERMANY"),
        Written(TO_HOL, "ITALY"),
        Written(TO_PIC, "ITALY"),  # "one Retreat or Disband order for each such unit"
        Written(TO_PIC, "FRANCE"),  # A Bel stands on Belgium's centre
    ]
    result = play(belgium_dislodged(), lines)
    assert unit("BELGIUM", "A HOL") in result.adjudication.position.units
    assert [w.control for w in result.written] == [
        Control.OUTVOTED,
        Control.FOLLOWED,
        Control.FOLLOWED,
        Control.OVER_LIMIT,
        Control.NOT_ELIGIBLE,
    ]


def test_rules003_mr2d_a_tied_retreat_leaves_the_unit_unordered_and_it_is_disbanded() -> None:
    lines = [Written(TO_PIC, "ENGLAND"), Written(TO_HOL, "GERMANY")]
    result = play(belgium_dislodged(), lines)
    assert not result.adjudication.position.units_of("BELGIUM")
    assert control_of(result, TO_PIC, "ENGLAND") == [Control.TIED]


def spain_in_winter(units: str) -> Position:
    placed = [unit("FRANCE", "A PAR"), unit("ITALY", "A ROM"), unit("GERMANY", "A MUN")]
    placed += [unit("SPAIN", text) for text in units.split(",")]
    ownership = {"PAR": "FRANCE", "ROM": "ITALY", "MUN": "GERMANY", "SPA": "SPAIN"}
    ownership |= {"POR": "SPAIN", "BRE": "FRANCE", "VEN": "ITALY", "BER": "GERMANY"}
    return Position(Phase.parse("W1901A"), placed, ownership)


def test_rules003_mr2e_builds_written_for_a_cd_power_settled_by_count_one_per_writer() -> None:
    a_spa = Build(unit("SPAIN", "A SPA"))
    f_spa = Build(unit("SPAIN", "F SPA/NC"))
    lines = [
        Written(a_spa, "FRANCE"),
        Written(a_spa, "FRANCE"),  # Spain owes one build: one line per writer
        Written(a_spa, "ITALY"),
        Written(f_spa, "GERMANY"),
    ]
    result = play(spain_in_winter("A POR"), lines)
    assert unit("SPAIN", "A SPA") in result.adjudication.position.units
    assert control_of(result, a_spa, "FRANCE") == [Control.FOLLOWED, Control.OVER_LIMIT]
    assert control_of(result, f_spa, "GERMANY") == [Control.OUTVOTED]


def test_rules003_mr2e_a_removal_written_for_a_cd_power_is_followed_over_the_cd_rule() -> None:
    position = spain_in_winter("A SPA,A POR,A GAS")  # Spain owns two centres, has three units
    unwritten = play(position, []).adjudication.position
    assert unit("SPAIN", "A SPA") in unwritten.units  # the civil-disorder rule's choice
    disband = Disband(unit("SPAIN", "A SPA"))
    result = play(position, [Written(disband, "ITALY")])
    assert unit("SPAIN", "A SPA") not in result.adjudication.position.units
    assert control_of(result, disband, "ITALY") == [Control.FOLLOWED]


def test_rules003_mr5c_no_voluntary_disband_of_a_cd_power_through_variable_control() -> None:
    disband = Disband(unit("SPAIN", "A SPA"))
    result = play(spain_in_winter("A SPA"), [Written(disband, "ITALY")])
    assert unit("SPAIN", "A SPA") in result.adjudication.position.units
    assert control_of(result, disband, "ITALY") == [Control.ILLEGAL]


def test_rules003_mr4c_an_annexed_centre_is_no_longer_its_former_powers_home() -> None:
    winter = Position(
        Phase.parse("W1904A"),
        [unit("ITALY", "A ROM")],
        {"VEN": "ITALY", "ROM": "ITALY", "NAP": "ITALY"},  # Italy took Venice back
        homes={"VEN": "AUSTRIA"},  # annexed by Austria in 1902
    )
    build_ven = Build(unit("ITALY", "A VEN"))
    lines = [Written(build_ven, "ITALY"), Written(Build(unit("ITALY", "F NAP")), "ITALY")]
    result = play(winter, lines, winter_history=[dict(winter.ownership)])
    after = result.adjudication.position
    assert unit("ITALY", "F NAP") in after.units and unit("ITALY", "A VEN") not in after.units
    refused = [o for o in result.adjudication.outcomes if o.order == build_ven]
    assert refused[0].reason is Reason.ILLEGAL


def france_with_a_surplus_and_no_free_home() -> Position:
    units = [unit("FRANCE", t) for t in ("A PAR", "A MAR", "F BRE")] + [unit("ITALY", "A ROM")]
    ownership = {c: "FRANCE" for c in ("PAR", "MAR", "BRE", "BEL")} | {"ROM": "ITALY"}
    return Position(Phase.parse("F1901M"), units, ownership)


def test_rules003_m15_a_winter_with_no_build_site_is_played_for_rebels_annexation_or_aid() -> None:
    fall = france_with_a_surplus_and_no_free_home()
    holds = [Written(Hold(u), u.power) for u in fall.units]
    for masters in (
        MastersRules(rebellion=True),
        MastersRules(annexation=True),
        MastersRules(foreign_aid=True),
    ):
        assert play(fall, holds, masters).adjudication.position.phase == Phase.parse("W1901A")
    alone = play(fall, holds, MastersRules(disarmament=True)).adjudication.position
    assert alone.phase == Phase.parse("S1902M")  # MR5 alone never opens a Winter


def test_rules003_all_six_rules_keep_the_winter_too() -> None:
    fall = france_with_a_surplus_and_no_free_home()
    holds = [Written(Hold(u), u.power) for u in fall.units]
    assert play(fall, holds, ALL_SIX).adjudication.position.phase == Phase.parse("W1901A")


def test_rules000_unused_builds_are_waived_under_the_masters_rules_too() -> None:
    winter = Position(
        Phase.parse("W1901A"),
        [unit("ENGLAND", "F NTH"), unit("FRANCE", "A PAR")],
        {"LON": "ENGLAND", "EDI": "ENGLAND", "LVP": "ENGLAND", "PAR": "FRANCE", "BEL": "FRANCE"},
    )
    # England may build two, writes one; France may build one (Mar or Bre), aids Italy.
    lines = [Written(Build(unit("ENGLAND", "F LON")), "ENGLAND"), Written(Aid("ITALY"), "FRANCE")]
    result = play(winter, lines)
    waived = [o for o in result.adjudication.outcomes if o.reason is Reason.WAIVED]
    assert [o.order for o in waived] == [Waive("ENGLAND")]
