"""The benchmark's Airplane corpus (`benchmarks/adjudication.py --corpus airplane`):
seeded random Airplane games in which planes are built and flown, each phase played by
the Airplane rules."""

from __future__ import annotations

from adjudication.model.orders import Move
from adjudication.model.units import UnitType
from adjudication.play.phases import adjudicate
from adjudication.variants import AIRPLANE, STANDARD_GAME
from benchmarks import adjudication as bench
from benchmarks.corpus import build_corpus


def test_the_airplane_corpus_builds_and_flies_planes() -> None:
    corpus = build_corpus(3, 1901, AIRPLANE)
    flights = [
        o for p in corpus for o in p.orders if isinstance(o, Move) and o.unit.type is UnitType.PLANE
    ]
    assert flights, "no plane flew"
    # Some flights go two spaces: beyond the army's and the fleet's borders.
    assert any(
        o.destination.province not in AIRPLANE.board.neighbours(o.unit.province) for o in flights
    )
    for phase in corpus[:40]:
        assert phase.position.variant == AIRPLANE.name
        adjudicate(phase.position, phase.orders, AIRPLANE)  # refuses another variant's


def test_the_standard_corpus_has_no_planes() -> None:
    corpus = build_corpus(2, 1901, STANDARD_GAME)
    assert not any(u.type is UnitType.PLANE for p in corpus for u in p.position.units)


def test_the_benchmark_times_the_airplane_corpus(capsys) -> None:
    assert bench.main(["--corpus", "airplane", "--games", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "Airplane Diplomacy" in out and "phases/s" in out
