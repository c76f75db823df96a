"""Nothing covers a name or another unit: on a crowded board and on every phase of the
interchange sample, no unit, marker or arrow head drawn overlaps a space's name, a
panel or another unit (checked from the shapes the renderer records)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from adjudication.io.interop import read_record
from adjudication.maps import STANDARD
from adjudication.model.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.play.legal import legal_orders
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from render.map import render_map_image
from render.request import MapRequest, ResultsRequest
from render.results import render_results_image
from render.scene import Drawn, Kind, Scene, clashes

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sample_phases.jsonl"
POWERS = sorted(STANDARD.powers)


def _describe(pairs: list[tuple[Drawn, Drawn]]) -> str:
    return "\n".join(
        f"{a.kind} {a.owner} {tuple(round(v) for v in a.box)} covers "
        f"{b.kind} {b.owner} {tuple(round(v) for v in b.box)}"
        for a, b in pairs[:12]
    ) + (f"\n… {len(pairs)} in all" if len(pairs) > 12 else "")


def assert_clear(scene: Scene) -> None:
    kinds = {d.kind for d in scene.drawn}
    assert Kind.LABEL in kinds and Kind.UNIT in kinds, "nothing recorded"
    found = clashes(scene.drawn)
    assert not found, _describe(found)


def crowded() -> Position:
    """A unit on every one of the 34 centres (fleets on the coastal ones where a fleet
    may stand, armies inland), owners in turn, and fleets on the seas for convoys."""
    units = []
    for i, code in enumerate(sorted(STANDARD.supply_centres)):
        province = STANDARD.provinces[code]
        power = POWERS[i % len(POWERS)]
        if province.coasts:
            units.append(Unit(power, UnitType.FLEET, Location(code, province.coasts[0])))
        elif province.is_sea or (province.is_land and i % 2 and _coastal(code)):
            units.append(Unit(power, UnitType.FLEET, Location(code)))
        else:
            units.append(Unit(power, UnitType.ARMY, Location(code)))
    for j, sea in enumerate(["NTH", "ENG", "MAO", "WES", "TYS", "ION", "AEG", "EAS", "BLA"]):
        units.append(Unit(POWERS[j % len(POWERS)], UnitType.FLEET, Location(sea)))
    ownership = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    return Position(Phase.parse("F1905M"), tuple(units), ownership)


def _coastal(code: str) -> bool:
    return any(STANDARD.provinces[n].is_sea for n in STANDARD.provinces if _adj(code, n))


def _adj(a: str, b: str) -> bool:
    try:
        return STANDARD.adjacent(a, b)
    except (KeyError, ValueError):
        return False


def every_kind_of_order(position: Position, seed: int = 16) -> list[Order]:
    """One order per unit, cycling through hold, move, support to hold, support to
    move and convoy wherever the unit has one of that kind."""
    rng = random.Random(seed)
    kinds = [Move, Support, Hold, Convoy, Move, Support]
    orders: list[Order] = []
    for i, unit in enumerate(sorted(position.units, key=str)):
        options = sorted(legal_orders(position, STANDARD, unit), key=str)
        wanted = kinds[i % len(kinds)]
        if wanted is Support and i % 4 == 1:
            pick = [o for o in options if isinstance(o, Support) and o.destination is None]
        else:
            pick = [o for o in options if isinstance(o, wanted)]
        orders.append(rng.choice(pick or options))
    return orders


def test_the_crowded_board_has_every_centre_and_every_order_kind():
    position = crowded()
    assert {u.province for u in position.units} >= STANDARD.supply_centres
    kinds = {type(o) for o in every_kind_of_order(position)}
    assert kinds >= {Move, Support, Hold, Convoy}


def test_crowded_movement_map():
    position = crowded()
    orders = every_kind_of_order(position)
    outcomes = adjudicate(position, orders, STANDARD_GAME).outcomes
    scene = Scene()
    render_map_image(MapRequest(position, orders=orders, outcomes=outcomes), scene)
    assert_clear(scene)


def dislodged_everywhere() -> Position:
    """A retreat phase in which every occupied space of the crowded board also holds a
    dislodged unit of another power, each with the retreats of its neighbours."""
    base = crowded()
    taken = {u.province for u in base.units}
    dislodged = []
    for i, unit in enumerate(sorted(base.units, key=str)):
        power = POWERS[(POWERS.index(unit.power) + 1 + i % 3) % len(POWERS)]
        kind = UnitType.ARMY if STANDARD.provinces[unit.province].is_land else UnitType.FLEET
        loser = Unit(power, kind, Location(unit.province))
        options = tuple(
            Location(n)
            for n in sorted(STANDARD.provinces)
            if n not in taken and _adj(unit.province, n) and _may_stand(kind, n)
        )[:3]
        dislodged.append(Dislodgement(loser, attacker_from=unit.province, retreats=options))
    return Position(Phase.parse("F1905R"), base.units, base.ownership, dislodged)


def _may_stand(kind: UnitType, code: str) -> bool:
    province = STANDARD.provinces[code]
    if province.coasts:
        return kind is UnitType.ARMY
    return province.is_land if kind is UnitType.ARMY else not _inland(code)


def _inland(code: str) -> bool:
    province = STANDARD.provinces[code]
    return province.is_land and not _coastal(code)


def retreat_orders(position: Position) -> list[Order]:
    """A third retreat, a third disband, a third left to choose (options drawn)."""
    orders: list[Order] = []
    for i, d in enumerate(position.dislodged):
        if i % 3 == 0 and d.retreats:
            orders.append(Retreat(d.unit, d.retreats[0]))
        elif i % 3 == 1:
            orders.append(Disband(d.unit))
    return orders


def test_crowded_retreat_map_with_and_without_results():
    position = dislodged_everywhere()
    assert len(position.dislodged) == len(position.units)
    orders = retreat_orders(position)
    scene = Scene()
    render_map_image(MapRequest(position, orders=orders), scene)
    assert_clear(scene)
    # The results map of the movement phase that led here draws every dislodged unit
    # with its options too.
    before = crowded()
    moves = every_kind_of_order(before)
    outcomes = adjudicate(before, moves, STANDARD_GAME).outcomes
    scene = Scene()
    render_results_image(ResultsRequest(before, position, orders=moves, outcomes=outcomes), scene)
    assert_clear(scene)
    heads = [d for d in scene.drawn if d.kind is Kind.HEAD and d.owner.startswith("retreat")]
    assert len(heads) >= len([d for d in position.dislodged if d.retreats])


def test_crowded_adjustment_map():
    base = crowded()
    homes = {c for cs in STANDARD.home_centres.values() for c in cs}
    kept = tuple(u for u in base.units if u.province not in homes or u.province in {"LON"})
    ownership = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    position = Position(Phase.parse("W1905A"), kept, ownership)
    orders: list[Order] = []
    for power, centres in sorted(STANDARD.home_centres.items()):
        for code in sorted(centres)[:2]:
            if position.unit_in(code) is None:
                orders.append(Build(Unit(power, UnitType.ARMY, Location(code))))
    for unit in kept[::3]:
        orders.append(Disband(unit))
    scene = Scene()
    render_map_image(MapRequest(position, orders=orders), scene)
    assert_clear(scene)
    built = {o.unit.province for o in orders if isinstance(o, Build)}
    assert built and any(d.kind is Kind.MARKER and d.owner in built for d in scene.drawn)


def sample_records() -> list:
    with SAMPLE.open(encoding="utf-8") as lines:
        return [read_record(json.loads(line), STANDARD) for line in lines if line.strip()]


@pytest.mark.parametrize("results", [False, True], ids=["orders map", "results map"])
def test_every_phase_of_the_sample(results):
    bad = []
    for record in sample_records():
        result = adjudicate(record.position, record.orders, STANDARD_GAME)
        scene = Scene()
        if results:
            render_results_image(
                ResultsRequest(
                    record.position, result.position, orders=record.orders, outcomes=result.outcomes
                ),
                scene,
            )
        else:
            render_map_image(
                MapRequest(record.position, orders=record.orders, outcomes=result.outcomes), scene
            )
        found = clashes(scene.drawn)
        if found:
            bad.append(f"{record.id} {record.position.phase}:\n{_describe(found)}")
    assert not bad, f"{len(bad)} phases:\n" + "\n".join(bad[:4])
