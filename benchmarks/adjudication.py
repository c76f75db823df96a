"""Adjudication throughput: dipgm against the PyPI engine `diplomacy` 1.1.2 (DipNet).

    .venv/bin/python benchmarks/adjudication.py [--games 20] [--repeat 5]
    .venv/bin/python benchmarks/adjudication.py --skip-dipnet [--engine /tmp/before]

Builds a corpus of movement phases by playing seeded random games with dipgm
(benchmarks/corpus.py), times dipgm adjudicating every phase (best of --repeat runs),
then times DipNet's `Game.process()` on the same positions and orders in a throwaway
virtual environment (never a project dependency), and prints both throughputs and
their ratio (comparison 1); then the same from the order text on both sides
(comparison 2, the like-for-like one). Only the adjudication is timed, not the
set-up, and the set-up is alike: DipNet gets a new `Game` for each phase, dipgm a new
`Position` for each phase and run, and neither keeps its results while the clock runs.

Comparison 3 is a whole replay job, timed from outside on both sides: --replay-phases
phases of every kind (movement, retreats, adjustments) of seeded random games, written
as interop/PHASES.md lines to a file; dipgm runs `python -m adjudication replay FILE`,
DipNet a script doing the same (`DIPNET_REPLAY_HELPER`): each a new process that
reads the phases, plays them and writes one result line per phase.

Times are the CPU time each side used (`--clock cpu`, the default), so that other jobs
on a shared host count against neither engine; `--clock wall` times elapsed time.
`--skip-dipnet` times dipgm's side of comparisons 1 and 2 alone; with `--engine FOLDER` it
times the `adjudication` package in FOLDER instead (`git archive REV adjudication | tar
-x -C FOLDER`), for a before/after of an engine change on one host.
docs/PERFORMANCE.md has the figures and what they mean.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudication.model.position import Position

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("DIPGM_BENCH_VENV", "/tmp/dipgm-bench-venv"))
DIPNET_REQUIREMENT = "diplomacy==1.1.2"

# Runs inside the throwaway venv, so it may import only the standard library and
# `diplomacy`. Reads the corpus JSON on stdin, writes timings (and the units after
# each phase, for a sanity check of agreement) as JSON on stdout.
DIPNET_HELPER = r"""
import json, sys, time
from diplomacy import Game

corpus = json.load(sys.stdin)
repeat = int(sys.argv[1])
clock = time.process_time if sys.argv[2] == "cpu" else time.perf_counter
Game()  # the first Game() loads and caches the map; keep that out of the timings
runs, runs_from_text, after = [], [], []
for run in range(repeat):
    total = total_from_text = 0.0
    for phase in corpus:
        game = Game()
        game.clear_units()
        game.clear_centers()
        for power, units in phase["units"].items():
            game.set_units(power, units)
        for power, centres in phase["centers"].items():
            game.set_centers(power, centres)
        game.set_current_phase(phase["phase"])
        start = clock()
        for power, orders in phase["orders"].items():
            game.set_orders(power, orders)
        read = clock()
        game.process()
        done = clock()
        total += done - read
        total_from_text += done - start
        if run == 0:
            after.append({p: sorted(u for u in us if not u.startswith("*"))
                          for p, us in game.get_units().items()})
    runs.append(total)
    runs_from_text.append(total_from_text)
json.dump({"runs": runs, "runs_from_text": runs_from_text, "units_after": after}, sys.stdout)
"""


# The whole replay job on DipNet's side, as `python -m adjudication replay FILE` is on
# dipgm's: read recorded phases as JSON lines, play each one in a new `Game`, write one
# JSON line per phase (the next phase, units and centres). Dislodged units of a retreat
# phase are given with DipNet's `*` prefix, so DipNet works out their retreats itself.
DIPNET_REPLAY_HELPER = r"""
import json, sys
from diplomacy import Game

with open(sys.argv[1], encoding="utf-8") as source, open(sys.argv[2], "w") as sink:
    for line in source:
        record = json.loads(line)
        game = Game()
        game.clear_units()
        game.clear_centers()
        game.set_current_phase(record["phase"])
        for power, units in record["units"].items():
            dislodged = record.get("dislodged", {}).get(power, {})
            game.set_units(power, units + ["*" + unit for unit in dislodged])
        for power, centres in record["centers"].items():
            game.set_centers(power, centres)
        for power, orders in record["orders"].items():
            game.set_orders(power, orders)
        game.process()
        result = {
            "id": record["id"],
            "phase": game.get_current_phase(),
            "units": game.get_units(),
            "centers": game.get_centers(),
        }
        sink.write(json.dumps(result) + "\n")
"""


def _prepare_path(engine: Path | None = None) -> None:
    # Run as a script, this file's folder is sys.path[0] and its own name would shadow
    # the `adjudication` package; the project root must come first instead. With
    # `engine`, the `adjudication` package of that folder (another version of the
    # engine, for a before/after) comes before the project's.
    here = str(Path(__file__).resolve().parent)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(here)]
    sys.path.insert(0, str(ROOT))
    if engine is not None:
        sys.path.insert(0, str(engine.resolve()))


def ensure_dipnet_venv() -> Path:
    """The throwaway venv's python, created with `diplomacy` 1.1.2 if not there yet."""
    python = VENV / "bin" / "python"
    probe = [
        str(python),
        "-c",
        "import diplomacy, importlib.metadata as m; print(m.version('diplomacy'))",
    ]
    if python.exists():
        found = subprocess.run(probe, capture_output=True, text=True, check=False)
        if found.returncode == 0 and found.stdout.strip() == "1.1.2":
            return python
    print(f"creating {VENV} with {DIPNET_REQUIREMENT} …", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", DIPNET_REQUIREMENT], check=True)
    return python


def time_dipgm(
    corpus: list,
    repeat: int,
    clock: Callable[[], float] = time.process_time,
    variant_name: str = "standard",
) -> tuple[float, list[dict]]:
    """Best total seconds over `repeat` runs, and the units after each phase."""
    from adjudication.model.rules import Rules
    from adjudication.play.phases import adjudicate
    from adjudication.variants import VARIANTS

    rules = Rules()
    variant = VARIANTS[variant_name]
    best = float("inf")
    for _ in range(repeat):
        phases = [(fresh_position(p.position), p.orders) for p in corpus]
        # Each result is dropped as the next phase is played, as the DipNet side drops
        # its game: holding all of them would grow the heap and bill dipgm for the
        # garbage collector's walks over it (measured: 131-149 against 118 us a phase).
        start = clock()
        for position, orders in phases:
            adjudicate(position, orders, variant, rules)
        best = min(best, clock() - start)
    after = []  # outside the timing, as on the DipNet side
    for p in corpus:
        result = adjudicate(p.position, p.orders, variant, rules)
        after.append(
            {
                power: sorted(str(u) for u in result.position.units_of(power))
                for power in variant.board.powers
            }
        )
    return best, after


def fresh_position(position: Position) -> Position:
    """The same position as a new object, as a game loaded from storage has it: nothing
    looked up in an earlier run (a `cached_property`) is carried into the next, just as
    the DipNet side sets up a new `Game` for every phase."""
    from adjudication.model.position import Position

    return Position(
        position.phase,
        position.units,
        position.ownership,
        position.dislodged,
        position.standoffs,
        variant=position.variant,
    )


def time_dipgm_from_text(
    documents: list[dict], repeat: int, clock: Callable[[], float] = time.process_time
) -> float:
    """Best total seconds reading each order's text and adjudicating, like `set_orders`
    followed by `process()` on DipNet's side."""
    from adjudication.io.interop import read_order, read_record
    from adjudication.model.rules import Rules
    from adjudication.play.phases import adjudicate
    from adjudication.variants import STANDARD_GAME

    rules = Rules()
    best = float("inf")
    for _ in range(repeat):
        prepared = [(read_record(doc).position, doc["orders"]) for doc in documents]
        start = clock()
        for position, texts in prepared:
            kind = position.phase.kind
            orders = [read_order(t, power, kind) for power, lines in texts.items() for t in lines]
            adjudicate(position, orders, STANDARD_GAME, rules)
        best = min(best, clock() - start)
    return best


def time_replay_jobs(
    python: Path | None, documents: list[dict], repeat: int, clock: str = "cpu"
) -> tuple[float, float | None]:
    """Best seconds of the whole replay job over `repeat` runs: dipgm's
    `python -m adjudication replay FILE` and, with `python` (DipNet's venv), the same
    job in DipNet (`DIPNET_REPLAY_HELPER`). Each run is a new process reading the phases
    from a file and writing the results to one, start-up and imports included. `clock`
    "cpu" counts the CPU time the process used, "wall" the time it took."""
    with tempfile.TemporaryDirectory() as folder:
        phases, results = Path(folder) / "phases.jsonl", Path(folder) / "results.jsonl"
        phases.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
        helper = Path(folder) / "dipnet_replay.py"
        helper.write_text(DIPNET_REPLAY_HELPER, encoding="utf-8")
        dipgm = [sys.executable, "-m", "adjudication", "replay", str(phases)]
        dipnet = None if python is None else [str(python), str(helper), str(phases), str(results)]

        def used() -> float:
            if clock == "wall":
                return time.perf_counter()
            children = resource.getrusage(resource.RUSAGE_CHILDREN)
            return children.ru_utime + children.ru_stime

        def best(command: list[str], cwd: Path | str, to_file: bool) -> float:
            fastest = float("inf")
            for _ in range(repeat):
                start = used()
                with results.open("w") as sink:
                    subprocess.run(command, cwd=cwd, check=True, stdout=sink if to_file else None)
                fastest = min(fastest, used() - start)
            return fastest

        dipgm_seconds = best(dipgm, ROOT, to_file=True)
        # DipNet's helper writes its own file; run it away from the project's packages.
        dipnet_seconds = None if dipnet is None else best(dipnet, tempfile.gettempdir(), False)
    return dipgm_seconds, dipnet_seconds


def profile_dipgm(corpus: list, top: int = 25) -> None:
    """cProfile of one pass of dipgm over the corpus: the functions worth optimising."""
    import cProfile
    import pstats

    from adjudication.play.phases import adjudicate
    from adjudication.variants import STANDARD_GAME

    profiler = cProfile.Profile()
    profiler.enable()
    for phase in corpus:
        adjudicate(phase.position, phase.orders, STANDARD_GAME)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)


def time_dipnet(
    python: Path, documents: list[dict], repeat: int, clock: str = "cpu"
) -> tuple[float, float, list[dict]]:
    """Best total seconds of DipNet's `process()` alone and of `set_orders()` (reading
    and checking the order texts) plus `process()`, over `repeat` runs; units after."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as helper:
        helper.write(DIPNET_HELPER)
    try:
        done = subprocess.run(
            [str(python), helper.name, str(repeat), clock],
            input=json.dumps(documents),
            capture_output=True,
            text=True,
            check=True,
            cwd=tempfile.gettempdir(),  # never pick up the project's packages
        )
    finally:
        os.unlink(helper.name)
    report = json.loads(done.stdout)
    return min(report["runs"]), min(report["runs_from_text"]), report["units_after"]


def machine() -> str:
    """nproc, CPU model and Python version, for the record."""
    model = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{os.cpu_count()} CPUs, {model}, Python {platform.python_version()}"


def main(argv: list[str] | None = None) -> int:
    """Build the corpus, time both engines, print the figures; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games in the corpus")
    parser.add_argument("--seed", type=int, default=1901)
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best one counts")
    parser.add_argument(
        "--skip-dipnet",
        action="store_true",
        help="time dipgm only: comparison 1 and 2's dipgm side, no DipNet, no replay job",
    )
    parser.add_argument(
        "--engine",
        type=Path,
        help="a folder holding another `adjudication` package to time instead of the "
        "project's (a copy of the engine before a change); the corpus is built with it",
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="CPU time used (the default: the host is shared, and a neighbour's load "
        "must not count against either engine) or time taken",
    )
    parser.add_argument(
        "--replay-phases",
        type=int,
        default=4800,
        help="phases of every kind in the whole-replay comparison (0 to skip it)",
    )
    parser.add_argument(
        "--replay-repeat", type=int, default=3, help="runs of each replay job; the best counts"
    )
    parser.add_argument(
        "--profile", action="store_true", help="print where dipgm spends its time, and stop"
    )
    parser.add_argument(
        "--corpus",
        choices=("standard", "airplane"),
        default="standard",
        help="the games played: standard Diplomacy (timed against DipNet), or Airplane "
        "Diplomacy (dipgm alone, DipNet has no planes; the standard corpus of the same "
        "games timed beside it)",
    )
    args = parser.parse_args(argv)
    _prepare_path(args.engine)
    if args.corpus == "airplane":
        return time_airplane(args)
    from benchmarks.corpus import build_corpus, phase_document, replay_phases

    start = time.perf_counter()
    corpus = build_corpus(args.games, args.seed)
    print(
        f"corpus: {len(corpus)} movement phases from {args.games} games "
        f"(seed {args.seed}), built in {time.perf_counter() - start:.1f} s"
    )
    print(f"machine: {machine()}")
    if args.profile:
        profile_dipgm(corpus)
        return 0
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"clock: {args.clock} time")
    dipgm_seconds, dipgm_after = time_dipgm(corpus, args.repeat, clock)
    dipgm_rate = len(corpus) / dipgm_seconds
    print(f"dipgm:    {dipgm_rate:10.0f} phases/s  (best of {args.repeat}: {dipgm_seconds:.3f} s)")
    documents = [phase_document(phase) for phase in corpus]
    if args.skip_dipnet:
        text_rate = len(corpus) / time_dipgm_from_text(documents, args.repeat, clock)
        print(f"dipgm from order text: {text_rate:10.0f} phases/s")
        return 0
    dipnet_seconds, dipnet_text_seconds, dipnet_after = time_dipnet(
        ensure_dipnet_venv(), documents, args.repeat, args.clock
    )
    dipnet_rate = len(corpus) / dipnet_seconds
    print(
        f"diplomacy 1.1.2: {dipnet_rate:5.0f} phases/s  (best of {args.repeat}: "
        f"{dipnet_seconds:.3f} s)"
    )
    print(f"ratio:    dipgm is {dipgm_rate / dipnet_rate:.1f}x diplomacy 1.1.2")
    print(
        "from order text (dipgm: interchange reader + adjudicate; diplomacy: set_orders + process):"
    )
    text_rate = len(corpus) / time_dipgm_from_text(documents, args.repeat, clock)
    dipnet_text_rate = len(corpus) / dipnet_text_seconds
    print(
        f"  dipgm: {text_rate:10.0f} phases/s   diplomacy 1.1.2: {dipnet_text_rate:6.0f} "
        f"phases/s   ratio {text_rate / dipnet_text_rate:.1f}x"
    )
    same = sum(a == b for a, b in zip(dipgm_after, dipnet_after, strict=True))
    print(f"sanity:   units after the phase agree on {same}/{len(corpus)} phases")
    if args.replay_phases > 0:
        replayed = [phase_document(p) for p in replay_phases(args.replay_phases, args.seed)]
        kinds = Counter(d["phase"][-1] for d in replayed)
        print(
            f"whole replay job, {len(replayed)} phases ({kinds['M']} movement, "
            f"{kinds['R']} retreats, {kinds['A']} adjustments), best of "
            f"{args.replay_repeat} (dipgm: python -m adjudication replay FILE; "
            "diplomacy: the same job in a script):"
        )
        dipgm_job, dipnet_job = time_replay_jobs(
            ensure_dipnet_venv(), replayed, args.replay_repeat, args.clock
        )
        assert dipnet_job is not None
        print(
            f"  dipgm: {dipgm_job:7.2f} s   diplomacy 1.1.2: {dipnet_job:7.2f} s   "
            f"ratio {dipnet_job / dipgm_job:.1f}x"
        )
    return 0


def time_airplane(args: argparse.Namespace) -> int:
    """`--corpus airplane`: dipgm's phases/s on random Airplane games, and on the
    standard games of the same seeds in the same run, for the plane rules' cost."""
    from adjudication.model.units import UnitType
    from adjudication.variants import AIRPLANE, STANDARD_GAME
    from benchmarks.corpus import build_corpus

    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"machine: {machine()}\nclock: {args.clock} time")
    for variant in (AIRPLANE, STANDARD_GAME):
        corpus = build_corpus(args.games, args.seed, variant)
        planes = sum(u.type is UnitType.PLANE for p in corpus for u in p.position.units)
        seconds, _ = time_dipgm(corpus, args.repeat, clock, variant.name)
        print(
            f"{variant.title}: {len(corpus) / seconds:10.0f} phases/s  ({len(corpus)} "
            f"movement phases from {args.games} games, seed {args.seed}, {planes} planes "
            f"standing over them; best of {args.repeat}: {seconds:.3f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
