"""The types a variant is made of, and the hooks by which a variant's own rules plug
into the engine: the phase steps it carries (`PhaseStep`), the kinds of unit its board
carries (`adjudication.model.board.UnitKind`). The engine's core knows no variant: it
calls these, and a variant's package gives them (`adjudication.variants`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from adjudication.model.board import Board, UnitKind
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, Power, UnitType
from adjudication.model.views import PowerView, PublicView

History = Sequence[Mapping[str, Power]]
"""Centre ownership of the earlier winters, oldest first (`adjudicate`'s
`winter_history`)."""

Play = Callable[[Position, Sequence[object]], Adjudication]
"""The rest of the pipeline, as a step calls it: the phase of a position played with
orders."""

Opening = Callable[[Position, Board, Rules], Position]
"""A hook on the opening position (`Variant.openings`): given it, the variant's board and
the game's rules, the position to start from (the Masters Rules' MR1 adds the minor
powers' armies and centres)."""

PhaseStep = Callable[[Position, Sequence[object], "Variant", Rules, History, Play], Adjudication]
"""A step of a variant's own around the pipeline (`Variant.steps`): given the position,
the orders, the variant, the game's rules, the winter history and `play` (the rest of
the pipeline), it plays the phase: it may change what goes in (Spy Diplomacy's spies
take their orders out and settle sabotage) and what comes out, or play the phase
another way (the Masters Rules), or just hand it on."""


@dataclass(frozen=True, slots=True)
class Views:
    """A hidden-information variant's views of a phase (`Variant.views`; rules/004's
    Kriegsplomacy and Spy Diplomacy): `power(before, result, power, board, watched)`,
    what one power may know of `result`, the phase played from `before` on `board`
    (`watched`: what its spies learned in the movement phase before a retreat phase);
    `public(before, result, board)`, what everyone may know of it."""

    power: Callable[[Position, Adjudication, Power, Board, frozenset[str]], PowerView]
    public: Callable[[Position, Adjudication, Board], PublicView]


@dataclass(frozen=True, slots=True)
class Codec:
    """A variant's own orders and record as data (`Variant.codec`; Spy Diplomacy's spy
    orders and the spies' report), for the engine's codecs, which know only the
    engine's own types:

    - `read_order(text, power, position, read_unit_order)`: one of its orders in the
      interchange notation of interop/PHASES.md, or None when `text` is not one
      (`read_unit_order(text, power)` reads a units' order, as a spy's sabotage gives);
    - `record_to_json`, `record_from_json`: its record of a phase
      (`Adjudication.spies`) as plain JSON, and back;
    - `read_message(text, position, power, board)`: a player's message of orders, its
      own orders' lines read among the units' (None: the engine's parser reads it);
    - `own_orders`: the types of its own orders, which the units' report leaves out.
    """

    read_order: Callable[[str, Power, Position, Callable[[str, Power], Order]], object | None]
    record_to_json: Callable[[object], Any]
    record_from_json: Callable[[Any], object]
    read_message: Callable[[str, Position, Power, Board], list[Any]] | None = None
    own_orders: tuple[type, ...] = ()


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
    # Masters Rules: a minor power, a rebel unit or a Great Power in civil disorder,
    # whose units players may order by MR2 Variable Control (`adjudication.variants.masters`).
    CONTROLLABLE = "controllable"


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
class SoloCentres:
    """rules/000 §2: one Great Power controlling `Rules.victory_centres` centres wins."""


@dataclass(frozen=True, slots=True)
class SideUnits:
    """rules/000 §14.2, World War I: "The victory criterion is 24 units actually on the
    board": the units of all a player's countries together, after any phase (W4)."""

    units: int = 24


@dataclass(frozen=True, slots=True)
class MatchUnits:
    """rules/004, One-on-one: a match of two games is won by the first player with
    `units` units in either game; both at `draw` at once is a draw (O2-O3). No game ends
    on its own board: the service asks `one_on_one.match_end` after each year."""

    units: int = 24
    draw: int = 34


Victory = SoloCentres | SideUnits | MatchUnits
SOLO_CENTRES = SoloCentres()


@dataclass(frozen=True, slots=True)
class Closure:
    """Provinces no unit may enter (move, convoy, support into, retreat to) before the
    phase `until` (World War I's Italian territory, W1)."""

    provinces: frozenset[str]
    until: Phase
    # What the closed land is, as a refusal names it ("Italian land").
    name: str = "closed land"


@dataclass(frozen=True, slots=True)
class Join:
    """A neutral power that joins a side chosen by a coin (World War I's Italy, W2-W3):
    the coin is flipped when the Fall of `toss_year` ends (after its retreats); from
    `at` the winner's player holds `power`."""

    power: Power
    toss_year: int
    at: Phase


class Disclosure(StrEnum):
    """Who is told that a power is late, spent an excuse or is away (issue 23):
    everyone by default; in a hidden-information game only the GM and the player
    concerned (rules/004's Kriegsplomacy: "If a country goes NMR, that is NOT
    reported")."""

    PUBLIC = "public"
    GM_AND_PLAYER = "gm_and_player"


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of Diplomacy as data.

    - `name`: the registry key, stored with a game and written in replay lines;
    - `title`, `summary`: what players read when choosing one;
    - `board`: provinces, adjacency, powers, home centres and starting units;
    - `start`: the first phase played;
    - `kinds`: the rules of the kinds of unit the game adds to armies and fleets
      (Airplane Diplomacy's plane), carried by its board (`Board.kinds`);
    - `groupings`: who may hold which powers, for each number of players the variant
      allows; the first one for a number of players is the default for it;
    - `steps`: its own rules around each phase (`PhaseStep`), outermost first: they see
      every order given (Spy Diplomacy's spies; the registry adds the Masters Rules'
      step after them);
    - `unit_steps`: its own rules around the play of the units' orders, after `steps`
      (Kriegsplomacy's espionage orders played as holds);
    - `openings`: hooks on the opening position, in order (`Opening`).
    """

    name: str
    title: str
    summary: str
    board: Board
    start: Phase
    kinds: tuple[UnitKind, ...] = ()
    groupings: tuple[Grouping, ...] = ()
    steps: tuple[PhaseStep, ...] = ()
    unit_steps: tuple[PhaseStep, ...] = ()
    openings: tuple[Opening, ...] = ()
    # What each power and everyone may know of a phase, when not the whole result.
    views: Views | None = None
    # Its own orders and record as data, when it has some.
    codec: Codec | None = None
    victory: Victory = SOLO_CENTRES
    closure: Closure | None = None
    join: Join | None = None
    # Read by the service's deadlines (issue 23), never by the pipeline.
    lateness_told: Disclosure = Disclosure.PUBLIC
    # Whether a game may wait for its late powers (a grace, issue 23). Not where missed
    # orders are not reported (rules/004's Kriegsplomacy; Spy, whose sabotage leaves no
    # trace): waiting would show everyone that someone was late (issue 33's ruling).
    takes_grace: bool = True
    # How a player writes the variant's own orders, with examples (`/help
    # topic:variants`, issue 33); empty when they are the rulebook's.
    orders_help: str = ""
    # Spy Diplomacy (rules/004): each power has a spy. Read by the service; the engine
    # plays the spies through the variant's step.
    spies: bool = False
    # False: the game starts with no units (Kriegsplomacy: "Each country owns its home
    # supply centers and has NO units").
    opening_units: bool = True
    # True: a player may know only their power's view of each phase (`views`), never the
    # whole result (Kriegsplomacy). Read by the service.
    hidden_information: bool = False
    _by_key: Mapping[str, Grouping] = field(init=False, repr=False, compare=False)
    _closed_board: Board = field(init=False, repr=False, compare=False)
    # True when the variant's rules change during the game (a closure, a join, a side's
    # victory): the pipeline then asks it about each phase. The standard game's never
    # change, and its path stays as fast as it was.
    by_phase: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_key", {g.key: g for g in self.groupings})
        if self.kinds:
            # The kinds' rules go with the board they are played on: each stage reads
            # the board's once per phase.
            kinds = {**self.board.kinds, **{kind.type: kind for kind in self.kinds}}
            object.__setattr__(self, "board", replace(self.board, kinds=kinds))
        closed = self.board if self.closure is None else _closed(self.board, self.closure)
        object.__setattr__(self, "_closed_board", closed)
        changing = self.closure is not None or self.join is not None
        object.__setattr__(self, "by_phase", changing or self.victory != SOLO_CENTRES)

    def opening(self, rules: Rules) -> Position:
        """The opening position under `rules`: the board's starting units (none when
        the game opens without units) and home centres, at the start phase; then each
        of `openings`."""
        board = self.board
        ownership = {c: p for p, centres in board.home_centres.items() for c in centres}
        units = board.starting_units if self.opening_units else ()
        position = Position(self.start, units, ownership, variant=self.name)
        for opening in self.openings:
            position = opening(position, board, rules)
        return position

    def board_for(self, phase: Phase) -> Board:
        """The board as played in `phase`: with the closure's provinces removed as
        destinations before it ends (W1)."""
        closure = self.closure
        if closure is None or not phase < closure.until:
            return self.board
        return self._closed_board

    def toss_winner(self, rules: Rules) -> tuple[Power, ...]:
        """The side (one player's powers) that wins the coin (W2), drawn from the
        game's seeded `Rules.toss_seed`: `getrandbits` of a `Random` seeded by an int
        gives the same bit on every Python version."""
        sides = self.grouping_for(2, rules.grouping).holdings
        return sides[random.Random(rules.toss_seed).getrandbits(1)]

    def holdings_at(self, rules: Rules, phase: Phase) -> tuple[tuple[Power, ...], ...]:
        """The powers each player holds in `phase`: the grouping's, and from the join
        on the joining power with the toss winner (W3). Only for grouped games."""
        holdings = self.grouping_for_rules(rules).holdings
        join = self.join
        if join is None or phase < join.at:
            return holdings
        winner = self.toss_winner(rules)
        return tuple((*h, join.power) if h == winner else h for h in holdings)

    @property
    def unit_kinds(self) -> frozenset[UnitType]:
        """The kinds of unit the game allows: armies, fleets and the variant's own."""
        return frozenset({UnitType.ARMY, UnitType.FLEET, *self.board.kinds})

    @property
    def has_planes(self) -> bool:
        """Whether the game is played with planes (rules/004, Airplane Diplomacy): kept
        for code outside the engine (issue 30), which reads it."""
        return self.board.planes

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
        """Refuse options this variant cannot play (UnknownGrouping), and Masters Rules
        combinations the document does not allow (MastersCombination)."""
        if rules.grouping is not None:
            self.grouping_named(rules.grouping)
        rules.masters.check()

    def grouping_for_rules(self, rules: Rules) -> Grouping:
        """The grouping played under `rules`: the one named, else the variant's only
        one (World War I is played by two, always grouped the same way)."""
        if rules.grouping is not None:
            return self.grouping_named(rules.grouping)
        if len(self.groupings) == 1:
            return self.groupings[0]
        raise UnknownGrouping(f"{self.name} needs the grouping played")

    def statuses(self, rules: Rules, phase: Phase | None = None) -> Mapping[Power, PowerStatus]:
        """The powers no player orders under `rules` (the grouping played) in `phase`,
        with why; an empty mapping, shared, when every power is held. A joining power is
        NEUTRAL before it joins (`phase` None: the start)."""
        join = self.join
        if join is not None and (phase is None or phase < join.at):
            dummies = self.grouping_for_rules(rules).statuses
            return MappingProxyType({**dummies, join.power: PowerStatus.NEUTRAL})
        if rules.grouping is None and len(self.groupings) != 1:
            return _NO_STATUSES
        # A variant of one grouping (One-on-one's dummy Italy) has its dummies
        # whether or not the options name it.
        return self.grouping_for_rules(rules).statuses


def _closed(board: Board, closure: Closure) -> Board:
    """`board` with `closure`'s provinces removed as destinations of armies and fleets:
    moves, supports, convoys and retreats there are then refused by the same checks as
    any unreachable space; units inside keep their own borders."""
    shut = closure.provinces
    army = {p: frozenset(t - shut) for p, t in board.army_adjacency.items()}
    fleet = {
        loc: frozenset(t for t in targets if t.province not in shut)
        for loc, targets in board.fleet_adjacency.items()
    }
    why = f"{closure.name} is closed until {closure.until.year}"
    return replace(board, army_adjacency=army, fleet_adjacency=fleet, closed=shut, closed_why=why)
