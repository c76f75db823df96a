"""What one power may know of a phase, in the same types as the full result (a
hidden-information variant's view, rules/004's Kriegsplomacy; Spy Diplomacy's spies),
and how a place the viewer knows nothing of is written (`???`). The functions that
make views are `adjudication.play.views`' and each variant's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudication.model.result import Adjudication, GameEnd
from adjudication.model.units import Location, Phase, Power

UNKNOWN = "???"
"""The province code of a place the viewer knows nothing of (rules/004's `???`)."""
UNKNOWN_PLACE = Location(UNKNOWN)


@dataclass(frozen=True, slots=True)
class PowerView:
    """What `power` may know of one phase.

    - `adjudication`: the phase as the power may know it: its own orders and what its
      spies saw (places not known written `???`), the position after the phase with
      its own units, the units its spies saw and the ownership it may know, its own
      dislodged units;
    - `attacked`: provinces where a unit of its own was attacked or opposed and stayed
      (not by whom, from where, nor how many);
    - `reports`: what its own spies reported, in the variant's own type
      (Kriegsplomacy's `EspionageReport`s: the view carries them, never reads them);
    - `learned`: the provinces its spies learned about (for the retreat phase after);
    - `centre_counts`: the year's supply-centre chart, when the phase ends a year.
    """

    power: Power
    adjudication: Adjudication
    attacked: frozenset[str] = frozenset()
    reports: tuple[object, ...] = ()
    learned: frozenset[str] = frozenset()
    centre_counts: Mapping[Power, int] | None = None


@dataclass(frozen=True, slots=True)
class PublicView:
    """What the game channel may say of a phase: "the supply center chart at the end of
    each year (i.e., the total for each country, but not who owns which centers)",
    and the end of the game; `adjudication`, the results themselves where the variant
    makes them public (every variant but Kriegsplomacy; Spy's without the spies)."""

    phase: Phase
    centre_counts: Mapping[Power, int] | None = None
    game_end: GameEnd | None = None
    adjudication: Adjudication | None = None
