"""Random games under the Masters Rules, each rule alone and all six: the standard
invariants hold (tests/adjudication/test_properties.py), whatever players write for
the powers in civil disorder and whatever rebels, annexations and aid they order."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.io.serialize import position_from_json, position_to_json
from adjudication.maps import STANDARD
from adjudication.model.optional_rules import RULE_TITLES, MastersRules
from adjudication.model.orders import order_power
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, PhaseKind, UnitType
from adjudication.variants import STANDARD_GAME
from adjudication.variants.masters.play import adjudicate_written, in_disorder
from adjudication.variants.masters.written import Aid, Annex, RebelBuild, Written
from tests.adjudication.test_properties import check_board, random_orders

OPTIONS = [MastersRules(**{name: True}) for name in RULE_TITLES if name != "variable_control"] + [
    MastersRules(minor_powers=True, variable_control=True),
    MastersRules(*[True] * 6),
]


def _written(position: Position, masters: MastersRules, rng: random.Random) -> list[Written]:
    """Every unit's random order written by its own power, and random lines by the
    Great Powers for the others' units and the Masters adjustment orders."""
    board = STANDARD
    orders = random_orders(position, board, rng)
    lines = [Written(o, order_power(o)) for o in orders]
    greats = list(board.powers)
    cd = sorted(in_disorder(position, board, masters))
    for order in orders:
        if order_power(order) in cd and rng.random() < 0.5:
            for _ in range(rng.randint(1, 2)):
                lines.append(Written(order, rng.choice(greats + cd[:1])))
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        centres = sorted(board.supply_centres)
        for power in greats:
            roll = rng.random()
            if roll < 0.2:
                lines.append(
                    Written(RebelBuild(UnitType.ARMY, Location(rng.choice(centres))), power)
                )
            elif roll < 0.35:
                lines.append(Written(Annex(rng.choice(centres)), power))
            elif roll < 0.5:
                lines.append(Written(Aid(rng.choice(greats + cd)), power))
    rng.shuffle(lines)
    return lines


@pytest.mark.parametrize("masters", OPTIONS, ids=lambda m: "+".join(m.on))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rules003_random_games_keep_the_board_sound(masters: MastersRules, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(masters=masters)
    position = Position.initial(STANDARD_GAME, rules)
    history: list[dict[str, str]] = []
    for _ in range(14):
        lines = _written(position, masters, rng)
        result = adjudicate_written(position, lines, STANDARD_GAME, rules, history)
        again = adjudicate_written(position, list(lines), STANDARD_GAME, rules, history)
        assert again == result, "same position and lines, different result"
        assert len(result.written) == len(lines)
        nxt = result.adjudication.position
        assert nxt.phase.sort_key > position.phase.sort_key
        check_board(nxt, STANDARD)
        assert position_from_json(position_to_json(nxt)) == nxt
        if nxt.phase.year > position.phase.year:  # a new year: last winter's ownership
            history.append(dict(nxt.ownership))
        if result.adjudication.game_end is not None:
            break
        position = nxt
