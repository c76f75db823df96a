"""The adjustment phase under the Masters Rules (MR2 e, MR3, MR4, MR5, MR6).

Each power's allowance is its centres less its units (rules/000 §13.2), plus one
per Aid it receives (MR6 b), less one per Aid it gives. Builds, rebel builds,
annexations and waives use the allowance in the order written; Aid orders are
counted first, from the donor's own surplus only (M14). A build site is settled
by count among every build written for it (MR3 c, MR2 e); a tie builds nothing.
Readings M10-M16 in docs/VARIANTS.md.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from adjudication.adjustments import build_sites
from adjudication.board import Board
from adjudication.civil_disorder import civil_disorder_removals
from adjudication.masters.control import eligible
from adjudication.masters.minors import rebel_power
from adjudication.masters.options import MastersRules
from adjudication.masters.written import Aid, Annex, Control, RebelBuild, Written, WrittenOutcome
from adjudication.orders import Build, Disband, Waive
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Position
from adjudication.units import Power, Unit
from adjudication.validate import check_build

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Adjusted:
    """What the phase did: outcomes of the orders carried out, what became of each
    line written, the units afterwards and the annexations made."""

    outcomes: tuple[Outcome, ...]
    written: tuple[WrittenOutcome, ...]
    units: tuple[Unit, ...]
    annexed: Mapping[str, Power]


def play_adjustments(
    position: Position,
    lines: Sequence[Written],
    board: Board,
    masters: MastersRules,
    in_disorder: Collection[Power],
    owned_before: Mapping[str, Power],
) -> Adjusted:
    """Settle and carry out the adjustment orders `lines` (`board` carries the home
    centres of minor powers and annexations; `owned_before` is the ownership at the
    previous adjustment phase, for MR4 a)."""
    control: dict[int, Control] = {}
    base = {p: position.adjustment_of(p) for p in _powers(position, board)}
    aid: dict[Power, int] = {}
    given: dict[Power, int] = {}
    for i, line in enumerate(lines):  # M14: Aid first, from the donor's own surplus
        order = line.order
        if not isinstance(order, Aid):
            continue
        ok = (
            masters.foreign_aid
            and line.by not in in_disorder
            and order.recipient != line.by
            and order.recipient in base
        )
        if not ok:
            control[i] = Control.ILLEGAL
        elif given.get(line.by, 0) >= base.get(line.by, 0):
            control[i] = Control.OVER_LIMIT
        else:
            given[line.by] = given.get(line.by, 0) + 1
            aid[order.recipient] = aid.get(order.recipient, 0) + 1
            control[i] = Control.FOLLOWED
    allowance = {p: n + aid.get(p, 0) - given.get(p, 0) for p, n in base.items()}
    used: dict[Power, int] = dict(given)
    vc_used: dict[tuple[Power, Power], int] = {}
    sites: dict[str, dict[Unit, list[int]]] = {}  # centre -> unit -> lines
    removals: dict[Power, dict[str, list[int]]] = {}  # CD power -> province -> lines
    own_disbands: dict[Power, list[int]] = {}
    annexed: dict[str, Power] = {}
    occupied = position.unit_by_province
    for i, line in enumerate(lines):
        if i in control:
            continue
        order, by = line.order, line.by
        if by in in_disorder:
            control[i] = Control.THROUGH_CD_POWER
            continue
        if isinstance(order, Disband) and order.unit.power == by:
            unit = occupied.get(order.unit.province)
            if unit is None or unit.power != by:
                control[i] = Control.ILLEGAL
            elif allowance.get(by, 0) < 0 or masters.disarmament:
                own_disbands.setdefault(by, []).append(i)
                control[i] = Control.OWN
            else:
                control[i] = Control.ILLEGAL
            continue
        if isinstance(order, Build | Disband) and order.unit.power != by:
            control[i] = _written_for(order, by, position, board, masters, in_disorder)
            if control[i] is not Control.FOLLOWED:
                continue
            cd = order.unit.power
            if vc_used.get((by, cd), 0) >= abs(allowance.get(cd, 0)):
                control[i] = Control.OVER_LIMIT  # e) one per adjustment
                continue
            vc_used[(by, cd)] = vc_used.get((by, cd), 0) + 1
            if isinstance(order, Build) and allowance.get(cd, 0) > 0:
                if check_build(order.unit, position, board) is not None:
                    control[i] = Control.ILLEGAL
                else:
                    sites.setdefault(order.unit.province, {}).setdefault(order.unit, []).append(i)
            elif isinstance(order, Disband) and allowance.get(cd, 0) < 0:
                removals.setdefault(cd, {}).setdefault(order.unit.province, []).append(i)
            else:
                control[i] = Control.ILLEGAL
            continue
        # The writer's own builds, waives, rebel builds and annexations: one build each.
        if used.get(by, 0) >= base.get(by, 0) + aid.get(by, 0):
            control[i] = Control.OVER_LIMIT
            continue
        if isinstance(order, Build) and check_build(order.unit, position, board) is None:
            sites.setdefault(order.unit.province, {}).setdefault(order.unit, []).append(i)
        elif isinstance(order, Waive) and order.power == by:
            control[i] = Control.OWN
        elif isinstance(order, RebelBuild) and _rebel_site(order, by, position, board, masters):
            unit = Unit(rebel_power(order.location.province), order.type, order.location)
            sites.setdefault(order.location.province, {}).setdefault(unit, []).append(i)
        elif (
            isinstance(order, Annex)
            and masters.annexation
            and position.ownership.get(order.centre) == by
            and owned_before.get(order.centre) == by
            and board.home_owner.get(order.centre) != by
        ):
            annexed[order.centre] = by
            control[i] = Control.FOLLOWED
        else:
            control[i] = Control.ILLEGAL
            continue
        used[by] = used.get(by, 0) + 1
    outcomes = _waived(position, board, lines, control, allowance, used, given, in_disorder)
    units = dict(occupied)
    built = _settle_sites(sites, control, allowance, in_disorder)
    for unit in built:
        units[unit.province] = unit
        outcomes.append(Outcome(Build(unit), True))
    for _power, indices in sorted(own_disbands.items()):
        for i in indices:
            order = lines[i].order
            assert isinstance(order, Disband)
            gone = units.pop(order.unit.province, None)
            if gone is not None:
                outcomes.append(Outcome(Disband(gone), True))
    for power, owed in sorted(allowance.items()):
        owed = -owed - len(own_disbands.get(power, ()))
        if owed <= 0:
            continue
        chosen = _settle_removals(removals.get(power, {}), owed, control)
        for province in chosen:
            unit = units.pop(province)
            outcomes.append(Outcome(Disband(unit), True))
        remaining = [u for u in units.values() if u.power == power]
        for unit in civil_disorder_removals(remaining, owed - len(chosen), board):
            del units[unit.province]
            outcomes.append(Outcome(Disband(unit), True, Reason.CIVIL_DISORDER))
    for i, line in enumerate(lines):
        order = line.order
        if isinstance(order, Waive) and control[i] is Control.OWN:
            outcomes.append(Outcome(order, True))
        elif isinstance(order, Build) and order.unit.power == line.by:
            if control[i] is Control.FOLLOWED:
                control[i] = Control.OWN
            elif control[i] is Control.ILLEGAL:
                outcomes.append(Outcome(order, False, Reason.ILLEGAL))
            elif control[i] is not Control.OVER_LIMIT:  # MR3 c): the rebels won the site
                outcomes.append(Outcome(order, False, Reason.BOUNCED))
    written = tuple(WrittenOutcome(line, control[i]) for i, line in enumerate(lines))
    return Adjusted(tuple(outcomes), written, tuple(units.values()), annexed)


def _waived(
    position: Position,
    board: Board,
    lines: Sequence[Written],
    control: Mapping[int, Control],
    allowance: Mapping[Power, int],
    used: Mapping[Power, int],
    given: Mapping[Power, int],
    in_disorder: Collection[Power],
) -> list[Outcome]:
    """Builds a Great Power leaves unused are waived, as in any game: those it could
    have placed on its free home centres (`adjustments.default_orders`)."""
    waived: list[Outcome] = []
    for power, n in sorted(allowance.items()):
        left = n - (used.get(power, 0) - given.get(power, 0))  # aid given is in both
        if power in in_disorder or left <= 0:
            continue
        tried = sum(
            1
            for i, line in enumerate(lines)
            if isinstance(line.order, Build)
            and line.order.unit.power == power == line.by
            and control.get(i) not in (Control.ILLEGAL, Control.OVER_LIMIT)
        )
        free = len(build_sites(position, board, power)) - tried
        waived += [Outcome(Waive(power), True, Reason.WAIVED)] * min(left, free)
    return waived


def _powers(position: Position, board: Board) -> set[Power]:
    return set(board.powers) | {u.power for u in position.units} | set(position.ownership.values())


def _written_for(
    order: Build | Disband,
    by: Power,
    position: Position,
    board: Board,
    masters: MastersRules,
    in_disorder: Collection[Power],
) -> Control:
    """MR2 e), MR5 c): a build or removal written for a power in civil disorder."""
    cd = order.unit.power
    if cd not in in_disorder:
        return Control.NOT_IN_DISORDER
    if not masters.variable_control:
        return Control.ILLEGAL
    if not eligible(by, cd, position, board):
        return Control.NOT_ELIGIBLE
    return Control.FOLLOWED


def _rebel_site(
    order: RebelBuild, by: Power, position: Position, board: Board, masters: MastersRules
) -> bool:
    """MR3 b): a supply centre of another power, "neither occupied by, nor adjacent
    to, a unit of the Power which owns it" (and empty: one unit to a space)."""
    centre = order.location.province
    owner = position.ownership.get(centre)
    if not masters.rebellion or owner is None or owner == by or position.unit_in(centre):
        return False
    if not board.can_stand(order.type, order.location):
        return False
    return _unwatched(centre, owner, position, board)


def _unwatched(centre: str, owner: Power, position: Position, board: Board) -> bool:
    """No unit of `owner` could move into `centre` ("adjacent ... as for Support")."""
    return not any(
        u.power == owner and board.can_reach_province(u.type, u.location, centre)
        for u in position.units
    )


def _settle_sites(
    sites: Mapping[str, Mapping[Unit, list[int]]],
    control: dict[int, Control],
    allowance: Mapping[Power, int],
    in_disorder: Collection[Power],
) -> list[Unit]:
    """One unit per centre: the build written most often there (MR3 c); a tie builds
    nothing. A power in civil disorder gets at most its allowance, most-written
    first; those tied at the cut are not built (M12)."""
    winners: list[tuple[int, Unit]] = []
    for _centre, by_unit in sorted(sites.items()):
        counts = sorted((len(v) for v in by_unit.values()), reverse=True)
        tie = len(counts) > 1 and counts[0] == counts[1]
        for unit, indices in by_unit.items():
            won = not tie and len(indices) == counts[0]
            for i in indices:
                control[i] = (
                    Control.FOLLOWED if won else (Control.TIED if tie else Control.OUTVOTED)
                )
            if won:
                winners.append((len(indices), unit))
    built: list[Unit] = []
    for power in sorted({u.power for _, u in winners}):
        mine = sorted((w for w in winners if w[1].power == power), key=lambda w: -w[0])
        cap = allowance.get(power, 0) if power in in_disorder else len(mine)
        built += _cut(mine, cap)
    return built


def _cut(ranked: Sequence[tuple[int, _T]], cap: int) -> list[_T]:
    """The first `cap` of `ranked` (most written first), leaving out all those tied
    at the cut."""
    if len(ranked) <= cap:
        return [u for _, u in ranked]
    if cap <= 0:
        return []
    edge = ranked[cap - 1][0]
    if ranked[cap][0] == edge:
        return [u for n, u in ranked if n > edge]
    return [u for _, u in ranked[:cap]]


def _settle_removals(
    by_province: Mapping[str, list[int]], owed: int, control: dict[int, Control]
) -> list[str]:
    """MR2 e) removals written for a power in disorder: the most-written first, up to
    what it owes; those tied at the cut are left to the civil-disorder rule."""
    ranked = sorted(((len(v), p) for p, v in by_province.items()), key=lambda r: (-r[0], r[1]))
    cut = set(_cut(ranked, owed))
    for province, indices in by_province.items():
        for i in indices:
            control[i] = Control.FOLLOWED if province in cut else Control.TIED
    return sorted(cut)
