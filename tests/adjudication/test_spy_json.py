"""Spy Diplomacy in JSON and in the replay's interchange notation: spies written only
where there are some, so every other variant's output is unchanged."""

from __future__ import annotations

import json

from adjudication.io.serialize import position_from_json, position_to_json
from adjudication.model.orders import Hold, Move
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.phases import adjudicate
from adjudication.replay import replay_record
from adjudication.variants import SPY, STANDARD_GAME, adjudication_from_json, adjudication_to_json
from adjudication.variants.spy.codec import spy_order_from_json, spy_order_to_json
from adjudication.variants.spy.orders import PlaceSpy, Protect, Sabotage, SpyHold, SpyMove

FLEET = Unit("ENGLAND", Unit.parse("ENGLAND", "F SPA/SC").type, Location("SPA", "SC"))


def spy_position() -> Position:
    return Position(
        Phase.parse("F1901M"),
        [FLEET],
        {"SPA": "ENGLAND", "MAR": "FRANCE"},
        variant=SPY.name,
        spies=[Spy("FRANCE", "SPA"), Spy("ITALY", "SPA")],
    )


def test_rules004_spy_a_standard_position_is_written_without_spies() -> None:
    assert "spies" not in position_to_json(Position.initial(STANDARD_GAME))
    result = adjudicate(Position.initial(STANDARD_GAME), [], STANDARD_GAME)
    assert "spies" not in adjudication_to_json(result)


def test_rules004_spy_positions_round_trip_with_their_spies() -> None:
    document = position_to_json(spy_position())
    assert document["spies"] == {"FRANCE": ["SPA"], "ITALY": ["SPA"]}
    assert position_from_json(json.loads(json.dumps(document))) == spy_position()


def test_rules004_spy_orders_round_trip() -> None:
    spy = Spy("FRANCE", "SPA")
    for order in (
        PlaceSpy(Spy("FRANCE", "PAR")),
        SpyHold(spy),
        SpyMove(spy, "MAR"),
        Protect(spy),
        Sabotage(spy, Move(FLEET, Location("WES"))),
    ):
        assert spy_order_from_json(json.loads(json.dumps(spy_order_to_json(order)))) == order


def test_rules004_spy_the_record_of_sabotage_round_trips() -> None:
    orders = [
        Move(FLEET, Location("MAR")),
        Sabotage(Spy("FRANCE", "SPA"), Move(FLEET, Location("WES"))),
        Sabotage(Spy("ITALY", "SPA"), Hold(FLEET)),
        SpyMove(Spy("GERMANY", "SPA"), "MAR"),  # no such spy: kept with its rejection
    ]
    result = adjudicate(spy_position(), orders, SPY)
    document = json.loads(json.dumps(adjudication_to_json(result)))
    assert adjudication_from_json(document) == result
    assert document["spies"]["sabotaged"][0]["by"] == {"FRANCE": ["SPA"], "ITALY": ["SPA"]}
    assert document["spies"]["outcomes"][1]["rejection"] == "no_such_unit"


# --- replay -------------------------------------------------------------------------


def test_rules004_spy_mar_spa_replayed_in_interchange_notation() -> None:
    spring = {
        "id": "spy-1",
        "variant": "spy",
        "phase": "S1901M",
        "units": {"ENGLAND": ["F MAO"], "FRANCE": ["A PAR"]},
        "centers": {"ENGLAND": ["LON"], "FRANCE": ["MAR", "PAR"]},
        "spies": {"FRANCE": ["MAR"]},
        "orders": {"ENGLAND": ["F MAO - SPA/SC"], "FRANCE": ["SPY MAR - SPA"]},
    }
    result = replay_record(spring)
    assert result["spies"] == {"FRANCE": ["SPA"]}
    assert result["units"]["ENGLAND"] == ["F SPA/SC"]
    fall = {
        **spring,
        "phase": "F1901M",
        "units": result["units"],
        "spies": result["spies"],
        "orders": {"ENGLAND": ["F SPA/SC - MAR"], "FRANCE": ["SPY SPA: F SPA/SC - WES"]},
    }
    sabotaged = replay_record(fall)
    assert sabotaged["units"]["ENGLAND"] == ["F WES"]


def test_rules004_spy_orders_are_not_read_in_the_standard_game() -> None:
    record = {
        "id": "std",
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR"]},
        "centers": {"FRANCE": ["PAR"]},
        "spies": {"FRANCE": ["PAR"]},
        "orders": {"FRANCE": ["SPY PAR - BUR"]},
    }
    result = replay_record(record)
    assert "spies" not in result
    assert result["units"]["FRANCE"] == ["A PAR"]
