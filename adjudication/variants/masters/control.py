"""MR2 Variable Control in movement and retreat phases: the orders written for units
of powers in civil disorder, settled to one order per unit before validation.

a) "a player is eligible to write orders for the units of Powers in Civil Disorder,
so long as no unit of his own Power occupies or is adjacent to any Supply Center
owned at that time by the Power ... Adjacency is determined in the same manner as
for Support"; b), c) no more valid orders in a turn than the centres his Power owns:
his own units' orders count first and are always followed, then his Variable Control
orders in the order written while centres are left, each copy of a repeated one a
vote of its own; d) one Retreat or Disband per dislodged unit, outside the count;
f) no Variable Control through a CD power. Conflicts are settled by count, a tie
holds (docs/VARIANTS.md M2-M6).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from adjudication.model.board import Board
from adjudication.model.orders import Hold, Order, order_power
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power, Unit
from adjudication.play.validate import validate_all
from adjudication.variants.masters.written import (
    Aid,
    Annex,
    Control,
    RebelBuild,
    Written,
    WrittenOutcome,
    same_order,
)


def eligible(writer: Power, cd_power: Power, position: Position, board: Board) -> bool:
    """MR2 a): no unit of `writer` stands on, or could move into (as for support),
    a supply centre `cd_power` owns now. A power owning no centre (a new rebel)
    may be written for by anyone."""
    return watching_unit(writer, cd_power, position, board) is None


def watching_unit(
    writer: Power, cd_power: Power, position: Position, board: Board
) -> tuple[Unit, str] | None:
    """MR2 a): why `writer` may not write for `cd_power`: a unit of his on, or next to
    (as for support), one of its centres, with that centre; None if he may."""
    centres = sorted(c for c, owner in position.ownership.items() if owner == cd_power)
    for unit in position.units:
        if unit.power != writer:
            continue
        for centre in centres:
            if unit.province == centre or board.can_reach_province(
                unit.type, unit.location, centre
            ):
                return unit, centre
    return None


def settle(
    written: Iterable[Written],
    position: Position,
    board: Board,
    in_disorder: Collection[Power],
    variable_control: bool,
) -> tuple[list[Order], list[WrittenOutcome]]:
    """The orders to play (the writers' own, then one per unit in disorder that was
    written for) and what became of every line written."""
    lines = list(written)
    control: dict[int, Control] = {}
    own: list[Order] = []
    votes: dict[str, dict[Order, list[int]]] = {}  # province -> order -> lines
    retreat_written: set[tuple[Power, str]] = set()
    centres = position.centre_counts(())
    retreats = position.phase.kind is PhaseKind.RETREAT
    used = {} if retreats else _own_orders_counted(lines, position, board)
    for i, line in enumerate(lines):
        order = line.order
        if isinstance(order, RebelBuild | Annex | Aid):
            control[i] = Control.ILLEGAL  # an adjustment order out of its phase
            continue
        power = order_power(order)
        if power == line.by:
            own.append(order)
            control[i] = Control.OWN
        elif line.by in in_disorder:
            control[i] = Control.THROUGH_CD_POWER
        elif power not in in_disorder:
            control[i] = Control.NOT_IN_DISORDER
        elif not variable_control or validate_all([order], position, board):
            control[i] = Control.ILLEGAL
        elif not eligible(line.by, power, position, board):
            control[i] = Control.NOT_ELIGIBLE
        elif retreats:
            key = (line.by, order.unit.province)  # type: ignore[union-attr]
            if key in retreat_written:  # d) one per unit and writer
                control[i] = Control.OVER_LIMIT
                continue
            retreat_written.add(key)
            votes.setdefault(key[1], {}).setdefault(same_order(order), []).append(i)
        elif used.get(line.by, 0) >= centres.get(line.by, 0):
            control[i] = Control.OVER_LIMIT
        else:
            used[line.by] = used.get(line.by, 0) + 1
            province = order.unit.province  # type: ignore[union-attr]
            votes.setdefault(province, {}).setdefault(same_order(order), []).append(i)
    settled = [*own, *_count_votes(votes, lines, control, position, retreats)]
    outcomes = [WrittenOutcome(line, control[i]) for i, line in enumerate(lines)]
    return settled, outcomes


def _count_votes(
    votes: Mapping[str, Mapping[Order, Sequence[int]]],
    lines: Sequence[Written],
    control: dict[int, Control],
    position: Position,
    retreats: bool,
) -> list[Order]:
    """The order followed for each unit written for (c: the most votes wins; a tie
    follows none, and in movement the unit holds), marking each line's fate."""
    settled: list[Order] = []
    for province, by_order in sorted(votes.items()):
        counts = sorted((len(v) for v in by_order.values()), reverse=True)
        tie = len(counts) > 1 and counts[0] == counts[1]
        for indices in by_order.values():
            won = not tie and len(indices) == counts[0]
            for i in indices:
                control[i] = (
                    Control.FOLLOWED if won else (Control.TIED if tie else Control.OUTVOTED)
                )
            if won:
                settled.append(lines[indices[0]].order)  # type: ignore[arg-type]
        if tie and not retreats:
            unit = position.unit_in(province)
            if unit is not None:
                settled.append(Hold(unit))  # "a tie means the unit holds"
    return settled


def _own_orders_counted(
    lines: Sequence[Written], position: Position, board: Board
) -> dict[Power, int]:
    """MR2 b): the valid orders each writer wrote for his own units, counted before
    any written for a power in disorder. One per unit ordered (a later order for the
    unit replaces an earlier one); an illegal order is no valid order (the unit holds)
    and an unordered unit counts nothing (docs/VARIANTS.md M4)."""
    ordered: dict[Power, set[str]] = {}
    for line in lines:
        order = line.order
        if isinstance(order, RebelBuild | Annex | Aid) or order_power(order) != line.by:
            continue
        if not validate_all([order], position, board):
            ordered.setdefault(line.by, set()).add(order.unit.province)  # type: ignore[union-attr]
    return {power: len(units) for power, units in ordered.items()}
