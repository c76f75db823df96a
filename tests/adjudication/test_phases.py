"""The phase pipeline (`adjudicate`) and the ends of the game."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Disband, Hold, Move, Retreat, Support, Waive
from adjudication.model.outcomes import Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.result import EndKind, GameEnd
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.game_end import check_game_end, check_solo, check_stalemate, check_year_limit
from adjudication.variants import STANDARD_GAME
from tests.shared_files import SAMPLE_PHASES

SAMPLE = SAMPLE_PHASES


@pytest.fixture(scope="module")
def phases() -> ModuleType:
    return pytest.importorskip(
        "adjudication.play.phases",
        reason="needs adjudication.play.movement and adjudication.play.validate (teammates')",
    )


def units(*texts: str) -> tuple[Unit, ...]:
    out = []
    for text in texts:
        power, _, rest = text.partition(" ")
        out.append(Unit.parse(power, rest))
    return tuple(out)


def unit(text: str) -> Unit:
    return units(text)[0]


def position(code: str, unit_texts: list[str], owned: dict[str, list[str]]) -> Position:
    return Position(
        Phase.parse(code), units(*unit_texts), {c: p for p, cs in owned.items() for c in cs}
    )


def starting_ownership() -> dict[str, list[str]]:
    return {p: sorted(c) for p, c in STANDARD.home_centres.items()}


# --- game end, without the pipeline ------------------------------------------------


def test_solo_needs_victory_centres() -> None:
    owner = {f"C{i}": "FRANCE" for i in range(17)} | {"X": "ITALY"}
    assert check_solo(owner, Rules()) is None
    owner["Y"] = "FRANCE"
    assert check_solo(owner, Rules()) == GameEnd(EndKind.SOLO, ("FRANCE",))
    assert check_solo({"A": "ITALY"}, Rules(victory_centres=1)) == GameEnd(EndKind.SOLO, ("ITALY",))


def test_stalemate_needs_identical_consecutive_winters() -> None:
    a = {"PAR": "FRANCE", "ROM": "ITALY"}
    b = {"PAR": "FRANCE", "ROM": "FRANCE"}
    rules = Rules(stalemate_winters=3)
    assert check_stalemate([a, a, a], Rules()) is None  # rule not played
    assert check_stalemate([a, a], rules) is None
    assert check_stalemate([b, a, a], rules) is None
    assert check_stalemate([a, b, a], rules) is None
    assert check_stalemate([b, a, a, a], rules) == GameEnd(EndKind.STALEMATE, ("FRANCE", "ITALY"))
    # Only powers still owning a centre share the draw.
    assert check_stalemate([b, b, b], rules) == GameEnd(EndKind.STALEMATE, ("FRANCE",))


def test_year_limit_counts_pieces_on_the_board() -> None:
    board = position("S1903M", ["ITALY A ROM", "ITALY A VEN", "FRANCE A PAR"], {})
    rules = Rules(year_limit=1902)
    assert check_year_limit(board, 1901, rules) is None
    assert check_year_limit(board, 1902, rules) == GameEnd(EndKind.YEAR_LIMIT, ("ITALY",))
    assert check_year_limit(board, 1902, Rules()) is None
    tied = position("S1903M", ["ITALY A ROM", "FRANCE A PAR"], {})
    assert check_year_limit(tied, 1902, rules) == GameEnd(EndKind.YEAR_LIMIT, ("FRANCE", "ITALY"))


def test_game_end_precedence_solo_then_year_then_stalemate() -> None:
    owned = {f"C{i}": "FRANCE" for i in range(18)}
    board = Position(Phase.parse("S1902M"), units("ITALY A ROM", "ITALY A VEN"), owned)
    rules = Rules(year_limit=1901, stalemate_winters=1)
    end = check_game_end(board, (), STANDARD, rules, fall_completed=True, completed_year=1901)
    assert end == GameEnd(EndKind.SOLO, ("FRANCE",))
    few = Position(board.phase, board.units, {"ROM": "ITALY"})
    end = check_game_end(few, (), STANDARD, rules, fall_completed=True, completed_year=1901)
    assert end == GameEnd(EndKind.YEAR_LIMIT, ("ITALY",))
    end = check_game_end(few, (), STANDARD, rules, fall_completed=True, completed_year=None)
    assert end == GameEnd(EndKind.STALEMATE, ("ITALY",))
    end = check_game_end(few, (), STANDARD, rules, fall_completed=False, completed_year=None)
    assert end is None


# --- the pipeline ------------------------------------------------------------------


def test_unordered_units_hold(phases: ModuleType) -> None:
    start = Position.initial(STANDARD_GAME)
    result = phases.adjudicate(start, [])
    assert result.phase == start.phase
    assert result.position.phase == Phase.parse("F1901M")
    assert result.position.units == start.units
    assert len(result.outcomes) == len(start.units)
    assert all(isinstance(o.order, Hold) and o.succeeded for o in result.outcomes)
    assert {o.reason for o in result.outcomes} == {Reason.UNORDERED}


def test_ownership_changes_only_after_fall(phases: ModuleType) -> None:
    spring = Position.initial(STANDARD_GAME)
    kie_hol = Move(unit("GERMANY F KIE"), Location("HOL"))
    after_spring = phases.adjudicate(spring, [kie_hol]).position
    assert unit("GERMANY F HOL") in after_spring.units
    assert "HOL" not in after_spring.ownership

    after_fall = phases.adjudicate(after_spring, [])
    assert after_fall.position.phase == Phase.parse("W1901A")
    assert after_fall.position.ownership["HOL"] == "GERMANY"
    assert after_fall.position.adjustment_of("GERMANY") == 1


def test_vacant_centre_keeps_its_owner(phases: ModuleType) -> None:
    fall = position("F1901M", ["FRANCE A SPA"], {"FRANCE": ["SPA", "PAR"]})
    result = phases.adjudicate(fall, [Move(unit("FRANCE A SPA"), Location("GAS"))])
    assert result.position.ownership["SPA"] == "FRANCE"


def test_unused_adjustment_phase_is_skipped(phases: ModuleType) -> None:
    fall = Position(
        Phase.parse("F1901M"), STANDARD.starting_units, Position.initial(STANDARD_GAME).ownership
    )
    result = phases.adjudicate(fall, [])
    assert result.position.phase == Phase.parse("S1902M")


def test_build_owed_without_a_free_home_centre_skips_winter(phases: ModuleType) -> None:
    fall = position(
        "F1901M",
        ["FRANCE A PAR", "FRANCE A MAR", "FRANCE F BRE", "ITALY A PIE"],
        {"FRANCE": ["PAR", "MAR", "BRE", "SPA"], "ITALY": ["ROM"]},
    )
    result = phases.adjudicate(fall, [])
    assert result.position.phase == Phase.parse("S1902M")
    assert result.position.adjustment_of("FRANCE") == 1


def test_dislodged_unit_retreats_in_its_own_phase(phases: ModuleType) -> None:
    spring = position(
        "S1901M",
        ["GERMANY A MUN", "GERMANY A RUH", "FRANCE A BUR"],
        {"GERMANY": ["MUN"], "FRANCE": ["PAR"]},
    )
    orders = [
        Move(unit("GERMANY A MUN"), Location("BUR")),
        Support(unit("GERMANY A RUH"), Location("MUN"), Location("BUR")),
    ]
    result = phases.adjudicate(spring, orders)
    assert result.position.phase == Phase.parse("S1901R")
    (gone,) = result.position.dislodged
    assert gone.unit == unit("FRANCE A BUR")
    assert gone.attacker_from == "MUN"
    assert Location("MUN") not in gone.retreats
    assert Location("PAR") in gone.retreats
    assert result.dislodged == result.position.dislodged

    retreat = phases.adjudicate(result.position, [Retreat(gone.unit, Location("PAR"))])
    assert retreat.position.phase == Phase.parse("F1901M")
    assert unit("FRANCE A PAR") in retreat.position.units
    assert retreat.position.dislodged == ()


def test_fall_retreat_into_a_centre_takes_it(phases: ModuleType) -> None:
    fall = position(
        "F1901M",
        ["GERMANY A MUN", "GERMANY A RUH", "FRANCE A BUR"],
        {"GERMANY": ["MUN", "BER", "KIE"], "FRANCE": ["PAR", "MAR", "BRE"]},
    )
    orders = [
        Move(unit("GERMANY A MUN"), Location("BUR")),
        Support(unit("GERMANY A RUH"), Location("MUN"), Location("BUR")),
    ]
    result = phases.adjudicate(fall, orders)
    assert result.position.phase == Phase.parse("F1901R")
    assert result.position.ownership == fall.ownership  # not yet: retreats first
    assert Location("MUN") not in result.position.dislodged[0].retreats
    after = phases.adjudicate(result.position, [Retreat(unit("FRANCE A BUR"), Location("BEL"))])
    assert after.position.ownership["BEL"] == "FRANCE"
    assert after.position.ownership["MUN"] == "GERMANY"  # left vacant: still German
    assert after.position.phase == Phase.parse("W1901A")


def test_refused_retreat_disbands_with_one_outcome(phases: ModuleType) -> None:
    spring = position(
        "S1901M",
        ["GERMANY A MUN", "GERMANY A RUH", "FRANCE A BUR"],
        {},
    )
    orders = [
        Move(unit("GERMANY A MUN"), Location("BUR")),
        Support(unit("GERMANY A RUH"), Location("MUN"), Location("BUR")),
    ]
    retreat_phase = phases.adjudicate(spring, orders).position
    bad = Retreat(unit("FRANCE A BUR"), Location("MUN"))  # where the attacker came from
    result = phases.adjudicate(retreat_phase, [bad])
    assert [(o.order, o.succeeded, o.reason) for o in result.outcomes] == [
        (bad, False, Reason.ILLEGAL)
    ]
    assert not any(u.power == "FRANCE" for u in result.position.units)


def test_unit_with_nowhere_to_go_is_disbanded_at_once(phases: ModuleType) -> None:
    # The Austrian army in Serbia is dislodged from Bulgaria with every other
    # neighbour occupied or contested: no retreat phase is needed.
    spring = position(
        "S1901M",
        [
            "AUSTRIA A SER",
            "TURKEY A BUL",
            "TURKEY A GRE",
            "TURKEY A ALB",
            "RUSSIA A RUM",
            "RUSSIA A BUD",
            "ITALY A TRI",
        ],
        {},
    )
    orders = [
        Move(unit("TURKEY A BUL"), Location("SER")),
        Support(unit("TURKEY A GRE"), Location("BUL"), Location("SER")),
    ]
    result = phases.adjudicate(spring, orders)
    (gone,) = result.dislodged
    assert gone.unit == unit("AUSTRIA A SER")
    assert gone.retreats == ()
    assert result.position.phase == Phase.parse("F1901M")
    assert result.position.dislodged == ()
    assert not any(u.power == "AUSTRIA" for u in result.position.units)


def test_illegal_order_holds_with_one_outcome(phases: ModuleType) -> None:
    start = Position.initial(STANDARD_GAME)
    bad = Move(unit("FRANCE A PAR"), Location("MUN"))  # not adjacent
    result = phases.adjudicate(start, [bad])
    paris = [o for o in result.outcomes if o.order.unit.province == "PAR"]
    assert [(o.order, o.succeeded, o.reason) for o in paris] == [(bad, False, Reason.ILLEGAL)]
    assert unit("FRANCE A PAR") in result.position.units


def test_order_naming_unit_without_its_coast_moves_it(phases: ModuleType) -> None:
    start = Position.initial(STANDARD_GAME)
    order = Move(unit("RUSSIA F STP"), Location("BOT"))  # the fleet is on STP/SC
    result = phases.adjudicate(start, [order])
    (outcome,) = [o for o in result.outcomes if o.order.unit.province == "STP"]
    assert (outcome.order, outcome.succeeded) == (order, True)
    assert unit("RUSSIA F BOT") in result.position.units


def test_same_orders_in_any_order_give_the_same_result(phases: ModuleType) -> None:
    start = Position.initial(STANDARD_GAME)
    orders = [
        Move(unit("GERMANY A MUN"), Location("BUR")),
        Move(unit("FRANCE A PAR"), Location("BUR")),
        Move(unit("ENGLAND F LON"), Location("NTH")),
        Move(unit("AUSTRIA A VIE"), Location("GAL")),
        Move(unit("RUSSIA A WAR"), Location("GAL")),
    ]
    first = phases.adjudicate(start, orders)
    shuffled = orders[:]
    random.Random(7).shuffle(shuffled)
    assert phases.adjudicate(start, shuffled) == first
    assert phases.adjudicate(start, orders) == first


def test_winter_removals_and_builds(phases: ModuleType) -> None:
    winter = position(
        "W1901A",
        ["FRANCE A PAR", "FRANCE A PIC", "FRANCE F LYO", "ITALY A ROM"],
        {"FRANCE": ["PAR"], "ITALY": ["ROM", "VEN", "NAP"]},
    )
    result = phases.adjudicate(winter, [Build(unit("ITALY F NAP")), Waive("ITALY")])
    assert result.position.phase == Phase.parse("S1902M")
    assert result.position.units == units("FRANCE A PAR", "ITALY A ROM", "ITALY F NAP")
    removals = [o for o in result.outcomes if isinstance(o.order, Disband)]
    assert {o.reason for o in removals} == {Reason.CIVIL_DISORDER}


def test_solo_ends_the_game_after_the_fall(phases: ModuleType) -> None:
    centres = sorted(STANDARD.supply_centres - {"MOS"})
    owned = {"FRANCE": centres[:17]}
    fall = position("F1905M", ["FRANCE A UKR"], owned | {"RUSSIA": ["MOS"]})
    result = phases.adjudicate(fall, [Move(unit("FRANCE A UKR"), Location("MOS"))])
    assert result.game_end == GameEnd(EndKind.SOLO, ("FRANCE",))


def test_solo_can_come_with_a_fall_retreat(phases: ModuleType) -> None:
    centres = sorted(STANDARD.supply_centres - {"MOS"})
    ownership = {c: "FRANCE" for c in centres[:17]} | {"MOS": "RUSSIA"}
    gone = Dislodgement(unit("FRANCE A UKR"), "RUM", (Location("MOS"), Location("SEV")))
    fall_retreats = Position(Phase.parse("F1905R"), units("RUSSIA A RUM"), ownership, (gone,))
    result = phases.adjudicate(fall_retreats, [Retreat(gone.unit, Location("MOS"))])
    assert result.position.ownership["MOS"] == "FRANCE"
    assert result.game_end == GameEnd(EndKind.SOLO, ("FRANCE",))


def test_short_game_ends_after_its_last_fall_when_winter_is_skipped(
    phases: ModuleType,
) -> None:
    start = Position.initial(STANDARD_GAME)
    fall = Position(Phase.parse("F1902M"), start.units, start.ownership)
    result = phases.adjudicate(fall, [], STANDARD_GAME, Rules(year_limit=1902))
    assert result.position.phase == Phase.parse("S1903M")
    assert result.game_end == GameEnd(EndKind.YEAR_LIMIT, ("RUSSIA",))
    assert phases.adjudicate(fall, [], STANDARD_GAME, Rules(year_limit=1903)).game_end is None


def test_short_game_ends_after_its_last_winter(phases: ModuleType) -> None:
    winter = position("W1902A", ["FRANCE A BUR"], {"FRANCE": ["PAR", "MAR"], "ITALY": ["ROM"]})
    rules = Rules(year_limit=1902)
    result = phases.adjudicate(winter, [Build(unit("FRANCE A PAR"))], STANDARD_GAME, rules)
    # France has two pieces after building one, Italy none.
    assert result.game_end == GameEnd(EndKind.YEAR_LIMIT, ("FRANCE",))
    earlier = Position(Phase.parse("W1901A"), winter.units, winter.ownership)
    assert phases.adjudicate(earlier, [], STANDARD_GAME, rules).game_end is None


def test_stalemate_uses_the_winter_history(phases: ModuleType) -> None:
    start = Position.initial(STANDARD_GAME)
    fall = Position(Phase.parse("F1903M"), start.units, start.ownership)
    rules = Rules(stalemate_winters=3)
    same = dict(start.ownership)
    assert phases.adjudicate(fall, [], STANDARD_GAME, rules, [same]).game_end is None
    end = phases.adjudicate(fall, [], STANDARD_GAME, rules, [same, same]).game_end
    assert end == GameEnd(EndKind.STALEMATE, STANDARD.powers)
