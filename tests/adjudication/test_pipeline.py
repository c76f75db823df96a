"""The phase pipeline on random games: what `adjudicate` promises of every result.

Random games played from the opening with legal orders, a few illegal ones and some
units left unordered mixed in: outcomes in canonical order, defaults for unordered
units, positions in canonical order, dislodged units sorted, and the tables the
checks read agreeing with the board's adjacency.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from adjudication.maps import STANDARD
from adjudication.model.orders import Convoy, Hold, Move, Order, Support, Waive, order_power
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import ParadoxRule, Rules
from adjudication.model.units import Location, Phase, PhaseKind, Unit, UnitType
from adjudication.play.adjustments import adjustments_needed, builds_possible, powers_of
from adjudication.play.legal import legal_orders
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME

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
        position = Position.initial(STANDARD_GAME)
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
            result = adjudicate(position, orders, STANDARD_GAME, rules)
            if result.game_end is not None:
                break
            position = result.position


@functools.cache
def played_phases() -> tuple[_Played, ...]:
    """The phases, played once per test process when a test first asks (not at import:
    every pytest-xdist worker imports this module to collect it)."""
    return tuple(_movement_phases())


def test_outcomes_are_sorted_by_power_place_and_order() -> None:
    def key(order: Order) -> tuple[str, str, str]:
        place = "~" if isinstance(order, Waive) else str(order.unit.location)
        return (order_power(order), place, str(order))

    for played in played_phases():
        result = adjudicate(played.position, played.orders, STANDARD_GAME, played.rules)
        keys = [key(o.order) for o in result.outcomes]
        assert keys == sorted(keys)


def test_a_unit_given_no_order_holds_unordered_or_is_dislodged() -> None:
    seen = 0
    for played in played_phases():
        named = {
            (order_power(o), o.unit.location.province)
            for o in played.orders
            if not isinstance(o, Waive)
        }
        result = adjudicate(played.position, played.orders, STANDARD_GAME, played.rules)
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
    for played in played_phases()[:60]:
        units = list(played.position.units)
        rng.shuffle(units)
        owned = list(played.position.ownership.items())
        rng.shuffle(owned)
        rebuilt = Position(played.position.phase, units, dict(owned))
        assert rebuilt.units == tuple(sorted(units))
        assert list(rebuilt.ownership) == sorted(played.position.ownership)
        assert rebuilt == played.position


def test_a_position_at_another_phase_is_the_position_made_anew() -> None:
    for played in played_phases()[:60]:
        position = played.position
        following = position.phase.following()
        moved = position.at_phase(following)
        assert moved == Position(following, position.units, position.ownership)
        assert moved.ownership is not position.ownership


def test_adjustments_needed_counts_as_the_rule_says() -> None:
    for played in played_phases():
        position = played.position
        expected = any(
            position.adjustment_of(p) < 0 or builds_possible(position, STANDARD, p) > 0
            for p in powers_of(position, STANDARD)
        )
        assert adjustments_needed(position, STANDARD) is expected


def test_board_tables_agree_with_the_adjacency() -> None:
    """`can_move` and `can_reach_province` read tables keyed by strings, made from the
    adjacency the board was built with."""
    board = STANDARD
    places = [
        loc
        for province in board.provinces
        for loc in (Location(province), *board.fleet_locations(province))
    ]
    for origin, targets in board.fleet_adjacency.items():
        for place in places:
            assert board.can_move(UnitType.FLEET, origin, place) is (place in targets)
        for province in board.provinces:
            reaches = any(t.province == province for t in targets)
            assert board.can_reach_province(UnitType.FLEET, origin, province) is reaches
    for origin, near in board.army_adjacency.items():
        for place in places:
            expected = place.coast is None and place.province in near
            assert board.can_move(UnitType.ARMY, Location(origin), place) is expected
    assert board.land_provinces == {c for c, p in board.provinces.items() if p.is_land}


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
    result = adjudicate(position, orders, STANDARD_GAME)
    assert [d.unit.power for d in result.dislodged] == ["GERMANY", "ITALY"]
    for played in [*played_phases(), _Played(position, orders)]:
        result = adjudicate(played.position, played.orders, STANDARD_GAME, played.rules)
        assert list(result.dislodged) == sorted(result.dislodged)
        assert list(result.position.dislodged) == sorted(result.position.dislodged)


def test_the_interchange_reader_reads_back_every_order_written() -> None:
    from adjudication.io.interop import read_order, write_order

    for played in played_phases():
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
    from adjudication.io import interop

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
