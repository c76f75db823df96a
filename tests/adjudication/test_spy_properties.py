"""Random Spy Diplomacy games (rules/004): the standard invariants hold, spies never
block or dislodge (the units' phase is the standard one played with the orders the
units followed), and sabotage comes only from a foreign spy in the unit's own space."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.maps import STANDARD
from adjudication.model.orders import Order, Waive
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind
from adjudication.play.phases import adjudicate
from adjudication.variants import SPY, STANDARD_GAME
from adjudication.variants.spy.checks import spy_reach
from adjudication.variants.spy.orders import PlaceSpy, Protect, Sabotage, SpyMove, SpyOrder
from tests.adjudication.test_properties import _first_order, check_board, random_orders

PHASES_PER_GAME = 16


def _spy_orders(position: Position, rng: random.Random) -> list[SpyOrder]:
    board = SPY.board
    if position.phase == SPY.start:
        return [
            PlaceSpy(Spy(power, rng.choice(sorted(board.home_centres[power]))))
            for power in board.powers
            if rng.random() < 0.8
        ]
    if position.phase.kind is not PhaseKind.MOVEMENT:
        return []
    orders: list[SpyOrder] = []
    for spy in position.spies:
        roll = rng.random()
        unit = position.unit_in(spy.province)
        if roll < 0.35:
            orders.append(SpyMove(spy, rng.choice(sorted(spy_reach(board, spy.province)))))
        elif unit is not None and unit.power != spy.power and roll < 0.85:
            orders.append(Sabotage(spy, _first_order(unit, position, board, rng)))  # type: ignore[arg-type]
        elif unit is not None and unit.power == spy.power and roll < 0.85:
            orders.append(Protect(spy))
    return orders


def _without_spies(position: Position) -> Position:
    return Position(
        position.phase, position.units, position.ownership, position.dislodged, position.standoffs
    )


def _followed(given: list[Order], result) -> list[Order]:
    """The unit orders the units obeyed, from the record of sabotage."""
    overridden = {s.followed.unit.province for s in result.spies.sabotaged}
    kept = [o for o in given if isinstance(o, Waive) or o.unit.location.province not in overridden]
    return kept + [s.followed for s in result.spies.sabotaged]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rules004_spy_random_games_spies_never_block_and_sabotage_only_in_place(seed: int) -> None:
    rng = random.Random(seed)
    board = STANDARD
    position = Position.initial(SPY)
    for _ in range(PHASES_PER_GAME):
        unit_orders = random_orders(position, board, rng)
        spy_orders = _spy_orders(position, rng)
        result = adjudicate(position, [*unit_orders, *spy_orders], SPY)
        assert adjudicate(position, [*unit_orders, *spy_orders], SPY) == result
        nxt = result.position
        check_board(nxt, board)

        # Spies never block or dislodge: the units' phase is the standard game's.
        plain = _without_spies(position)
        standard = adjudicate(plain, _followed(unit_orders, result), STANDARD_GAME)
        assert standard.outcomes == result.outcomes
        assert _without_spies(nxt) == _without_spies(standard.position)
        assert standard.dislodged == result.dislodged

        # Sabotage only by a foreign spy standing in the unit's space, not protected.
        for record in result.spies.sabotaged:
            unit = record.followed.unit
            assert position.unit_in(unit.province) == unit
            for spy in record.by:
                assert spy in position.spies and spy.province == unit.province
                assert spy.power != unit.power
            assert not any(
                isinstance(o.order, Protect) and o.order.spy.province == unit.province
                for o in result.spies.outcomes
                if o.succeeded
            )

        # One spy per power still holding a centre; a spy moves one step or stays.
        owners = set(nxt.ownership.values())
        assert sorted(s.power for s in nxt.spies) == sorted(owners & set(board.powers))
        if position.spies:
            before = {s.power: s.province for s in position.spies}
            for spy in nxt.spies:
                assert spy.province == before[spy.power] or spy.province in spy_reach(
                    board, before[spy.power]
                )
        position = nxt
