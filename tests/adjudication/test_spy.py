"""Spy Diplomacy (rules/004), the `spy` variant: spies, their moves and sabotage.

Each test is named after the sentence of "Rules for Spy Diplomacy" it pins; the
readings (Y1-Y9) are in docs/VARIANTS.md.
"""

from __future__ import annotations

from adjudication.io.serialize import rules_from_json, rules_from_options, rules_to_json
from adjudication.model.orders import Build, Hold, Move, Support
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, PhaseKind, Season, Unit
from adjudication.play.phases import adjudicate
from adjudication.variants import SPY, STANDARD_GAME, VARIANTS
from adjudication.variants.spy.orders import (
    PlaceSpy,
    Protect,
    Sabotage,
    SpyHold,
    SpyMove,
    SpyReason,
)


def unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def spy(text: str) -> Spy:
    power, province = text.split(" ")
    return Spy(power, province)


def position(
    phase: str,
    units: list[str],
    spies: list[str],
    centres: dict[str, list[str]] | None = None,
) -> Position:
    ownership = {c: p for p, cs in (centres or {}).items() for c in cs}
    if centres is None:  # every power keeps a centre, so no spy vanishes
        ownership = {"PAR": "FRANCE", "MAR": "FRANCE", "BER": "GERMANY", "ROM": "ITALY"}
        ownership |= {"LON": "ENGLAND", "VIE": "AUSTRIA", "MOS": "RUSSIA", "ANK": "TURKEY"}
    return Position(
        Phase.parse(phase),
        [unit(t) for t in units],
        ownership,
        variant=SPY.name,
        spies=[spy(s) for s in spies],
    )


def outcome_for(result, unit_text: str) -> Outcome:
    named = unit(unit_text)
    return next(o for o in result.outcomes if o.order.unit == named)


def spy_outcome(result, order):
    return next(o for o in result.spies.outcomes if o.order == order)


# --- the variant ---------------------------------------------------------------------


def test_rules004_spy_is_registered() -> None:
    assert VARIANTS["spy"] is SPY


def test_rules004_spy_same_as_regular_diplomacy_except_as_stated() -> None:
    start = Position.initial(SPY)
    standard = Position.initial(STANDARD_GAME)
    assert start.units == standard.units
    assert start.ownership == standard.ownership
    assert start.spies == ()
    assert start.phase == Phase(1900, Season.WINTER, PhaseKind.ADJUSTMENT)


# --- "Each Spy starts out in one of its home supply centers, selected by the owning
# player, together with whatever unit normally starts there." ----------------------------


def test_rules004_spy_starts_in_a_home_centre_selected_by_its_owner() -> None:
    placed = PlaceSpy(spy("FRANCE MAR"))
    result = adjudicate(Position.initial(SPY), [placed], SPY)
    assert result.position.phase == Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    assert spy("FRANCE MAR") in result.position.spies
    # together with whatever unit normally starts there
    assert result.position.unit_in("MAR") == unit("FRANCE A MAR")
    assert spy_outcome(result, placed).succeeded


def test_rules004_each_of_the_seven_major_powers_has_one_spy() -> None:
    result = adjudicate(Position.initial(SPY), [], SPY)
    spies = result.position.spies
    assert sorted(s.power for s in spies) == sorted(SPY.board.powers)
    for placed in spies:
        assert placed.province in SPY.board.home_centres[placed.power]
        default = spy_outcome(result, PlaceSpy(placed))
        assert default.reason is SpyReason.UNORDERED


def test_rules004_a_spy_not_placed_starts_in_a_home_centre_drawn_from_the_games_seed() -> None:
    """Y2 (issue 33): "Each Spy starts out in one of its home supply centers, selected
    by the owning player"; one not selected is drawn at random among them, from the
    game's `Rules.spy_seed`, so that no other player can infer where it stands (the
    first in alphabetical order told everyone) and a replay draws the same."""

    def drawn(seed: int) -> dict[str, str]:
        rules = Rules(spy_seed=seed)
        result = adjudicate(Position.initial(SPY), [], SPY, rules)
        return {s.power: s.province for s in result.position.spies}

    draws = [drawn(seed) for seed in range(40)]
    assert draws[7] == drawn(7)  # the same seed, the same draw
    for power, homes in SPY.board.home_centres.items():
        # Every home centre comes up for some seed: not one fixed choice.
        assert {d[power] for d in draws} == set(homes), power
    # One power's placement does not change where another's is drawn.
    given = PlaceSpy(spy("FRANCE MAR"))
    placed = adjudicate(Position.initial(SPY), [given], SPY, Rules(spy_seed=7))
    others = {s.power: s.province for s in placed.position.spies if s.power != "FRANCE"}
    assert others == {p: c for p, c in drawn(7).items() if p != "FRANCE"}


def test_rules004_spy_cannot_start_outside_its_home_centres() -> None:
    placed = PlaceSpy(spy("FRANCE BEL"))
    result = adjudicate(Position.initial(SPY), [placed], SPY)
    assert spy_outcome(result, placed).rejection.reason is RejectReason.BUILD_NOT_HOME
    (french,) = (s for s in result.position.spies if s.power == "FRANCE")
    assert french.province in SPY.board.home_centres["FRANCE"]  # drawn, as if not placed


def test_rules004_spies_are_placed_only_at_the_start() -> None:
    later = position("W1901A", ["FRANCE A PAR"], ["FRANCE MAR"])
    placed = PlaceSpy(spy("FRANCE PAR"))
    result = adjudicate(later, [placed], SPY)
    assert spy_outcome(result, placed).rejection.reason is RejectReason.WRONG_PHASE
    assert result.position.spies == (spy("FRANCE MAR"),)


# --- "A Spy may move in any manner valid for either a fleet or an army. Thus it can
# occupy inland provinces as well as water spaces. A Spy's move always succeeds" ---------


def test_rules004_spy_moves_as_an_army_inland() -> None:
    result = adjudicate(
        position("S1901M", [], ["FRANCE PAR"]), [SpyMove(spy("FRANCE PAR"), "BUR")], SPY
    )
    assert result.position.spies == (spy("FRANCE BUR"),)


def test_rules004_spy_moves_as_a_fleet_to_water() -> None:
    result = adjudicate(
        position("S1901M", [], ["FRANCE BRE"]), [SpyMove(spy("FRANCE BRE"), "MAO")], SPY
    )
    assert result.position.spies == (spy("FRANCE MAO"),)


def test_rules004_spy_moves_only_where_an_army_or_fleet_could() -> None:
    bad = SpyMove(spy("FRANCE PAR"), "MUN")
    result = adjudicate(position("S1901M", [], ["FRANCE PAR"]), [bad], SPY)
    assert spy_outcome(result, bad).rejection.reason is RejectReason.NOT_ADJACENT
    assert result.position.spies == (spy("FRANCE PAR"),)


def test_rules004_spy_move_always_succeeds_into_occupied_spaces_and_other_spies() -> None:
    start = position(
        "S1901M",
        ["GERMANY A BUR", "FRANCE A PAR"],
        ["FRANCE PAR", "GERMANY MUN", "ENGLAND BUR"],
    )
    orders = [
        SpyMove(spy("FRANCE PAR"), "BUR"),  # into a German army and an English spy
        SpyMove(spy("GERMANY MUN"), "BUR"),  # two spies into one space
        Move(unit("FRANCE A PAR"), Location("BUR")),  # the army bounces off Burgundy
    ]
    result = adjudicate(start, orders, SPY)
    assert result.position.spies == (
        spy("ENGLAND BUR"),
        spy("FRANCE BUR"),
        spy("GERMANY BUR"),
    )
    assert outcome_for(result, "FRANCE A PAR").reason is Reason.BOUNCED


def test_rules004_spies_never_block_or_dislodge() -> None:
    # A spy in Burgundy neither stops the army moving in nor supports a hold there; a
    # spy leaving Burgundy does not free it for a unit that bounces.
    start = position("S1901M", ["FRANCE A PAR"], ["GERMANY BUR", "ENGLAND PAR"])
    result = adjudicate(start, [Move(unit("FRANCE A PAR"), Location("BUR"))], SPY)
    assert outcome_for(result, "FRANCE A PAR").succeeded
    assert result.position.unit_in("BUR") == unit("FRANCE A BUR")
    assert spy("ENGLAND PAR") in result.position.spies  # not dislodged by anything


# --- "The Spy does not require that a supply center be devoted to maintaining it." ----


def test_rules004_spy_needs_no_supply_centre() -> None:
    # France: two centres, two units and a spy: nothing to remove, no adjustment phase.
    start = position(
        "F1901M",
        ["FRANCE A PAR", "FRANCE A MAR"],
        ["FRANCE PAR"],
        {"FRANCE": ["PAR", "MAR"]},
    )
    result = adjudicate(start, [], SPY)
    assert result.position.phase == Phase(1902, Season.SPRING, PhaseKind.MOVEMENT)
    assert result.position.adjustment_of("FRANCE") == 0
    assert spy("FRANCE PAR") in result.position.spies


# --- "If a country is reduced to zero supply centers, its Spy vanishes." --------------


def test_rules004_spy_vanishes_with_its_last_supply_centre() -> None:
    start = position(
        "F1901M",
        ["GERMANY A BUR", "FRANCE A GAS"],
        ["FRANCE MAR", "GERMANY MUN"],
        {"FRANCE": ["MAR"], "GERMANY": ["MUN"]},
    )
    result = adjudicate(start, [Move(unit("GERMANY A BUR"), Location("MAR"))], SPY)
    assert result.position.ownership["MAR"] == "GERMANY"
    assert result.position.spies == (spy("GERMANY MUN"),)


def test_rules004_spy_stays_while_its_power_keeps_a_centre() -> None:
    start = position("S1901M", [], ["FRANCE MAR"], {"FRANCE": ["MAR"], "GERMANY": ["MUN"]})
    result = adjudicate(start, [SpyMove(spy("FRANCE MAR"), "PIE")], SPY)
    assert result.position.spies == (spy("FRANCE PIE"),)


# --- "Any season in which a Spy is not ordered to move, it may infiltrate whatever
# non-Spy unit (if any) shares its location. The player owning the Spy issues an order
# for the non-Spy unit, and that unit obeys those orders." ------------------------------


def test_rules004_sabotaged_unit_obeys_the_spys_order() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["ITALY MAR"])
    sabotage = Sabotage(spy("ITALY MAR"), Move(unit("FRANCE A MAR"), Location("GAS")))
    own = Move(unit("FRANCE A MAR"), Location("PIE"))
    result = adjudicate(start, [own, sabotage], SPY)
    assert result.position.unit_in("GAS") == unit("FRANCE A GAS")
    assert spy_outcome(result, sabotage).succeeded


def test_rules004_no_indication_of_the_sabotage_is_given_in_the_results() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["ITALY MAR"])
    followed = Move(unit("FRANCE A MAR"), Location("GAS"))
    own = Move(unit("FRANCE A MAR"), Location("PIE"))
    result = adjudicate(start, [own, Sabotage(spy("ITALY MAR"), followed)], SPY)
    # The results list the unit as having been given the order it followed, by its
    # owner; the owner's own order is not reported at all (Y7).
    assert [o.order for o in result.outcomes] == [followed]
    assert outcome_for(result, "FRANCE A MAR") == Outcome(followed, True)
    # The record keeps what happened, for the GM.
    (record,) = result.spies.sabotaged
    assert record.written == (own,)
    assert record.followed == followed
    assert record.by == (spy("ITALY MAR"),)


def test_rules004_a_spy_ordered_to_move_does_not_sabotage() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["ITALY MAR"])
    orders = [
        Sabotage(spy("ITALY MAR"), Move(unit("FRANCE A MAR"), Location("GAS"))),
        SpyMove(spy("ITALY MAR"), "PIE"),  # the later order for the spy stands
        Hold(unit("FRANCE A MAR")),
    ]
    result = adjudicate(start, orders, SPY)
    assert result.position.unit_in("MAR") == unit("FRANCE A MAR")
    assert result.position.spies == (spy("ITALY PIE"),)
    assert result.spies.sabotaged == ()


def test_rules004_spy_gives_only_orders_the_unit_could_be_given() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["ITALY MAR"])
    sabotage = Sabotage(spy("ITALY MAR"), Move(unit("FRANCE A MAR"), Location("MAO")))
    own = Move(unit("FRANCE A MAR"), Location("GAS"))
    result = adjudicate(start, [own, sabotage], SPY)
    assert spy_outcome(result, sabotage).rejection.reason is RejectReason.WRONG_TERRAIN
    assert result.position.unit_in("GAS") == unit("FRANCE A GAS")  # the owner's order stands


def test_rules004_spy_infiltrates_only_a_foreign_unit() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["FRANCE MAR"])
    sabotage = Sabotage(spy("FRANCE MAR"), Move(unit("FRANCE A MAR"), Location("GAS")))
    result = adjudicate(start, [sabotage], SPY)
    assert spy_outcome(result, sabotage).rejection.reason is RejectReason.NOT_YOUR_UNIT
    assert result.position.unit_in("MAR") == unit("FRANCE A MAR")


def test_rules004_sabotage_in_a_retreat_phase_is_refused() -> None:
    start = position("S1901M", [], ["ITALY MAR"]).at_phase(Phase.parse("S1901R"))
    order = SpyHold(spy("ITALY MAR"))
    result = adjudicate(start, [order], SPY)
    assert spy_outcome(result, order).rejection.reason is RejectReason.WRONG_PHASE


# --- "If more than one Spy gives orders to the same unit, that unit is deemed to have
# ambiguous orders, and is listed in the results as having been ordered to Hold.
# (However, if all of the Spies issue the same order, then that order is used.)" --------


def test_rules004_several_spies_different_orders_unit_listed_as_ordered_to_hold() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["ITALY MAR", "GERMANY MAR"])
    orders = [
        Move(unit("FRANCE A MAR"), Location("PIE")),
        Sabotage(spy("ITALY MAR"), Move(unit("FRANCE A MAR"), Location("GAS"))),
        Sabotage(spy("GERMANY MAR"), Move(unit("FRANCE A MAR"), Location("BUR"))),
    ]
    result = adjudicate(start, orders, SPY)
    assert [o.order for o in result.outcomes] == [Hold(unit("FRANCE A MAR"))]
    assert outcome_for(result, "FRANCE A MAR") == Outcome(Hold(unit("FRANCE A MAR")), True)
    assert all(o.reason is SpyReason.AMBIGUOUS for o in result.spies.outcomes)


def test_rules004_several_spies_same_order_that_order_is_used() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["ITALY MAR", "GERMANY MAR"])
    same = Move(unit("FRANCE A MAR"), Location("BUR"))
    orders = [
        Move(unit("FRANCE A MAR"), Location("PIE")),
        Sabotage(spy("ITALY MAR"), same),
        Sabotage(spy("GERMANY MAR"), same),
    ]
    result = adjudicate(start, orders, SPY)
    assert result.position.unit_in("BUR") == unit("FRANCE A BUR")
    assert result.spies.sabotaged[0].by == (spy("GERMANY MAR"), spy("ITALY MAR"))


# --- "If a Spy is sharing a location with a unit belonging to its own country, it can be
# ordered to protect that unit against sabotage. The unit will follow the orders given
# by the owning player, ignoring all orders (if any) from foreign Spies." --------------


def test_rules004_protected_unit_follows_its_owner_ignoring_foreign_spies() -> None:
    start = position("S1901M", ["FRANCE A MAR"], ["FRANCE MAR", "ITALY MAR", "GERMANY MAR"])
    own = Move(unit("FRANCE A MAR"), Location("PIE"))
    sabotage = Sabotage(spy("ITALY MAR"), Move(unit("FRANCE A MAR"), Location("GAS")))
    orders = [
        own,
        Protect(spy("FRANCE MAR")),
        sabotage,
        Sabotage(spy("GERMANY MAR"), Hold(unit("FRANCE A MAR"))),
    ]
    result = adjudicate(start, orders, SPY)
    assert result.position.unit_in("PIE") == unit("FRANCE A PIE")
    assert spy_outcome(result, sabotage).reason is SpyReason.PROTECTED
    assert result.spies.sabotaged == ()


def test_rules004_protect_needs_a_unit_of_the_spys_own_country() -> None:
    start = position("S1901M", ["ITALY A MAR"], ["FRANCE MAR"])
    order = Protect(spy("FRANCE MAR"))
    result = adjudicate(start, [order], SPY)
    assert spy_outcome(result, order).rejection.reason is RejectReason.NO_SUCH_UNIT


def test_rules004_a_spy_protecting_against_a_stab_that_did_not_happen() -> None:
    # "unless it happened to give it identical orders, e.g., if a Spy was used to
    # protect against a possible stab that didn't happen": the owner's order stands.
    start = position("S1901M", ["FRANCE A MAR"], ["FRANCE MAR"])
    own = Move(unit("FRANCE A MAR"), Location("GAS"))
    result = adjudicate(start, [own, Protect(spy("FRANCE MAR"))], SPY)
    assert result.outcomes == (Outcome(own, True),)


# --- "A Spy cannot sabotage units in other spaces, even if those units attempt to move or
# support into the space occupied by the Spy." ------------------------------------------


def test_rules004_spy_cannot_sabotage_units_moving_or_supporting_into_its_space() -> None:
    start = position("S1901M", ["FRANCE A PIE", "FRANCE A GAS"], ["ITALY MAR"])
    mover = Move(unit("FRANCE A PIE"), Location("MAR"))
    supporter = Support(unit("FRANCE A GAS"), Location("PIE"), Location("MAR"))
    sabotage = Sabotage(spy("ITALY MAR"), Hold(unit("FRANCE A PIE")))
    result = adjudicate(start, [mover, supporter, sabotage], SPY)
    assert spy_outcome(result, sabotage).rejection.reason is RejectReason.NO_SUCH_UNIT
    assert result.position.unit_in("MAR") == unit("FRANCE A MAR")


# --- "Provinces with two coasts are, as usual, treated as single locations. Thus, if a
# Spy moves Mar-Spa while an enemy fleet moves MAtl-SpaSC, the Spy can (the next season)
# sabotage the fleet." -----------------------------------------------------------------


def test_rules004_spy_mar_spa_and_fleet_mao_spa_sc_spy_sabotages_the_fleet() -> None:
    spring = position("S1901M", ["ENGLAND F MAO"], ["FRANCE MAR"])
    orders = [
        SpyMove(spy("FRANCE MAR"), "SPA"),
        Move(unit("ENGLAND F MAO"), Location("SPA", "SC")),
    ]
    fall = adjudicate(spring, orders, SPY).position
    assert fall.spies == (spy("FRANCE SPA"),)
    assert fall.unit_in("SPA") == unit("ENGLAND F SPA/SC")
    sabotage = Sabotage(spy("FRANCE SPA"), Move(unit("ENGLAND F SPA/SC"), Location("WES")))
    own = Move(unit("ENGLAND F SPA/SC"), Location("MAR"))
    result = adjudicate(fall, [own, sabotage], SPY)
    assert result.position.unit_in("WES") == unit("ENGLAND F WES")
    assert result.outcomes == (Outcome(sabotage.order, True),)


# --- the standard game is untouched ---------------------------------------------------


def test_rules004_spy_orders_do_not_change_an_adjustment_phase() -> None:
    # Winter: spies neither build nor are removed; unit builds go on as usual.
    start = position("W1901A", [], ["FRANCE PAR"], {"FRANCE": ["PAR"], "GERMANY": ["BER"]})
    build = Build(unit("FRANCE A PAR"))
    result = adjudicate(start, [build], SPY)
    assert result.position.unit_in("PAR") == unit("FRANCE A PAR")
    assert result.position.spies == (spy("FRANCE PAR"),)


def test_rules004_standard_results_have_no_spy_record() -> None:
    result = adjudicate(Position.initial(STANDARD_GAME), [], STANDARD_GAME)
    assert result.spies is None


def test_the_spy_seed_is_stored_with_the_rules_only_when_set() -> None:
    """Games stored before Y2's draw read and write the same rules document."""
    assert "spy_seed" not in rules_to_json(Rules())
    rules = Rules(spy_seed=2**61 + 9)
    assert rules_from_json(rules_to_json(rules)) == rules
    assert rules_from_options({"spy_seed": 3}) == Rules(spy_seed=3)
