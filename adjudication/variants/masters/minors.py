"""MR1 Minor Powers and MR3's rebels: who they are, named from the board.

MR1 a) "Supply Centers which are not part of a Major (player) Power at the start of
the game comprise independent Minor Powers, each with one Army." b) "The original
Supply Centers of Minor Powers are considered to be their Home Supply Centers."
A minor power is named after its centre, in capitals as powers are ("PORTUGAL").

MR3 e) "A Rebel unit is initially named by its type and the Supply Center in which
it is constructed": each rebel unit is a power of its own, "REBEL MOS", named once
for good after the centre it was raised in (docs/VARIANTS.md M9).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Power, Unit, UnitType

REBEL_PREFIX = "REBEL "

_minors_cache: dict[int, tuple[Board, Mapping[Power, str]]] = {}


def minor_powers(board: Board) -> Mapping[Power, str]:
    """Each minor power of `board` with its one home centre (MR1), by name."""
    cached = _minors_cache.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    homes = board.home_owner
    minors = {
        board.provinces[c].name.upper(): c for c in sorted(board.supply_centres) if c not in homes
    }
    _minors_cache[id(board)] = (board, minors)
    return minors


def minor_armies(minors: Mapping[Power, str]) -> tuple[Unit, ...]:
    """MR1 a): "each with one Army", on its centre."""
    return tuple(Unit(power, UnitType.ARMY, Location(c)) for power, c in minors.items())


def with_minor_powers(position: Position, board: Board, rules: Rules) -> Position:
    """The opening `position` with MR1's minor powers when the game plays it: "each
    with one Army" on its centre, which it owns (an `Opening` the registry gives every
    variant)."""
    if not rules.masters.minor_powers:
        return position
    minors = minor_powers(board)
    ownership = {**position.ownership, **{c: p for p, c in minors.items()}}
    units = (*position.units, *minor_armies(minors))
    return Position(position.phase, units, ownership, variant=position.variant)


def rebel_power(centre: str) -> Power:
    """The power of a rebel unit raised in `centre` (MR3 e)."""
    return f"{REBEL_PREFIX}{centre}"


def is_rebel(power: Power) -> bool:
    return power.startswith(REBEL_PREFIX)
