"""Order-parsing and legal-order throughput: what a DM submission and autocomplete cost.

    .venv/bin/python benchmarks/orders.py [--runs 200]

Prints the median time to parse (and validate) a 17-line French order message, and
the median time to list one unit's legal orders on realistic positions from random
games (benchmarks/corpus.py), which is what `/orders submit` autocomplete asks for.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.play.legal import legal_orders
from adjudication.text.parse import parse_orders
from adjudication.variants import STANDARD_GAME
from benchmarks.corpus import random_positions

MESSAGE = "\n".join(
    [
        "A Par - Bur",
        "F Bre - MAO",
        "A Mar S A Par - Bur",
        "A Pari - Gas",
        "F Bre - ENG",
        "A Mar - Spa/nc",
        "F Bre C A Par - Gas",
        "A Par H",
        "A Mar stands",
        "F Bre S A Par - Pic",
        "A Par - Picardy",
        "Army Marseilles moves to Piedmont",
        "F Bre - Gas",
        "A Mar S F Bre - Gas",
        "A Par - Bre",
        "F Bre H",
        "A Mar - Bur",
    ]
)


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    samples: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()

    opening = Position.initial(STANDARD_GAME)
    parse = median_seconds(lambda: parse_orders(MESSAGE, opening, "FRANCE", STANDARD), args.runs)
    print(
        f"parse + validate a 17-line message: median {parse * 1000:.2f} ms "
        f"({1 / parse:.0f} messages/s)"
    )

    positions = random_positions(20, seed=7)
    per_unit = []
    for position in positions:
        for unit in position.units:
            per_unit.append(median_seconds(partial(legal_orders, position, STANDARD, unit), 5))
    print(
        f"legal orders of one unit ({len(per_unit)} units on {len(positions)} positions): "
        f"median {statistics.median(per_unit) * 1000:.3f} ms, "
        f"max {max(per_unit) * 1000:.3f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
