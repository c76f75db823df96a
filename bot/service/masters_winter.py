"""The Masters Rules' Winter in the service (rules/003 MR3, MR4, MR5, MR6): how many
builds and removals a power may write when sending, and whose word the Winter waits
for before it ends early (docs/VARIANTS.md M21, M22)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

from adjudication.board import Board
from adjudication.masters.options import MastersRules
from adjudication.masters.written import Aid, Annex, RebelBuild
from adjudication.orders import Build, Waive
from adjudication.position import Position
from adjudication.units import Power
from bot.service.views import Progress
from bot.service.words import count
from storage.orders_in_force import InForce


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


def may_use_a_winter(position: Position, power: Power, board: Board, masters: MastersRules) -> bool:
    """Whether `power` has something to write this Winter that the usual rule
    (rules/004 rule 3) does not wait for, so `owes_orders` does: a surplus it may spend on
    rebels (MR3), an annexation (MR4) or aid (MR6) even with no free home centre; or a
    free home centre it may build on with aid from another's surplus (MR6)."""
    if not (masters.rebellion or masters.annexation or masters.foreign_aid):
        return False  # the usual game's path: nothing more to count
    change = position.adjustment_of(power)
    if change > 0:
        return True
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
    for under MR3, MR4 or MR6: each that `may_use_a_winter` until it has written an
    order this phase (`written`) or said it is ready; the deadline ends the wait."""
    if not (masters.rebellion or masters.annexation or masters.foreign_aid):
        return []
    return [
        p
        for p in players
        if p not in written and p not in ready and may_use_a_winter(position, p, board, masters)
    ]


def awaited_progress(
    position: Position, power: Power, masters: MastersRules, done: Progress
) -> Progress | None:
    """What a reminder counts for a power that owes orders (`owes_orders`): `done` as
    the usual rule counts it; for one owing only the Masters Rules' choices (M22),
    the builds it may use (its surplus, else what aid could give) until its first
    line, which ends the Winter's wait for it (None: nothing to remind)."""
    if done.owed:
        return done
    if done.given:
        return None
    may = max(position.adjustment_of(power), 0) or aid_room(position, power, masters)
    return replace(done, owed=may, builds_left=may)


def builds_used(power: Power, in_force: InForce) -> int:
    """The builds `power` has used in its orders in force: its own builds and waives,
    and the rebels, annexations and aid it wrote (each uses one: MR3, MR4 a, MR6 a)."""
    orders = [o.order for o in in_force.values() if o.power == power]
    return sum(
        isinstance(o, RebelBuild | Annex | Aid | Waive)
        or (isinstance(o, Build) and o.unit.power == power)  # not one written for a CD power
        for o in orders
    )


def winter_choices(
    position: Position, power: Power, board: Board, masters: MastersRules, used: int
) -> str:
    """For the DM echo: what `power` may still do this Winter under MR3, MR4 and MR6
    beyond the usual builds ("" when nothing), with rules/003's own examples."""
    if not may_use_a_winter(position, power, board, masters):
        return ""
    name = power.title()
    left = position.adjustment_of(power) - used
    if left > 0:
        ways = [
            text
            for on, text in (
                (masters.rebellion, "raise rebels in another power's centre (`Build Rebel A Mos`)"),
                (masters.annexation, "annex a centre owned since last Winter (`Annex Serbia`)"),
                (masters.foreign_aid, "give aid to another power (`Aid Italy`)"),
            )
            if on
        ]
        either = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]
        return f"{name}: with {count(left, 'build')} left you may also {either}."
    if position.adjustment_of(power) == 0 and not used:
        return (
            f"{name}: you may build on a free home centre with aid another power may give "
            "(`Build A Ven`); the build is made only if the aid comes (rules/003 MR6)."
        )
    return ""
