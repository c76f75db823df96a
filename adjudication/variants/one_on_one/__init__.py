"""rules/004, One-on-one Diplomacy: "Two games are played in parallel ... In each game,
one player controls England, France, and Russia, while the other has Austria, Germany,
and Turkey. Italy is considered to be in permanent Civil Disorder. The EFR player in
one game is the AGT player in the other." The match's end is `match_end`, asked by the
service when both games have finished the same year. "The games are played using the
rules for Airplane Diplomacy": its kinds of unit are Airplane Diplomacy's, which the
registry gives `one_on_one` (a variant's package never imports another's). Readings
O1-O4 in docs/VARIANTS.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudication.maps import STANDARD
from adjudication.model.board import UnitKind
from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Power, Season
from adjudication.model.variant import Grouping, MatchUnits, Variant


def one_on_one(airplane_kinds: tuple[UnitKind, ...]) -> Variant:
    """One-on-one Diplomacy played with `airplane_kinds`, Airplane Diplomacy's kinds of
    unit ("the games are played using the rules for Airplane Diplomacy": planes)."""
    return replace(_WITHOUT_PLANES, kinds=airplane_kinds)


# O1: the standard board and opening, Spring 1901, Italy's three units on the board.
_WITHOUT_PLANES = Variant(
    name="one_on_one",
    title="One-on-one",
    summary="Two boards for two players, sides swapped; Italy in disorder; planes; 24 units win.",
    orders_help=(
        "Send your orders for both boards in one DM: each line goes to the board whose unit "
        "it names; a line that fits both waits for you to say which."
    ),
    board=STANDARD,
    start=Phase(STANDARD.first_year, Season.SPRING, PhaseKind.MOVEMENT),
    groupings=(
        Grouping(
            "2",
            (("ENGLAND", "FRANCE", "RUSSIA"), ("AUSTRIA", "GERMANY", "TURKEY")),
            frozenset({"ITALY"}),
        ),
    ),
    victory=MatchUnits(24, draw=34),
)
_VICTORY = MatchUnits(24, draw=34)


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """The match is over: `winner` is the index of the winning player in the counts
    given to `match_end` (None: a draw); `scores` each player's better game (O3)."""

    winner: int | None
    scores: tuple[int, int]


def player_units(position: Position, holdings: Sequence[Sequence[Power]]) -> tuple[int, ...]:
    """O2: each player's units in one game, the countries they hold there combined
    (Italy, held by no one, counts for no one)."""
    counts: dict[Power, int] = {}
    for unit in position.units:
        counts[unit.power] = counts.get(unit.power, 0) + 1
    return tuple(sum(counts.get(p, 0) for p in held) for held in holdings)


def match_end(games: Sequence[tuple[int, int]], victory: MatchUnits = _VICTORY) -> MatchEnd | None:
    """O3: the match at the end of a year both games have finished. `games` gives, per
    game, the units of (the first player, the second player).

    A player's score is their larger count of the two games. "The winner is the first
    player whose combined countries have at least 24 units on the board ... in one game
    or the other. If both players reach 24 units in the same season, the games continue
    until one player has more units than the other at the end of a Winter season": the
    first year's end where someone has 24 and the scores differ, the larger wins.
    "If both players achieve 34 units simultaneously, the match is a draw": 34 is a
    whole board, so each owns one and nothing can change any more.
    """
    first = max(units for units, _ in games)
    second = max(units for _, units in games)
    scores = (first, second)
    if first == second:
        return MatchEnd(None, scores) if first >= victory.draw else None
    if max(scores) < victory.units:
        return None
    return MatchEnd(0 if first > second else 1, scores)
