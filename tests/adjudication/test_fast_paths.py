"""The engine's shortcuts agree with the long way round.

Adjudication takes shortcuts where phases are common (see docs/PERFORMANCE.md): the
layout sees at a glance that most orders are legal, decisions no other can change are
settled before the recursion, outcomes are sorted by power and province, positions
are built without re-sorting what is already in order, and frozen values get a faster
`__init__`. Each test here sets a shortcut beside the general rule it stands for, on
random games played from the opening with legal orders, a few illegal ones mixed in.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from adjudication.adjustments import adjustments_needed, builds_possible, powers_of
from adjudication.board import Board
from adjudication.layout import Layout
from adjudication.legal import legal_orders
from adjudication.maps import STANDARD
from adjudication.movement import resolve_legal_movement, resolve_movement
from adjudication.orders import Convoy, Hold, Move, Order, Support, Waive, order_power
from adjudication.outcomes import Reason
from adjudication.phases import adjudicate
from adjudication.position import Position
from adjudication.resolver import Resolver
from adjudication.rules import ParadoxRule, Rules
from adjudication.units import Location, Phase, PhaseKind, Unit, UnitType, quick_init
from adjudication.validate import validate_all
from adjudication.validate_movement import MovementChecks

GAMES = 6
YEARS = 12


def _orders(position: Position, rng: random.Random) -> list[Order]:
    """One legal order per unit (sometimes none), and now and then a wrong one."""
    orders: list[Order] = []
    provinces = sorted(STANDARD.provinces)
    for unit in position.units:
        if rng.random() < 0.05:
            continue  # unordered: the unit holds by default
        options = legal_orders(position, STANDARD, unit)
        if options:
            orders.append(rng.choice(options))
        if rng.random() < 0.04:
            wrong_type = UnitType.ARMY if unit.type is UnitType.FLEET else UnitType.FLEET
            anywhere = Location(rng.choice(provinces))
            orders.append(
                rng.choice(
                    [
                        Move(unit, anywhere),
                        Move(Unit(unit.power, wrong_type, unit.location), anywhere),
                        Hold(Unit(rng.choice(STANDARD.powers), unit.type, unit.location)),
                        Support(unit, Location(rng.choice(provinces)), anywhere),
                        Convoy(unit, Location(rng.choice(provinces)), anywhere),
                        Waive(unit.power),
                    ]
                )
            )
    rng.shuffle(orders)
    return orders


@dataclass
class _Played:
    position: Position
    orders: list[Order]
    rules: Rules = field(default_factory=Rules)


def _movement_phases() -> Iterator[_Played]:
    """Movement phases of seeded random games, with the orders given in each."""
    for game in range(GAMES):
        rng = random.Random(1901 + game)
        rules = Rules(paradox_rule=rng.choice(list(ParadoxRule)))
        position = Position.initial(STANDARD)
        while position.phase.year < STANDARD.first_year + YEARS:
            if position.phase.kind is PhaseKind.MOVEMENT:
                orders = _orders(position, rng)
                yield _Played(position, orders, rules)
            else:
                orders = [
                    rng.choice(options)
                    for unit in (d.unit for d in position.dislodged)
                    if (options := legal_orders(position, STANDARD, unit))
                ]
                if position.phase.kind is PhaseKind.ADJUSTMENT:
                    for power in STANDARD.powers:
                        options = legal_orders(position, STANDARD, power)
                        if options:
                            orders.append(rng.choice(options))
            result = adjudicate(position, orders, STANDARD, rules)
            if result.game_end is not None:
                break
            position = result.position


PLAYED = list(_movement_phases())


def test_the_games_exercise_both_lanes() -> None:
    legal = sum(1 for p in PLAYED if not validate_all(p.orders, p.position, STANDARD))
    assert len(PLAYED) > 100
    assert 0 < legal < len(PLAYED)


def test_legal_movement_is_resolved_at_once_exactly_when_validation_rejects_nothing() -> None:
    for played in PLAYED:
        fast = resolve_legal_movement(played.position, played.orders, STANDARD, played.rules)
        rejected = validate_all(played.orders, played.position, STANDARD)
        if rejected:
            assert fast is None, played.orders
        else:
            slow = resolve_movement(played.position, played.orders, STANDARD, played.rules)
            assert fast == slow


def test_plainly_legal_orders_pass_the_full_check() -> None:
    for played in PLAYED:
        checks = MovementChecks(played.position, STANDARD)
        for order in played.orders:
            if checks.plainly_legal(order):
                assert checks.check(order) is None, order


def test_outcomes_are_sorted_by_power_place_and_order() -> None:
    def key(order: Order) -> tuple[str, str, str]:
        place = "~" if isinstance(order, Waive) else str(order.unit.location)
        return (order_power(order), place, str(order))

    for played in PLAYED:
        result = adjudicate(played.position, played.orders, STANDARD, played.rules)
        keys = [key(o.order) for o in result.outcomes]
        assert keys == sorted(keys)


def test_a_unit_given_no_order_holds_unordered_or_is_dislodged() -> None:
    seen = 0
    for played in PLAYED:
        named = {
            (order_power(o), o.unit.location.province)
            for o in played.orders
            if not isinstance(o, Waive)
        }
        result = adjudicate(played.position, played.orders, STANDARD, played.rules)
        for unit in played.position.units:
            if (unit.power, unit.province) in named:
                continue
            seen += 1
            (outcome,) = [
                o
                for o in result.outcomes
                if not isinstance(o.order, Waive)
                and (o.order.unit.power, o.order.unit.province) == (unit.power, unit.province)
            ]
            assert outcome.order == Hold(unit)
            expected = Reason.UNORDERED if outcome.succeeded else Reason.DISLODGED
            assert outcome.reason is expected
    assert seen > 0


def test_positions_keep_units_in_the_order_units_compare() -> None:
    rng = random.Random(7)
    for played in PLAYED[:60]:
        units = list(played.position.units)
        rng.shuffle(units)
        owned = list(played.position.ownership.items())
        rng.shuffle(owned)
        rebuilt = Position(played.position.phase, units, dict(owned))
        assert rebuilt.units == tuple(sorted(units))
        assert list(rebuilt.ownership) == sorted(played.position.ownership)
        assert rebuilt == played.position


def test_a_position_at_another_phase_is_the_position_made_anew() -> None:
    for played in PLAYED[:60]:
        position = played.position
        following = position.phase.following()
        moved = position.at_phase(following)
        assert moved == Position(following, position.units, position.ownership)
        assert moved.ownership is not position.ownership


def test_adjustments_needed_counts_as_the_rule_says() -> None:
    for played in PLAYED:
        position = played.position
        expected = any(
            position.adjustment_of(p) < 0 or builds_possible(position, STANDARD, p) > 0
            for p in powers_of(position, STANDARD)
        )
        assert adjustments_needed(position, STANDARD) is expected


def test_board_tables_agree_with_the_adjacency() -> None:
    board = STANDARD
    for origin, targets in board.fleet_adjacency.items():
        key = (origin.province, origin.coast)
        assert board.fleet_moves[key] == {(t.province, t.coast) for t in targets}
        for province in board.provinces:
            assert (province in board.fleet_reach[key]) is board.can_reach_province(
                UnitType.FLEET, origin, province
            )
    assert board.land_provinces == {c for c, p in board.provinces.items() if p.is_land}
    assert board.sea_provinces == {c for c, p in board.provinces.items() if p.is_sea}


def _board_with_codes(*codes: str) -> Board:
    provinces = {c: dataclasses.replace(STANDARD.provinces["BUR"], code=c) for c in codes}
    return dataclasses.replace(STANDARD, provinces=provinces)


def test_codes_sort_as_places_only_without_characters_before_the_slash() -> None:
    assert STANDARD.codes_sort_as_places
    # "AB-X" sorts before "AB/NC" but after "AB": such a board must use the text.
    assert not _board_with_codes("AB", "AB-X").codes_sort_as_places
    places = sorted(str(loc) for p in STANDARD.provinces for loc in _locations(p))
    by_province = sorted(
        (str(loc) for p in STANDARD.provinces for loc in _locations(p)),
        key=lambda text: (text.partition("/")[0], text),
    )
    assert places == by_province


def _locations(province: str) -> list[Location]:
    return [Location(province), *STANDARD.fleet_locations(province)]


@quick_init
@dataclass(frozen=True, slots=True, order=True)
class _Sample:
    name: str
    count: int = 1
    note: str | None = None


@dataclass(frozen=True, slots=True, order=True)
class _Plain:
    name: str
    count: int = 1
    note: str | None = None


def test_quick_init_keeps_a_frozen_dataclass_what_it_was() -> None:
    fast, plain = _Sample("a", note="x"), _Plain("a", note="x")
    assert (fast.name, fast.count, fast.note) == (plain.name, plain.count, plain.note)
    assert fast == _Sample("a", 1, "x") and hash(fast) == hash(_Sample("a", 1, "x"))
    assert _Sample("a") < _Sample("b")
    assert dataclasses.replace(fast, count=3) == _Sample("a", 3, "x")
    assert repr(fast) == "_Sample(name='a', count=1, note='x')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.count = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Sample()  # type: ignore[call-arg]


def test_quick_init_refuses_what_it_cannot_copy() -> None:
    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True, slots=True)
    class Listed:
        values: list[int] = field(default_factory=list)

    for cls in (Checked, Listed):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_position_of_sorted_parts_is_the_position_made_anew() -> None:
    for played in PLAYED[:60]:
        result = adjudicate(played.position, played.orders, STANDARD, played.rules)
        nxt = result.position
        quick = Position.of_sorted(nxt.phase, reversed(nxt.units), nxt.ownership, nxt.dislodged)
        assert quick == Position(nxt.phase, nxt.units, nxt.ownership, nxt.dislodged)
        assert list(quick.ownership) == sorted(quick.ownership)


def test_the_next_position_finds_its_units_as_a_position_made_anew_would() -> None:
    # The engine hands the board it read the results from to the next position as
    # its `unit_by_province`, instead of letting the position work it out again.
    for played in PLAYED:
        nxt = adjudicate(played.position, played.orders, STANDARD, played.rules).position
        anew = Position(nxt.phase, nxt.units, nxt.ownership, nxt.dislodged, nxt.standoffs)
        assert nxt == anew
        assert dict(nxt.unit_by_province) == dict(anew.unit_by_province)


def test_decisions_settled_before_the_recursion_are_what_the_recursion_finds() -> None:
    for played in PLAYED:
        layout = Layout(played.position, played.orders, STANDARD, played.rules)
        settled = Resolver(layout.tables).resolve_all()
        recursion = Resolver(layout.tables)
        for i in layout.tables.decisions:
            recursion.resolve(i)
        assert settled == recursion.result, played.orders


def test_dislodged_units_come_back_in_the_order_dislodgements_compare() -> None:
    # `adjudicate` relies on it and does not sort them again. The attack on Italy's
    # Venice is ordered first, so the dislodgements are found out of order.
    position = Position(
        Phase.parse("S1902M"),
        [
            Unit.parse("AUSTRIA", "A TYR"),
            Unit.parse("AUSTRIA", "A TRI"),
            Unit.parse("AUSTRIA", "A SIL"),
            Unit.parse("AUSTRIA", "A BOH"),
            Unit.parse("GERMANY", "A MUN"),
            Unit.parse("ITALY", "A VEN"),
        ],
        {},
    )
    austria = {u.location.province: u for u in position.units_of("AUSTRIA")}
    orders = [
        Move(austria["TYR"], Location("VEN")),
        Support(austria["TRI"], Location("TYR"), Location("VEN")),
        Move(austria["SIL"], Location("MUN")),
        Support(austria["BOH"], Location("SIL"), Location("MUN")),
    ]
    result = adjudicate(position, orders, STANDARD)
    assert [d.unit.power for d in result.dislodged] == ["GERMANY", "ITALY"]
    for played in [*PLAYED, _Played(position, orders)]:
        result = adjudicate(played.position, played.orders, STANDARD, played.rules)
        assert list(result.dislodged) == sorted(result.dislodged)
        assert list(result.position.dislodged) == sorted(result.position.dislodged)


def test_the_interchange_reader_reads_back_every_order_written() -> None:
    from adjudication.interop import read_order, write_order

    for played in PLAYED:
        for order in played.orders:
            if isinstance(order, Waive) or (
                isinstance(order, Support) and order.supported_type is None
            ):
                continue  # not movement orders of the notation (it names the type)
            text = write_order(order)
            assert read_order(text, order_power(order), PhaseKind.MOVEMENT) == order, text
            # Lower case and extra spaces read the same.
            loose = "  " + text.lower().replace(" ", "  ") + " "
            assert read_order(loose, order_power(order), PhaseKind.MOVEMENT) == order


def test_the_interchange_reader_shares_locations_and_keeps_its_caches_bounded() -> None:
    from adjudication import interop

    first = interop.read_order("A PAR - BUR", "FRANCE", PhaseKind.MOVEMENT)
    again = interop.read_order("A PAR - BUR", "FRANCE", PhaseKind.MOVEMENT)
    assert first == again and first.destination is again.destination
    assert first.unit is again.unit
    # Made-up names read (the reader checks the notation, not the board) but stop
    # being remembered once the cache is full.
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    names = [a + b + c for a in letters for b in letters for c in letters[:8]]
    for name in names:
        interop.read_order(f"A {name} - {name}", "FRANCE", PhaseKind.MOVEMENT)
    assert len(interop._locations) <= interop._CACHE_LIMIT
    assert len(interop._units) <= interop._CACHE_LIMIT
    assert interop.read_order("A ZZZ H", "FRANCE", PhaseKind.MOVEMENT) == Hold(
        Unit("FRANCE", UnitType.ARMY, Location("ZZZ"))
    )
    # Leave the reader as other tests expect to find it.
    interop._locations.clear()
    interop._units.clear()
