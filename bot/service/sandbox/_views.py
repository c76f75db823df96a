"""What the sandbox desk returns: one sandbox after a command (its position, the orders
given for it, the reply's words, the results in words after an adjudication, and the
map), and a user's sandboxes listed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from adjudication.model.position import Position
from adjudication.model.units import Phase


@dataclass(frozen=True, slots=True)
class SandboxView:
    """`orders`: the orders given for `position`'s phase, engine values; `text`: the
    reply, within one Discord message; `report`: after an adjudication, every power's
    orders and what became of them (long: the Discord side sends it as it fits); `png`:
    the map of `position` with those orders, or of the phase just played."""

    id: int
    position: Position
    orders: tuple[Any, ...]
    text: str
    png: bytes
    report: str | None = None


@dataclass(frozen=True, slots=True)
class SandboxSummary:
    id: int
    source: str
    phase: Phase
    used_at: datetime


@dataclass(frozen=True, slots=True)
class SandboxList:
    """The user's sandboxes, oldest first, and the words listing them."""

    items: tuple[SandboxSummary, ...]
    text: str
