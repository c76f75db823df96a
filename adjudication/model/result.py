"""What playing a phase gives: the `Adjudication`, how a game ended, and the events a
variant's rules make happen."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudication.model.outcomes import Outcome
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Phase, Power


class EndKind(StrEnum):
    """How a game ended: the first four on the board (the engine finds them), the
    others by the players or the GM (the service records them)."""

    SOLO = "solo"  # rules/000 §2: a power controls `victory_centres` centres
    YEAR_LIMIT = "year_limit"  # rules/000 §3: the short game reached its last year
    STALEMATE = "stalemate"  # rules/004 rule 6: ownership unchanged for some winters
    # rules/000 §14.2, World War I: a side has 24 units on the board.
    SIDE_UNITS = "side_units"
    # rules/004, One-on-one: the match was won on one of its two boards (the service
    # ends both games; `variants.one_on_one.match_end` decides).
    MATCH_UNITS = "match_units"
    DRAW = "draw"  # accepted by vote (rules/004 rule 5) or declared by the GM
    ABANDONED = "abandoned"  # ended by the GM without a result: no scores
    CANCELLED = "cancelled"  # closed by the GM in the lobby, before it started


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The game is over: how, and who won or shares the draw (sorted by name)."""

    kind: EndKind
    winners: tuple[Power, ...]


@dataclass(frozen=True, slots=True)
class CoinToss:
    """An event of a phase's result: the coin was flipped and `side` (the powers one
    player holds) won it; `power` joins that side at `joins_at`."""

    power: Power
    side: tuple[Power, ...]
    joins_at: Phase


Event = CoinToss


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The result of playing one phase.

    - `phase`: the phase that was played.
    - `outcomes`: one per order given, plus one per default applied (unordered units,
      civil-disorder removals, unused builds), sorted by power and unit.
    - `position`: the next phase to play, skipped phases already passed over.
    - `game_end`: set when the game ended with this phase.
    - `dislodged`: movement phases: every unit dislodged, with where it may retreat
      (empty when it was disbanded at once).
    - `events`: what the variant's rules made happen with this phase (World War I's
      coin toss); empty in the standard game.
    - `spies`: Spy Diplomacy only, for the record: what the spies' orders did and which
      units followed a spy's order (never in `outcomes`, which carry no trace of it).
      It is the variant's own record (its `SpyReport`): the engine carries it and never
      reads it; the variant reads it, and its codec writes it (`Variant.codec`).
    """

    phase: Phase
    outcomes: tuple[Outcome, ...]
    position: Position
    game_end: GameEnd | None = None
    dislodged: tuple[Dislodgement, ...] = ()
    events: tuple[Event, ...] = ()
    spies: object | None = None
