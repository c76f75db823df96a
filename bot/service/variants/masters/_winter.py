"""The Masters Rules' Winter in the service (rules/003 MR3, MR4, MR5, MR6): how many
builds and removals a power may write when sending, and whose word the Winter waits
for before it ends early (docs/VARIANTS.md M21, M22)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Waive
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Power, Unit, UnitType
from adjudication.play.adjustments import build_sites
from adjudication.play.validate import check_build
from adjudication.variants import VARIANTS
from adjudication.variants.masters.play import masters_board as played_board
from adjudication.variants.masters.rebels import rebel_sites
from adjudication.variants.masters.words import format_written, power_name
from adjudication.variants.masters.written import Aid, Annex, RebelBuild, Written
from bot.service.kernel import Progress, count
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


def aid_not_valid(position: Position, power: Power, in_force: InForce) -> list[Aid]:
    """MR6 a: the aid `power` has in force beyond the builds it leaves unused ("for each
    construct order to which a player Power is entitled, but does not submit"): its
    builds, waives, rebels and annexations count first, its aid in the order written.
    (The engine counts only those that are valid: a rebel build it refuses uses none.)"""
    mine = sorted(
        ((slot, kept.order) for (p, slot), kept in in_force.items() if p == power),
        key=lambda item: (item[0].kind.value, item[0].number),
    )
    aid = [order for _, order in mine if isinstance(order, Aid)]
    unused = position.adjustment_of(power) - (builds_used(power, in_force) - len(aid))
    return aid[max(unused, 0) :]


def aid_not_valid_text(position: Position, power: Power, in_force: InForce) -> str:
    """For the DM echo: the aid that will not be valid, and what to do (or "")."""
    over = aid_not_valid(position, power, in_force)
    if not over:
        return ""
    builds = max(position.adjustment_of(power), 0)
    have = (
        "you have no build this winter"
        if not builds
        else f"your {count(builds, 'build')} {'is' if builds == 1 else 'are'} used by your "
        "other orders"
    )
    lines = ", ".join(f"Aid {power_name(o.recipient)}" for o in over)
    these = "This aid" if len(over) == 1 else "These aid orders"
    return (
        f"{these} will not be valid: {lines}. Aid comes only from builds you leave "
        f"unused, and {have} (rules/003 MR6 a). To change this, "
        "clear your orders (`/orders clear`) and send them again."
    )


def winter_choices(
    position: Position,
    power: Power,
    board: Board,
    masters: MastersRules,
    used: int,
    last_winter: Mapping[str, Power] | None = None,
) -> str:
    """For the DM echo: what `power` may still do this Winter under MR3, MR4 and MR6
    beyond the usual builds ("" when nothing), each with an order valid here and now
    (M22): a centre open to rebels, one it may annex (`last_winter`: the ownership at the
    previous adjustments, when known), a power that could use aid."""
    if not may_use_a_winter(position, power, board, masters):
        return ""
    name = power.title()
    left = position.adjustment_of(power) - used
    if left > 0:
        ways = _ways(position, power, board, masters, last_winter)
        return f"{name}: with {count(left, 'build')} left you may also {ways}." if ways else ""
    if position.adjustment_of(power) == 0 and not used:
        return _aided_build_text(position, power, board, masters)
    return ""


def winter_news(
    position: Position,
    power: Power,
    board: Board,
    masters: MastersRules,
    last_winter: Mapping[str, Power] | None = None,
) -> str:
    """For the DM that opens a Winter: what `power` may do besides the usual builds
    and removals under MR3, MR4 and MR6 ("" when nothing), with orders valid then."""
    if not may_use_a_winter(position, power, board, masters):
        return ""
    if position.adjustment_of(power) > 0:
        ways = _ways(position, power, board, masters, last_winter)
        return f"Instead of a build, {power.title()} may also {ways} (rules/003)." if ways else ""
    return _aided_build_text(position, power, board, masters)


def _ways(
    position: Position,
    power: Power,
    board: Board,
    masters: MastersRules,
    last_winter: Mapping[str, Power] | None,
) -> str:
    """ "raise rebels … (`Build Rebel A War`), annex … (`Annex Serbia`) or give aid …
    (`Aid Italy`)": the rules the game plays that have a valid order now."""
    played = played_board(board, masters, position.homes)
    ways = [
        f"{what} (`{example}`)"
        for what, example in (
            (
                "raise rebels in another power's centre",
                _rebel_example(position, power, played, masters),
            ),
            (
                "annex a centre owned since last Winter",
                _annex_example(position, power, played, masters, last_winter),
            ),
            ("give aid to another power", _aid_example(position, power, played, masters)),
        )
        if example
    ]
    if not ways:
        return ""
    return ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]


def _aided_build_text(position: Position, power: Power, board: Board, masters: MastersRules) -> str:
    build = _aided_build_example(position, power, played_board(board, masters, position.homes))
    if not build:
        return ""
    return (
        f"{power.title()}: you may build on a free home centre with aid another power may "
        f"give (`{build}`); the build is made only if the aid comes (rules/003 MR6)."
    )


def _rebel_example(position: Position, power: Power, board: Board, masters: MastersRules) -> str:
    """MR3 b: the first centre a rebel unit may be raised in now."""
    if not masters.rebellion:
        return ""
    sites = rebel_sites(power, position, board, masters)
    return format_written(Written(sites[0], power), board) if sites else ""


def _annex_example(
    position: Position,
    power: Power,
    board: Board,
    masters: MastersRules,
    last_winter: Mapping[str, Power] | None,
) -> str:
    """MR4 a: the first centre `power` owns, owned at the previous adjustments too, and
    not yet one of its homes (none in the first Winter)."""
    if not masters.annexation or position.phase.year <= VARIANTS[position.variant].start.year:
        return ""
    for centre in sorted(c for c, owner in position.ownership.items() if owner == power):
        if board.home_owner.get(centre) == power:
            continue
        if last_winter is None or last_winter.get(centre) == power:
            return format_written(Written(Annex(centre), power), board)
    return ""


def _aid_example(position: Position, power: Power, board: Board, masters: MastersRules) -> str:
    """MR6 a: a Great Power still in the game, one that could use aid first (it owes a
    removal, or has more free home centres than builds)."""
    if not masters.foreign_aid:
        return ""
    alive = [
        p
        for p in sorted(board.powers)
        if p != power and (position.units_of(p) or position.centres_of(p))
    ]
    needy = [
        p
        for p in alive
        if position.adjustment_of(p) < 0
        or len(build_sites(position, board, p)) > position.adjustment_of(p)
    ]
    chosen = (needy or alive)[:1]
    return format_written(Written(Aid(chosen[0]), power), board) if chosen else ""


def _aided_build_example(position: Position, power: Power, board: Board) -> str:
    """MR6 b: a build on the first free home centre of `power`, as it may write it."""
    for centre in build_sites(position, board, power):
        for kind in (UnitType.ARMY, UnitType.FLEET):
            unit = Unit(power, kind, Location(centre))
            if check_build(unit, position, board) is None:
                return format_written(Written(Build(unit), power), board)
    return ""


def last_winter_code(position: Position, masters: MastersRules) -> str | None:
    """MR4 a: the phase whose ownership is the previous adjustments' ("owned ... in the
    previous Adjustments phase", M11): this year's Spring, as the adjudicator reads it
    (bot/service/deadlines/_winter_record.py); None when no annexation is judged now."""
    phase = position.phase
    if not masters.annexation or phase.kind is not PhaseKind.ADJUSTMENT:
        return None
    if phase.year <= VARIANTS[position.variant].start.year:
        return None
    return f"S{phase.year}M"
