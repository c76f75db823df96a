"""Written lines and what became of them as plain JSON (docs/VARIANTS.md M18): the
service stores them, and replay lines carry them (`"variable_control"`).

A line is `{"by": "ITALY", "order": {...}}`; the order is `order_to_json`'s, or one of
the Masters orders: `{"type": "rebel_build", "unit": "A MOS"}`,
`{"type": "annex", "centre": "SER"}`, `{"type": "aid", "recipient": "REBEL SMY"}`.
What became of it adds `"control"` (`Control`'s value).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.io.serialize import Json, SerializeError, order_from_json, order_to_json
from adjudication.model.orders import Order
from adjudication.model.units import Location, UnitType
from adjudication.variants.masters.written import (
    Aid,
    Annex,
    Control,
    MastersOrder,
    RebelBuild,
    Written,
    WrittenOutcome,
)


def written_order_to_json(order: Order | MastersOrder) -> dict[str, Json]:
    """Any order a player may write under the Masters Rules."""
    match order:
        case RebelBuild(type=kind, location=where):
            return {"type": "rebel_build", "unit": f"{kind.value} {where}"}
        case Annex(centre=centre):
            return {"type": "annex", "centre": centre}
        case Aid(recipient=recipient):
            return {"type": "aid", "recipient": recipient}
    return order_to_json(order)


def written_order_from_json(document: Mapping[str, Json]) -> Order | MastersOrder:
    """Decode what `written_order_to_json` wrote."""
    kind = document.get("type")
    try:
        if kind == "rebel_build":
            letter, _, where = str(document["unit"]).partition(" ")
            return RebelBuild(UnitType(letter), Location.parse(where))
        if kind == "annex":
            return Annex(str(document["centre"]))
        if kind == "aid":
            return Aid(str(document["recipient"]))
    except (KeyError, ValueError) as err:
        raise SerializeError(f"bad {kind} order: {err}") from err
    return order_from_json(document)


def written_to_json(written: Written) -> dict[str, Json]:
    return {"by": written.by, "order": written_order_to_json(written.order)}


def written_from_json(document: Mapping[str, Json]) -> Written:
    try:
        return Written(written_order_from_json(document["order"]), str(document["by"]))
    except (KeyError, TypeError) as err:
        raise SerializeError(f"bad written line: {err}") from err


def written_outcome_to_json(outcome: WrittenOutcome) -> dict[str, Json]:
    return {**written_to_json(outcome.written), "control": outcome.control.value}


def written_outcome_from_json(document: Mapping[str, Json]) -> WrittenOutcome:
    try:
        control = Control(document["control"])
    except (KeyError, ValueError) as err:
        raise SerializeError(f"bad outcome of a written line: {err}") from err
    return WrittenOutcome(written_from_json(document), control)
