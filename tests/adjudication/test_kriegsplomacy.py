"""rules/004, Kriegsplomacy, in the engine: the start, flexible builds, civil disorder
counted from controlled centres, and the espionage orders as played (what a spy
learns is tests/adjudication/test_kriegsplomacy_views.py's). Readings K1-K… in
docs/VARIANTS.md."""

from __future__ import annotations

import pytest

from adjudication.io.serialize import adjudication_from_json, adjudication_to_json
from adjudication.model.orders import (
    Build,
    CounterEspionage,
    Disband,
    Espionage,
    Hold,
    Move,
    Support,
    order_power,
)
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.legal import legal_orders
from adjudication.play.phases import adjudicate
from adjudication.text.parse import parse_order
from adjudication.text.report import movement_report
from adjudication.variants import KRIEGSPLOMACY, STANDARD_GAME, VARIANTS

BOARD = KRIEGSPLOMACY.board


def unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def position(phase: str, texts: list[str], centres: dict[str, list[str]] | None = None) -> Position:
    ownership = {c: p for p, cs in (centres or {}).items() for c in cs}
    return Position(
        Phase.parse(phase), [unit(t) for t in texts], ownership, variant=KRIEGSPLOMACY.name
    )


def outcome_of(result, order):
    return next(o for o in result.outcomes if o.order == order)


# --- the start ---------------------------------------------------------------------


def test_rules004_kriegsplomacy_is_a_registered_variant() -> None:
    assert VARIANTS["kriegsplomacy"] is KRIEGSPLOMACY


def test_rules004_kriegsplomacy_starts_in_winter_1900_with_no_units() -> None:
    # "The game starts in Winter 1900. Each country owns its home supply centers and
    # has NO units."
    start = Position.initial(KRIEGSPLOMACY)
    assert start.phase == Phase.parse("W1900A")
    assert start.units == ()
    assert start.centres_of("RUSSIA") == ("MOS", "SEV", "STP", "WAR")
    assert start.centres_of("ENGLAND") == ("EDI", "LON", "LVP")


def test_rules004_kriegsplomacy_winter_1900_builds_then_spring_1901() -> None:
    start = Position.initial(KRIEGSPLOMACY)
    builds = [Build(unit("ENGLAND F LON")), Build(unit("ENGLAND A LVP"))]
    result = adjudicate(start, builds, KRIEGSPLOMACY)
    assert result.position.phase == Phase.parse("S1901M")
    assert set(result.position.units_of("ENGLAND")) == {
        unit("ENGLAND F LON"),
        unit("ENGLAND A LVP"),
    }
    # The build not used is waived, as in any Winter.
    waived = [o for o in result.outcomes if o.reason is Reason.WAIVED]
    assert [order_power(o.order) for o in waived].count("ENGLAND") == 1


# --- flexible builds ---------------------------------------------------------------


def test_rules004_kriegsplomacy_builds_in_any_unoccupied_owned_centre() -> None:
    # "a country can build in any unoccupied supply center(s) it owns."
    winter = position("W1901A", ["FRANCE A PAR"], {"FRANCE": ["PAR", "BEL", "SPA"]})
    result = adjudicate(
        winter, [Build(unit("FRANCE A BEL")), Build(unit("FRANCE F SPA/SC"))], KRIEGSPLOMACY
    )
    assert all(o.succeeded for o in result.outcomes)
    assert unit("FRANCE A BEL") in result.position.units
    assert unit("FRANCE F SPA/SC") in result.position.units


def test_rules004_kriegsplomacy_no_build_in_a_home_centre_lost() -> None:
    # Home centres are no longer special: a lost one is no site, an occupied owned
    # one neither.
    winter = position(
        "W1901A", ["FRANCE A BEL"], {"FRANCE": ["PAR", "BEL", "SPA"], "GERMANY": ["MAR"]}
    )
    result = adjudicate(
        winter, [Build(unit("FRANCE A MAR")), Build(unit("FRANCE A BEL"))], KRIEGSPLOMACY
    )
    assert outcome_of(result, Build(unit("FRANCE A MAR"))).reason is Reason.ILLEGAL
    assert outcome_of(result, Build(unit("FRANCE A BEL"))).reason is Reason.ILLEGAL


def test_the_standard_game_still_builds_only_at_home() -> None:
    winter = Position(
        Phase.parse("W1901A"), [unit("FRANCE A PAR")], {"PAR": "FRANCE", "BEL": "FRANCE"}
    )
    result = adjudicate(winter, [Build(unit("FRANCE A BEL"))], STANDARD_GAME)
    assert outcome_of(result, Build(unit("FRANCE A BEL"))).reason is Reason.ILLEGAL


def test_rules004_kriegsplomacy_civil_disorder_counts_from_any_controlled_centre() -> None:
    # "the unit removed is that furthest from any center controlled by that country,
    # instead of the one furthest from a home supply center." France controls Mos and
    # War only: the army in Paris is farthest from them, though it stands at home.
    winter = position(
        "W1902A", ["FRANCE A PAR", "FRANCE A UKR", "FRANCE A SIL"], {"FRANCE": ["MOS", "WAR"]}
    )
    result = adjudicate(winter, [], KRIEGSPLOMACY)
    removed = [o.order for o in result.outcomes if o.reason is Reason.CIVIL_DISORDER]
    assert removed == [Disband(unit("FRANCE A PAR"))]


def test_rules004_kriegsplomacy_civil_disorder_fleets_before_armies_then_alphabetical() -> None:
    # "fleets are removed before equally distant armies, and alphabetical order is used
    # to resolve further ties." Each is one move from Brest, France's only centre.
    winter = position(
        "W1902A",
        ["FRANCE A PIC", "FRANCE A GAS", "FRANCE F MAO", "FRANCE F ENG"],
        {"FRANCE": ["BRE", "NWY"]},
    )
    result = adjudicate(winter, [], KRIEGSPLOMACY)
    # Norway is a centre too: the fleet in the Channel is no nearer it; each unit is
    # one move from Brest. Fleets first (English Channel before Mid-Atlantic), then
    # armies: Gascony before Picardy.
    removed = [o.order for o in result.outcomes if o.reason is Reason.CIVIL_DISORDER]
    assert removed == [Disband(unit("FRANCE F ENG")), Disband(unit("FRANCE F MAO"))]


# --- the espionage orders ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("A Mun E", Espionage(unit("GERMANY A MUN"))),
        ("A Munich espionage", Espionage(unit("GERMANY A MUN"))),
        ("A Rur CE", CounterEspionage(unit("GERMANY A RUH"))),
        ("A Rur counter-espionage", CounterEspionage(unit("GERMANY A RUH"))),
        ("A Rur counter espionage", CounterEspionage(unit("GERMANY A RUH"))),
        ("F SpaSC E", Espionage(unit("GERMANY F SPA/SC"))),
        ("F Spa/sc spies", Espionage(unit("GERMANY F SPA/SC"))),
    ],
)
def test_rules004_rule7_espionage_orders_read_forgivingly(text: str, order) -> None:
    # rule 7: "The type of order (... or special order such as espionage in a variant
    # game) must be clearly and explicitly specified, though the precise format is
    # unimportant."
    spring = position("S1901M", ["GERMANY A MUN", "GERMANY A RUH", "GERMANY F SPA/SC"])
    line = parse_order(text, spring, "GERMANY", BOARD)
    assert line.accepted, line.rejection
    assert line.order == order


def test_espionage_is_no_order_of_the_standard_game() -> None:
    spring = Position(Phase.parse("S1901M"), [unit("GERMANY A MUN")], {})
    line = parse_order("A Mun E", spring, "GERMANY")
    assert line.rejection is not None and "Kriegsplomacy orders" in line.rejection.message
    result = adjudicate(spring, [Espionage(unit("GERMANY A MUN"))], STANDARD_GAME)
    assert outcome_of(result, Espionage(unit("GERMANY A MUN"))).reason is Reason.ILLEGAL


def test_rules004_espionage_only_in_movement_phases() -> None:
    winter = position("W1901A", ["GERMANY A MUN"], {"GERMANY": ["MUN", "BER"]})
    assert not parse_order("A Mun E", winter, "GERMANY", BOARD).accepted


def test_rules004_a_spy_not_attacked_succeeds_and_holds() -> None:
    spring = position("S1901M", ["FRANCE A BUR"])
    result = adjudicate(spring, [Espionage(unit("FRANCE A BUR"))], KRIEGSPLOMACY)
    outcome = outcome_of(result, Espionage(unit("FRANCE A BUR")))
    assert outcome.succeeded and outcome.reason is None
    assert unit("FRANCE A BUR") in result.position.units


def test_rules004_a_spy_attacked_is_cut_and_holds() -> None:
    # "If a unit ordered to spy is attacked, then the espionage is cut and no
    # information is learned. The unit is then considered to be holding."
    spring = position("S1901M", ["FRANCE A BUR", "GERMANY A MUN"])
    orders = [Espionage(unit("FRANCE A BUR")), Move(unit("GERMANY A MUN"), Location("BUR"))]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    assert outcome_of(result, orders[0]) == Outcome(orders[0], False, Reason.CUT)
    assert outcome_of(result, orders[1]).reason is Reason.BOUNCED
    assert unit("FRANCE A BUR") in result.position.units


def test_rules004_counter_espionage_attacked_is_cut() -> None:
    # "Again, this is cut by an attack and the unit is then considered to be holding."
    spring = position("S1901M", ["GERMANY A RUH", "FRANCE A BEL"])
    orders = [CounterEspionage(unit("GERMANY A RUH")), Move(unit("FRANCE A BEL"), Location("RUH"))]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    assert outcome_of(result, orders[0]).reason is Reason.CUT


def test_an_attack_by_the_spys_own_power_does_not_cut_it() -> None:
    # Read as a support's cut (rules/000 §9.4): an attack by one's own unit cuts nothing.
    spring = position("S1901M", ["FRANCE A BUR", "FRANCE A PAR"])
    orders = [Espionage(unit("FRANCE A BUR")), Move(unit("FRANCE A PAR"), Location("BUR"))]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    assert outcome_of(result, orders[0]).succeeded


def test_rules004_a_spy_can_be_supported_against_an_attack() -> None:
    # "Any unit ordered to spy or to counterspy can be supported, but this support
    # acts as a support against an attack": supported in holding, the spy stays.
    spring = position("S1901M", ["FRANCE A BUR", "FRANCE A PAR", "GERMANY A MUN", "GERMANY A RUH"])
    orders = [
        Espionage(unit("FRANCE A BUR")),
        Support(unit("FRANCE A PAR"), Location("BUR")),
        Move(unit("GERMANY A MUN"), Location("BUR")),
        Support(unit("GERMANY A RUH"), Location("MUN"), Location("BUR")),
    ]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    assert outcome_of(result, orders[1]).succeeded  # the support counted
    assert outcome_of(result, orders[2]).reason is Reason.BOUNCED
    assert outcome_of(result, orders[0]).reason is Reason.CUT  # attacked all the same
    assert unit("FRANCE A BUR") in result.position.units


def test_rules004_a_spy_dislodged_learns_nothing() -> None:
    spring = position("S1901M", ["FRANCE A BUR", "GERMANY A MUN", "GERMANY A RUH"])
    orders = [
        Espionage(unit("FRANCE A BUR")),
        Move(unit("GERMANY A MUN"), Location("BUR")),
        Support(unit("GERMANY A RUH"), Location("MUN"), Location("BUR")),
    ]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    outcome = outcome_of(result, orders[0])
    assert (outcome.succeeded, outcome.reason, outcome.dislodged_by) == (
        False,
        Reason.DISLODGED,
        "MUN",
    )


def test_an_espionage_order_for_no_unit_is_refused_as_a_hold_would_be() -> None:
    spring = position("S1901M", ["FRANCE A BUR"])
    result = adjudicate(spring, [Espionage(unit("FRANCE A PAR"))], KRIEGSPLOMACY)
    assert outcome_of(result, Espionage(unit("FRANCE A PAR"))).reason is Reason.NO_SUCH_UNIT


def test_espionage_orders_in_json_and_judge_notation() -> None:
    spring = position("S1901M", ["FRANCE A BUR", "GERMANY A RUH"])
    orders = [Espionage(unit("FRANCE A BUR")), CounterEspionage(unit("GERMANY A RUH"))]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    assert adjudication_from_json(adjudication_to_json(result)) == result
    report = movement_report(result, board=BOARD)
    assert "A Bur* E" in report and "A Rur* CE" in report


def test_a_hold_is_still_a_hold() -> None:
    spring = position("S1901M", ["FRANCE A BUR"])
    result = adjudicate(spring, [Hold(unit("FRANCE A BUR"))], KRIEGSPLOMACY)
    assert outcome_of(result, Hold(unit("FRANCE A BUR"))).succeeded


def test_legal_orders_offer_espionage_only_where_the_variant_has_it() -> None:
    spring = position("S1901M", ["GERMANY A MUN"])
    offered = legal_orders(spring, BOARD, unit("GERMANY A MUN"))
    assert {Espionage(unit("GERMANY A MUN")), CounterEspionage(unit("GERMANY A MUN"))} <= set(
        offered
    )
    assert set(offered) >= set(legal_orders(spring, BOARD, "GERMANY"))
    standard = Position(Phase.parse("S1901M"), [unit("GERMANY A MUN")], {})
    assert not any(
        isinstance(o, Espionage | CounterEspionage)
        for o in legal_orders(standard, STANDARD_GAME.board, "GERMANY")
    )
