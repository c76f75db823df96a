"""Replay lines of a Masters Rules game (docs/PHASES.md, docs/VARIANTS.md M19): besides
the board, a line names what the game knew when the phase was played.

- `variable_control`: the lines players wrote by Variable Control and the Masters
  orders (`codec.written_from_json`), played with the record's own orders, each
  written by its own power; the output adds what became of every line.
- `disorder`: the Great Powers in civil disorder, whose units others may write for
  (MR2 a).
- `homes`: under MR4, the home centres with those annexed (MR4 c): a centre listed
  for a power that is not its home on the Masters board is an annexation.
- `last_winter_centers`: under MR4, the ownership at the previous adjustment phase
  (MR4 a: "owned in the previous Adjustments phase"), as `centers` writes it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from adjudication.io.interop import PhaseRecord, write_result
from adjudication.io.serialize import SerializeError
from adjudication.model.orders import ORDERS, order_power
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import PhaseKind, Power
from adjudication.model.variant import Variant
from adjudication.variants.masters.codec import written_from_json, written_outcome_to_json
from adjudication.variants.masters.play import adjudicate_written, masters_board
from adjudication.variants.masters.written import Written

log = logging.getLogger(__name__)


class _BadField(ValueError):
    """A Masters field of the line that does not read; the message names it."""


def replay_written(
    record: PhaseRecord, document: Mapping[str, Any], variant: Variant, rules: Rules
) -> dict[str, Any]:
    """The output record of a phase of a Masters game (or of a line with written
    lines); an error record when the game plays no Masters Rules or a field cannot
    be read."""
    if not rules.masters.played:
        return {"id": record.id, "error": "written lines need the Masters Rules (options)"}
    try:
        written = _written(document.get("variable_control", []))
        disorder = _powers(document, "disorder")
        position = _annexed(record.position, document, variant, rules)
        history = _last_winter(record.position, document, variant, rules)
    except _BadField as err:
        return {"id": record.id, "error": f"bad {err}"}
    # Lines are written for units only, never for a variant's own orders (Spy
    # Diplomacy's spies are no units).
    own = [
        Written(order, order_power(order)) for order in record.orders if isinstance(order, ORDERS)
    ]
    try:
        played = adjudicate_written(position, own + written, variant, rules, history, disorder)
    except Exception as err:  # one engine failure must not end a batch replay
        log.exception("adjudication failed for record %r", record.id)
        return {"id": record.id, "error": f"adjudication failed: {type(err).__name__}: {err}"}
    result = played.adjudication
    # Every Great Power is listed, as in any game; a minor power or a rebel only while
    # it has units or centres (as the export's `expected` lists them): one gone in this
    # phase is not listed with nothing.
    powers = variant.board_for(result.position.phase).powers
    out = write_result(record.id, result.phase, result.position, result.dislodged, powers)
    if "variable_control" in document:
        out["variable_control"] = [written_outcome_to_json(w) for w in played.written[len(own) :]]
    return out


def _written(lines: Any) -> list[Written]:
    if not isinstance(lines, list):
        raise _BadField("variable_control: it must be a list of lines")
    try:
        return [written_from_json(line) for line in lines]
    except SerializeError as err:
        raise _BadField(f"written line: {err}") from err


def _powers(document: Mapping[str, Any], field: str) -> list[Power]:
    powers = document.get(field, [])
    if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
        raise _BadField(f"{field}: it must be a list of powers")
    return powers


def _centres_by_power(document: Mapping[str, Any], field: str) -> dict[str, Power]:
    """`{POWER: [centre, …]}` read as centre -> power."""
    value = document.get(field, {})
    if not isinstance(value, Mapping) or not all(isinstance(v, list) for v in value.values()):
        raise _BadField(f"{field}: it must map powers to lists of centres")
    return {str(c): str(p) for p, centres in value.items() for c in centres}


def _annexed(
    position: Position, document: Mapping[str, Any], variant: Variant, rules: Rules
) -> Position:
    """`position` with the annexations `homes` names (MR4 c); others' records, and
    games without MR4, keep their `homes` unread."""
    if not rules.masters.annexation or "homes" not in document:
        return position
    homes = _centres_by_power(document, "homes")
    board = masters_board(variant.board_for(position.phase), rules.masters, {})
    unknown = sorted(c for c in homes if c not in board.supply_centres)
    if unknown:
        raise _BadField(f"homes: {', '.join(unknown)} is no supply centre")
    annexed = {c: p for c, p in homes.items() if board.home_owner.get(c) != p}
    return Position(
        position.phase,
        position.units,
        position.ownership,
        position.dislodged,
        position.standoffs,
        position.variant,
        annexed,
        position.spies,
    )


def _last_winter(
    position: Position, document: Mapping[str, Any], variant: Variant, rules: Rules
) -> list[Mapping[str, Power]]:
    """MR4 a): the ownership "in the previous Adjustments phase", needed by an
    adjustment phase after the first year."""
    needed = (
        rules.masters.annexation
        and position.phase.kind is PhaseKind.ADJUSTMENT
        and position.phase.year > variant.start.year
    )
    if not needed:
        return []
    if "last_winter_centers" not in document:
        raise _BadField(
            "record: MR4 Annexation needs last_winter_centers, the ownership at the previous Winter"
        )
    return [_centres_by_power(document, "last_winter_centers")]
