"""How the engine's values are stored: the engine's own plain JSON
(`adjudication.serialize`), kept in JSON columns. One place to change if the
stored form ever needs a translation between versions."""

from __future__ import annotations

from adjudication.serialize import (
    order_from_json,
    order_to_json,
    outcome_from_json,
    outcome_to_json,
    position_from_json,
    position_to_json,
    rules_from_json,
    rules_to_json,
)

__all__ = [
    "order_from_json",
    "order_to_json",
    "outcome_from_json",
    "outcome_to_json",
    "position_from_json",
    "position_to_json",
    "rules_from_json",
    "rules_to_json",
]
