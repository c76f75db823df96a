"""Realistic positions for benchmarks: random games played to their end with dipgm.

Real games are mostly moves and supported moves, with some holds, supports to hold and
the odd convoy; so are these. Orders are legal-ish: every move goes to a neighbouring
location, supports name a neighbour's actual order most of the time, convoys follow a
chain of fleets. Seeded, so a corpus is the same on every run and machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from adjudication.io.interop import write_order
from adjudication.maps import STANDARD
from adjudication.model.board import Board, Terrain
from adjudication.model.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Order,
    Retreat,
    Support,
    Waive,
    order_power,
)
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, PhaseKind, Unit, UnitType
from adjudication.variants import STANDARD_GAME, Variant

STANDARD_RULES = Rules()


@dataclass(frozen=True, slots=True)
class CorpusPhase:
    """A movement phase as it was played: the position and every order given."""

    game: int
    position: Position
    orders: tuple[Order, ...]


def _moves_for(unit: Unit, board: Board) -> list[Location]:
    if unit.type is UnitType.PLANE:  # rules/004: one or two spaces, landing on land
        return [Location(p) for p in sorted(board.plane_reach[unit.province])]
    return [
        loc
        for province in sorted(board.neighbours(unit.province))
        for loc in board.unit_locations(unit.type, province)
        if board.can_move(unit.type, unit.location, loc)
    ]


def _convoy_routes(army: Unit, position: Position, board: Board) -> dict[str, list[str]]:
    """Coastal provinces an army could reach by a chain of fleets, with the chain used."""
    fleets_at_sea = {
        u.province
        for u in position.units
        if u.type is UnitType.FLEET and board.provinces[u.province].terrain is Terrain.SEA
    }
    routes: dict[str, list[str]] = {}
    frontier = [[sea] for sea in sorted(board.neighbours(army.province) & fleets_at_sea)]
    seen = {chain[0] for chain in frontier}
    while frontier:
        chain = frontier.pop(0)
        for province in sorted(board.neighbours(chain[-1])):
            if province in fleets_at_sea and province not in seen:
                seen.add(province)
                frontier.append([*chain, province])
            elif board.is_coastal(province) and province != army.province:
                routes.setdefault(province, chain)
    return routes


def random_movement_orders(
    position: Position, board: Board, rng: random.Random
) -> tuple[Order, ...]:
    """One order per unit, in the proportions of real games (see the module docstring)."""
    orders: dict[str, MovementOrder] = {}
    units = list(position.units)
    rng.shuffle(units)
    # First pass: what each unit does for itself; a few armies try convoys.
    for unit in units:
        if unit.province in orders:
            continue
        roll = rng.random()
        if unit.type is UnitType.ARMY and roll < 0.08:
            routes = _convoy_routes(unit, position, board)
            # Only chains of fleets still free to convoy: players plan convoys whole.
            free = sorted(d for d, chain in routes.items() if not set(chain) & set(orders))
            if free:
                dest = rng.choice(free)
                orders[unit.province] = Move(unit, Location(dest), via_convoy=True)
                for sea in routes[dest]:
                    fleet = position.unit_by_province[sea]  # a chain is of fleets at sea
                    orders[sea] = Convoy(fleet, unit.location, Location(dest))
                continue
        if roll < 0.5:
            orders[unit.province] = Move(unit, rng.choice(_moves_for(unit, board)))
        elif roll < 0.58:
            orders[unit.province] = Hold(unit)
    # Second pass: the rest support a neighbour's move or hold, as allies do.
    for unit in units:
        if unit.province in orders:
            continue
        helped = [
            o
            for o in orders.values()
            if not isinstance(o, Convoy)
            and o.unit.province != unit.province
            and board.can_reach_province(
                unit.type,
                unit.location,
                o.destination.province if isinstance(o, Move) else o.unit.province,
            )
        ]
        if not helped or rng.random() < 0.1:
            orders[unit.province] = Hold(unit)
            continue
        other = rng.choice(helped)
        if isinstance(other, Move):
            target = Location(other.destination.province)
            orders[unit.province] = Support(
                unit, other.unit.location.province_only(), target, other.unit.type
            )
        else:
            orders[unit.province] = Support(
                unit, other.unit.location.province_only(), None, other.unit.type
            )
    return tuple(orders[u.province] for u in position.units)


def random_retreat_orders(position: Position, rng: random.Random) -> tuple[Order, ...]:
    """Most dislodged units retreat somewhere allowed; the rest disband."""
    orders: list[Order] = []
    for d in position.dislodged:
        if d.retreats and rng.random() < 0.85:
            orders.append(Retreat(d.unit, rng.choice(d.retreats)))
        else:
            orders.append(Disband(d.unit))
    return tuple(orders)


def random_adjustment_orders(
    position: Position, board: Board, rng: random.Random
) -> tuple[Order, ...]:
    """Builds on free owned home centres; removals of random units."""
    orders: list[Order] = []
    occupied = {u.province for u in position.units}
    for power in board.powers:
        change = position.adjustment_of(power)
        if change > 0:
            free = [
                c
                for c in sorted(board.home_centres[power])
                if position.ownership.get(c) == power and c not in occupied
            ]
            rng.shuffle(free)
            for centre in free[:change]:
                # Planes only where the variant has them: the standard corpus draws as
                # it always did, so its figures stay comparable.
                kinds = [UnitType.ARMY, UnitType.FLEET] + [UnitType.PLANE] * board.planes
                kind = rng.choice(kinds)
                places = board.unit_locations(kind, centre)
                if not places:  # an inland centre: only an army can be built there
                    kind = UnitType.ARMY
                    places = board.unit_locations(kind, centre)
                orders.append(Build(Unit(power, kind, rng.choice(places))))
            orders.extend(Waive(power) for _ in range(change - len(free[:change])))
        elif change < 0:
            for unit in rng.sample(list(position.units_of(power)), -change):
                orders.append(Disband(unit))
    return tuple(orders)


def play_phases(
    seed: int,
    variant: Variant = STANDARD_GAME,
    rules: Rules = STANDARD_RULES,
    last_year: int = 1935,
) -> Iterator[CorpusPhase]:
    """Play one random game to its end (or `last_year`), yielding every phase played:
    movement, retreats and adjustments."""
    from adjudication.play.phases import adjudicate

    rng = random.Random(seed)
    board = variant.board
    position = Position.initial(variant, rules)
    while position.phase.year <= last_year:
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            orders = random_movement_orders(position, board, rng)
        elif kind is PhaseKind.RETREAT:
            orders = random_retreat_orders(position, rng)
        else:
            orders = random_adjustment_orders(position, board, rng)
        yield CorpusPhase(seed, position, orders)
        result = adjudicate(position, orders, variant, rules)
        if result.game_end is not None:
            return
        position = result.position


def play_game(
    seed: int,
    variant: Variant = STANDARD_GAME,
    rules: Rules = STANDARD_RULES,
    last_year: int = 1935,
) -> Iterator[CorpusPhase]:
    """Play one random game to its end (or `last_year`), yielding its movement phases."""
    for phase in play_phases(seed, variant, rules, last_year):
        if phase.position.phase.kind is PhaseKind.MOVEMENT:
            yield phase


def build_corpus(
    games: int = 20, seed: int = 1901, variant: Variant = STANDARD_GAME
) -> list[CorpusPhase]:
    """The movement phases of `games` random games, seeded from `seed`."""
    return [phase for g in range(games) for phase in play_game(seed + g, variant)]


def random_positions(
    count: int, seed: int = 1901, variant: Variant = STANDARD_GAME
) -> list[Position]:
    """`count` positions from random games (for benchmarks that need only positions)."""
    positions: list[Position] = []
    game = 0
    while len(positions) < count:
        positions.extend(p.position for p in play_game(seed + game, variant))
        game += 1
    return positions[:count]


def replay_phases(
    count: int, seed: int = 1901, variant: Variant = STANDARD_GAME
) -> list[CorpusPhase]:
    """The first `count` phases of every kind of random games seeded from `seed`: what a
    replay job of recorded games reads."""
    phases: list[CorpusPhase] = []
    game = 0
    while len(phases) < count:
        phases.extend(play_phases(seed + game, variant))
        game += 1
    return phases[:count]


def phase_document(phase: CorpusPhase, board: Board = STANDARD) -> dict:
    """A corpus phase as an input record of interop/PHASES.md (what DipNet is fed)."""
    position = phase.position
    orders: dict[str, list[str]] = {p: [] for p in board.powers}
    for order in phase.orders:
        orders[order_power(order)].append(write_order(order))
    document = {
        "id": f"g{phase.game}-{position.phase.code}",
        "phase": position.phase.code,
        "units": {p: [str(u) for u in position.units_of(p)] for p in board.powers},
        "centers": {p: list(position.centres_of(p)) for p in board.powers},
        "orders": orders,
    }
    if position.dislodged:
        dislodged: dict[str, dict[str, dict]] = {}
        for d in position.dislodged:
            dislodged.setdefault(d.unit.power, {})[str(d.unit)] = {
                "by": d.attacker_from,
                "via_convoy": d.via_convoy,
            }
        document["dislodged"] = dislodged
        document["standoffs"] = sorted(position.standoffs)
    return document
