"""Flexible builds (rules/004, Kriegsplomacy): where a power builds and what its civil
disorder counts removals from, as typed choices a variant's board makes.

"Except for determining who owns what at the beginning of the game, there is no
special distinction to 'home' centers; a country can build in any unoccupied supply
center(s) it owns." "If a country is in Civil Disorder and fails to specify a Winter
disbandment, the unit removed is that furthest from any center controlled by that
country, instead of the one furthest from a home supply center."
"""

from __future__ import annotations

from enum import StrEnum


class BuildSites(StrEnum):
    """Where a power may build."""

    HOME = "home"  # rules/000 §13.2: an unoccupied home centre it still owns
    OWNED = "owned"  # flexible builds: any unoccupied centre it owns


class RemovalDistance(StrEnum):
    """What civil-disorder removals (rules/000 §14.4) count a unit's distance from."""

    HOME = "home"  # the power's nearest home supply centre
    CONTROLLED = "controlled"  # flexible builds: the nearest centre it controls
