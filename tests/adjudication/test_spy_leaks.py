"""Leak property (issue 12): over random Spy Diplomacy games, no power's view and not the
public view names a spy of another power or any trace of sabotage.

Written from rules/004, not from `adjudication.variants.kriegsplomacy.views`:
"Only the owner of a spy is told its location"; "No indication of the sabotage is given in the
results", so every
power's results are those of the standard game played with the orders the units
followed; units and centres are public ("The rules are the same as for regular
Diplomacy, except as stated below"). A view made leaky on purpose fails it (last test).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Location, PhaseKind
from adjudication.model.views import PowerView
from adjudication.play.phases import adjudicate
from adjudication.play.views import public_view_of, view_of
from adjudication.text.notation import place_name
from adjudication.text.report import movement_report, place
from adjudication.variants import SPY, STANDARD_GAME, adjudication_to_json
from adjudication.variants.spy.orders import SpyReason
from adjudication.variants.spy.words import spy_plain_lines, spy_report_lines
from tests.adjudication.test_properties import random_orders
from tests.adjudication.test_spy_properties import _followed, _spy_orders, _without_spies

BOARD = SPY.board
PHASES_PER_GAME = 16
MakeView = Callable[[Position, Adjudication, str], PowerView]


def check_view(standard: Adjudication, result: Adjudication, view: PowerView) -> None:
    """Fail if `view` tells its power of another's spy or of a sabotage; `standard` is
    the phase played as the standard game with the orders the units followed."""
    power, shown = view.power, view.adjudication
    own = tuple(s for s in result.position.spies if s.power == power)
    assert shown.position.spies == own, f"{power} is told of spies {shown.position.spies}"
    assert shown.outcomes == standard.outcomes, f"{power}'s results differ from the units'"
    assert shown.position.units == result.position.units
    assert shown.position.ownership == result.position.ownership
    if shown.spies is not None:
        assert shown.spies.sabotaged == (), f"{power} is told of a sabotage"
        for outcome in shown.spies.outcomes:
            assert outcome.order.spy.power == power, f"{power} is told of {outcome.order}"
            # "protected" or "ambiguous" would tell it of another spy in the space
            assert outcome.reason not in (SpyReason.PROTECTED, SpyReason.AMBIGUOUS)
    spies_named = _spies_in_json(adjudication_to_json(shown))
    assert spies_named <= {power}, f"{power}'s JSON names the spies of {spies_named}"
    # Its results in words: the units' report names no spy; its spy lines only its own.
    words = movement_report(shown, board=BOARD) if result.phase.kind is PhaseKind.MOVEMENT else ""
    lines = "\n".join(spy_report_lines(shown.spies, BOARD) + spy_plain_lines(shown.spies, BOARD))
    assert "Spy" not in words
    own_spies = (*own, *_own_before(result, power))
    own_places = {place(s.province, BOARD) for s in own_spies}  # judge: "BlaS"
    own_places |= {place_name(Location(s.province), BOARD) for s in own_spies}  # plain: "Bla"
    for named in re.findall(r"Spy (\w+)", lines):
        assert named in own_places, f"{power} reads of a spy in {named}"


def _own_before(result: Adjudication, power: str) -> list[Spy]:
    """Where its spy stood before the phase, as its own orders name it."""
    record = result.spies.outcomes if result.spies is not None else ()
    return [o.order.spy for o in record if o.order.spy.power == power]


def _spies_in_json(document: dict) -> set[str]:
    """The powers whose spies, or spies' orders, a view's JSON names."""
    named = set(document["position"].get("spies", {}))
    record = document.get("spies") or {}
    named |= {o["order"]["power"] for o in record.get("outcomes", ())}
    return named | {p for s in record.get("sabotaged", ()) for p in s["by"]}


def play_and_check(seed: int, make_view: MakeView) -> None:
    rng = random.Random(seed)
    position = Position.initial(SPY)
    for _ in range(PHASES_PER_GAME):
        unit_orders = random_orders(position, BOARD, rng)
        result = adjudicate(position, [*unit_orders, *_spy_orders(position, rng)], SPY)
        standard = adjudicate(
            _without_spies(position), _followed(unit_orders, result), STANDARD_GAME
        )
        for power in BOARD.powers:
            check_view(standard, result, make_view(position, result, power))
        public = public_view_of(SPY, position, result).adjudication
        assert public is not None and public.position.spies == () and public.spies is None
        assert public.outcomes == standard.outcomes
        assert "spies" not in json.dumps(adjudication_to_json(public))
        position = result.position
        if result.game_end is not None:
            break


def _view(position: Position, result: Adjudication, power: str) -> PowerView:
    return view_of(SPY, position, result, power)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rules004_spy_no_view_names_another_powers_spy_or_a_sabotage(seed: int) -> None:
    play_and_check(seed, _view)


def test_a_view_leaking_the_whole_result_fails_the_property() -> None:
    def leaky(position: Position, result: Adjudication, power: str) -> PowerView:
        return PowerView(power, result)

    with pytest.raises(AssertionError):
        play_and_check(1, leaky)
