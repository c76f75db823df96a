"""Variants as data (issue 11): the registry, a position naming its variant, and the
pipeline refusing another variant's position. Readings in docs/VARIANTS.md."""

from __future__ import annotations

import pytest

from adjudication.io.serialize import position_from_json, position_to_json
from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, PhaseKind, Season
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME, VARIANTS, UnknownVariant, variant_named


def test_the_standard_game_is_a_registered_variant() -> None:
    assert VARIANTS["standard"] is STANDARD_GAME
    assert variant_named("standard") is STANDARD_GAME
    assert STANDARD_GAME.board is STANDARD
    assert STANDARD_GAME.start == Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)


def test_an_unknown_variant_is_refused_by_name() -> None:
    with pytest.raises(UnknownVariant, match="chess"):
        variant_named("chess")


def test_the_initial_position_is_the_variants_start() -> None:
    start = Position.initial(STANDARD_GAME, Rules())
    assert start.phase == STANDARD_GAME.start
    assert start.variant == "standard"
    assert len(start.units) == 22
    assert len(start.ownership) == 22


def test_a_standard_position_is_stored_without_a_variant_field() -> None:
    document = position_to_json(Position.initial(STANDARD_GAME, Rules()))
    assert "variant" not in document


def test_a_position_of_another_variant_round_trips_with_its_name() -> None:
    start = Position.initial(STANDARD_GAME, Rules())
    other = Position(start.phase, start.units, start.ownership, variant="world_war_i")
    document = position_to_json(other)
    assert document["variant"] == "world_war_i"
    assert position_from_json(document) == other
    assert position_from_json(document) != start


def test_the_next_position_keeps_the_variant() -> None:
    start = Position.initial(STANDARD_GAME, Rules())
    assert adjudicate(start, [], STANDARD_GAME).position.variant == "standard"


def test_adjudicate_refuses_another_variants_position() -> None:
    start = Position.initial(STANDARD_GAME, Rules())
    other = Position(start.phase, start.units, start.ownership, variant="world_war_i")
    with pytest.raises(ValueError, match="world_war_i"):
        adjudicate(other, [], STANDARD_GAME)
