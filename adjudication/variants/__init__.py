"""Variants as data (issue 11): what a game of Diplomacy is made of, one value each.

A `Variant` gathers what the rules documents change from one game to another: the
board, the start phase, the kinds of unit, who may hold which powers (its
`groupings`). The pipeline (`adjudication.phases.adjudicate`) takes one and reads
it at the plug-in points that module lists; the standard game is the variant whose
every hook is today's behaviour. Rule options stay in the one typed `Rules` value of
the game. The readings of the rules behind each variant are in docs/VARIANTS.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.variants.airplane import AIRPLANE
from adjudication.variants.kriegsplomacy import KRIEGSPLOMACY
from adjudication.variants.model import (
    Closure,
    CoinToss,
    Disclosure,
    Event,
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
from adjudication.variants.one_on_one import ONE_ON_ONE
from adjudication.variants.spy import SPY
from adjudication.variants.standard import STANDARD_GAME
from adjudication.variants.world_war_i import WORLD_WAR_I

VARIANTS: Mapping[str, Variant] = {
    variant.name: variant
    for variant in (STANDARD_GAME, WORLD_WAR_I, AIRPLANE, ONE_ON_ONE, KRIEGSPLOMACY, SPY)
}

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
    "variant_named",
]


def variant_named(name: str) -> Variant:
    """The registered variant called `name` (the key stored with a game and read from
    a replay line's `variant` field)."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnknownVariant(f"unknown variant: {name!r}") from None
