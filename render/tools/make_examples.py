"""Write the example maps of docs/maps/ (run from the repository root):

    .venv/bin/python render/tools/make_examples.py [--out docs/maps]

start.png: the opening position; fall_orders.png: a Fall turn with supports, a convoy,
a bounce, a cut support and a dislodgement, adjudicated by the engine;
retreats.png: the retreat phase that follows; adjustments.png: the winter after it,
with builds and removals; sc_chart.png: centres per power in a game of random orders.

results_*_before.png / results_*_after.png, 550 px wide as a phone shows a results
post: the orders map of a phase (`render_map`) and the results map (`render_results`)
of the position it led to, for the Spring 1901 openings, the Fall turn above, its
retreat phase and its winter.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from adjudication.io.interop import read_order  # noqa: E402
from adjudication.maps import STANDARD  # noqa: E402
from adjudication.model.orders import Build, Disband, Order  # noqa: E402
from adjudication.model.position import Position  # noqa: E402
from adjudication.model.units import Phase, Unit  # noqa: E402
from adjudication.play.legal import legal_orders  # noqa: E402
from adjudication.play.phases import adjudicate  # noqa: E402
from adjudication.variants import STANDARD_GAME  # noqa: E402
from render import (  # noqa: E402
    MapRequest,
    ResultsRequest,
    render_map,
    render_results,
    render_sc_chart,
)

FALL_UNITS = {
    "AUSTRIA": ["A GRE", "F ALB", "A SER", "A BUD", "A GAL"],
    "ENGLAND": ["A YOR", "F NTH", "F ENG", "F NWY"],
    "FRANCE": ["A BUR", "A PIC", "F MAO", "A SPA"],
    "GERMANY": ["A MUN", "A RUH", "F DEN", "A HOL"],
    "ITALY": ["A TYR", "A VEN", "F ION", "F TYS"],
    "RUSSIA": ["A UKR", "F SEV", "A WAR", "F BOT", "A STP"],
    "TURKEY": ["A BUL", "F BLA", "A ARM", "F AEG"],
}
FALL_ORDERS = {
    "AUSTRIA": ["A GRE H", "F ALB S A GRE", "A SER - TRI", "A BUD - RUM", "A GAL - WAR"],
    "ENGLAND": ["A YOR - BEL VIA", "F NTH C A YOR - BEL", "F ENG S A YOR - BEL", "F NWY H"],
    "FRANCE": ["A BUR - MUN", "A PIC H", "F MAO - POR", "A SPA H"],
    "GERMANY": ["A MUN H", "A RUH S A MUN", "F DEN - SWE", "A HOL - BEL"],
    "ITALY": ["A TYR S A BUR - MUN", "A VEN H", "F ION - ALB", "F TYS - WES"],
    "RUSSIA": ["A UKR - RUM", "F SEV S A UKR - RUM", "A WAR - GAL", "F BOT - SWE", "A STP H"],
    "TURKEY": ["A BUL - GRE", "F BLA - SEV", "A ARM H", "F AEG S A BUL - GRE"],
}
SPRING_ORDERS = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"],
    "ITALY": ["A VEN - TYR", "A ROM - APU", "F NAP - ION"],
    "RUSSIA": ["A WAR - GAL", "A MOS - UKR", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
}
FALL_CENTRES = {
    "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE"],
    "ENGLAND": ["EDI", "LON", "LVP", "NWY"],
    "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR"],
    "GERMANY": ["BER", "KIE", "MUN", "DEN", "HOL"],
    "ITALY": ["NAP", "ROM", "VEN", "TUN"],
    "RUSSIA": ["MOS", "SEV", "STP", "WAR", "SWE", "RUM"],
    "TURKEY": ["ANK", "CON", "SMY", "BUL"],
}


PHONE = 550  # about the width Discord's phone preview shows an image at


def fall_position() -> Position:
    units = [Unit.parse(p, t) for p, ts in FALL_UNITS.items() for t in ts]
    owners = {c: p for p, cs in FALL_CENTRES.items() for c in cs}
    return Position(Phase.parse("F1902M"), tuple(units), owners)


def fall_orders(position: Position) -> list:
    return [read_order(t, p, position.phase.kind) for p, ts in FALL_ORDERS.items() for t in ts]


def adjustment_orders(position: Position) -> list:
    """The first builds (or removals) each power is entitled to (or owes), by name."""
    orders: list[Order] = []
    for power in STANDARD.powers:
        owed = position.adjustment_of(power)
        if owed == 0:
            continue
        options = sorted(legal_orders(position, STANDARD, power), key=str)
        if owed > 0:
            picked: list[Build] = []
            used: set[str] = set()
            for o in options:
                if isinstance(o, Build) and o.unit.province not in used and len(picked) < owed:
                    picked.append(o)
                    used.add(o.unit.province)
            orders.extend(picked)
        else:
            orders.extend([o for o in options if isinstance(o, Disband)][:-owed])
    return orders


def sample_history() -> list:
    """Centres at the start of each year of the recorded game in interop/ (or of a game
    of random orders when that file is not at hand)."""
    sample = ROOT.parent / "shared" / "interop" / "sample_phases.jsonl"
    if not sample.exists():
        game = random_game(seed=7)
        return [
            (p.phase, p.centre_counts(STANDARD.powers))
            for p, _, _ in game
            if p.phase.code.startswith("S")
        ]
    history = []
    for line in sample.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if not str(record["id"]).startswith("g0000-"):  # the file holds several games
            continue
        if record["phase"].startswith("S") and record["phase"].endswith("M"):
            counts = {p: len(cs) for p, cs in record["centers"].items()}
            history.append((record["phase"], {p: counts.get(p, 0) for p in STANDARD.powers}))
    return history


def random_game(seed: int, years: int = 12) -> list[tuple[Position, list, tuple]]:
    """Positions, orders and outcomes of a game played with random legal orders."""
    rng = random.Random(seed)
    position = Position.initial(STANDARD_GAME)
    out = []
    while position.phase.year < STANDARD.first_year + years:
        orders = []
        for power in STANDARD.powers:
            options = legal_orders(position, STANDARD, power)
            by_unit: dict = {}
            for o in options:
                by_unit.setdefault(getattr(o, "unit", None), []).append(o)
            for unit, choices in sorted(by_unit.items(), key=lambda kv: str(kv[0])):
                if unit is not None:
                    orders.append(rng.choice(choices))
        try:
            result = adjudicate(position, orders, STANDARD_GAME)
        except Exception as err:  # the engine is young; keep what was played
            print(f"engine failed at {position.phase}: {err!r}", file=sys.stderr)
            break
        out.append((position, orders, result.outcomes))
        if result.game_end is not None:
            break
        position = result.position
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "maps")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "start.png").write_bytes(render_map(MapRequest(Position.initial(STANDARD_GAME))))
    fall = fall_position()
    orders = fall_orders(fall)
    result = adjudicate(fall, orders, STANDARD_GAME)
    (args.out / "fall_orders.png").write_bytes(
        render_map(MapRequest(fall, orders=orders, outcomes=result.outcomes))
    )
    if result.position.dislodged:
        (args.out / "retreats.png").write_bytes(render_map(MapRequest(result.position)))
    retreat = result.position
    (args.out / "retreats.png").write_bytes(render_map(MapRequest(retreat)))
    moves = [read_order("A GRE R SER", "AUSTRIA", retreat.phase.kind)]
    winter = adjudicate(retreat, moves, STANDARD_GAME).position
    adjustments = adjustment_orders(winter)
    done = adjudicate(winter, adjustments, STANDARD_GAME)
    (args.out / "adjustments.png").write_bytes(
        render_map(MapRequest(winter, orders=adjustments, outcomes=done.outcomes))
    )
    (args.out / "sc_chart.png").write_bytes(render_sc_chart(sample_history()))
    spring = Position.initial(STANDARD_GAME)
    spring_orders = [
        read_order(t, p, spring.phase.kind) for p, ts in SPRING_ORDERS.items() for t in ts
    ]
    turns = [
        ("spring", spring, spring_orders),
        ("fall", fall, orders),
        ("retreats", retreat, moves),
        ("winter", winter, adjustments),
    ]
    for name, before, given in turns:
        played = adjudicate(before, given, STANDARD_GAME)
        (args.out / f"results_{name}_before.png").write_bytes(
            render_map(MapRequest(before, orders=given, outcomes=played.outcomes, width=PHONE))
        )
        (args.out / f"results_{name}_after.png").write_bytes(
            render_results(
                ResultsRequest(
                    before, played.position, orders=given, outcomes=played.outcomes, width=PHONE
                )
            )
        )
    print("wrote", sorted(f.name for f in args.out.glob("*.png")))


if __name__ == "__main__":
    main()
