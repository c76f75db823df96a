"""Random Airplane Diplomacy games (rules/004): the standard game's invariants hold,
no plane ever stands on water, and no centre is owned through a plane."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.model.orders import Move, Order
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Season, UnitType
from adjudication.play.phases import adjudicate
from adjudication.variants import AIRPLANE
from tests.adjudication.test_properties import check_board, random_orders

BOARD = AIRPLANE.board
PHASES_PER_GAME = 24


def _with_flights(orders: list[Order], position: Position, rng: random.Random) -> list[Order]:
    """The standard generator's orders, with most planes' moves redrawn over their
    reach (the generator moves every unit by army borders)."""
    out: list[Order] = []
    for order in orders:
        unit = getattr(order, "unit", None)
        if unit is not None and unit.type is UnitType.PLANE and rng.random() < 0.7:
            reach = sorted(BOARD.plane_reach[unit.province])
            order = Move(unit, Location(rng.choice(reach)))
        out.append(order)
    return out


def _check_planes(before: Position, after: Position) -> None:
    for unit in after.units:
        if unit.type is UnitType.PLANE:
            assert BOARD.provinces[unit.province].is_land, f"{unit} on water"
    for centre, owner in after.ownership.items():
        if before.ownership.get(centre) == owner:
            continue
        holder = after.unit_in(centre)
        assert holder is not None and holder.power == owner, centre
        assert holder.type is not UnitType.PLANE, f"{centre} owned through a plane"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rules004_airplane_random_games_keep_the_board_sound(seed: int) -> None:
    rng = random.Random(seed)
    position = Position.initial(AIRPLANE)
    for _ in range(PHASES_PER_GAME):
        orders = _with_flights(random_orders(position, BOARD, rng), position, rng)
        result = adjudicate(position, orders, AIRPLANE)
        assert adjudicate(position, list(orders), AIRPLANE) == result
        nxt = result.position
        assert nxt.phase.sort_key > position.phase.sort_key
        check_board(nxt, BOARD)
        _check_planes(position, nxt)
        if position.phase.kind is PhaseKind.MOVEMENT:
            assert len(nxt.units) + len(result.dislodged) == len(position.units)
            assert not any(
                d.unit.type is UnitType.PLANE and d.retreats for d in result.dislodged
            ), "a dislodged plane retreats"
        fall_done = position.phase.season is Season.FALL and nxt.phase.kind is not PhaseKind.RETREAT
        if not fall_done:
            assert nxt.ownership == position.ownership
        if position.phase.kind is PhaseKind.ADJUSTMENT:
            for power in BOARD.powers:
                assert len(nxt.units_of(power)) <= len(nxt.centres_of(power)), power
        position = nxt
