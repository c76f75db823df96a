"""Legal orders (adjudication.play.legal) agree with validation and count what the rules allow."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from adjudication.io.interop import read_record
from adjudication.maps import STANDARD
from adjudication.model.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, PhaseKind, Unit, UnitType
from adjudication.play.legal import legal_adjustments, legal_orders
from adjudication.play.validate import validate
from adjudication.text.notation import format_order
from adjudication.text.parse import parse_order
from adjudication.variants import STANDARD_GAME
from tests.shared_files import SAMPLE_PHASES

OPENING = Position.initial(STANDARD_GAME)
SAMPLE = SAMPLE_PHASES


def sample_positions() -> list[Position]:
    if not SAMPLE.exists():
        return []
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    return [read_record(json.loads(line)).position for line in lines if line.strip()]


def units(power: str, *texts: str) -> tuple[Unit, ...]:
    return tuple(Unit.parse(power, t) for t in texts)


def unit(text: str) -> Unit:
    found = next(u for u in OPENING.units if str(u) == text)
    return found


def summary(orders: list[Order]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for order in orders:
        name = type(order).__name__
        counts[name] = counts.get(name, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A Par: moves Bre Bur Gas Pic; supports F Bre to hold, F Bre to Gas/Pic,
        # A Mar to Bur/Gas, A Mun to Bur.
        ("A PAR", {"Hold": 1, "Move": 4, "Support": 6}),
        # F Lon: moves Eng Nth Wal Yor; supports A Lvp to Wal/Yor, F Edi to Nth/Yor, F Bre-Eng.
        ("F LON", {"Hold": 1, "Move": 4, "Support": 5}),
        # F StP/sc: moves Bot Fin Lvn; supports A Mos-Lvn, A War-Lvn.
        ("F STP/SC", {"Hold": 1, "Move": 3, "Support": 2}),
        # A Mun: 7 moves; supports A Ber hold and to Kie/Sil; F Kie hold and to Ber;
        # A Par/A Mar to Bur; A Vie to Boh/Tyr; A Ven to Tyr; A War to Sil.
        ("A MUN", {"Hold": 1, "Move": 7, "Support": 11}),
    ],
)
def test_opening_counts(text: str, expected: dict[str, int]) -> None:
    assert summary(legal_orders(OPENING, STANDARD, unit(text))) == expected


def test_opening_paris_in_full() -> None:
    orders = {format_order(o, STANDARD) for o in legal_orders(OPENING, STANDARD, unit("A PAR"))}
    assert orders == {
        "A Par H",
        "A Par - Bre",
        "A Par - Bur",
        "A Par - Gas",
        "A Par - Pic",
        "A Par S F Bre",
        "A Par S F Bre - Gas",
        "A Par S F Bre - Pic",
        "A Par S A Mar - Bur",
        "A Par S A Mar - Gas",
        "A Par S A Mun - Bur",
    }


def test_opening_orders_are_all_legal() -> None:
    for power in STANDARD.powers:
        for order in legal_orders(OPENING, STANDARD, power):
            assert validate(order, OPENING, STANDARD) is None, order


CONVOYS = Position(
    Phase.parse("S1902M"),
    units("ENGLAND", "F NTH", "F ENG", "A LON", "A YOR")
    + units("FRANCE", "F MAO", "F WES", "F LYO", "A MAR", "A SPA", "A BRE"),
    dict(OPENING.ownership),
)


def test_convoyed_moves_are_offered_with_via_convoy() -> None:
    london = legal_orders(CONVOYS, STANDARD, Unit.parse("ENGLAND", "A LON"))
    moves = {str(o) for o in london if isinstance(o, Move)}
    assert {"A LON - BEL VIA", "A LON - NWY VIA", "A LON - PIC VIA", "A LON - BRE VIA"} <= moves
    assert "A LON - YOR" in moves and "A LON - WAL" in moves
    assert "A LON - YOR VIA" in moves  # insisting on the sea route is an order of its own
    assert "A LON - LVP VIA" not in moves  # no fleet could carry it there


def test_only_needed_fleets_may_convoy() -> None:
    # DATC 6.G.19: Lyon alone carries Mar-Spa; the Western Med is not needed for it.
    west = legal_orders(CONVOYS, STANDARD, Unit.parse("FRANCE", "F WES"))
    lyon = legal_orders(CONVOYS, STANDARD, Unit.parse("FRANCE", "F LYO"))
    mar_spa = Convoy(Unit.parse("FRANCE", "F WES"), Location("MAR"), Location("SPA"))
    assert mar_spa not in west
    assert Convoy(Unit.parse("FRANCE", "F LYO"), Location("MAR"), Location("SPA")) in lyon
    # But Mar - NAf needs both.
    assert Convoy(Unit.parse("FRANCE", "F WES"), Location("MAR"), Location("NAF")) in west


def test_a_fleet_does_not_support_a_move_it_alone_could_convoy() -> None:
    # DATC 6.D.31: A Rum - Arm can only go through the Black Sea.
    position = Position(
        Phase.parse("S1902M"),
        units("AUSTRIA", "A RUM") + units("TURKEY", "F BLA"),
        dict(OPENING.ownership),
    )
    black_sea = legal_orders(position, STANDARD, Unit.parse("TURKEY", "F BLA"))
    assert not any(isinstance(o, Support) and o.destination == Location("ARM") for o in black_sea)
    assert Convoy(Unit.parse("TURKEY", "F BLA"), Location("RUM"), Location("ARM")) in black_sea


def test_supports_to_a_split_coast_name_the_coast() -> None:
    position = Position(
        Phase.parse("S1902M"),
        units("FRANCE", "F MAO", "F POR", "A MAR"),
        dict(OPENING.ownership),
    )
    portugal = legal_orders(position, STANDARD, Unit.parse("FRANCE", "F POR"))
    into_spain = {
        str(o)
        for o in portugal
        if isinstance(o, Support) and o.destination and o.destination.province == "SPA"
    }
    assert into_spain == {"F POR S F MAO - SPA/NC", "F POR S F MAO - SPA/SC", "F POR S A MAR - SPA"}


def test_retreat_orders() -> None:
    bur = Unit.parse("FRANCE", "A BUR")
    position = Position(
        Phase.parse("F1901R"),
        units("GERMANY", "A BUR"),
        dict(OPENING.ownership),
        (Dislodgement(bur, "MUN", (Location("GAS"), Location("PAR"))),),
    )
    assert legal_orders(position, STANDARD, bur) == [
        Retreat(bur, Location("GAS")),
        Retreat(bur, Location("PAR")),
        Disband(bur),
    ]
    assert legal_orders(position, STANDARD, "FRANCE") == legal_orders(position, STANDARD, bur)
    assert legal_orders(position, STANDARD, Unit.parse("GERMANY", "A BUR")) == []


def test_adjustment_orders() -> None:
    position = Position(
        Phase.parse("W1901A"),
        units("RUSSIA", "A WAR") + units("GERMANY", "A BER", "A MUN", "F KIE", "A HOL"),
        {
            "STP": "RUSSIA",
            "MOS": "RUSSIA",
            "SEV": "RUSSIA",
            "WAR": "RUSSIA",
            "BER": "GERMANY",
            "KIE": "GERMANY",
            "MUN": "GERMANY",
        },
    )
    russia = {str(o) for o in legal_adjustments(position, STANDARD, "RUSSIA")}
    assert russia == {
        "A STP B",
        "F STP/NC B",
        "F STP/SC B",
        "A MOS B",
        "A SEV B",
        "F SEV B",
        "WAIVE",
    }
    germany = legal_orders(position, STANDARD, "GERMANY")
    assert {str(o) for o in germany} == {"A BER D", "A MUN D", "F KIE D", "A HOL D"}
    assert legal_orders(position, STANDARD, Unit.parse("RUSSIA", "A WAR")) == []
    for order in legal_adjustments(position, STANDARD, "RUSSIA") + germany:
        assert validate(order, position, STANDARD) is None, order


def _candidate_orders(position: Position, me: Unit) -> list[Order]:
    """Every order a player could write for `me`, legal or not (movement phase)."""

    def places(provinces: Iterable[str]) -> list[Location]:
        codes = list(provinces)
        coasts = [loc for p in codes for loc in STANDARD.fleet_locations(p) if loc.coast]
        return [Location(p) for p in codes] + coasts

    everywhere = places(STANDARD.provinces)
    # A support outside the supporter's neighbourhood is rejected before anything else.
    nearby = places(STANDARD.neighbours(me.province))
    out: list[Order] = [Hold(me)]
    out += [Move(me, where, via) for where in everywhere for via in (False, True)]
    for other in position.units:
        out.append(Support(me, other.location, None, other.type))
        out += [Support(me, other.location, where, other.type) for where in nearby]
        if other.type is UnitType.ARMY and me.type is UnitType.FLEET:
            out += [Convoy(me, other.location, Location(p)) for p in STANDARD.provinces]
    return out


def _essence(order: Order) -> Order:
    """Forms validation accepts that legal_orders offers once: a move written without
    "via convoy" that needs one, and a support leaving a fleet's coast open."""
    if isinstance(order, Move) and order.unit.type is UnitType.ARMY:
        # The coast of an army's move means nothing (DATC 4.B.6); a move overseas
        # written without "via convoy" is offered with it.
        where = order.destination.province_only()
        overland = where.province in STANDARD.army_adjacency[order.unit.province]
        return Move(order.unit, where, order.via_convoy or not overland)
    if isinstance(order, Move) and order.destination.coast is None:
        # A fleet's omitted coast where it can reach only one (DATC 4.B.2).
        reach = [
            t
            for t in STANDARD.fleet_adjacency.get(order.unit.location, ())
            if t.province == order.destination.province
        ]
        if len(reach) == 1:
            return Move(order.unit, reach[0], order.via_convoy)
    if isinstance(order, Support) and order.supported_type is UnitType.ARMY and order.destination:
        return Support(
            order.unit, order.supported, order.destination.province_only(), order.supported_type
        )
    return order


@pytest.mark.parametrize("index", range(0, 120, 6))
def test_legal_orders_match_validation_on_recorded_games(index: int) -> None:
    positions = sample_positions()
    if index >= len(positions):
        pytest.skip("the interchange sample is not available here")
    position = positions[index]
    if position.phase.kind is not PhaseKind.MOVEMENT:
        for power in STANDARD.powers:
            for order in legal_orders(position, STANDARD, power):
                assert validate(order, position, STANDARD) is None, order
        return
    for me in position.units:
        offered = legal_orders(position, STANDARD, me)
        for order in offered:
            assert validate(order, position, STANDARD) is None, order
        accepted = {
            o for o in _candidate_orders(position, me) if validate(o, position, STANDARD) is None
        }
        offered_set = set(offered)
        for order in accepted - offered_set:
            essence = _essence(order)
            uncovered = essence not in offered_set and not (
                isinstance(order, Support)
                and order.destination is not None
                and order.destination.coast is None
                and STANDARD.provinces[order.destination.province].coasts
            )
            assert not uncovered, f"validation accepts {order} but it is not offered"


def test_every_offered_order_reads_back_through_the_parser() -> None:
    positions = [OPENING, CONVOYS, *sample_positions()[:40:4]]
    for position in positions:
        if position.phase.kind is not PhaseKind.MOVEMENT:
            continue
        for me in position.units:
            for order in legal_orders(position, STANDARD, me):
                for style in ("short", "long"):
                    text = format_order(order, STANDARD, style)
                    parsed = parse_order(text, position, me.power, STANDARD)
                    assert parsed.rejection is None, (text, parsed.rejection)
                    assert parsed.order == order, (text, parsed.order)


def test_long_style() -> None:
    orders = legal_orders(OPENING, STANDARD, unit("F STP/SC"))
    assert format_order(orders[1], STANDARD, "long") == (
        "Fleet St Petersburg (south coast) → Gulf of Bothnia"
    )
    assert format_order(Waive("FRANCE"), STANDARD) == "Waive"
    assert format_order(Build(Unit.parse("FRANCE", "A PAR")), STANDARD, "long") == (
        "Build Army Paris"
    )
