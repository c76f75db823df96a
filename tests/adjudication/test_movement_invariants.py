"""Movement resolution on random positions, and every decision against its own rule."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.maps import STANDARD
from adjudication.model.orders import Convoy, Hold, Move, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Unit, UnitType
from adjudication.play.layout import Layout
from adjudication.play.movement import resolve_movement
from adjudication.play.phases import adjudicate
from adjudication.play.resolver import HOLD, Resolver
from adjudication.play.validate import validate_all
from adjudication.variants import STANDARD_GAME
from tests.adjudication.movement_cases import legal_table, position_for, read_table
from tests.adjudication.movement_tables import CASES, CASES_1982, RULEBOOK_1982

# --- invariants on random positions -------------------------------------------------


def _random_phase(rng) -> tuple[Position, list]:  # type: ignore[no-untyped-def]
    """A random crowd of units, each with a random (often illegal) order."""
    board = STANDARD
    places = [
        p for p in sorted(board.provinces) if board.provinces[p].terrain.value != "impassable"
    ]
    units = []
    for province in rng.sample(places, rng.randint(6, 34)):
        kinds = [t for t in UnitType if board.unit_locations(t, province)]
        kind = rng.choice(kinds)
        location = rng.choice(board.unit_locations(kind, province))
        units.append(Unit(rng.choice(board.powers[:4]), kind, location))
    position = Position(STANDARD_GAME.start, tuple(units), {})
    by_province = {u.province: u for u in units}
    orders = []
    for unit in units:
        near = sorted(board.neighbours(unit.province))
        roll = rng.random()
        if roll < 0.15:
            orders.append(Hold(unit))
        elif roll < 0.6:
            via = unit.type is UnitType.ARMY and rng.random() < 0.1
            target = rng.choice(near + rng.sample(places, 2))
            coasts = board.fleet_locations(target) if unit.type is UnitType.FLEET else ()
            orders.append(Move(unit, rng.choice(coasts) if coasts else Location(target), via))
        elif roll < 0.9:
            other = by_province.get(rng.choice(near))
            if other is None:
                orders.append(Hold(unit))
            elif rng.random() < 0.4:
                orders.append(Support(unit, other.location))
            else:
                orders.append(Support(unit, other.location, Location(rng.choice(near))))
        else:
            armies = [u for u in units if u.type is UnitType.ARMY]
            army = rng.choice(armies) if armies else unit
            orders.append(Convoy(unit, army.location, Location(rng.choice(places))))
    rejected = validate_all(orders, position, board)
    return position, [Hold(o.unit) if i in rejected else o for i, o in enumerate(orders)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_invariants_of_a_movement_phase(rng) -> None:  # type: ignore[no-untyped-def]
    position, orders = _random_phase(rng)
    result = resolve_movement(position, orders, STANDARD)
    provinces = [u.province for u in result.units]
    assert len(provinces) == len(set(provinces)), "two units in one space"
    assert len(result.units) + len(result.dislodged) == len(position.units)
    for order, outcome in zip(orders, result.outcomes, strict=True):
        assert outcome.order is order
        if isinstance(order, Move) and outcome.succeeded:
            assert Unit(order.unit.power, order.unit.type, order.destination).province in provinces
    for d in result.dislodged:
        assert d.unit in position.units and d.unit.province in provinces
        for place in d.retreats:
            assert place.province not in provinces and place.province not in result.standoffs
    for province in result.standoffs:
        assert province not in provinces
    again = resolve_movement(position, orders[::-1], STANDARD)
    assert set(again.units) == set(result.units)
    assert again.dislodged == result.dislodged
    assert again.standoffs == result.standoffs


@pytest.mark.parametrize(
    "table",
    [*CASES.values(), *CASES_1982.values()],
    ids=[*CASES.keys(), *(f"1982 {k}" for k in CASES_1982)],
)
def test_any_order_of_orders_gives_the_same_result(table: str) -> None:
    """The resolver starts its guesses from whichever order comes first; cycles and
    paradoxes must come out the same whatever that is."""
    import random

    rules = RULEBOOK_1982 if table in CASES_1982.values() else Rules()
    position, orders = legal_table(table)
    expected = resolve_movement(position, orders, STANDARD, rules)
    outcomes = dict(zip(map(str, orders), expected.outcomes, strict=True))
    rng = random.Random(table)
    for _ in range(12):
        shuffled = rng.sample(orders, len(orders))
        got = resolve_movement(position, shuffled, STANDARD, rules)
        assert set(got.units) == set(expected.units)
        assert got.dislodged == expected.dislodged
        assert dict(zip(map(str, shuffled), got.outcomes, strict=True)) == outcomes


def test_an_army_or_a_coastal_fleet_carries_no_one() -> None:
    # A fleet at sea makes the convoyed move legal; it is not ordered to convoy, and
    # the army and the coastal fleet that are ordered to may not.
    table = "ENGLAND: A LON - BEL VIA x; A YOR C A LON - BEL x; F HOL C A LON - BEL x; F NTH H"
    orders = [o for o, _ in read_table(table)]
    result = adjudicate(position_for(orders), orders, STANDARD_GAME)
    reasons = {str(o.order): o.reason for o in result.outcomes}
    assert reasons == {
        "A LON - BEL VIA": Reason.NO_CONVOY,
        "A YOR C A LON - BEL": Reason.ILLEGAL,
        "F HOL C A LON - BEL": Reason.ILLEGAL,
        "F NTH H": None,
    }
    assert {str(u) for u in result.position.units} == {"A LON", "A YOR", "F HOL", "F NTH"}


# --- every decision satisfies its own rule ------------------------------------------


def _unsettled(position: Position, orders: list, rules: Rules) -> list[str]:
    """Decisions that break their own rule (DATC 5.B) given all the final decisions.

    Only convoys failed by the Szykman rule may: that is the backup rule's purpose.
    """
    layout = Layout(position, orders, STANDARD, rules)
    resolver = Resolver(layout.tables)
    final = list(resolver.resolve_all())
    return [
        f"{orders[i]} resolved {final[i]}"
        for i, kind in enumerate(layout.tables.kind)
        if kind != HOLD and i not in resolver.paradox and resolver.decide[kind](i) != final[i]
    ]


@pytest.mark.parametrize(
    ("table", "rules"),
    [*((t, Rules()) for t in CASES.values()), *((t, RULEBOOK_1982) for t in CASES_1982.values())],
    ids=[*CASES.keys(), *(f"1982 {k}" for k in CASES_1982)],
)
def test_every_decision_satisfies_its_rule(table: str, rules: Rules) -> None:
    position, orders = legal_table(table)
    assert _unsettled(position, orders, rules) == []


PARADOXES = [k for k in CASES if k.startswith(("6.C", "6.F.1", "6.F.2", "6.G.1"))]


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(PARADOXES), st.booleans())
def test_paradoxes_with_random_bystanders(rng, case: str, rulebook_1982: bool) -> None:  # type: ignore[no-untyped-def]
    """DATC cycles and paradoxes with a few random units and orders added around them:
    every decision keeps to its rule, and the order of the orders does not matter."""
    base = [o for o, _ in read_table(CASES[case])]
    units = {o.unit.province: o.unit for o in base}
    free = [p for p in sorted(STANDARD.provinces) if p not in units and p != "SWI"]
    extra = []
    for province in rng.sample(free, rng.randint(1, 5)):
        kind = rng.choice([k for k in UnitType if STANDARD.unit_locations(k, province)])
        unit = Unit(rng.choice(STANDARD.powers), kind, STANDARD.unit_locations(kind, province)[0])
        units[province] = unit
        near = sorted(STANDARD.neighbours(province))
        other = units.get(rng.choice(near))
        if other is not None and rng.random() < 0.6:
            target = rng.choice(sorted(STANDARD.neighbours(other.province)))
            extra.append(Support(unit, other.location, Location(target)))
        else:
            places = STANDARD.unit_locations(kind, rng.choice(near))
            extra.append(Move(unit, places[0]) if places else Hold(unit))
    position = Position(position_for(base).phase, tuple(units.values()), {})
    orders = base + extra
    rejected = validate_all(orders, position, STANDARD)
    orders = [Hold(o.unit) if i in rejected else o for i, o in enumerate(orders)]
    rules = RULEBOOK_1982 if rulebook_1982 else Rules()
    assert _unsettled(position, orders, rules) == []
    first = resolve_movement(position, orders, STANDARD, rules)
    shuffled = rng.sample(orders, len(orders))
    again = resolve_movement(position, shuffled, STANDARD, rules)
    assert set(again.units) == set(first.units) and again.dislodged == first.dislodged
    assert dict(zip(map(str, shuffled), again.outcomes, strict=True)) == dict(
        zip(map(str, orders), first.outcomes, strict=True)
    )
