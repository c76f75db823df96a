"""Each power's view and the public view of a Spy Diplomacy phase (rules/004, issue 12):
"Only the owner of a spy is told its location"; "No indication of the sabotage is given
in the results"."""

from __future__ import annotations

from adjudication.io.serialize import dumps
from adjudication.model.orders import Move
from adjudication.model.pieces import Spy
from adjudication.model.units import Location
from adjudication.play.phases import adjudicate
from adjudication.play.views import public_view_of, view_of
from adjudication.variants import KRIEGSPLOMACY, SPY, STANDARD_GAME, adjudication_to_json
from adjudication.variants.spy.orders import Protect, Sabotage, SpyMove
from tests.adjudication.test_spy import position, unit

ARMY = unit("FRANCE A MAR")


def sabotaged_phase():
    """Italy's spy in Marseilles sends the French army to Gascony; Germany's moves."""
    before = position(
        "S1901M",
        ["FRANCE A MAR", "FRANCE A PAR", "GERMANY A MUN"],
        ["ITALY MAR", "FRANCE PAR", "GERMANY MUN"],
    )
    orders = [
        Move(ARMY, Location("PIE")),
        Sabotage(Spy("ITALY", "MAR"), Move(ARMY, Location("GAS"))),
        SpyMove(Spy("GERMANY", "MUN"), "BUR"),
        Protect(Spy("FRANCE", "PAR")),
    ]
    return before, adjudicate(before, orders, SPY)


def test_rules004_spy_only_the_owner_is_told_its_location_in_its_view() -> None:
    before, result = sabotaged_phase()
    for power in SPY.board.powers:
        seen = view_of(SPY, before, result, power).adjudication
        assert seen.position.spies == tuple(s for s in result.position.spies if s.power == power)
        assert seen.spies is not None
        assert all(o.order.spy.power == power for o in seen.spies.outcomes)
    germany = view_of(SPY, before, result, "GERMANY").adjudication
    assert germany.position.spies == (Spy("GERMANY", "BUR"),)
    assert [str(o.order) for o in germany.spies.outcomes] == ["SPY MUN - BUR"]


def test_rules004_spy_units_and_centres_are_as_in_regular_diplomacy() -> None:
    # "The rules are the same as for regular Diplomacy, except as stated below": every
    # power sees every unit, every order's outcome and who owns each centre.
    before, result = sabotaged_phase()
    seen = view_of(SPY, before, result, "ENGLAND").adjudication
    assert seen.outcomes == result.outcomes
    assert seen.position.units == result.position.units
    assert seen.position.ownership == result.position.ownership


def test_rules004_spy_no_indication_of_the_sabotage_in_any_view() -> None:
    before, result = sabotaged_phase()
    for power in SPY.board.powers:
        seen = view_of(SPY, before, result, power).adjudication
        assert seen.spies is not None and seen.spies.sabotaged == ()
        # The French army is listed with the order it followed, as if France gave it.
        (army,) = [o for o in seen.outcomes if o.order.unit == ARMY]
        assert army.order == Move(ARMY, Location("GAS")) and army.succeeded
    # The JSON sent to France names no spy but its own and no sabotage.
    france = adjudication_to_json(view_of(SPY, before, result, "FRANCE").adjudication)
    assert france["position"]["spies"] == {"FRANCE": ["PAR"]}
    assert france["spies"]["sabotaged"] == []
    text = dumps(france)
    # neither Italy's order (type "sabotage") nor France's own order set aside (- Pie)
    assert '"sabotage"' not in text and "PIE" not in text
    assert result.spies is not None and result.spies.sabotaged  # the record keeps it


def test_rules004_spy_the_saboteur_learns_its_own_order_was_followed() -> None:
    before, result = sabotaged_phase()
    italy = view_of(SPY, before, result, "ITALY").adjudication
    assert italy.spies is not None
    (told,) = italy.spies.outcomes
    assert str(told.order) == "SPY MAR: A MAR - GAS" and told.succeeded


def test_rules004_spy_the_public_view_has_no_spies_and_no_sabotage() -> None:
    before, result = sabotaged_phase()
    public = public_view_of(SPY, before, result)
    assert public.adjudication is not None
    assert public.adjudication.position.spies == ()
    assert public.adjudication.spies is None
    assert public.adjudication.outcomes == result.outcomes
    assert public.adjudication.position.units == result.position.units
    assert "spies" not in dumps(adjudication_to_json(public.adjudication))


def test_a_public_view_is_the_whole_result_where_nothing_is_hidden() -> None:
    before = position("S1901M", ["FRANCE A PAR"], [])
    before = type(before)(before.phase, before.units, before.ownership)
    result = adjudicate(before, [Move(unit("FRANCE A PAR"), Location("BUR"))], STANDARD_GAME)
    assert public_view_of(STANDARD_GAME, before, result).adjudication == result


def test_rules004_kriegsplomacy_the_public_view_has_no_results() -> None:
    # Kriegsplomacy makes public only the centre chart, never the moves.
    before = position("S1901M", ["FRANCE A PAR"], [])
    before = type(before)(before.phase, before.units, before.ownership, variant=KRIEGSPLOMACY.name)
    result = adjudicate(before, [Move(unit("FRANCE A PAR"), Location("BUR"))], KRIEGSPLOMACY)
    public = public_view_of(KRIEGSPLOMACY, before, result)
    assert public.adjudication is None and public.phase == result.phase
