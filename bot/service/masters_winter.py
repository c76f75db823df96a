"""The Masters Rules' Winter in the service (rules/003 MR3, MR4, MR5, MR6): how many
builds and removals a power may write when sending, and whose word the Winter waits
for before it ends early (docs/VARIANTS.md M21, M22)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from adjudication.board import Board
from adjudication.masters.options import MastersRules
from adjudication.position import Position
from adjudication.units import Power


def aid_room(position: Position, power: Power, masters: MastersRules) -> int:
    """MR6 a, b: the most builds aid could give `power` this Winter: every other power's
    surplus ("for each construct order to which a player Power is entitled, but does
    not submit … one valid order to Aid"). Who gives what is known only at the
    deadline, so a build is accepted up to this and settled by the engine."""
    if not masters.foreign_aid:
        return 0
    surplus: dict[Power, int] = {}
    for owner in position.ownership.values():
        surplus[owner] = surplus.get(owner, 0) + 1
    for unit in position.units:
        surplus[unit.power] = surplus.get(unit.power, 0) - 1
    return sum(max(n, 0) for p, n in surplus.items() if p != power)


def build_limit(position: Position, power: Power, masters: MastersRules) -> int:
    """Builds (and waives) `power` may write: its own surplus, plus what aid could give."""
    return position.adjustment_of(power) + aid_room(position, power, masters)


def removal_limit(position: Position, power: Power, masters: MastersRules) -> int | None:
    """Removals `power` may write: those owed, or any number under MR5 Disarmament
    ("disband any own units at adjustments"; None: no limit)."""
    return None if masters.disarmament else -position.adjustment_of(power)


def _free_home(position: Position, power: Power, board: Board) -> bool:
    occupied = {u.province for u in position.units}
    return any(
        position.ownership.get(c) == power and c not in occupied
        for c in board.home_centres.get(power, ())
    )


def _may_use_a_winter(
    position: Position, power: Power, board: Board, masters: MastersRules
) -> bool:
    """Whether `power` has something to write this Winter that the usual rule
    (rules/004 rule 3, `owes_orders`) does not wait for: a surplus it may spend on
    rebels (MR3), an annexation (MR4) or aid (MR6) even with no free home centre; or a
    free home centre it may build on with aid from another's surplus (MR6)."""
    change = position.adjustment_of(power)
    if change > 0:
        return masters.rebellion or masters.annexation or masters.foreign_aid
    return (
        change == 0
        and aid_room(position, power, masters) > 0
        and _free_home(position, power, board)
    )


def awaited(
    position: Position,
    board: Board,
    masters: MastersRules,
    players: Iterable[Power],
    written: Collection[Power],
    ready: Collection[Power],
) -> list[Power]:
    """The Great Powers held by players (`players`) whose word the Winter still waits
    for under MR3, MR4 or MR6: each that `_may_use_a_winter` until it has written an
    order this phase (`written`) or said it is ready; the deadline ends the wait."""
    if not (masters.rebellion or masters.annexation or masters.foreign_aid):
        return []
    return [
        p
        for p in players
        if p not in written and p not in ready and _may_use_a_winter(position, p, board, masters)
    ]
