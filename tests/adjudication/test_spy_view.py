"""What a power may know of the spies (rules/004): "Only the owner of a spy is told its
location"; "No indication of the sabotage is given in the results"."""

from __future__ import annotations

from adjudication.model.orders import Move
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.play.phases import adjudicate
from adjudication.variants import SPY
from adjudication.variants.spy.orders import Protect, Sabotage, SpyMove, SpyReason
from adjudication.variants.spy.view import position_seen_by, spies_seen_by, spy_report_for

ARMY = Unit("FRANCE", UnitType.ARMY, Location("MAR"))


def start() -> Position:
    return Position(
        Phase.parse("S1901M"),
        [ARMY],
        {"MAR": "FRANCE", "ROM": "ITALY", "BER": "GERMANY"},
        variant=SPY.name,
        spies=[Spy("ITALY", "MAR"), Spy("FRANCE", "PAR"), Spy("GERMANY", "MUN")],
    )


def test_rules004_spy_only_the_owner_is_told_its_location() -> None:
    assert spies_seen_by(start(), "FRANCE") == (Spy("FRANCE", "PAR"),)
    seen = position_seen_by(start(), "ITALY")
    assert seen.spies == (Spy("ITALY", "MAR"),)
    assert seen.units == start().units and seen.ownership == start().ownership
    assert position_seen_by(start(), "ENGLAND").spies == ()


def test_rules004_spy_no_indication_of_sabotage_to_the_sabotaged_power() -> None:
    orders = [
        Move(ARMY, Location("PIE")),
        Sabotage(Spy("ITALY", "MAR"), Move(ARMY, Location("GAS"))),
        SpyMove(Spy("GERMANY", "MUN"), "BUR"),
    ]
    result = adjudicate(start(), orders, SPY)
    france = spy_report_for(result.spies, "FRANCE")
    assert france is not None and france.outcomes == () and france.sabotaged == ()
    italy = spy_report_for(result.spies, "ITALY")
    assert italy is not None
    assert [o.order for o in italy.outcomes] == [orders[1]] and italy.sabotaged == ()
    # The full record keeps it for the GM.
    assert result.spies is not None and len(result.spies.sabotaged) == 1
    assert spy_report_for(None, "ITALY") is None


def test_rules004_spy_a_saboteur_is_not_told_of_the_protecting_spy() -> None:
    # "Only the owner of a spy is told its location": the foreign spy's owner learns
    # that its order was not followed, not that a French spy protected the army.
    position = Position(
        Phase.parse("S1901M"),
        [ARMY],
        {"MAR": "FRANCE", "ROM": "ITALY"},
        variant=SPY.name,
        spies=[Spy("ITALY", "MAR"), Spy("FRANCE", "MAR")],
    )
    sabotage = Sabotage(Spy("ITALY", "MAR"), Move(ARMY, Location("GAS")))
    result = adjudicate(position, [sabotage, Protect(Spy("FRANCE", "MAR"))], SPY)
    assert result.spies is not None
    assert result.spies.outcomes[1].reason is SpyReason.PROTECTED  # the record knows
    italy = spy_report_for(result.spies, "ITALY")
    assert italy is not None
    (told,) = italy.outcomes
    assert not told.succeeded and told.reason is None
