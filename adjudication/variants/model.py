"""The types a variant is made of."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from adjudication.board import Board
from adjudication.rules import Rules
from adjudication.units import Phase, Power, UnitType


class UnknownVariant(ValueError):
    """A variant name that is not in the registry."""


class UnknownGrouping(ValueError):
    """A grouping (the `grouping` rule option, or a number of players) the variant has not."""


class PowerStatus(StrEnum):
    """How a power not held by a player takes part. Powers held by a player are ACTIVE
    and never listed."""

    ACTIVE = "active"
    # rules/000 §14.2 "eliminated": permanently in civil disorder. No orders are taken
    # for it, its units hold, a dislodged one is disbanded, it never builds (F1).
    DUMMY = "dummy"
    # World War I's Italy before it joins a side.
    NEUTRAL = "neutral"


_NO_STATUSES: Mapping[Power, PowerStatus] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Grouping:
    """How the powers are shared out among `players` players (rules/000 §14.2).

    - `key`: the name a GM chooses it by (`Rules.grouping`): "7", "6", "5", "4", "3a", …
    - `holdings`: the powers each player holds, one tuple per player, in the
      rulebook's order;
    - `dummies`: the powers no one holds, in civil disorder for the whole game.
    """

    key: str
    holdings: tuple[tuple[Power, ...], ...]
    dummies: frozenset[Power] = frozenset()
    statuses: Mapping[Power, PowerStatus] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        statuses = dict.fromkeys(sorted(self.dummies), PowerStatus.DUMMY)
        object.__setattr__(self, "statuses", MappingProxyType(statuses) or _NO_STATUSES)

    @property
    def players(self) -> int:
        return len(self.holdings)


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of Diplomacy as data.

    - `name`: the registry key, stored with a game and written in replay lines;
    - `title`, `summary`: what players read when choosing one;
    - `board`: provinces, adjacency, powers, home centres and starting units;
    - `start`: the first phase played;
    - `unit_kinds`: the kinds of unit the game allows;
    - `groupings`: who may hold which powers, for each number of players the variant
      allows; the first one for a number of players is the default for it.
    """

    name: str
    title: str
    summary: str
    board: Board
    start: Phase
    unit_kinds: frozenset[UnitType] = frozenset({UnitType.ARMY, UnitType.FLEET})
    groupings: tuple[Grouping, ...] = ()
    _by_key: Mapping[str, Grouping] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_key", {g.key: g for g in self.groupings})

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the variant can be played by, fewest first."""
        return tuple(sorted({g.players for g in self.groupings}))

    def grouping_named(self, key: str) -> Grouping:
        grouping = self._by_key.get(key)
        if grouping is None:
            raise UnknownGrouping(f"{self.name} has no grouping {key!r}")
        return grouping

    def grouping_for(self, players: int, chosen: str | None = None) -> Grouping:
        """The grouping for `players` players: `chosen` if it is one for that number
        (a GM's choice, e.g. "3b"), else the first the variant lists for it."""
        if chosen is not None:
            grouping = self.grouping_named(chosen)
            if grouping.players == players:
                return grouping
        for grouping in self.groupings:
            if grouping.players == players:
                return grouping
        counts = ", ".join(map(str, self.player_counts))
        raise UnknownGrouping(f"{self.title} is played by {counts} players, not {players}")

    def check(self, rules: Rules) -> None:
        """Refuse options this variant cannot play (UnknownGrouping)."""
        if rules.grouping is not None:
            self.grouping_named(rules.grouping)

    def statuses(self, rules: Rules) -> Mapping[Power, PowerStatus]:
        """The powers no player orders under `rules` (the grouping played), with why;
        an empty mapping, shared, when every power is held."""
        if rules.grouping is None:
            return _NO_STATUSES
        return self.grouping_named(rules.grouping).statuses
