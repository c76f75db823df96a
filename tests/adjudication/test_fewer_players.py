"""rules/000 §14.2, games for fewer players, as the standard variant's groupings.

Each test is named after the sentence it pins; the readings (F1-F4) are in
docs/VARIANTS.md.
"""

from __future__ import annotations

import pytest

from adjudication.model.orders import Build, Disband, Hold, Move, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME, PowerStatus, UnknownGrouping

SIX, FIVE = Rules(grouping="6"), Rules(grouping="5")


def unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def position(phase: str, texts: list[str], centres: dict[str, list[str]] | None = None) -> Position:
    ownership = {c: p for p, cs in (centres or {}).items() for c in cs}
    return Position(Phase.parse(phase), [unit(t) for t in texts], ownership)


def outcome_of(result, order):
    return next(o for o in result.outcomes if o.order == order)


def test_rules000_14_2_six_players_eliminate_italy() -> None:
    assert STANDARD_GAME.statuses(SIX) == {"ITALY": PowerStatus.DUMMY}
    assert STANDARD_GAME.statuses(Rules()) == {}


def test_rules000_14_2_six_players_italian_units_hold() -> None:
    start = Position.initial(STANDARD_GAME)
    move = Move(unit("ITALY A VEN"), Location("TRI"))
    result = adjudicate(start, [move], STANDARD_GAME, SIX)
    assert outcome_of(result, move).reason is Reason.ILLEGAL
    assert unit("ITALY A VEN") in result.position.units


def test_rules000_14_2_six_players_italian_units_do_not_support_each_other() -> None:
    spring = position("S1901M", ["ITALY A VEN", "ITALY A ROM", "AUSTRIA A TYR", "AUSTRIA A TRI"])
    support = Support(unit("ITALY A ROM"), Location("VEN"))
    attack = Move(unit("AUSTRIA A TYR"), Location("VEN"))
    backing = Support(unit("AUSTRIA A TRI"), Location("TYR"), Location("VEN"))
    result = adjudicate(spring, [support, attack, backing], STANDARD_GAME, SIX)
    assert outcome_of(result, support).reason is Reason.ILLEGAL
    assert outcome_of(result, attack).succeeded
    # Seven players: the same support is followed and Venice holds.
    seven = adjudicate(spring, [support, attack, backing], STANDARD_GAME, Rules())
    assert not outcome_of(seven, attack).succeeded


def test_rules000_14_2_six_players_italian_units_supported_by_any_player() -> None:
    spring = position("S1901M", ["ITALY A VEN", "FRANCE A PIE", "AUSTRIA A TYR", "AUSTRIA A TRI"])
    attack = Move(unit("AUSTRIA A TYR"), Location("VEN"))
    backing = Support(unit("AUSTRIA A TRI"), Location("TYR"), Location("VEN"))
    french = Support(unit("FRANCE A PIE"), Location("VEN"))
    result = adjudicate(spring, [attack, backing, french], STANDARD_GAME, SIX)
    assert outcome_of(result, french).succeeded
    assert not outcome_of(result, attack).succeeded
    assert unit("ITALY A VEN") in result.position.units


def test_rules000_14_2_six_players_forced_to_retreat_disbanded() -> None:
    spring = position("S1901M", ["ITALY A VEN", "AUSTRIA A TYR", "AUSTRIA A TRI"])
    attack = Move(unit("AUSTRIA A TYR"), Location("VEN"))
    backing = Support(unit("AUSTRIA A TRI"), Location("TYR"), Location("VEN"))
    result = adjudicate(spring, [attack, backing], STANDARD_GAME, SIX)
    # No retreat phase is opened for it: the next phase is Fall's moves.
    assert result.position.phase == Phase.parse("F1901M")
    assert all(u.power != "ITALY" for u in result.position.units)
    (dislodged,) = result.dislodged
    assert dislodged.unit == unit("ITALY A VEN") and dislodged.retreats == ()
    # Seven players: the same Venetian army may retreat.
    seven = adjudicate(spring, [attack, backing], STANDARD_GAME, Rules())
    assert seven.position.phase == Phase.parse("S1901R")


def test_rules000_14_2_six_players_italy_never_builds() -> None:
    winter = position(
        "W1901A",
        ["ITALY A ROM", "ITALY A TUN", "FRANCE A PAR"],
        {"ITALY": ["ROM", "VEN", "NAP", "TUN"], "FRANCE": ["PAR"]},
    )
    # Italy's surplus alone opens no adjustment phase.
    fall = winter.at_phase(Phase.parse("F1901M"))
    assert adjudicate(fall, [], STANDARD_GAME, SIX).position.phase == Phase.parse("S1902M")
    assert adjudicate(fall, [], STANDARD_GAME, Rules()).position.phase == winter.phase
    build = Build(unit("ITALY A VEN"))
    result = adjudicate(winter, [build], STANDARD_GAME, SIX)
    assert outcome_of(result, build).reason is Reason.ILLEGAL
    assert unit("ITALY A VEN") not in result.position.units
    assert not any(o.reason is Reason.WAIVED for o in result.outcomes)


def test_rules000_14_2_six_players_italian_removals_by_civil_disorder() -> None:
    winter = position(
        "W1901A",
        ["ITALY A ROM", "ITALY A VEN", "ITALY F NAP", "FRANCE A PAR"],
        {"ITALY": ["ROM", "VEN"], "FRANCE": ["PAR"]},
    )
    result = adjudicate(winter, [], STANDARD_GAME, SIX)
    removals = [o for o in result.outcomes if isinstance(o.order, Disband)]
    assert [o.reason for o in removals] == [Reason.CIVIL_DISORDER]
    assert len([u for u in result.position.units if u.power == "ITALY"]) == 2


def test_rules000_14_2_five_players_eliminate_italy_and_germany() -> None:
    assert STANDARD_GAME.statuses(FIVE) == {
        "GERMANY": PowerStatus.DUMMY,
        "ITALY": PowerStatus.DUMMY,
    }
    start = Position.initial(STANDARD_GAME)
    orders = [Move(unit("GERMANY A MUN"), Location("BUR")), Hold(unit("ITALY A ROM"))]
    result = adjudicate(start, orders, STANDARD_GAME, FIVE)
    assert {o.reason for o in result.outcomes if o.order in orders} == {Reason.ILLEGAL}


def test_rules000_14_2_four_players_pairs() -> None:
    four = STANDARD_GAME.grouping_named("4")
    assert four.holdings == (
        ("ENGLAND",),
        ("AUSTRIA", "FRANCE"),
        ("GERMANY", "TURKEY"),
        ("ITALY", "RUSSIA"),
    )
    assert four.dummies == frozenset()
    assert STANDARD_GAME.statuses(Rules(grouping="4")) == {}


def test_rules000_14_2_three_players_two_alternatives() -> None:
    assert STANDARD_GAME.grouping_named("3a").holdings == (
        ("RUSSIA",),
        ("ENGLAND", "FRANCE", "GERMANY"),
        ("AUSTRIA", "ITALY", "TURKEY"),
    )
    assert STANDARD_GAME.grouping_named("3b").holdings == (
        ("ENGLAND", "GERMANY", "AUSTRIA"),
        ("RUSSIA", "ITALY"),
        ("FRANCE", "TURKEY"),
    )
    # F4: alternative 1 unless the GM chose the second.
    assert STANDARD_GAME.grouping_for(3).key == "3a"
    assert STANDARD_GAME.grouping_for(3, "3b").key == "3b"
    assert STANDARD_GAME.grouping_for(6).key == "6"


def test_rules000_14_2_ownership_per_country() -> None:
    """ "supply center ownership is computed for each individual country, even though two
    or more may be played by the same person ... adjustments must be made by each country
    in accordance with its supply center holdings." Four players: Austria/France is one
    player; Austria builds while France removes."""
    winter = position(
        "W1901A",
        ["AUSTRIA A VIE", "FRANCE A PAR", "FRANCE A PIC"],
        {"AUSTRIA": ["VIE", "BUD"], "FRANCE": ["PAR"]},
    )
    build = Build(unit("AUSTRIA A BUD"))
    result = adjudicate(winter, [build], STANDARD_GAME, Rules(grouping="4"))
    assert outcome_of(result, build).succeeded
    assert [o.reason for o in result.outcomes if isinstance(o.order, Disband)] == [
        Reason.CIVIL_DISORDER
    ]


def test_an_unknown_grouping_is_refused() -> None:
    with pytest.raises(UnknownGrouping, match="'9'"):
        adjudicate(Position.initial(STANDARD_GAME), [], STANDARD_GAME, Rules(grouping="9"))
    with pytest.raises(UnknownGrouping):
        STANDARD_GAME.grouping_for(8)
