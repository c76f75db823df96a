"""Invariants over random games: whatever the orders, the board stays a Diplomacy board.

Orders are drawn at random from the board's adjacency: holds, moves (now and then
one that is not adjacent, so validation is exercised), supports of neighbours' holds
and moves, convoys by fleets at sea, retreats, disbands, builds and waives. Some
powers give no orders at all, so the defaults and civil disorder are exercised too.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Season, Unit, UnitType
from adjudication.play.adjustments import build_sites
from adjudication.variants import STANDARD_GAME

PHASES_PER_GAME = 20


@pytest.fixture(scope="module")
def phases() -> ModuleType:
    return pytest.importorskip(
        "adjudication.play.phases",
        reason="needs adjudication.play.movement and adjudication.play.validate (teammates')",
    )


def _destinations(unit: Unit, board: Board) -> list[Location]:
    if unit.type is UnitType.FLEET:
        return sorted(board.fleet_adjacency.get(unit.location, ()))
    return [Location(p) for p in sorted(board.army_adjacency.get(unit.province, ()))]


def _first_order(unit: Unit, position: Position, board: Board, rng: random.Random) -> Order:
    """A hold or a move; rarely one validation must refuse."""
    roll = rng.random()
    targets = _destinations(unit, board)
    if roll < 0.03:
        # Not necessarily adjacent: validation must refuse it and the unit hold.
        return Move(unit, Location(rng.choice(sorted(board.provinces))))
    if roll < 0.08 and unit.type is UnitType.ARMY and board.is_coastal(unit.province):
        coastal = sorted(p for p in board.provinces if board.is_coastal(p))
        return Move(unit, Location(rng.choice(coastal)), via_convoy=True)
    if roll < 0.25 or not targets:
        return Hold(unit)
    return Move(unit, rng.choice(targets))


def _helping_order(
    unit: Unit, chosen: dict[Unit, Order], position: Position, board: Board, rng: random.Random
) -> Order | None:
    """A support of another unit's chosen order, or a convoy of an army's move."""
    wanted: list[Order] = []
    for other, order in chosen.items():
        if other == unit:
            continue
        if isinstance(order, Move):
            into = order.destination.province
            if into != unit.province and board.can_reach_province(unit.type, unit.location, into):
                wanted.append(Support(unit, other.location.province_only(), Location(into)))
            at_sea = board.provinces[unit.province].is_sea
            if order.via_convoy and unit.type is UnitType.FLEET and at_sea:
                wanted.append(Convoy(unit, other.location, order.destination.province_only()))
        elif board.can_reach_province(unit.type, unit.location, other.province):
            wanted.append(Support(unit, other.location.province_only()))
    return rng.choice(wanted) if wanted else None


def _movement_orders(position: Position, board: Board, rng: random.Random) -> list[Order]:
    chosen = {u: _first_order(u, position, board, rng) for u in position.units}
    for unit in position.units:
        if rng.random() < 0.4:
            helping = _helping_order(unit, chosen, position, board, rng)
            if helping is not None:
                chosen[unit] = helping
    return list(chosen.values())


def _retreat_orders(position: Position, rng: random.Random) -> list[Order]:
    orders: list[Order] = []
    for d in position.dislodged:
        roll = rng.random()
        if roll < 0.7 and d.retreats:
            orders.append(Retreat(d.unit, rng.choice(d.retreats)))
        elif roll < 0.85:
            orders.append(Disband(d.unit))
    return orders


def _adjustment_orders(position: Position, board: Board, rng: random.Random) -> list[Order]:
    orders: list[Order] = []
    for power in board.powers:
        n = position.adjustment_of(power)
        if n < 0:
            mine = list(position.units_of(power))
            rng.shuffle(mine)
            orders += [Disband(u) for u in mine[: rng.randint(0, -n + 1)]]
        elif n > 0:
            for site in build_sites(position, board, power)[: rng.randint(0, n + 1)]:
                kind = rng.choice([k for k in UnitType if board.unit_locations(k, site)])
                place = rng.choice(board.unit_locations(kind, site))
                orders.append(Build(Unit(power, kind, place)))
            if rng.random() < 0.2:
                orders.append(Waive(power))
    return orders


def random_orders(position: Position, board: Board, rng: random.Random) -> list[Order]:
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        return _retreat_orders(position, rng)
    if kind is PhaseKind.ADJUSTMENT:
        return _adjustment_orders(position, board, rng)
    silent = {p for p in board.powers if rng.random() < 0.15}  # no moves received
    return [o for o in _movement_orders(position, board, rng) if o.unit.power not in silent]


def check_board(position: Position, board: Board) -> None:
    provinces = [u.province for u in position.units]
    assert len(provinces) == len(set(provinces)), "two units in one province"
    for unit in position.units:
        assert unit.location in board.unit_locations(unit.type, unit.province), unit
    assert len(position.units) <= len(board.supply_centres)
    for d in position.dislodged:
        assert d.retreats, "a unit with nowhere to go waits in a retreat phase"
        for place in d.retreats:
            assert position.unit_in(place.province) is None
            assert place.province != d.attacker_from
            assert place.province not in position.standoffs
    if position.phase.kind is not PhaseKind.RETREAT:
        assert position.dislodged == ()


@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_board_sound(phases: ModuleType, seed: int) -> None:
    # One seed drives a whole game: hypothesis shrinks toward small seeds and the
    # failing seed is printed, so a failure replays exactly.
    rng = random.Random(seed)
    board = STANDARD
    position = Position.initial(STANDARD_GAME)
    for _ in range(PHASES_PER_GAME):
        orders = random_orders(position, board, rng)
        result = phases.adjudicate(position, orders, STANDARD_GAME)
        again = phases.adjudicate(position, list(orders), STANDARD_GAME)
        assert again == result, "same position and orders, different result"

        nxt = result.position
        assert result.phase == position.phase
        assert nxt.phase.sort_key > position.phase.sort_key, "phases go forward"
        assert nxt.phase.year <= position.phase.year + 1
        check_board(nxt, board)
        if position.phase.kind is PhaseKind.MOVEMENT:
            # Every unit is still on the board or was dislodged, never both.
            assert len(nxt.units) + len(result.dislodged) == len(position.units)
            assert not {d.unit for d in result.dislodged} & set(nxt.units)

        fall_done = position.phase.season is Season.FALL and (
            nxt.phase.kind is not PhaseKind.RETREAT
        )
        if not fall_done:
            assert nxt.ownership == position.ownership, "ownership moves only after a Fall"
        if position.phase.kind is PhaseKind.ADJUSTMENT or (
            fall_done and nxt.phase.season is Season.SPRING
        ):
            for power in board.powers:
                assert len(nxt.units_of(power)) <= len(nxt.centres_of(power)), power
        if position.phase.kind is PhaseKind.ADJUSTMENT:
            for power in board.powers:
                if position.adjustment_of(power) < 0:
                    assert len(nxt.units_of(power)) == len(nxt.centres_of(power)), power
        position = nxt
