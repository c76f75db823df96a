"""rules/003's examples, and the situations of each clause (docs/VARIANTS.md M1-M16)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Hold, Move, Order, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Power, Unit, UnitType
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from adjudication.variants.masters.play import adjudicate_written
from adjudication.variants.masters.written import Aid, Annex, Control, RebelBuild, Written

ALL_SIX = MastersRules(True, True, True, True, True, True)


def unit(power: Power, text: str) -> Unit:
    return Unit.parse(power, text)


def position(code: str, units: Mapping[Power, str], owners: Mapping[Power, str]) -> Position:
    placed = [unit(p, f"{t[0]} {t[2:]}") for p, texts in units.items() for t in texts.split(",")]
    ownership = {c: p for p, centres in owners.items() for c in centres.split()}
    return Position(Phase.parse(code), placed, ownership)


def play(pos: Position, lines: list[Written], masters: MastersRules = ALL_SIX, **kw: object):
    return adjudicate_written(pos, lines, STANDARD_GAME, Rules(masters=masters), **kw)  # type: ignore[arg-type]


def control_of(result, order: Order | object, by: Power) -> list[Control]:
    return [w.control for w in result.written if w.written == Written(order, by)]  # type: ignore[arg-type]


# --- MR1 Minor Powers --------------------------------------------------------------


def test_rules003_mr1_every_other_centre_a_minor_power_with_one_army() -> None:
    start = Position.initial(STANDARD_GAME, Rules(masters=MastersRules(minor_powers=True)))
    minors = {u.power: u for u in start.units if u.power not in STANDARD_GAME.board.powers}
    assert len(minors) == 12
    assert minors["PORTUGAL"] == unit("PORTUGAL", "A POR")
    assert start.ownership["POR"] == "PORTUGAL" and start.ownership["SPA"] == "SPAIN"
    assert all(u.type is UnitType.ARMY for u in minors.values())


def test_rules003_mr1c_minor_powers_in_civil_disorder_hold_and_may_be_supported() -> None:
    rules = Rules(masters=MastersRules(minor_powers=True))
    start = Position.initial(STANDARD_GAME, rules)
    orders = [
        Move(unit("FRANCE", "A MAR"), Location("SPA")),
        Support(unit("FRANCE", "F BRE"), Location("MAR")),
        Move(unit("PORTUGAL", "A POR"), Location("SPA")),  # nobody orders a minor power
    ]
    result = adjudicate(start, orders, STANDARD_GAME, rules)
    assert unit("SPAIN", "A SPA") in result.position.units
    refused = [o for o in result.outcomes if o.order == orders[2]]
    assert refused[0].reason is Reason.ILLEGAL


# --- MR2 Variable Control: the document's example ----------------------------------

FALL_1901 = {
    "FRANCE": "F GAS,A MAR,F BRE",
    "GERMANY": "F HEL,A KIE,A MUN",
    "ITALY": "F TYS,A VEN,A ROM",
    "PORTUGAL": "A POR",
    "SPAIN": "A SPA",
    "DENMARK": "A DEN",
}
OWNERS_1901 = {
    "FRANCE": "BRE MAR PAR",
    "GERMANY": "BER KIE MUN",
    "ITALY": "NAP ROM VEN",
    "PORTUGAL": "POR",
    "SPAIN": "SPA",
    "DENMARK": "DEN",
}
A_POR_S_SPA = Support(unit("PORTUGAL", "A POR"), Location("SPA"), None, UnitType.ARMY)
A_POR_S_MAR_SPA = Support(unit("PORTUGAL", "A POR"), Location("MAR"), Location("SPA"))


def test_rules003_mr2_portugal_fall_1901() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    mar_spa = Move(unit("FRANCE", "A MAR"), Location("SPA"))
    lines = [
        Written(Support(unit("FRANCE", "F GAS"), Location("MAR"), Location("SPA")), "FRANCE"),
        Written(mar_spa, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
        Written(Support(unit("GERMANY", "F HEL"), Location("KIE"), Location("DEN")), "GERMANY"),
        Written(Move(unit("GERMANY", "A KIE"), Location("DEN")), "GERMANY"),
        Written(Support(unit("PORTUGAL", "A POR"), Location("SPA")), "GERMANY"),
        Written(Move(unit("ITALY", "F TYS"), Location("WES")), "ITALY"),
        Written(A_POR_S_SPA, "ITALY"),
        Written(A_POR_S_SPA, "ITALY"),
    ]
    result = play(pos, lines)
    # "Portuguese A Por Supports Spanish A Spa, which repels the French attack"
    assert unit("SPAIN", "A SPA") in result.adjudication.position.units
    assert unit("FRANCE", "A MAR") in result.adjudication.position.units
    moved = [o for o in result.adjudication.outcomes if o.order == mar_spa]
    assert moved[0].succeeded is False
    assert control_of(result, A_POR_S_MAR_SPA, "FRANCE") == [Control.OUTVOTED]
    assert control_of(result, A_POR_S_SPA, "ITALY") == [Control.FOLLOWED] * 2


def test_rules003_mr2_conflicting_orders_tie_the_unit_holds() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [Written(A_POR_S_MAR_SPA, "FRANCE"), Written(A_POR_S_SPA, "ITALY")]
    result = play(pos, lines)
    assert {w.control for w in result.written} == {Control.TIED}
    por = [o for o in result.adjudication.outcomes if o.order.unit.province == "POR"]  # type: ignore[union-attr]
    assert [o.order for o in por] == [Hold(unit("PORTUGAL", "A POR"))]


def test_rules003_mr2a_not_eligible_with_a_unit_adjacent_as_for_support() -> None:
    units = {**FALL_1901, "FRANCE": "F MAO,A MAR,F BRE"}  # F Mao could move into Portugal
    result = play(position("F1901M", units, OWNERS_1901), [Written(A_POR_S_MAR_SPA, "FRANCE")])
    assert control_of(result, A_POR_S_MAR_SPA, "FRANCE") == [Control.NOT_ELIGIBLE]


def test_rules003_mr2b_no_more_valid_orders_than_centres_owned() -> None:
    lines = [Written(A_POR_S_SPA, "ITALY")] * 4  # Italy owns three centres
    result = play(position("F1901M", FALL_1901, OWNERS_1901), lines)
    assert [w.control for w in result.written] == [Control.FOLLOWED] * 3 + [Control.OVER_LIMIT]


def test_rules003_mr2f_no_variable_control_through_a_cd_power() -> None:
    order = Move(unit("SPAIN", "A SPA"), Location("GAS"))
    result = play(position("F1901M", FALL_1901, OWNERS_1901), [Written(order, "PORTUGAL")])
    assert control_of(result, order, "PORTUGAL") == [Control.THROUGH_CD_POWER]


def test_rules003_mr2_only_powers_in_civil_disorder() -> None:
    order = Move(unit("FRANCE", "A MAR"), Location("PIE"))
    result = play(position("F1901M", FALL_1901, OWNERS_1901), [Written(order, "ITALY")])
    assert control_of(result, order, "ITALY") == [Control.NOT_IN_DISORDER]


# --- MR3 Rebellion -----------------------------------------------------------------


def test_rules003_mr3_rebel_army_raised_in_moscow_adjustments_1901() -> None:
    pos = position(
        "W1901A",
        {
            "RUSSIA": "A GAL,A RUM,F STP/SC,F SEV",
            "TURKEY": "F BLA,A BUL,A SMY",
            "GERMANY": "A HOL,A RUH,F KIE",
        },
        {
            "RUSSIA": "MOS WAR SEV STP RUM",
            "TURKEY": "ANK CON SMY BUL",
            "GERMANY": "BER KIE MUN HOL",
        },
    )
    rebel = RebelBuild(UnitType.ARMY, Location("MOS"))
    build_mos = Build(unit("RUSSIA", "A MOS"))
    lines = [Written(build_mos, "RUSSIA"), Written(rebel, "TURKEY"), Written(rebel, "GERMANY")]
    result = play(pos, lines, MastersRules(rebellion=True))
    after = result.adjudication.position
    assert unit("REBEL MOS", "A MOS") in after.units
    assert unit("RUSSIA", "A MOS") not in after.units
    # d) "does not immediately own the Supply Center in which it is constructed"
    assert after.ownership["MOS"] == "RUSSIA"
    assert control_of(result, rebel, "TURKEY") == [Control.FOLLOWED]


def test_rules003_mr3c_a_tie_between_rebel_and_owner_builds_nothing() -> None:
    pos = position("W1901A", {"RUSSIA": "A GAL", "TURKEY": "A BUL"}, {"RUSSIA": "MOS WAR"})
    pos = Position(pos.phase, pos.units, {**pos.ownership, "ANK": "TURKEY", "CON": "TURKEY"})
    rebel = RebelBuild(UnitType.ARMY, Location("MOS"))
    lines = [Written(Build(unit("RUSSIA", "A MOS")), "RUSSIA"), Written(rebel, "TURKEY")]
    after = play(pos, lines, MastersRules(rebellion=True)).adjudication.position
    assert after.unit_in("MOS") is None


def test_rules003_mr3b_no_rebel_next_to_the_owners_unit() -> None:
    pos = position("W1901A", {"RUSSIA": "A WAR", "TURKEY": "A BUL"}, {"RUSSIA": "MOS WAR"})
    pos = Position(pos.phase, pos.units, {**pos.ownership, "ANK": "TURKEY", "CON": "TURKEY"})
    rebel = RebelBuild(UnitType.ARMY, Location("MOS"))
    result = play(pos, [Written(rebel, "TURKEY")], MastersRules(rebellion=True))
    assert control_of(result, rebel, "TURKEY") == [Control.ILLEGAL]


# --- MR4 Annexation ----------------------------------------------------------------

AUSTRIA_1902 = {"AUSTRIA": "A SER,A BUD,F TRI,A GAL"}
OWNED_1902 = {"AUSTRIA": "VIE BUD TRI SER GRE"}


def test_rules003_mr4_austria_annexes_serbia_1902_builds_there_1903() -> None:
    pos = position("W1902A", AUSTRIA_1902, OWNED_1902)
    last_winter = {"VIE": "AUSTRIA", "BUD": "AUSTRIA", "TRI": "AUSTRIA", "SER": "AUSTRIA"}
    result = play(pos, [Written(Annex("SER"), "AUSTRIA")], winter_history=[last_winter])
    spring = result.adjudication.position
    assert spring.homes == {"SER": "AUSTRIA"}
    # 1903: Serbia unoccupied, still owned, more centres than units.
    winter = Position(
        Phase.parse("W1903A"), [unit("AUSTRIA", "A BUD")], spring.ownership, homes=spring.homes
    )
    history = [last_winter, dict(spring.ownership)]
    after = play(
        winter, [Written(Build(unit("AUSTRIA", "A SER")), "AUSTRIA")], winter_history=history
    )
    assert unit("AUSTRIA", "A SER") in after.adjudication.position.units


def test_rules003_mr4a_annex_only_a_centre_owned_at_the_previous_adjustments() -> None:
    pos = position("W1902A", AUSTRIA_1902, OWNED_1902)
    last_winter = {"VIE": "AUSTRIA", "BUD": "AUSTRIA", "TRI": "AUSTRIA"}
    result = play(pos, [Written(Annex("SER"), "AUSTRIA")], winter_history=[last_winter])
    assert control_of(result, Annex("SER"), "AUSTRIA") == [Control.ILLEGAL]
    assert result.adjudication.position.homes == {}


# --- MR5 Disarmament ---------------------------------------------------------------


def test_rules003_mr5_england_builds_f_lvp_and_disbands_a_yrk() -> None:
    pos = position("W1901A", {"ENGLAND": "A YOR,F NWY,F NTH"}, {"ENGLAND": "LON EDI LVP NWY"})
    lines = [
        Written(Build(unit("ENGLAND", "F LVP")), "ENGLAND"),
        Written(Disband(unit("ENGLAND", "A YOR")), "ENGLAND"),
    ]
    after = play(pos, lines, MastersRules(disarmament=True)).adjudication.position
    assert sorted(map(str, after.units_of("ENGLAND"))) == ["F LVP", "F NTH", "F NWY"]


def test_rules003_mr5_no_voluntary_disband_without_the_rule() -> None:
    pos = position("W1901A", {"ENGLAND": "A YOR,F NWY,F NTH"}, {"ENGLAND": "LON EDI LVP NWY"})
    lines = [Written(Disband(unit("ENGLAND", "A YOR")), "ENGLAND")]
    after = play(pos, lines, MastersRules(rebellion=True)).adjudication.position
    assert unit("ENGLAND", "A YOR") in after.units


# --- MR6 Foreign Aid ---------------------------------------------------------------


def test_rules003_mr6_france_aids_italy_and_the_rebel_a_arm_1905() -> None:
    pos = position(
        "W1905A",
        {
            "FRANCE": "A PAR,A MAR,A BUR,F MAO,F WES,A GAS",
            "ITALY": "A ROM,F NAP,A TUS,A PIE",
            "REBEL SMY": "A ARM",
        },
        {"FRANCE": "PAR MAR BRE SPA POR BEL TUN HOL", "ITALY": "ROM NAP VEN TUN"},
    )
    pos = Position(pos.phase, pos.units, {**pos.ownership, "TUN": "FRANCE", "GRE": "ITALY"})
    lines = [
        Written(Aid("ITALY"), "FRANCE"),
        Written(Aid("REBEL SMY"), "FRANCE"),
        Written(Build(unit("ITALY", "A VEN")), "ITALY"),
    ]
    after = play(pos, lines, MastersRules(foreign_aid=True)).adjudication.position
    assert unit("ITALY", "A VEN") in after.units
    # "the Rebels in Armenia, who would otherwise have been eliminated, fight on"
    assert unit("REBEL SMY", "A ARM") in after.units
    unaided = play(pos, lines[2:], MastersRules(foreign_aid=True)).adjudication.position
    assert unit("REBEL SMY", "A ARM") not in unaided.units
    assert unit("ITALY", "A VEN") not in unaided.units
