"""rules/004, Kriegsplomacy: what each power learns of a phase, and what it does not.

Every example of the section, and one test per sentence of its two lists. The views
are made by `adjudication.variants.kriegsplomacy.views`; their readings are in docs/VARIANTS.md."""

from __future__ import annotations

from adjudication.io.serialize import adjudication_from_json, adjudication_to_json
from adjudication.model.orders import (
    Convoy,
    CounterEspionage,
    Espionage,
    Hold,
    Move,
    Retreat,
    Support,
)
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, UnitType
from adjudication.model.views import UNKNOWN, UNKNOWN_PLACE
from adjudication.play.phases import adjudicate
from adjudication.play.views import public_view, view_of
from adjudication.text.report import movement_report
from adjudication.variants import KRIEGSPLOMACY, STANDARD_GAME
from adjudication.variants.kriegsplomacy.views import power_view
from tests.adjudication.test_kriegsplomacy import position, unit

BOARD = KRIEGSPLOMACY.board
L = Location


def played(before: Position, orders):
    return adjudicate(before, orders, KRIEGSPLOMACY)


def view(before, result, power, watched=frozenset()):
    return power_view(before, result, power, BOARD, watched)


def report_lines(adjudication, retreats=None) -> dict[str, str]:
    """The judge-notation report, one line per power ("England:" -> its orders)."""
    text = movement_report(adjudication, retreats, board=BOARD)
    return {
        line.split(":", 1)[0]: " ".join(line.split(":", 1)[1].split())
        for line in text.splitlines()[2:]
    }


# --- the F SpaSC E example ----------------------------------------------------------


def spa_sc_example():
    before = position(
        "F1901M",
        [
            "GERMANY F SPA/SC",
            "ITALY F TYS",
            "ENGLAND F WES",
            "ENGLAND F NAO",
            "FRANCE F MAO",
        ],
    )
    orders = [
        Espionage(unit("GERMANY F SPA/SC")),
        Move(unit("ITALY F TYS"), L("WES")),
        Move(unit("ENGLAND F WES"), L("MAO")),
        Support(unit("ENGLAND F NAO"), L("WES"), L("MAO"), UnitType.FLEET),
        Move(unit("FRANCE F MAO"), L("NAO")),
    ]
    movement = played(before, orders)
    assert movement.position.phase == Phase.parse("F1901R")
    retreats = played(movement.position, [Retreat(unit("FRANCE F MAO"), L("BRE"))])
    return before, movement, retreats


def test_rules004_f_spasc_e_learns_the_four_lines() -> None:
    # "Thus, F SpaSC E might learn:
    #     Ita F ???-WMed*  Eng F WMed-MAtl*  Eng F ??? S Eng F WMed-MAtl
    #     Fre F MAtl-??? [r-???*]"
    before, movement, retreats = spa_sc_example()
    seen = view(before, movement, "GERMANY")
    after = view(movement.position, retreats, "GERMANY", seen.learned)
    lines = report_lines(seen.adjudication, after.adjudication)
    assert lines == {
        "Germany": "F SpaSC* E",
        "Italy": "F ???-WMed*",
        "England": "F ??? S F WMed-MAtl, F WMed-MAtl*",
        "France": "F MAtl-??? [r-???*]",
    }


def test_rules004_f_spasc_e_the_full_report_differs() -> None:
    # The GM's report names every place: the view is not the full result.
    _, movement, retreats = spa_sc_example()
    full = report_lines(movement, retreats)
    assert full["Italy"] == "F TyrS-WMed*"
    assert full["France"] == "F MAtl-NAtl [r-Bre*]"


def test_rules004_f_spasc_e_would_not_give_information_about_gas() -> None:
    # "F SpaSC E would not give information about Gas, but F Gas E WOULD give
    # information about SpaSC."
    before = position("S1901M", ["GERMANY F SPA/SC", "FRANCE A GAS", "ITALY F POR"])
    orders = [Espionage(unit("GERMANY F SPA/SC"))]
    result = played(before, orders)
    seen = view(before, result, "GERMANY")
    assert "GAS" not in seen.learned
    assert unit("FRANCE A GAS") not in seen.adjudication.position.units
    assert unit("ITALY F POR") in seen.adjudication.position.units
    gas = position("S1901M", ["FRANCE F GAS", "GERMANY F SPA/SC"])
    spied = view(gas, played(gas, [Espionage(unit("FRANCE F GAS"))]), "FRANCE")
    assert "SPA" in spied.learned
    assert unit("GERMANY F SPA/SC") in spied.adjudication.position.units


def test_a_view_round_trips_through_json_like_any_result() -> None:
    before, movement, _ = spa_sc_example()
    shown = view(before, movement, "GERMANY").adjudication
    assert adjudication_from_json(adjudication_to_json(shown)) == shown
    assert any(UNKNOWN in str(o.order) for o in shown.outcomes)


# --- counter-espionage ----------------------------------------------------------------


def test_rules004_a_bur_e_a_rur_ce_a_hol_bel_france_learns_nothing() -> None:
    # "France: A Bur E; Germany: A Rur CE, A Hol-Bel. In this case, the French piece
    # learns nothing. (Germany is also told nothing.)"
    before = position(
        "S1902M",
        ["FRANCE A BUR", "GERMANY A RUH", "GERMANY A HOL"],
        {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN", "BEL", "HOL"]},
    )
    orders = [
        Espionage(unit("FRANCE A BUR")),
        CounterEspionage(unit("GERMANY A RUH")),
        Move(unit("GERMANY A HOL"), L("BEL")),
    ]
    result = played(before, orders)
    france = view(before, result, "FRANCE")
    assert [o for o in france.adjudication.outcomes if o.order.unit.power != "FRANCE"] == []
    assert {u.power for u in france.adjudication.position.units} == {"FRANCE"}
    # "France knows there was CE in the area, because he was not told who owns
    # Belgium and Munich."
    (report,) = france.reports
    assert set(report.ownership) == {"MAR", "PAR"}
    germany = view(before, result, "GERMANY")
    assert all(o.order.unit.power == "GERMANY" for o in germany.adjudication.outcomes)
    assert germany.reports == ()


def test_rules004_a_bur_e_a_rur_ce_a_bel_pic_france_learns_ger_a_pic() -> None:
    # "France: A Bur E; Germany: A Rur CE, A Bel-Pic. France learns "Ger A ???-Pic*"
    # (assuming A Bel-Pic succeeded)."
    before = position(
        "S1902M",
        ["FRANCE A BUR", "GERMANY A RUH", "GERMANY A BEL"],
        {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN", "BEL"]},
    )
    orders = [
        Espionage(unit("FRANCE A BUR")),
        CounterEspionage(unit("GERMANY A RUH")),
        Move(unit("GERMANY A BEL"), L("PIC")),
    ]
    result = played(before, orders)
    france = view(before, result, "FRANCE")
    assert report_lines(france.adjudication)["Germany"] == "A ???-Pic*"
    assert unit("GERMANY A PIC") in france.adjudication.position.units
    assert "BEL" not in france.adjudication.position.ownership
    assert "MUN" not in france.adjudication.position.ownership


def test_rules004_espionage_reveals_a_ce_only_when_cut() -> None:
    # "Espionage will reveal a CE order, but only if the CE (and any other CE covering
    # that place) is cut by an attack, so that the espionage can succeed."
    before = position("S1902M", ["FRANCE A BUR", "FRANCE A KIE", "GERMANY A RUH"])
    quiet = [Espionage(unit("FRANCE A BUR")), CounterEspionage(unit("GERMANY A RUH"))]
    uncut = view(before, played(before, quiet), "FRANCE")
    assert CounterEspionage(unit("GERMANY A RUH")) not in [
        o.order for o in uncut.adjudication.outcomes
    ]
    attacked = [*quiet, Move(unit("FRANCE A KIE"), L("RUH"))]
    cut = view(before, played(before, attacked), "FRANCE")
    assert Outcome(CounterEspionage(unit("GERMANY A RUH")), False, Reason.CUT) in (
        cut.adjudication.outcomes
    )
    assert "MUN" in cut.learned


def test_rules004_ce_does_not_affect_espionage_by_the_same_country() -> None:
    # "A unit attempting espionage is not affected by CE by the same country. CE will
    # always interfere with all other countries' espionage however".
    before = position("S1902M", ["FRANCE A BUR", "FRANCE A PIC", "GERMANY A MUN", "ENGLAND A BEL"])
    orders = [
        Espionage(unit("FRANCE A BUR")),
        CounterEspionage(unit("FRANCE A PIC")),
        Espionage(unit("GERMANY A MUN")),
    ]
    result = played(before, orders)
    assert "BEL" in view(before, result, "FRANCE").learned
    assert unit("ENGLAND A BEL") in view(before, result, "FRANCE").adjudication.position.units
    germany = view(before, result, "GERMANY")
    assert "BUR" not in germany.learned  # hidden by the French CE in Picardy
    assert unit("FRANCE A BUR") not in germany.adjudication.position.units


def test_rules004_a_cut_spy_learns_nothing() -> None:
    before = position("S1902M", ["FRANCE A BUR", "GERMANY A MUN", "GERMANY A RUH"])
    orders = [Espionage(unit("FRANCE A BUR")), Move(unit("GERMANY A MUN"), L("BUR"))]
    france = view(before, played(before, orders), "FRANCE")
    assert france.reports == () and france.learned == frozenset()
    assert "BUR" in france.attacked


def test_rules004_other_espionage_in_covered_places_is_revealed() -> None:
    # "... and which units (if any) in those places also attempted Espionage."
    before = position("S1902M", ["FRANCE A BUR", "GERMANY A MUN"])
    orders = [Espionage(unit("FRANCE A BUR")), Espionage(unit("GERMANY A MUN"))]
    result = played(before, orders)
    assert report_lines(view(before, result, "FRANCE").adjudication)["Germany"] == "A Mun* E"
    assert report_lines(view(before, result, "GERMANY").adjudication)["France"] == "A Bur* E"


def test_rules004_incoming_support_cut_is_not_revealed() -> None:
    # "(If incoming support was cut, it is not revealed.)" England supports into
    # Belgium from Holland, whose support Germany cuts; a French spy in Burgundy covers
    # Belgium, not Holland.
    before = position(
        "S1902M",
        ["FRANCE A BUR", "ENGLAND A HOL", "ENGLAND A PIC", "GERMANY A KIE", "GERMANY A BEL"],
    )
    orders = [
        Espionage(unit("FRANCE A BUR")),
        Support(unit("ENGLAND A HOL"), L("PIC"), L("BEL")),
        Move(unit("ENGLAND A PIC"), L("BEL")),
        Move(unit("GERMANY A KIE"), L("HOL")),
    ]
    france = view(before, played(before, orders), "FRANCE")
    supports = [o for o in france.adjudication.outcomes if isinstance(o.order, Support)]
    assert supports == []
    uncut = [o for o in orders if not isinstance(o, Move) or o.unit.power != "GERMANY"]
    france = view(before, played(before, uncut), "FRANCE")
    shown = [o.order for o in france.adjudication.outcomes if isinstance(o.order, Support)]
    assert shown == [Support(unit("ENGLAND A ???"), L("PIC"), L("BEL"))]


def test_rules004_support_of_a_nonexistent_order_is_shown_nso() -> None:
    # "If a support order revealed ... was in support of a nonexistent order, this is
    # indicated: Eng F WMed S Ita F ???-GLyo [nso]"
    before = position("S1902M", ["GERMANY F SPA/SC", "ENGLAND F WES", "ITALY F TYS"])
    orders = [
        Espionage(unit("GERMANY F SPA/SC")),
        Support(unit("ENGLAND F WES"), L("TYS"), L("LYO"), UnitType.FLEET),
    ]
    germany = view(before, played(before, orders), "GERMANY")
    assert report_lines(germany.adjudication)["England"] == "F WMed* S F ???-GLyo [nso]"


def test_rules004_nmr_is_not_reported_units_shown_holding() -> None:
    # "If a country goes NMR, that is NOT reported. Espionage against that country
    # will show its units were ordered to Hold."
    before = position("S1902M", ["FRANCE A BUR", "GERMANY A MUN"])
    france = view(before, played(before, [Espionage(unit("FRANCE A BUR"))]), "FRANCE")
    assert Outcome(Hold(unit("GERMANY A MUN")), True) in france.adjudication.outcomes
    assert report_lines(france.adjudication)["Germany"] == "A Mun* H"


def test_rules004_espionage_learns_ownership_of_covered_centres_for_the_year_past() -> None:
    # "A unit ordered to spy will also learn the ownership of any supply center to
    # which the unit could give support (or on which it is sitting). ... a Fall
    # espionage order will reveal who owned the center for the year just past, as well
    # as revealing whether any other country has now occupied that location."
    before = position(
        "F1902M",
        ["FRANCE A BUR", "GERMANY A RUH"],
        {"FRANCE": ["PAR"], "ENGLAND": ["BEL"], "GERMANY": ["MUN"]},
    )
    orders = [Espionage(unit("FRANCE A BUR")), Move(unit("GERMANY A RUH"), L("BEL"))]
    result = played(before, orders)
    (report,) = view(before, result, "FRANCE").reports
    assert report.ownership["BEL"] == "ENGLAND"  # the year just past, not Germany's now
    assert report.ownership["MAR"] is None
    assert unit("GERMANY A BEL") in report.units
    assert result.position.ownership["BEL"] == "GERMANY"


def test_rules004_movements_through_covered_places_are_learned() -> None:
    # "movements from, to and through the places covered": a convoy through a
    # covered sea.
    before = position("S1902M", ["FRANCE F BRE", "ENGLAND A LON", "ENGLAND F ENG"])
    orders = [
        Espionage(unit("FRANCE F BRE")),
        Move(unit("ENGLAND A LON"), L("PIC"), True),
        Convoy(unit("ENGLAND F ENG"), L("LON"), L("PIC")),
    ]
    france = view(before, played(before, orders), "FRANCE")
    shown = {o.order for o in france.adjudication.outcomes}
    assert Move(unit("ENGLAND A ???"), L("PIC"), True) in shown
    assert Convoy(unit("ENGLAND F ENG"), UNKNOWN_PLACE, L("PIC")) in shown


# --- what a power learns otherwise, and what it does not --------------------------------


def test_rules004_you_always_know_where_your_own_units_are_and_no_others() -> None:
    before = position("S1902M", ["FRANCE A PAR", "GERMANY A MUN", "ENGLAND F LON"])
    result = played(before, [Move(unit("FRANCE A PAR"), L("BUR"))])
    france = view(before, result, "FRANCE")
    assert france.adjudication.position.units == (unit("FRANCE A BUR"),)
    assert [o.order for o in france.adjudication.outcomes] == [Move(unit("FRANCE A PAR"), L("BUR"))]


def test_rules004_which_of_your_own_moves_succeed_and_attacks_not_by_whom() -> None:
    # "when a unit of yours is attacked or opposed (but not by whom or from where, or
    # even by how many, nor whether you were supported)"; "which of your own moves
    # succeed".
    before = position("S1902M", ["FRANCE A PAR", "FRANCE A MAR", "GERMANY A MUN", "ITALY A PIE"])
    orders = [
        Move(unit("FRANCE A PAR"), L("BUR")),
        Move(unit("GERMANY A MUN"), L("BUR")),
        Move(unit("ITALY A PIE"), L("MAR")),
    ]
    france = view(before, played(before, orders), "FRANCE")
    outcomes = {o.order: o for o in france.adjudication.outcomes}
    assert outcomes[Move(unit("FRANCE A PAR"), L("BUR"))] == Outcome(
        Move(unit("FRANCE A PAR"), L("BUR")), False, Reason.BOUNCED
    )
    assert france.attacked == frozenset({"MAR"})
    assert all(o.order.unit.power == "FRANCE" for o in france.adjudication.outcomes)


def test_rules004_dislodged_and_whether_the_retreat_succeeded_not_from_where() -> None:
    # "when a unit of yours is dislodged and forced to retreat, and whether the
    # subsequent retreat was successful (retreating to an occupied space results in
    # the unit's disbanding ...)".
    before = position("S1902M", ["FRANCE A BUR", "GERMANY A MUN", "GERMANY A RUH", "ITALY A MAR"])
    orders = [
        Move(unit("GERMANY A MUN"), L("BUR")),
        Support(unit("GERMANY A RUH"), L("MUN"), L("BUR")),
    ]
    movement = played(before, orders)
    france = view(before, movement, "FRANCE")
    (hold,) = france.adjudication.outcomes
    assert (hold.reason, hold.dislodged_by) == (Reason.DISLODGED, UNKNOWN)
    (dislodged,) = france.adjudication.dislodged
    assert dislodged.attacker_from == UNKNOWN
    # Every place the army could reach is offered: the true options would tell that
    # Munich is where the attack came from and Marseilles is held.
    assert {L("MUN"), L("MAR")} <= set(dislodged.retreats)
    retreat = Retreat(unit("FRANCE A BUR"), L("MAR"))
    retreats = played(movement.position, [retreat])
    told = view(movement.position, retreats, "FRANCE")
    assert told.adjudication.outcomes == (Outcome(retreat, False, Reason.DISBANDED),)


def test_rules004_your_move_out_succeeds_no_attack_on_the_space_left() -> None:
    # "if your move out of a space succeeds, you don't learn of any attacks against the
    # space you just left".
    before = position("S1902M", ["FRANCE A BUR", "GERMANY A MUN"])
    orders = [Move(unit("FRANCE A BUR"), L("PIC")), Move(unit("GERMANY A MUN"), L("BUR"))]
    france = view(before, played(before, orders), "FRANCE")
    assert france.attacked == frozenset()


def test_rules004_support_of_an_order_that_did_not_take_place_is_not_learned() -> None:
    # "if you support an order that does not take place, or support a unit in holding
    # when the unit was ordered to move, you don't learn this".
    before = position("S1902M", ["FRANCE A BUR", "GERMANY A MUN"])
    support = Support(unit("FRANCE A BUR"), L("MUN"))
    result = played(before, [support, Move(unit("GERMANY A MUN"), L("RUH"))])
    assert next(o for o in result.outcomes if o.order == support).reason is (
        Reason.SUPPORTED_UNIT_MOVED
    )
    assert view(before, result, "FRANCE").adjudication.outcomes == (Outcome(support, True),)


def test_rules004_support_attacked_told_of_the_attack_not_the_cut() -> None:
    # "if you order a unit to support and it is attacked, you're told of the attack
    # but don't get to know whether the support was cut by it".
    before = position("S1902M", ["FRANCE A BUR", "FRANCE A PAR", "GERMANY A MUN"])
    support = Support(unit("FRANCE A BUR"), L("PAR"))
    result = played(before, [support, Move(unit("GERMANY A MUN"), L("BUR"))])
    assert next(o for o in result.outcomes if o.order == support).reason is Reason.CUT
    france = view(before, result, "FRANCE")
    assert Outcome(support, True) in france.adjudication.outcomes
    assert "BUR" in france.attacked


def test_rules004_centres_you_own_at_the_end_of_the_year_and_the_chart() -> None:
    # "what supply centers you own at the end of the year"; "the supply center chart
    # at the end of each year (i.e., the total for each country, but not who owns
    # which centers)".
    before = position(
        "F1902M",
        ["FRANCE A BUR", "GERMANY A RUH"],
        {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
    )
    result = played(before, [Move(unit("GERMANY A RUH"), L("BEL"))])
    france = view(before, result, "FRANCE")
    assert france.adjudication.position.ownership == {c: "FRANCE" for c in ("BRE", "MAR", "PAR")}
    assert france.centre_counts is not None and france.centre_counts["GERMANY"] == 4
    public = public_view(before, result, BOARD)
    assert public.centre_counts == france.centre_counts
    spring = position("S1902M", ["FRANCE A BUR"], {"FRANCE": ["PAR"]})
    assert public_view(spring, played(spring, []), BOARD).centre_counts is None


def test_a_variant_without_hidden_information_shows_everyone_the_whole_result() -> None:
    before = Position.initial(STANDARD_GAME)
    result = adjudicate(before, [], STANDARD_GAME)
    assert view_of(STANDARD_GAME, before, result, "FRANCE").adjudication is result
    spring = position("F1901M", ["GERMANY F SPA/SC", "ITALY F TYS"])
    hidden = view_of(KRIEGSPLOMACY, spring, played(spring, []), "GERMANY")
    assert hidden.adjudication.position.units == (unit("GERMANY F SPA/SC"),)
