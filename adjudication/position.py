"""The state of a game between phases."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter

from adjudication.board import Board
from adjudication.units import Location, Phase, Power, Unit, quick_init


@quick_init
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


_unit_order = attrgetter("power", "type", "location.province", "location.coast")
"""The fields `Unit` compares by, in order (`Location` compares province, then coast)."""

unit_place_order = attrgetter("power", "type", "location.province")
"""The sort key of units one to a province, as `Position` orders them: no two share a
province, so the coast never decides, and one lookup fewer per unit counts where
every phase sorts."""


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

    def __init__(
        self,
        phase: Phase,
        units: Iterable[Unit],
        ownership: Mapping[str, Power],
        dislodged: Iterable[Dislodgement] = (),
        standoffs: Iterable[str] = frozenset(),
    ) -> None:
        # Canonical order so equal positions compare (and serialise) equal. Units sort
        # by a key of plain strings: the order `Unit` compares in, without calling its
        # Python-level comparisons n log n times. A position is made for every phase,
        # so the fields are written straight into the instance (it stays frozen).
        owned = dict(ownership)
        keys = list(owned)
        if keys != sorted(keys):  # usually it comes from a position, in order already
            owned = dict(sorted(owned.items()))
        fields = self.__dict__
        fields["phase"] = phase
        try:
            fields["units"] = tuple(sorted(units, key=_unit_order))
        except TypeError:
            # Two units of one power and type in one province, one on a coast: never a
            # real position, but sorting must not fail on it (Location's own order).
            fields["units"] = tuple(sorted(units))
        fields["ownership"] = owned
        fields["dislodged"] = tuple(sorted(dislodged)) if dislodged else ()
        fields["standoffs"] = standoffs if type(standoffs) is frozenset else frozenset(standoffs)

    @classmethod
    def of_sorted(
        cls,
        phase: Phase,
        units: Iterable[Unit],
        ownership: Mapping[str, Power],
        dislodged: tuple[Dislodgement, ...] = (),
        standoffs: frozenset[str] = frozenset(),
    ) -> Position:
        """A position from parts the engine itself produced: units one to a province
        (sorted here), `ownership` keyed in sorted order, `dislodged` sorted. The
        ownership is not re-sorted nor checked, as the constructor does for any input;
        the result is the same position the constructor would make."""
        units = tuple(sorted(units, key=unit_place_order))
        return cls.of_canonical(phase, units, ownership, dislodged, standoffs)

    @classmethod
    def of_canonical(
        cls,
        phase: Phase,
        units: tuple[Unit, ...],
        ownership: Mapping[str, Power],
        dislodged: tuple[Dislodgement, ...] = (),
        standoffs: frozenset[str] = frozenset(),
        unit_by_province: Mapping[str, Unit] | None = None,
    ) -> Position:
        """`of_sorted` of units already in canonical order (sorted by
        `unit_place_order`, one to a province), nothing sorted again.
        `unit_by_province`, when the caller has it, is kept as the lookup of that
        name; it must map each unit's province to the unit and be left unchanged."""
        position = object.__new__(cls)
        fields = position.__dict__
        fields["phase"] = phase
        fields["units"] = units
        fields["ownership"] = dict(ownership)
        fields["dislodged"] = dislodged
        fields["standoffs"] = standoffs
        if unit_by_province is not None:
            fields["unit_by_province"] = unit_by_province
        return position

    def at_phase(self, phase: Phase) -> Position:
        """This position at another phase: the same units, ownership, dislodged units
        and standoffs, already in canonical order, so nothing is sorted again."""
        moved = object.__new__(Position)
        fields = moved.__dict__
        fields["phase"] = phase
        fields["units"] = self.units
        fields["ownership"] = dict(self.ownership)
        fields["dislodged"] = self.dislodged
        fields["standoffs"] = self.standoffs
        # The same units stand in the same places: what was looked up stays true.
        found = self.__dict__.get("unit_by_province")
        if found is not None:
            fields["unit_by_province"] = found
        return moved

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
        return len(self.centres_of(power)) - len(self.units_of(power))

    def is_alive(self, power: Power) -> bool:
        """A power survives while it has a unit or a centre."""
        return any(u.power == power for u in self.units) or power in self.ownership.values()

    @classmethod
    def initial(cls, board: Board) -> Position:
        """The rulebook's opening position, Spring of the board's first year."""
        from adjudication.units import PhaseKind, Season

        ownership = {c: p for p, centres in board.home_centres.items() for c in centres}
        return cls(
            phase=Phase(board.first_year, Season.SPRING, PhaseKind.MOVEMENT),
            units=board.starting_units,
            ownership=ownership,
        )
