"""How fast could a movement phase be in pure Python? Evidence for docs/PERFORMANCE.md.

    .venv/bin/python benchmarks/floor.py [--games 20] [--repeat 20]

Over the corpus of benchmarks/adjudication.py (fresh positions each run, results
dropped, best of --repeat), the engine's `adjudicate` beside the parts of a phase that
no design of the engine can avoid, each timed alone: one `Outcome` per order, one new
`Unit` per unit that moved, the resolver's decisions (`Resolver.resolve_all` on a
finished layout), putting the next position's units and the outcomes in canonical
order, and the end of the season (ownership, adjustments needed, game end).

This is a measuring instrument, not engine code: nothing imports this file.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudication.maps import STANDARD  # noqa: E402
from adjudication.model.orders import MovementOrder  # noqa: E402
from adjudication.model.outcomes import Outcome  # noqa: E402
from adjudication.model.position import Position  # noqa: E402
from adjudication.model.rules import Rules  # noqa: E402
from adjudication.model.units import Unit  # noqa: E402
from adjudication.play.layout import Layout  # noqa: E402
from adjudication.play.phases import _end_of_season, _in_canonical_order, adjudicate  # noqa: E402
from adjudication.play.resolver import Resolver  # noqa: E402
from adjudication.variants import STANDARD_GAME  # noqa: E402
from benchmarks.adjudication import fresh_position  # noqa: E402
from benchmarks.corpus import build_corpus  # noqa: E402

_RULES = Rules()


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
            adjudicate(position, orders, STANDARD_GAME, _RULES)

    results = [adjudicate(p.position, p.orders, STANDARD_GAME, _RULES) for p in corpus]
    # The corpus holds movement phases only, so movement orders only.
    layouts = [
        Layout(p.position, cast("tuple[MovementOrder, ...]", p.orders), STANDARD, _RULES)
        for p in corpus
    ]
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

    def sorts(_: list) -> None:
        for r in results:
            Position(r.position.phase, r.position.units, r.position.ownership)
            _in_canonical_order(r.outcomes)

    def end_of_season(prepared: list) -> None:
        for (position, _), r in zip(prepared, results, strict=True):
            if not r.position.dislodged:
                _end_of_season(position, r.position.units, STANDARD, _RULES, (), {}, solo=True)

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
    return 0


if __name__ == "__main__":
    sys.exit(main())
