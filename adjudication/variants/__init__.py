"""Variants as data (issue 11): what a game of Diplomacy is made of, one value each.

A `Variant` gathers what the rules documents change from one game to another: the
board, the start phase, the kinds of unit, who may hold which powers (its
`groupings`), and the functions by which its own rules plug into the engine (its
steps, kinds of unit, openings, views and codec: `adjudication.model.variant`). The
pipeline (`adjudication.play.phases.adjudicate`) takes one; the standard game is the
variant with no hooks of its own. Each variant is a package here, none importing
another; `registry` registers them all. Rule options stay in the one typed `Rules`
value of the game. The readings of the rules behind each variant are in
docs/VARIANTS.md.
"""

from __future__ import annotations

from adjudication.model.result import CoinToss, Event
from adjudication.model.variant import (
    Closure,
    Disclosure,
    Grouping,
    Join,
    MatchUnits,
    PowerStatus,
    SideUnits,
    SoloCentres,
    UnknownGrouping,
    UnknownVariant,
    Variant,
    Victory,
)
from adjudication.variants.registry import (
    AIRPLANE,
    KRIEGSPLOMACY,
    ONE_ON_ONE,
    SPY,
    STANDARD_GAME,
    VARIANTS,
    WORLD_WAR_I,
    adjudication_from_json,
    adjudication_to_json,
    variant_named,
)

__all__ = [
    "AIRPLANE",
    "KRIEGSPLOMACY",
    "ONE_ON_ONE",
    "SPY",
    "STANDARD_GAME",
    "VARIANTS",
    "WORLD_WAR_I",
    "Closure",
    "CoinToss",
    "Disclosure",
    "Event",
    "Grouping",
    "Join",
    "MatchUnits",
    "PowerStatus",
    "SideUnits",
    "SoloCentres",
    "UnknownGrouping",
    "UnknownVariant",
    "Variant",
    "Victory",
    "adjudication_from_json",
    "adjudication_to_json",
    "variant_named",
]
