"""The renderer's one request value (issue 30, "the renderer given one request value"):
frozen, so what a caller does with its lists afterwards cannot change the map asked for
(the service draws in a worker thread while the game goes on)."""

from __future__ import annotations

import dataclasses

import pytest

from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from render import MapRequest, ResultsRequest, render_map, render_results
from tests.render.helpers import full_board, full_board_orders


def test_a_request_keeps_the_orders_it_was_given_not_the_callers_list() -> None:
    position = full_board()
    orders = full_board_orders(position)
    outcomes = list(adjudicate(position, orders, STANDARD_GAME).outcomes)
    asked = MapRequest(position, orders=orders, outcomes=outcomes)
    expected = render_map(MapRequest(position, orders=list(orders), outcomes=list(outcomes)))
    orders.clear()
    outcomes.clear()
    assert render_map(asked) == expected
    with pytest.raises(dataclasses.FrozenInstanceError):
        asked.width = 550  # type: ignore[misc]  # what this test checks: it is refused


def test_a_results_request_keeps_its_orders_too() -> None:
    position = full_board()
    orders = full_board_orders(position)
    played = adjudicate(position, orders, STANDARD_GAME)
    outcomes = list(played.outcomes)
    asked = ResultsRequest(position, played.position, orders=orders, outcomes=outcomes)
    expected = render_results(dataclasses.replace(asked, orders=list(orders)))
    orders.clear()
    outcomes.clear()
    assert render_results(asked) == expected
