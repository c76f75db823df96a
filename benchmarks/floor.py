"""How fast could a movement phase be in pure Python? Evidence for docs/PERFORMANCE.md.

    .venv/bin/python benchmarks/floor.py [--games 20] [--repeat 20]

Two measurements over the corpus of benchmarks/adjudication.py (fresh positions each
run, results dropped, best of --repeat):

1. The parts of a phase that no rewrite of the engine can avoid, each timed alone:
   one `Outcome` per order, one new `Unit` per unit that moved, the resolver's
   decisions (`Resolver.resolve_all` on a finished layout), putting the next
   position's units and the outcomes in canonical order, and the end of the season
   (ownership, adjustments needed, game end).
2. `lean_movement` below: the rest of the movement path (layout, support matching,
   reading the results, outcomes) written as tersely as the engine could be, for
   the easiest phases only: one plainly legal hold, move or support per unit, no
   convoy, nobody dislodged (it gives up on anything else). It must agree with
   `adjudicate` on every phase it takes; both are timed on those phases.

This is a measuring instrument, not engine code: the engine keeps the general
pipeline (layout -> resolver -> reading), and nothing imports this file.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudication.layout import Layout  # noqa: E402
from adjudication.maps import STANDARD  # noqa: E402
from adjudication.orders import Hold, Move, Order, Support  # noqa: E402
from adjudication.outcomes import Outcome, Reason  # noqa: E402
from adjudication.phases import Adjudication, _end_of_season, adjudicate  # noqa: E402
from adjudication.position import Position, unit_place_order  # noqa: E402
from adjudication.resolver import HOLD, MOVE, SUPPORT, Resolver, Tables  # noqa: E402
from adjudication.rules import Rules  # noqa: E402
from adjudication.units import Unit, UnitType  # noqa: E402
from benchmarks.adjudication import fresh_position  # noqa: E402
from benchmarks.corpus import build_corpus  # noqa: E402

_FLEET = UnitType.FLEET
_RULES = Rules()


def lean_movement(position: Position, orders: Sequence[Order]) -> Adjudication | None:
    """`adjudicate` for the easiest movement phases, or None for any other phase."""
    board = STANDARD
    fleet_moves, army_adjacency = board.fleet_moves, board.army_adjacency
    units = position.unit_by_province
    if len(orders) != len(units):
        return None
    n = len(orders)
    kind, power, province, dest_of = [HOLD] * n, [""] * n, [""] * n, [""] * n
    opponent, supports, target = [-1] * n, [()] * n, [""] * n
    no, none = [False] * n, [None] * n
    landing: list[Any] = [None] * n
    order_at: dict[str, int] = {}
    moves_into: dict[str, list[int]] = {}
    hold_supports: dict[str, list[int]] = {}
    decisions: list[int] = []
    support_orders: list[int] = []
    for i, order in enumerate(orders):
        cls = type(order)
        named = order.unit
        where = named.location.province
        unit = units.get(where)
        if unit is not named and (
            unit is None or unit.power != named.power or unit.type is not named.type
        ):
            return None
        if where in order_at:
            return None
        order_at[where] = i
        power[i], province[i] = named.power, where
        if cls is Move:
            to, dest = order.destination, order.destination.province
            if order.via_convoy:
                return None
            if unit.type is _FLEET:
                if (dest, to.coast) not in fleet_moves[where, unit.location.coast]:
                    return None
            elif to.coast is not None or dest not in army_adjacency[where]:
                return None
            kind[i], dest_of[i], landing[i] = MOVE, dest, to
            decisions.append(i)
            if dest in moves_into:
                moves_into[dest].append(i)
            else:
                moves_into[dest] = [i]
            j = order_at.get(dest, -1)
            if j >= 0 and kind[j] == MOVE and dest_of[j] == where:
                opponent[i], opponent[j] = j, i
        elif cls is Support:
            kind[i] = SUPPORT
            decisions.append(i)
            support_orders.append(i)
        elif cls is not Hold:
            return None
    void: dict[int, Reason] = {}
    for i in support_orders:
        if not _lean_support(i, orders[i], units, order_at, kind, landing, target, void,
                             supports, hold_supports, province[i]):
            return None
    tables = Tables(kind, power, province, dest_of, no, opponent, supports, target, no,
                    none, none, none, none, order_at, units, moves_into, hold_supports,
                    decisions)
    succeeded = Resolver(tables).resolve_all()
    after = dict(units)
    arrived = []
    for moves in moves_into.values():
        for m in moves:
            if succeeded[m]:
                arrived.append(m)
                del after[province[m]]
                break
    if any(dest_of[m] in after for m in arrived):
        return None  # somebody was dislodged: not an easy phase
    for m in arrived:
        unit = units[province[m]]
        after[landing[m].province] = Unit(unit.power, unit.type, landing[m])
    outcomes = []
    for i, order in enumerate(orders):
        if kind[i] == HOLD or (succeeded[i] and i not in void):
            outcomes.append(Outcome(order, True))
        elif kind[i] == MOVE:
            outcomes.append(Outcome(order, False, Reason.BOUNCED))
        else:
            outcomes.append(Outcome(order, False, void.get(i, Reason.CUT)))
    places = list(zip(power, province, strict=True))
    ranked = sorted(range(n), key=places.__getitem__)
    new_units = tuple(sorted(after.values(), key=unit_place_order))
    nxt, end = _end_of_season(position, new_units, board, _RULES, (), after)
    return Adjudication(position.phase, tuple([outcomes[i] for i in ranked]), nxt, end, ())


def _lean_support(
    i: int, order: Support, units: Any, order_at: dict[str, int], kind: list[int],
    landing: list[Any], target: list[str], void: dict[int, Reason],
    supports: list[Any], hold_supports: dict[str, list[int]], where: str,
) -> bool:
    """Lay out one support as the layout does; False when it is not plainly legal."""
    board = STANDARD
    unit = units[where]
    if unit.type is _FLEET:
        reach = board.fleet_reach[where, unit.location.coast]
    else:
        reach = board.army_adjacency[where]
    supported = order.supported.province
    j = order_at.get(supported, -1)
    moving = j >= 0 and kind[j] == MOVE
    destination = order.destination
    if destination is None:
        target[i] = supported
        if supported == where or supported not in reach or supported not in units:
            return False
        if moving:
            void[i] = Reason.SUPPORTED_UNIT_MOVED
        else:
            hold_supports.setdefault(supported, []).append(i)
        return True
    to = target[i] = destination.province
    if to not in reach or to == supported or supported == where or destination.coast:
        return False
    mover = units.get(supported)
    if mover is not None and (mover.type is _FLEET or to not in board.army_adjacency[supported]):
        return False
    if moving and landing[j].province == to:
        supports[j] = [*supports[j], i]
    else:
        void[i] = Reason.VOID
    return True


def _best(repeat: int, phases: list, run: Callable[[list], None]) -> float:
    """Best microseconds per phase of `run` over fresh copies of `phases`."""
    best = float("inf")
    for _ in range(repeat):
        prepared = [(fresh_position(p.position), p.orders) for p in phases]
        start = time.perf_counter()
        run(prepared)
        best = min(best, time.perf_counter() - start)
    return best / len(phases) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    corpus = build_corpus(args.games, 1901)
    repeat = args.repeat

    def engine(prepared: list) -> None:
        for position, orders in prepared:
            adjudicate(position, orders, STANDARD, _RULES)

    results = [adjudicate(p.position, p.orders, STANDARD, _RULES) for p in corpus]
    layouts = [Layout(p.position, p.orders, STANDARD, _RULES) for p in corpus]
    moved = [
        [u for u in r.position.units if u not in p.position.units]
        for p, r in zip(corpus, results, strict=True)
    ]

    def outcomes(prepared: list) -> None:
        for _, orders in prepared:
            for order in orders:
                Outcome(order, True)

    def new_units(_: list) -> None:
        for units in moved:
            for u in units:
                Unit(u.power, u.type, u.location)

    def resolver(_: list) -> None:
        for layout in layouts:
            Resolver(layout.tables).resolve_all()

    places = [list(zip(t.power, t.province, strict=True)) for t in (x.tables for x in layouts)]

    def sorts(_: list) -> None:
        for r, where in zip(results, places, strict=True):
            sorted(r.position.units, key=unit_place_order)
            ranked = sorted(range(len(where)), key=where.__getitem__)
            tuple([r.outcomes[i] for i in ranked])

    def end_of_season(prepared: list) -> None:
        for (position, _), r in zip(prepared, results, strict=True):
            if not r.position.dislodged:
                nxt = r.position
                _end_of_season(position, nxt.units, STANDARD, _RULES, (), nxt.unit_by_province)

    print(f"corpus: {len(corpus)} movement phases; best of {repeat}; microseconds a phase")
    print(f"  adjudicate, the engine:          {_best(repeat, corpus, engine):6.1f}")
    fixed = {
        "one Outcome per order": outcomes,
        "one Unit per unit that moved": new_units,
        "the resolver's decisions": resolver,
        "units and outcomes in order": sorts,
        "end of season": end_of_season,
    }
    total = 0.0
    for name, run in fixed.items():
        took = _best(repeat, corpus, run)
        total += took
        print(f"  {name + ':':33s}{took:6.1f}")
    print(f"  {'sum of the parts above:':33s}{total:6.1f}")
    easy = [p for p in corpus if lean_movement(fresh_position(p.position), p.orders) is not None]
    differ = sum(
        lean_movement(fresh_position(p.position), p.orders)
        != adjudicate(fresh_position(p.position), p.orders, STANDARD, _RULES)
        for p in easy
    )
    print(f"easiest phases (lean_movement takes them): {len(easy)}, disagreements: {differ}")

    def lean(prepared: list) -> None:
        for position, orders in prepared:
            lean_movement(position, orders)

    print(f"  adjudicate on them:              {_best(repeat, easy, engine):6.1f}")
    print(f"  lean_movement on them:           {_best(repeat, easy, lean):6.1f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
