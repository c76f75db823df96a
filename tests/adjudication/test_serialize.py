"""Round trips and determinism of the plain-JSON encoding (adjudication/io/serialize.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudication.io.serialize import (
    SerializeError,
    dumps,
    order_from_json,
    order_to_json,
    outcome_from_json,
    outcome_to_json,
    position_from_json,
    position_to_json,
    rules_from_json,
    rules_to_json,
)
from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Convoy, Disband, Hold, Move, Retreat, Support, Waive
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rules import ParadoxRule, Rules, YearLimitMeasure
from adjudication.model.units import Location, Phase, PhaseKind, Season, Unit, UnitType
from adjudication.variants import STANDARD_GAME

PROVINCES = sorted(STANDARD.provinces)

powers = st.sampled_from(STANDARD.powers)
provinces = st.sampled_from(PROVINCES)


@st.composite
def locations(draw: st.DrawFn) -> Location:
    province = draw(provinces)
    coasts = STANDARD.provinces[province].coasts
    coast = draw(st.sampled_from((None, *coasts)))
    return Location(province, coast)


units = st.builds(Unit, powers, st.sampled_from(UnitType), locations())
phases = st.builds(
    lambda year, sk: Phase(year, *sk),
    st.integers(1901, 2100),
    st.sampled_from(
        [
            (Season.SPRING, PhaseKind.MOVEMENT),
            (Season.SPRING, PhaseKind.RETREAT),
            (Season.FALL, PhaseKind.MOVEMENT),
            (Season.FALL, PhaseKind.RETREAT),
            (Season.WINTER, PhaseKind.ADJUSTMENT),
        ]
    ),
)
orders = st.one_of(
    st.builds(Hold, units),
    st.builds(Move, units, locations(), st.booleans()),
    st.builds(
        Support,
        units,
        locations(),
        st.one_of(st.none(), locations()),
        st.one_of(st.none(), st.sampled_from(UnitType)),
    ),
    st.builds(Convoy, units, locations(), locations()),
    st.builds(Retreat, units, locations()),
    st.builds(Disband, units),
    st.builds(Build, units),
    st.builds(Waive, powers),
)
outcomes = st.builds(
    Outcome,
    orders,
    st.booleans(),
    st.one_of(st.none(), st.sampled_from(Reason)),
    st.one_of(st.none(), provinces),
)
dislodgements = st.builds(
    Dislodgement,
    units,
    provinces,
    st.lists(locations(), max_size=4, unique=True).map(lambda xs: tuple(sorted(xs))),
    st.booleans(),
)


def _province_of(unit: Unit) -> str:
    return unit.location.province


# A valid position: one unit to a province, one dislodged unit to a province.
positions = st.builds(
    Position,
    phase=phases,
    units=st.lists(units, max_size=30, unique_by=_province_of).map(tuple),
    ownership=st.dictionaries(
        st.sampled_from(sorted(STANDARD.supply_centres)), powers, max_size=34
    ),
    dislodged=st.lists(dislodgements, max_size=3, unique_by=lambda d: d.unit.location.province).map(
        tuple
    ),
    standoffs=st.frozensets(provinces, max_size=4),
)
rules = st.builds(
    Rules,
    st.sampled_from(ParadoxRule),
    st.integers(1, 34),
    st.one_of(st.none(), st.integers(1901, 2000)),
    st.one_of(st.none(), st.integers(1, 10)),
    year_limit_measure=st.sampled_from(YearLimitMeasure),
)


def through_text(document: object) -> object:
    """What a reader of the stored text gets back: proves the document is plain JSON."""
    return json.loads(dumps(document))


@given(orders)
def test_order_round_trip(order: object) -> None:
    assert order_from_json(through_text(order_to_json(order))) == order


@given(outcomes)
def test_outcome_round_trip(outcome: Outcome) -> None:
    assert outcome_from_json(through_text(outcome_to_json(outcome))) == outcome


@given(positions)
def test_position_round_trip(position: Position) -> None:
    document = position_to_json(position)
    assert document["v"] == 1
    assert position_from_json(through_text(document)) == position


@given(rules)
def test_rules_round_trip(value: Rules) -> None:
    assert rules_from_json(through_text(rules_to_json(value))) == value


@given(positions, st.randoms())
def test_position_text_does_not_depend_on_input_order(position: Position, rnd) -> None:
    shuffled_units = list(position.units)
    rnd.shuffle(shuffled_units)
    owners = list(position.ownership.items())
    rnd.shuffle(owners)
    same = Position(
        position.phase, tuple(shuffled_units), dict(owners), position.dislodged, position.standoffs
    )
    assert dumps(position_to_json(same)) == dumps(position_to_json(position))


def test_position_reads_like_a_game_record() -> None:
    document = position_to_json(Position.initial(STANDARD_GAME))
    assert document["phase"] == "S1901M"
    assert document["units"]["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert document["ownership"]["PAR"] == "FRANCE"
    assert dumps(document).startswith('{"dislodged":[],"ownership":{"ANK":"TURKEY"')


def test_support_encoding_names_its_parts() -> None:
    order = Support(Unit.parse("GERMANY", "A MUN"), Location("BUR"), Location("MAR"), UnitType.ARMY)
    assert order_to_json(order) == {
        "type": "support",
        "power": "GERMANY",
        "unit": "A MUN",
        "supported": "BUR",
        "to": "MAR",
        "supported_type": "A",
    }


@pytest.mark.parametrize(
    "document",
    [
        {"v": 2, "phase": "S1901M", "units": {}, "ownership": {}},
        {"phase": "S1901M", "units": {}, "ownership": {}},
        {"v": 1, "phase": "X1901M", "units": {}, "ownership": {}},
        {"v": 1, "phase": "S1901M", "units": {"FRANCE": ["Q PAR"]}, "ownership": {}},
        {"v": 1, "phase": "S1901M", "ownership": {}},
    ],
)
def test_bad_position_documents_are_refused(document: dict) -> None:
    with pytest.raises(SerializeError):
        position_from_json(document)


def test_unknown_order_type_is_refused() -> None:
    with pytest.raises(SerializeError):
        order_from_json({"type": "teleport", "power": "FRANCE", "unit": "A PAR"})


def test_adjudication_round_trip() -> None:
    from adjudication.io.serialize import adjudication_from_json, adjudication_to_json
    from adjudication.play import phases

    position = Position.initial(STANDARD_GAME)
    orders = [
        Move(Unit.parse("GERMANY", "A MUN"), Location("BUR")),
        Move(Unit.parse("FRANCE", "A PAR"), Location("BUR")),
        Move(Unit.parse("RUSSIA", "F STP/SC"), Location("BOT")),
    ]
    played = phases.adjudicate(position, orders, STANDARD_GAME)
    document = adjudication_to_json(played)
    assert document["v"] == 1 and document["phase"] == "S1901M"
    assert adjudication_from_json(through_text(document)) == played
    again = phases.adjudicate(position, list(reversed(orders)), STANDARD_GAME)
    assert dumps(adjudication_to_json(again)) == dumps(document)


def test_adjudication_with_a_dislodgement_round_trip() -> None:
    from adjudication.io.serialize import adjudication_from_json, adjudication_to_json
    from adjudication.play import phases

    bur = Unit.parse("FRANCE", "A BUR")
    mun = Unit.parse("GERMANY", "A MUN")
    ruh = Unit.parse("GERMANY", "A RUH")
    position = Position(Phase.parse("F1905M"), (bur, mun, ruh), {"MUN": "GERMANY"})
    orders = [Move(mun, Location("BUR")), Support(ruh, Location("MUN"), Location("BUR"))]
    played = phases.adjudicate(position, orders, STANDARD_GAME)
    assert [d.unit for d in played.dislodged] == [bur]
    document = adjudication_to_json(played)
    assert document["dislodged"][0]["by"] == "MUN"
    assert adjudication_from_json(through_text(document)) == played


def test_locations_sort_with_and_without_coast() -> None:
    # A province's bare location sorts before its coasts, and sorting never raises.
    mixed = [Location("SPA", "SC"), Location("SPA"), Location("BUR"), Location("SPA", "NC")]
    assert [str(x) for x in sorted(mixed)] == ["BUR", "SPA", "SPA/NC", "SPA/SC"]
    assert Location("SPA") < Location("SPA", "NC") and Location("SPA", "NC") > Location("SPA")
    assert not Location("SPA", "NC") <= Location("SPA")


def test_position_with_a_unit_on_and_off_a_coast_still_sorts() -> None:
    units = (Unit.parse("SPAIN", "F SPA/NC"), Unit.parse("SPAIN", "F SPA"))
    position = Position(Phase.parse("S1901M"), units, {})
    assert [str(u) for u in position.units] == ["F SPA", "F SPA/NC"]
