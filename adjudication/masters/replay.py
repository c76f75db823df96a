"""Replay lines that carry written lines (docs/VARIANTS.md M19): a record's `"variable_control"`
holds the lines players wrote by Variable Control (`codec.written_from_json`), played
with the record's own orders, each written by its own power; the output adds what
became of every line (`"variable_control"`)."""

from __future__ import annotations

import logging
from typing import Any

from adjudication.interop import PhaseRecord, write_result
from adjudication.masters.codec import written_from_json, written_outcome_to_json
from adjudication.masters.play import adjudicate_written
from adjudication.masters.written import Written
from adjudication.orders import order_power
from adjudication.rules import Rules
from adjudication.serialize import SerializeError
from adjudication.spies import SPY_ORDERS
from adjudication.variants import Variant

log = logging.getLogger(__name__)


def replay_written(
    record: PhaseRecord, lines: Any, variant: Variant, rules: Rules
) -> dict[str, Any]:
    """The output record of a phase with written lines; an error record when the
    game plays no Masters Rules or a line cannot be read."""
    if not rules.masters.played:
        return {"id": record.id, "error": "written lines need the Masters Rules (options)"}
    try:
        if not isinstance(lines, list):
            raise SerializeError("'variable_control' must be a list of lines")
        written = [written_from_json(line) for line in lines]
    except SerializeError as err:
        return {"id": record.id, "error": f"bad written line: {err}"}
    # Spies (Spy Diplomacy) are no units: no line is written for them.
    own = [
        Written(order, order_power(order))
        for order in record.orders
        if not isinstance(order, SPY_ORDERS)
    ]
    try:
        played = adjudicate_written(record.position, own + written, variant, rules)
    except Exception as err:  # one engine failure must not end a batch replay
        log.exception("adjudication failed for record %r", record.id)
        return {"id": record.id, "error": f"adjudication failed: {type(err).__name__}: {err}"}
    result = played.adjudication
    out = write_result(record.id, result.phase, result.position, result.dislodged, record.powers)
    out["variable_control"] = [written_outcome_to_json(w) for w in played.written[len(own) :]]
    return out
