"""`python -m adjudication replay`: play recorded phases and write what dipgm makes of them.

One JSON line in, one JSON line out, in input order (interop/PHASES.md). A line that
cannot be played becomes `{"id": …, "error": …}` and the replay goes on: a batch of
ten thousand recorded phases should not stop at the first bad one.
"""

from __future__ import annotations

import json
import logging
from typing import Any, TextIO

from adjudication.io.interop import read_record, write_result
from adjudication.io.serialize import SerializeError, dumps, rules_from_options
from adjudication.model.position import DEFAULT_VARIANT
from adjudication.model.rules import Rules
from adjudication.model.units import Phase
from adjudication.play.phases import adjudicate
from adjudication.variants import UnknownGrouping, UnknownVariant, variant_named
from adjudication.variants.masters.replay import replay_written

log = logging.getLogger(__name__)

DEFAULT_RULES = Rules()


def replay_record(document: Any, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play one decoded input record; the output record of PHASES.md, or an error record.

    The record's `variant` (default "standard") chooses the game played, its `map`
    if given must be that variant's board, and its `options` (the stored rule
    options without a version, docs/VARIANTS.md) replace `rules`."""
    if not isinstance(document, dict):
        return {"id": None, "error": "not a JSON object"}
    record_id = document.get("id")
    try:
        variant = variant_named(str(document.get("variant", DEFAULT_VARIANT)))
    except UnknownVariant as err:
        return {"id": record_id, "error": str(err)}
    board = variant.board
    if "map" in document and document["map"] != board.name:
        return {"id": record_id, "error": f"map {document['map']!r} is not {variant.name}'s"}
    if "options" in document:
        try:
            rules = rules_from_options(document["options"])
            variant.check(rules)
        except (SerializeError, UnknownGrouping) as err:
            return {"id": record_id, "error": f"bad options: {err}"}
    try:
        # Read on the board the line's phase is played on, as the service plays it:
        # World War I's closed Italian land is no retreat before 1915 (QUEUE).
        phase = Phase.parse(str(document.get("phase")))
        played_on = variant.board_for(phase)
        own = None if variant.codec is None else variant.codec.read_order
        record = read_record(document, played_on, variant.name, own)
    except (ValueError, KeyError, TypeError, AttributeError) as err:  # InterchangeError too
        return {"id": record_id, "error": f"bad record: {err}"}
    if rules.masters.played or "variable_control" in document:
        # The Masters Rules: written lines, powers in disorder, annexed homes and last
        # Winter's ownership (docs/PHASES.md, VARIANTS.md M19).
        return replay_written(record, document, variant, rules)
    try:
        result = adjudicate(record.position, record.orders, variant, rules)
    except Exception as err:  # one engine failure must not end a batch replay
        log.exception("adjudication failed for record %r", record_id)
        return {"id": record_id, "error": f"adjudication failed: {type(err).__name__}: {err}"}
    return write_result(record_id, result.phase, result.position, result.dislodged, record.powers)


def replay_line(line: str, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play one input line of text."""
    try:
        document = json.loads(line)
    except json.JSONDecodeError as err:
        return {"id": None, "error": f"not JSON: {err}"}
    return replay_record(document, rules)


def comparable(result: dict[str, Any], phase_played: str) -> dict[str, Any]:
    """The fields of a result PHASES.md defines (phase, units, centers and, for a
    movement phase, each dislodged unit's attacker and retreats), for comparing
    dipgm's output with a recorded `expected`, which carries more."""
    fields = {key: result.get(key) for key in ("phase", "units", "centers")}
    if phase_played.upper().endswith("M"):
        fields["dislodged"] = {
            power: {unit: {"by": d["by"], "retreats": d["retreats"]} for unit, d in units.items()}
            for power, units in (result.get("dislodged") or {}).items()
        }
    return fields


def compared(
    record: dict[str, Any], result: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """dipgm's result and the record's `expected`, as `matches_expected` compares them.

    PHASES.md: a fleet's retreat option on a province with coasts names the coast
    (`SPA/NC`), but recorded files from other engines write the bare province (`SPA`),
    and "when comparing, a bare province matches any of its coasts". So where the
    record lists a unit's option as a bare province, dipgm's options on that
    province's coasts are written that way too; a recorded coast must match exactly.
    """
    phase = str(record.get("phase", ""))
    ours, theirs = comparable(result, phase), comparable(record["expected"], phase)
    if "dislodged" in ours and isinstance(theirs.get("dislodged"), dict):
        recorded = theirs["dislodged"]
        ours["dislodged"] = {
            power: {
                unit: dict(d, retreats=_as_recorded(d["retreats"], recorded, power, unit))
                for unit, d in units.items()
            }
            for power, units in ours["dislodged"].items()
        }
    return ours, theirs


def _as_recorded(options: list[str], recorded: Any, power: str, unit: str) -> list[str]:
    """`options` with each coast the record lists as a bare province written bare."""
    try:
        listed = set(recorded[power][unit]["retreats"])
    except (KeyError, TypeError):
        return options
    written = set()
    for option in options:
        province = option.partition("/")[0]
        written.add(province if option not in listed and province in listed else option)
    return sorted(written)


def matches_expected(record: dict[str, Any], result: dict[str, Any]) -> bool | None:
    """Whether dipgm's result equals the record's `expected`; None when there is none."""
    expected = record.get("expected")
    if not isinstance(expected, dict):
        return None
    if "error" in result:
        return False
    ours, theirs = compared(record, result)
    return ours == theirs


def replay(
    source: TextIO, sink: TextIO, rules: Rules = DEFAULT_RULES, report: TextIO | None = None
) -> int:
    """Replay `source` into `sink`; the number of lines that gave an error record.

    With `report`, also count the lines whose result equals their recorded `expected`
    and write "agreement: n/m phases identical" there.
    """
    errors = same = compared = 0
    for line in source:
        if not line.strip():
            continue
        result = replay_line(line, rules)
        errors += "error" in result
        sink.write(dumps(result) + "\n")
        if report is not None:
            try:
                verdict = matches_expected(json.loads(line), result)
            except json.JSONDecodeError:
                verdict = False
            compared += verdict is not None
            same += bool(verdict)
    if report is not None:
        report.write(f"agreement: {same}/{compared} phases identical\n")
    return errors
