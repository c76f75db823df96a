"""Median milliseconds per map (34 units, every unit ordered, outcomes drawn), per
results map (the position after that phase, its orders drawn faint; also at a phone's
550 px) and per supply-centre chart. Run from the repository root:

    .venv/bin/python benchmarks/render.py [--runs 60]

The first render of a process loads the geometry and builds its caches; that cost is
reported separately ("cold") and excluded from the medians.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import PIL

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.play.legal import legal_orders
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from render import MapRequest, ResultsRequest, render_map, render_results, render_sc_chart

FULL_BOARD = {
    "AUSTRIA": ["A VIE", "A BOH", "F ADR", "A SER", "F ALB"],
    "ENGLAND": ["F NTH", "F NWG", "A YOR", "F ENG", "F IRI"],
    "FRANCE": ["A BUR", "F MAO", "F SPA/SC", "A PIC", "A GAS"],
    "GERMANY": ["A RUH", "F HEL", "A SIL", "F BAL", "A TYR"],
    "ITALY": ["A PIE", "F TYS", "F ION", "A APU", "F TUN"],
    "RUSSIA": ["F STP/NC", "A UKR", "A LVN", "F BOT", "F BUL/EC"],
    "TURKEY": ["A ARM", "F AEG", "F EAS", "A SYR"],
}


def full_board() -> tuple[Position, list, tuple, Position]:
    units = [Unit.parse(p, t) for p, ts in FULL_BOARD.items() for t in ts]
    ownership = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    position = Position(Phase.parse("F1903M"), tuple(units), ownership)
    rng = random.Random(34)
    orders = []
    for unit in position.units:
        options = sorted(legal_orders(position, STANDARD, unit), key=str)
        # Prefer moves and supports: they are the expensive things to draw.
        busy = [o for o in options if type(o).__name__ in ("Move", "Support", "Convoy")]
        orders.append(rng.choice(busy or options))
    result = adjudicate(position, orders, STANDARD_GAME)
    return position, orders, result.outcomes, result.position


def history(years: int = 20) -> list:
    rng = random.Random(5)
    counts = {p: 3 for p in STANDARD.powers}
    out = []
    for year in range(1901, 1901 + years):
        counts = {p: max(0, min(18, n + rng.randint(-2, 2))) for p, n in counts.items()}
        out.append((f"F{year}M", dict(counts)))
    return out


def median_ms(fn: Callable[[], object], runs: int) -> str:
    """Median wall-clock and CPU milliseconds of `fn` (CPU time is what a busy shared
    machine does not inflate)."""
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return f"median {statistics.median(wall):.1f} ms wall, {statistics.median(cpu):.1f} ms CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    position, orders, outcomes, after = full_board()
    full = MapRequest(position, orders=orders, outcomes=outcomes)
    bare = MapRequest(position)
    played = ResultsRequest(position, after, orders=orders, outcomes=outcomes)
    phone = replace(played, width=550)
    t0 = time.perf_counter()
    png = render_map(full)
    cold = (time.perf_counter() - t0) * 1000
    map_ms = median_ms(lambda: render_map(full), args.runs)
    bare_ms = median_ms(lambda: render_map(bare), args.runs)
    results = render_results(played)
    results_ms = median_ms(lambda: render_results(played), args.runs)
    render_results(phone)
    phone_ms = median_ms(lambda: render_results(phone), args.runs)
    chart = history()
    render_sc_chart(chart)
    chart_ms = median_ms(lambda: render_sc_chart(chart), max(5, args.runs // 3))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"machine: {platform.machine()} {os.cpu_count()} CPUs, load average {load:.2f}, "
        f"Python {platform.python_version()}, Pillow {PIL.__version__}"
    )
    print(
        f"map, 34 units, {len(orders)} orders with outcomes: {map_ms} "
        f"({len(png) // 1024} KB); cold first call {cold:.0f} ms"
    )
    print(f"map, 34 units, no orders: {bare_ms}")
    print(
        f"results map ({after.phase.title}, {len(after.dislodged)} dislodged), "
        f"{len(orders)} orders faint: {results_ms} ({len(results) // 1024} KB)"
    )
    print(f"results map at 550 px: {phone_ms}")
    print(f"SC chart, {len(chart)} years x 7 powers: {chart_ms}")


if __name__ == "__main__":
    main()
