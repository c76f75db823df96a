"""The state of a game between phases."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Protocol

from adjudication.model.pieces import Spy
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Power, Unit

DEFAULT_RULES = Rules()
DEFAULT_VARIANT = "standard"
"""The variant a position is of when none is named: the rulebook's game
(`adjudication.maps.rulebook`), as stored standard games and replay lines leave it out."""
_NO_HOMES: Mapping[str, Power] = MappingProxyType({})


@dataclass(frozen=True, slots=True, order=True)
class Dislodgement:
    """A unit dislodged in a movement phase, waiting to retreat.

    `attacker_from` is the province the dislodging move came from; `retreats` are
    the locations the unit may retreat to (rules/000 §11: not the attacker's origin,
    not an occupied space, not a space left vacant by a standoff).
    """

    unit: Unit
    attacker_from: str
    retreats: tuple[Location, ...] = ()
    via_convoy: bool = False


def _unit_order(unit: Unit) -> tuple[str, str, str, str]:
    """The order `Unit` compares in (power, type, province, coast; no coast first),
    as plain strings: sorting by it calls no Python-level comparison."""
    location = unit.location
    return unit.power, unit.type, location.province, location.coast or ""


@dataclass(frozen=True, init=False)
class Position:
    """Units, dislodged units and centre ownership at the start of `phase`.

    `ownership` maps a supply centre's province to its owner; unowned centres are
    absent. Never mutated: adjudication returns a new Position.
    """

    phase: Phase
    units: tuple[Unit, ...]
    ownership: Mapping[str, Power]
    dislodged: tuple[Dislodgement, ...] = ()
    # Provinces left empty by a standoff in the movement phase before a retreat phase.
    standoffs: frozenset[str] = field(default_factory=frozenset)
    # The registry name of the game's variant (`adjudication.variants`): a position
    # is played only by its own variant's rules.
    variant: str = DEFAULT_VARIANT
    # Masters Rules MR4: centres annexed as home centres, centre -> annexing power
    # (`adjudication.variants.masters`); empty otherwise.
    homes: Mapping[str, Power] = field(default_factory=dict)
    # Spy Diplomacy's spies (`adjudication.model.pieces`): they share spaces with units, so
    # they stay out of `units` and `unit_by_province`. Empty in every other variant.
    spies: tuple[Spy, ...] = ()

    def __init__(
        self,
        phase: Phase,
        units: Iterable[Unit],
        ownership: Mapping[str, Power],
        dislodged: Iterable[Dislodgement] = (),
        standoffs: Iterable[str] = frozenset(),
        variant: str = DEFAULT_VARIANT,
        homes: Mapping[str, Power] | None = None,
        spies: Iterable[Spy] = (),
    ) -> None:
        # Canonical order, so that equal positions compare (and serialise) equal.
        set_field = object.__setattr__  # the dataclass is frozen
        set_field(self, "phase", phase)
        set_field(self, "units", tuple(sorted(units, key=_unit_order)))
        set_field(self, "ownership", dict(sorted(ownership.items())))
        set_field(self, "dislodged", tuple(sorted(dislodged)))
        set_field(self, "standoffs", frozenset(standoffs))
        set_field(self, "variant", variant)
        set_field(self, "homes", dict(sorted(homes.items())) if homes else _NO_HOMES)
        set_field(self, "spies", tuple(sorted(spies)) if spies else ())

    def at_phase(self, phase: Phase) -> Position:
        """This position at another phase: the same units, ownership, dislodged units
        and standoffs."""
        return Position(
            phase,
            self.units,
            self.ownership,
            self.dislodged,
            self.standoffs,
            self.variant,
            self.homes,
            self.spies,
        )

    @cached_property
    def unit_by_province(self) -> Mapping[str, Unit]:
        return {u.location.province: u for u in self.units}

    def unit_in(self, province: str) -> Unit | None:
        return self.unit_by_province.get(province)

    def units_of(self, power: Power) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def centres_of(self, power: Power) -> tuple[str, ...]:
        return tuple(sorted(c for c, p in self.ownership.items() if p == power))

    def centre_counts(self, powers: Iterable[Power]) -> dict[Power, int]:
        counts = dict.fromkeys(powers, 0)
        for owner in self.ownership.values():
            counts[owner] = counts.get(owner, 0) + 1
        return counts

    def adjustment_of(self, power: Power) -> int:
        """Builds allowed (> 0) or removals owed (< 0) for `power` (rules/000 §13.2)."""
        centres = sum(1 for owner in self.ownership.values() if owner == power)
        units = sum(1 for unit in self.units if unit.power == power)
        return centres - units

    def is_alive(self, power: Power) -> bool:
        """A power survives while it has a unit or a centre."""
        return any(u.power == power for u in self.units) or power in self.ownership.values()

    @classmethod
    def initial(cls, variant: Opens, rules: Rules = DEFAULT_RULES) -> Position:
        """The variant's opening position under the game's `rules` (`Variant.opening`:
        its board's starting units and home centres at its start phase, and what its
        openings add, such as the Masters Rules' minor powers)."""
        return variant.opening(rules)


class Opens(Protocol):
    """What `Position.initial` asks for the opening position: a `Variant` (whose module
    builds on this one, so it is named here by what it does)."""

    def opening(self, rules: Rules) -> Position: ...
