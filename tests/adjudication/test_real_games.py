"""Regression guard: 100 whole games played by people, replayed phase by phase.

`../shared/interop/real_games.jsonl.gz` (interop/PHASES.md) holds 4,274 phases of 100
Droidippy games, 1901 to their end, each with the next position the godip engine
recorded under `expected`. Every phase is played from its record and compared as the
sample comparison of `test_replay.py` is (`adjudication.replay.matches_expected`):
the next phase, the units, the centres and, after a movement phase, each dislodged
unit with its attacker's province and its retreat options (a recorded bare province
matching a fleet's coast). Any change to `adjudication/` must keep them all equal,
but for the phases listed in `KNOWN_DIFFERENCES`, each with its reason.

The file is read from `../shared` (or `DIPGM_SHARED`), never copied into the project;
without it the test is skipped, saying so. The whole replay takes a few seconds.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from adjudication.io.interop import read_record
from adjudication.maps import STANDARD
from adjudication.model.units import Location
from adjudication.replay import compared, matches_expected, replay_record
from tests.shared_files import SHARED

REAL_GAMES = SHARED / "interop" / "real_games.jsonl.gz"
PHASES, GAMES = 4274, 100

# Phases where dipgm's result differs from the recorded one on purpose, by id, with
# the reason (a rules choice of docs/RULES.md, or a known bug with its issue). Keep it
# narrow: a listed phase that agrees again fails the test, so the list cannot go stale.
# Empty today: none of the rules choices of docs/RULES.md (the DATC 6.G.8 "via convoy"
# reading, the rulebook's civil-disorder removals, the last of several orders
# standing) changes a result in these games, and their retreat orders name the coast
# exactly as each unit needs, so the coast bugs of retreats did not show here either.
KNOWN_DIFFERENCES: dict[str, str] = {}


def _load(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    if not REAL_GAMES.is_file():
        pytest.skip(
            f"recorded games not found at {REAL_GAMES}: they live in ../shared beside the "
            "checkout (or where DIPGM_SHARED points) and are never copied into the project"
        )
    return _load(REAL_GAMES)


def _game(record: dict[str, Any]) -> str:
    return str(record["source"]).partition("#")[0]


def _difference(record: dict[str, Any], result: dict[str, Any]) -> str:
    """The first fields that differ, for the failure message."""
    if "error" in result:
        return f"{record['id']}: {result['error']}"
    phase = record["phase"]
    ours, theirs = compared(record, result)
    fields = [key for key in theirs if ours.get(key) != theirs.get(key)]
    shown = "; ".join(f"{k}: dipgm {ours.get(k)} / recorded {theirs.get(k)}" for k in fields)
    return f"{record['id']} ({record['source']}, {phase}): {shown}"


def test_the_recorded_games_are_all_there(records: list[dict[str, Any]]) -> None:
    """A truncated or replaced file would make the replay below prove less."""
    assert len(records) == PHASES
    assert len(Counter(map(_game, records))) == GAMES
    assert Counter(r["phase"][-1] for r in records) == {"M": 2065, "R": 1272, "A": 937}


def test_every_recorded_order_reads(records: list[dict[str, Any]]) -> None:
    """An order the strict reader refused would leave its unit holding, and a phase
    could then agree by chance: every order line must read."""
    unread = [(r["id"], u.text) for r in records for u in read_record(r).unread]
    assert unread == []


def test_every_phase_agrees_with_the_recorded_game(records: list[dict[str, Any]]) -> None:
    differing: dict[str, str] = {}
    for record in records:
        result = replay_record(record)
        if not matches_expected(record, result):
            differing[record["id"]] = _difference(record, result)
    unexplained = [text for key, text in differing.items() if key not in KNOWN_DIFFERENCES]
    assert unexplained == [], f"{len(unexplained)} phases differ:\n" + "\n".join(unexplained)
    agreeing_again = sorted(set(KNOWN_DIFFERENCES) - set(differing))
    assert agreeing_again == [], "listed as known differences but now agree; unlist them"


def _badly_written(order: str) -> tuple[str, bool]:
    """A retreat into a province with coasts as players often write it: an army naming
    a coast (`A MOS R STP/NC`), a fleet none (`F NWY R STP`). Also whether the order
    still has one meaning: always for an army, for a fleet when it can reach only one
    coast of the province (rules/000 §7.3.2, §7.4)."""
    kind, where, verb, *rest = order.split()
    to = Location.parse(rest[0]) if verb == "R" and len(rest) == 1 else None
    coasts = STANDARD.provinces[to.province].coasts if to is not None else ()
    if not coasts:
        return order, True
    if kind == "A":
        return f"{kind} {where} R {to.province}/{coasts[0]}", True
    reach = STANDARD.fleet_adjacency[Location.parse(where)]
    return f"{kind} {where} R {to.province}", sum(t.province == to.province for t in reach) == 1


def test_badly_written_retreat_coasts_in_the_recorded_games_are_followed(
    records: list[dict[str, Any]],
) -> None:
    """Every retreat phase whose orders send a unit into Bulgaria, Spain or
    St Petersburg, replayed with the coast written badly: the result is the recorded
    one wherever the order keeps one meaning (DATC 4.B.2, 4.B.6; 6.B.2, 6.B.12), and
    the fleet is disbanded where it could reach both coasts (4.B.1, 6.B.1)."""
    followed, refused = [], []
    for record in records:
        if not record["phase"].endswith("R"):
            continue
        rewritten, one_meaning = {}, True
        for power, orders in record["orders"].items():
            readings = [_badly_written(order) for order in orders]
            rewritten[power] = [text for text, _ in readings]
            one_meaning = one_meaning and all(single for _, single in readings)
        if rewritten == record["orders"]:
            continue
        agrees = matches_expected(record, replay_record(dict(record, orders=rewritten)))
        (followed if one_meaning else refused).append((record["id"], agrees))
    assert [key for key, agrees in followed if not agrees] == []
    assert [key for key, agrees in refused if agrees] == []
    assert (len(followed), len(refused)) == (35, 1)  # d12283-008: F MAO R SPA
