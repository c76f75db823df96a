"""Leak property (issue 12): over random Kriegsplomacy games, nothing in a power's view
names a unit, an order or an ownership that rules/004 does not give it.

The check is written from the rules, not from
`adjudication.variants.kriegsplomacy.views`: what a power may know is bounded by its own units and
orders, and by the places its spies that were not
cut cover, less those an uncut counter-espionage of another power covers. Anything
else a view names is a leak. A view made leaky on purpose fails it (last test).
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.io.serialize import adjudication_from_json, adjudication_to_json
from adjudication.model.orders import (
    Convoy,
    CounterEspionage,
    Espionage,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
    order_power,
)
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.units import PhaseKind, UnitType
from adjudication.model.views import UNKNOWN, PowerView
from adjudication.play.phases import adjudicate
from adjudication.play.views import public_view
from adjudication.text.report import adjustment_report, movement_report, retreat_report
from adjudication.variants import KRIEGSPLOMACY
from adjudication.variants.kriegsplomacy.views import power_view
from tests.adjudication.test_kriegsplomacy import position, unit
from tests.adjudication.test_properties import random_orders

BOARD = KRIEGSPLOMACY.board
PHASES_PER_GAME = 16


def _spying(orders: list[Order], rng: random.Random) -> list[Order]:
    """Some holds and moves become espionage or counter-espionage."""
    out: list[Order] = []
    for order in orders:
        roll = rng.random()
        if isinstance(order, Hold | Move) and roll < 0.3:
            out.append(Espionage(order.unit) if roll < 0.2 else CounterEspionage(order.unit))
        else:
            out.append(order)
    return out


def _reach(unit, board) -> frozenset[str]:
    """Where a unit could support into, and its own province (rules/004)."""
    if unit.type is UnitType.ARMY:
        near = board.army_adjacency.get(unit.province, frozenset())
    else:
        near = board.fleet_reach.get((unit.location.province, unit.location.coast), frozenset())
    return frozenset(near) | {unit.province}


def _attacked(result: Adjudication, province: str, power: str) -> bool:
    return any(
        isinstance(o.order, Move)
        and o.order.destination.province == province
        and o.order.unit.power != power
        and o.reason not in (Reason.ILLEGAL, Reason.NO_SUCH_UNIT, Reason.NO_CONVOY)
        and o.reason not in (Reason.DISRUPTED, Reason.PARADOX)
        for o in result.outcomes
    )


def may_see(result: Adjudication, power: str) -> frozenset[str]:
    """The places `power` may learn about in a movement phase: covered by a spy of its
    own not attacked, not covered by another power's counter-espionage not attacked."""
    spies = [
        o.order.unit
        for o in result.outcomes
        if isinstance(o.order, Espionage)
        and o.order.unit.power == power
        and o.reason is None
        and not _attacked(result, o.order.unit.province, power)
    ]
    covered = frozenset().union(*(_reach(u, BOARD) for u in spies))
    hiding = [
        o.order.unit
        for o in result.outcomes
        if isinstance(o.order, CounterEspionage)
        and o.order.unit.power != power
        and o.reason is None
        and not _attacked(result, o.order.unit.province, o.order.unit.power)
    ]
    hidden = frozenset().union(*(_reach(u, BOARD) for u in hiding))
    return covered - hidden


def _places(order: Order) -> list[str]:
    if isinstance(order, Waive):
        return []
    places = [order.unit.province]
    if isinstance(order, Move | Retreat):
        places.append(order.destination.province)
    if isinstance(order, Support):
        places.append(order.supported.province)
        if order.destination is not None:
            places.append(order.destination.province)
    if isinstance(order, Convoy):
        places += [order.army.province, order.destination.province]
    return places


def _matches(shown: Order, real: Order) -> bool:
    """`shown` is `real` with some places written ???."""
    if isinstance(shown, Hold):  # an order not followed, or no order, reads as a hold
        real_unit = real.unit if not isinstance(real, Waive) else None
        return (
            real_unit is not None
            and shown.unit.power == real_unit.power
            and (shown.unit.province in (real_unit.province, UNKNOWN))
        )
    if type(shown) is not type(real) or len(_places(shown)) != len(_places(real)):
        return False
    return all(s in (r, UNKNOWN) for s, r in zip(_places(shown), _places(real), strict=True))


def check_view(
    before: Position, result: Adjudication, view: PowerView, seen: frozenset[str]
) -> None:
    """Fail if `view` names anything of `result` that its power may not know; `seen`
    are the places it may know of beyond its own."""
    power = view.power
    shown = view.adjudication
    real = result.position
    # Units: its own, where they are; others only where it may see, and real.
    for known in shown.position.units:
        assert known in real.units, f"{power} is shown a unit that is not there: {known}"
        if known.power != power:
            assert known.province in seen, f"{power} sees {known} outside what it may see"
    assert set(real.units_of(power)) <= set(shown.position.units), "own units missing"
    # Ownership: its own centres exactly; others only where it may see, as they were.
    for centre, owner in shown.position.ownership.items():
        if owner == power:
            assert real.ownership.get(centre) == power, f"{power} is told it owns {centre}"
        else:
            assert centre in seen, f"{power} is told who owns {centre}"
            assert before.ownership.get(centre) == owner
    assert set(real.centres_of(power)) <= set(shown.position.centres_of(power))
    # Orders: its own (as given); others only in places it may see, each a real order.
    for outcome in shown.outcomes:
        order = outcome.order
        if order_power(order) == power:
            assert any(o.order == order for o in result.outcomes), f"not its order: {order}"
            assert outcome.reason not in (Reason.VOID, Reason.SUPPORTED_UNIT_MOVED), order
            if isinstance(order, Support | Convoy):
                assert outcome.reason is not Reason.CUT, "a support's cut is not told"
            assert outcome.dislodged_by in (None, UNKNOWN), "dislodged: not from where"
            continue
        assert result.phase.kind is not PhaseKind.ADJUSTMENT, f"{power} sees a build"
        assert outcome.reason is not Reason.UNORDERED, "an NMR is not reported"
        for place in _places(order):
            assert place == UNKNOWN or place in seen, f"{power} is told of {place}: {order}"
        assert any(_matches(order, o.order) for o in result.outcomes), f"invented: {order}"
    for d in shown.dislodged:
        assert d.attacker_from == UNKNOWN or d.attacker_from in seen
    assert shown.position.standoffs <= seen


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rules004_kriegsplomacy_no_view_names_what_its_power_may_not_know(seed: int) -> None:
    play_and_check(seed, power_view)


def play_and_check(seed: int, make_view) -> None:
    rng = random.Random(seed)
    position = Position.initial(KRIEGSPLOMACY)
    watched: dict[str, frozenset[str]] = {}
    for _ in range(PHASES_PER_GAME):
        orders = random_orders(position, BOARD, rng)
        if position.phase.kind is PhaseKind.MOVEMENT:
            orders = _spying(orders, rng)
        result = adjudicate(position, orders, KRIEGSPLOMACY)
        for power in BOARD.powers:
            if position.phase.kind is PhaseKind.MOVEMENT:
                seen = may_see(result, power)
                view = make_view(position, result, power, BOARD)
                watched[power] = view.learned
            else:
                seen = watched.get(power, frozenset())
                view = make_view(position, result, power, BOARD, seen)
            check_view(position, result, view, seen)
            told_as_any_result(view.adjudication)
        public = public_view(position, result, BOARD)
        assert public.centre_counts in (None, result.position.centre_counts(BOARD.powers))
        if position.phase.kind is not PhaseKind.RETREAT:
            watched = {}
        position = result.position


def told_as_any_result(shown: Adjudication) -> None:
    """The report and the JSON are made from a view as from the full result."""
    assert adjudication_from_json(adjudication_to_json(shown)) == shown
    kind = shown.phase.kind
    if kind is PhaseKind.MOVEMENT:
        text = movement_report(shown, board=BOARD)
    elif kind is PhaseKind.RETREAT:
        text = retreat_report(shown, board=BOARD)
    else:
        known = shown.position.ownership  # what the power knows of who owns what
        text = adjustment_report(shown.phase.year, known, known, shown, board=BOARD)
    assert str(shown.phase.year) in text


def test_the_leak_check_catches_a_view_that_tells_too_much() -> None:
    # The property can fail: a view given the whole position after the phase, or every
    # order, is caught in the first game where another power has a unit.
    def whole_position(before, result, power, board, watched=frozenset()):
        view = power_view(before, result, power, board, watched)
        return replace(view, adjudication=replace(view.adjudication, position=result.position))

    def every_order(before, result, power, board, watched=frozenset()):
        view = power_view(before, result, power, board, watched)
        return replace(view, adjudication=replace(view.adjudication, outcomes=result.outcomes))

    for leaky in (whole_position, every_order):
        try:
            for seed in range(5):
                play_and_check(seed, leaky)
        except AssertionError:
            continue
        raise AssertionError(f"the leak check let {leaky.__name__} through")


def test_a_spy_told_of_a_place_hidden_by_ce_is_caught() -> None:
    # The CE part of the check: a spy ignoring another power's counter-espionage.
    spring = position("S1902M", ["FRANCE A BUR", "GERMANY A RUH", "GERMANY A BEL"])
    orders = [Espionage(unit("FRANCE A BUR")), CounterEspionage(unit("GERMANY A RUH"))]
    result = adjudicate(spring, orders, KRIEGSPLOMACY)
    view = power_view(spring, result, "FRANCE", BOARD)
    check_view(spring, result, view, may_see(result, "FRANCE"))
    told = replace(
        view,
        adjudication=replace(
            view.adjudication,
            position=replace_units(view.adjudication.position, unit("GERMANY A BEL")),
        ),
    )
    try:
        check_view(spring, result, told, may_see(result, "FRANCE"))
    except AssertionError:
        return
    raise AssertionError("a unit in Belgium, hidden by the CE in Ruhr, was let through")


def replace_units(position: Position, extra) -> Position:
    return Position(
        position.phase,
        (*position.units, extra),
        position.ownership,
        position.dislodged,
        position.standoffs,
        position.variant,
    )
