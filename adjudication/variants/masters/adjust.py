"""The adjustment phase under the Masters Rules (MR2 e, MR3, MR4, MR5, MR6).

Each power's allowance is its centres less its units (rules/000 §13.2), plus one
per Aid it receives (MR6 b). Builds, rebel builds, annexations and waives use the
allowance in the order written; they stand, and Aid comes only from the builds a
donor's own surplus leaves unused by them (MR6 a, M14). A build site is settled
by count among every build written for it (MR3 c, MR2 e); a tie builds nothing.
Readings M10-M16 in docs/VARIANTS.md.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Waive
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Power, Unit
from adjudication.play.adjustments import build_sites
from adjudication.play.civil_disorder import civil_disorder_removals
from adjudication.play.validate import check_build
from adjudication.variants.masters.control import eligible
from adjudication.variants.masters.minors import rebel_power
from adjudication.variants.masters.rebels import rebel_site_refusal
from adjudication.variants.masters.written import (
    Aid,
    Annex,
    Control,
    RebelBuild,
    Written,
    WrittenOutcome,
)

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
    own_builds: dict[Power, list[int]] = {}  # valid builds, waives, rebels, annexations
    for i, line in enumerate(lines):
        if _own_build(line, in_disorder):
            if _valid_own_build(line, position, board, masters, owned_before):
                own_builds.setdefault(line.by, []).append(i)
            else:
                control[i] = Control.ILLEGAL
    aid, given = _settle_aid(lines, control, base, own_builds, masters, in_disorder)
    tally = _Tally(control, {p: n + aid.get(p, 0) for p, n in base.items()})
    for i, line in enumerate(lines):
        if i not in control:
            _judge(tally, i, line, position, board, masters, in_disorder)
    outcomes = _waived(
        position, board, lines, control, tally.allowance, tally.used, given, in_disorder
    )
    units = _carry_out(tally, lines, position, board, in_disorder, outcomes)
    outcomes += _own_build_outcomes(lines, control)
    written = tuple(WrittenOutcome(line, control[i]) for i, line in enumerate(lines))
    return Adjusted(tuple(outcomes), written, tuple(units.values()), tally.annexed)


@dataclass
class _Tally:
    """The lines judged one by one, in the order written: what became of each
    (`control`), each power's allowance and what its own lines used of it, the Variable
    Control orders each writer gave each power in civil disorder (MR2 e), the builds
    written for each site (settled by count, MR3 c), the removals written for each power
    in civil disorder, the powers' own disbands, and the annexations (MR4)."""

    control: dict[int, Control]
    allowance: dict[Power, int]
    used: dict[Power, int] = field(default_factory=dict)
    vc_used: dict[tuple[Power, Power], int] = field(default_factory=dict)
    sites: dict[str, dict[Unit, list[int]]] = field(default_factory=dict)
    removals: dict[Power, dict[str, list[int]]] = field(default_factory=dict)
    own_disbands: dict[Power, list[int]] = field(default_factory=dict)
    annexed: dict[str, Power] = field(default_factory=dict)

    def build_at(self, unit: Unit, line: int) -> None:
        self.sites.setdefault(unit.province, {}).setdefault(unit, []).append(line)


def _judge(
    tally: _Tally,
    i: int,
    line: Written,
    position: Position,
    board: Board,
    masters: MastersRules,
    in_disorder: Collection[Power],
) -> None:
    """What becomes of line `i`, not yet judged illegal: through a power in civil
    disorder, its writer's own disband, an order for another power, or one of the
    writer's own builds."""
    order, by, control = line.order, line.by, tally.control
    if by in in_disorder:
        control[i] = Control.THROUGH_CD_POWER
    elif isinstance(order, Disband) and order.unit.power == by:
        unit = position.unit_by_province.get(order.unit.province)
        if unit is None or unit.power != by:
            control[i] = Control.ILLEGAL
        elif tally.allowance.get(by, 0) < 0 or masters.disarmament:
            tally.own_disbands.setdefault(by, []).append(i)
            control[i] = Control.OWN
        else:
            control[i] = Control.ILLEGAL
    elif isinstance(order, Build | Disband) and order.unit.power != by:
        control[i] = _written_for(order, by, position, board, masters, in_disorder)
        if control[i] is Control.FOLLOWED:
            _judge_written_for(tally, i, order, by, position, board)
    else:
        _judge_own(tally, i, order, by)


def _judge_written_for(
    tally: _Tally, i: int, order: Build | Disband, by: Power, position: Position, board: Board
) -> None:
    """A build or removal `by` writes for a power in civil disorder (MR2 e): one per
    adjustment that power has, then a site or a removal like any other."""
    control, cd = tally.control, order.unit.power
    if tally.vc_used.get((by, cd), 0) >= abs(tally.allowance.get(cd, 0)):
        control[i] = Control.OVER_LIMIT  # e) one per adjustment
        return
    tally.vc_used[(by, cd)] = tally.vc_used.get((by, cd), 0) + 1
    if isinstance(order, Build) and tally.allowance.get(cd, 0) > 0:
        if check_build(order.unit, position, board) is not None:
            control[i] = Control.ILLEGAL
        else:
            tally.build_at(order.unit, i)
    elif isinstance(order, Disband) and tally.allowance.get(cd, 0) < 0:
        tally.removals.setdefault(cd, {}).setdefault(order.unit.province, []).append(i)
    else:
        control[i] = Control.ILLEGAL


def _judge_own(tally: _Tally, i: int, order: object, by: Power) -> None:
    """The writer's own builds, waives, rebel builds and annexations (all valid here):
    one build each, of its own surplus and the aid it receives."""
    if tally.used.get(by, 0) >= tally.allowance.get(by, 0):
        tally.control[i] = Control.OVER_LIMIT
        return
    tally.used[by] = tally.used.get(by, 0) + 1
    if isinstance(order, Build):
        tally.build_at(order.unit, i)
    elif isinstance(order, Waive):
        tally.control[i] = Control.OWN
    elif isinstance(order, RebelBuild):
        tally.build_at(Unit(rebel_power(order.location.province), order.type, order.location), i)
    elif isinstance(order, Annex):
        tally.annexed[order.centre] = by
        tally.control[i] = Control.FOLLOWED


def _carry_out(
    tally: _Tally,
    lines: Sequence[Written],
    position: Position,
    board: Board,
    in_disorder: Collection[Power],
    outcomes: list[Outcome],
) -> dict[str, Unit]:
    """The units after the phase, by province: the builds that won their sites, the
    powers' own disbands, then the removals still owed (those written for a power in
    civil disorder first, then the rulebook's choice, rules/000 §13.3); each one done
    is added to `outcomes`."""
    units = dict(position.unit_by_province)
    for unit in _settle_sites(tally.sites, tally.control, tally.allowance, in_disorder):
        units[unit.province] = unit
        outcomes.append(Outcome(Build(unit), True))
    for _power, indices in sorted(tally.own_disbands.items()):
        for i in indices:
            order = lines[i].order
            assert isinstance(order, Disband)
            gone = units.pop(order.unit.province, None)
            if gone is not None:
                outcomes.append(Outcome(Disband(gone), True))
    for power, owed in sorted(tally.allowance.items()):
        owed = -owed - len(tally.own_disbands.get(power, ()))
        if owed <= 0:
            continue
        chosen = _settle_removals(tally.removals.get(power, {}), owed, tally.control)
        for province in chosen:
            outcomes.append(Outcome(Disband(units.pop(province)), True))
        remaining = [u for u in units.values() if u.power == power]
        for unit in civil_disorder_removals(remaining, owed - len(chosen), board):
            del units[unit.province]
            outcomes.append(Outcome(Disband(unit), True, Reason.CIVIL_DISORDER))
    return units


def _own_build_outcomes(lines: Sequence[Written], control: dict[int, Control]) -> list[Outcome]:
    """The outcomes of the powers' own waives and of their builds that did not stand
    (a build that stood is already among the units built)."""
    outcomes = []
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
    return outcomes


def _own_build(line: Written, in_disorder: Collection[Power]) -> bool:
    """A line that uses one of the writer's own builds: a build of his own unit, a
    waive, a rebel build (MR3 a) or an annexation (MR4 a)."""
    order = line.order
    if line.by in in_disorder:
        return False
    if isinstance(order, Build):
        return order.unit.power == line.by
    return isinstance(order, Waive | RebelBuild | Annex)


def _valid_own_build(
    line: Written,
    position: Position,
    board: Board,
    masters: MastersRules,
    owned_before: Mapping[str, Power],
) -> bool:
    order, by = line.order, line.by
    if isinstance(order, Build):
        return check_build(order.unit, position, board) is None
    if isinstance(order, Waive):
        return order.power == by
    if isinstance(order, RebelBuild):
        return rebel_site_refusal(order, by, position, board, masters) is None
    return (
        isinstance(order, Annex)
        and masters.annexation
        and position.ownership.get(order.centre) == by
        and owned_before.get(order.centre) == by
        and board.home_owner.get(order.centre) != by
    )


def _settle_aid(
    lines: Sequence[Written],
    control: dict[int, Control],
    base: Mapping[Power, int],
    own_builds: Mapping[Power, Sequence[int]],
    masters: MastersRules,
    in_disorder: Collection[Power],
) -> tuple[dict[Power, int], dict[Power, int]]:
    """MR6 a): "For each construct order to which a player Power is entitled, but does
    not submit ... one valid order to Aid": a donor gives, in the order written, as
    many as its own surplus less the builds, waives, rebels and annexations it wrote
    (aid received is not passed on). The aid each power receives, and gives."""
    aid: dict[Power, int] = {}
    given: dict[Power, int] = {}
    for i, line in enumerate(lines):
        order = line.order
        if not isinstance(order, Aid):
            continue
        ok = (
            masters.foreign_aid
            and line.by not in in_disorder
            and order.recipient != line.by
            and order.recipient in base
        )
        unused = base.get(line.by, 0) - len(own_builds.get(line.by, ()))
        if not ok:
            control[i] = Control.ILLEGAL
        elif given.get(line.by, 0) >= unused:
            control[i] = Control.OVER_LIMIT
        else:
            given[line.by] = given.get(line.by, 0) + 1
            aid[order.recipient] = aid.get(order.recipient, 0) + 1
            control[i] = Control.FOLLOWED
    return aid, given


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
        left = n - used.get(power, 0) - given.get(power, 0)  # neither built nor given
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
