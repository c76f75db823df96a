"""`python -m adjudication replay`: play recorded phases and write what dipgm makes of them.

One JSON line in, one JSON line out, in input order (interop/PHASES.md). A line that
cannot be played becomes `{"id": …, "error": …}` and the replay goes on: a batch of
ten thousand recorded phases should not stop at the first bad one.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from adjudication.interop import InterchangeError, read_record, write_result
from adjudication.maps import STANDARD
from adjudication.phases import adjudicate
from adjudication.rules import Rules
from adjudication.serialize import dumps

log = logging.getLogger(__name__)

_BOARDS = {"standard": STANDARD}
DEFAULT_RULES = Rules()


def replay_record(document: Any, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play one decoded input record; the output record of PHASES.md, or an error record."""
    record_id = document.get("id") if isinstance(document, dict) else None
    try:
        board = _BOARDS[str(document.get("map", "standard"))]
    except (KeyError, AttributeError):
        return {"id": record_id, "error": f"unknown map: {document.get('map')!r}"}
    try:
        record = read_record(document, board)
    except (InterchangeError, ValueError, KeyError, TypeError, AttributeError) as err:
        return {"id": record_id, "error": f"bad record: {err}"}
    try:
        result = adjudicate(record.position, record.orders, board, rules)
    except Exception as err:  # one engine failure must not end a batch replay
        log.exception("adjudication failed for record %r", record_id)
        return {"id": record_id, "error": f"adjudication failed: {type(err).__name__}: {err}"}
    return write_result(
        record_id, result.phase, result.position, result.dislodged, record.powers
    )


def replay_line(line: str, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play one input line of text."""
    try:
        document = json.loads(line)
    except json.JSONDecodeError as err:
        return {"id": None, "error": f"not JSON: {err}"}
    if not isinstance(document, dict):
        return {"id": None, "error": "not a JSON object"}
    return replay_record(document, rules)


def replay_lines(lines: Iterable[str], rules: Rules = DEFAULT_RULES) -> Iterator[dict[str, Any]]:
    """Play every non-blank line, in order."""
    for line in lines:
        if line.strip():
            yield replay_line(line, rules)


def replay(source: TextIO, sink: TextIO, rules: Rules = DEFAULT_RULES) -> int:
    """Replay `source` into `sink`; the number of lines that gave an error record."""
    errors = 0
    for result in replay_lines(source, rules):
        errors += "error" in result
        sink.write(dumps(result) + "\n")
    return errors
