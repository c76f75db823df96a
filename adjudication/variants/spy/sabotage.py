"""A phase of Spy Diplomacy (rules/004): spies placed, sabotage settled, spies moved.

Spies share spaces, so they never take part in the resolution: the phase is played
as in the standard game with the orders each unit follows, and the spies are carried
around it. Sabotage is a step before validation that settles which order each unit
follows (`settle`). What the spies did goes into `Adjudication.spies`, the record's
alone: the outcomes every power reads list a sabotaged unit with the order it
followed, as if its owner had given it ("No indication of the sabotage is given in the
results"). Readings Y1-Y9: docs/VARIANTS.md, "Spy Diplomacy".
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from adjudication.model.board import Board
from adjudication.model.orders import Hold, MovementOrder, Order, Waive
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.rules import Rules
from adjudication.model.units import Power, Unit
from adjudication.model.variant import History, Play, PowerStatus, Variant
from adjudication.variants.spy.checks import check_spy_orders
from adjudication.variants.spy.orders import (
    SPY_ORDERS,
    PlaceSpy,
    Protect,
    Sabotage,
    Sabotaged,
    SpyMove,
    SpyOrder,
    SpyOutcome,
    SpyReason,
    SpyReport,
)


@dataclass(frozen=True, slots=True)
class Settled:
    """The orders the units follow after sabotage, and what the spies' orders did."""

    orders: tuple[Order, ...]
    outcomes: tuple[SpyOutcome, ...]
    sabotaged: tuple[Sabotaged, ...]


def play_with_spies(
    position: Position,
    orders: Iterable[object],
    board: Board,
    statuses: Mapping[Power, PowerStatus],
    placing: bool,
    seed: int,
    play: Play,
) -> Adjudication:
    """Play `position`'s phase of a Spy game: `play` plays the units' phase as any
    variant's; `placing` says the phase is the game's start, when spies are placed;
    `seed` draws where a spy not placed starts (the game's `Rules.spy_seed`)."""
    unit_orders: list[Order] = []
    spy_orders: list[SpyOrder] = []
    for order in orders:
        if isinstance(order, SPY_ORDERS):
            spy_orders.append(order)
        else:
            # What is not a spy's is a unit's: the pipeline refuses what is neither.
            unit_orders.append(cast("Order", order))
    accepted, refused = check_spy_orders(spy_orders, position, board, statuses, placing)
    settled = settle(position, unit_orders, accepted)
    played = play(position, settled.orders)
    spies, placed = _spies_after(position, accepted, board, placing, seed)
    # "If a country is reduced to zero supply centers, its Spy vanishes" (Y8).
    owners = set(played.position.ownership.values())
    kept = tuple(spy for spy in spies if spy.power in owners)
    outcomes = (
        *settled.outcomes,
        *placed,
        *(SpyOutcome(order, False, SpyReason.ILLEGAL, why) for order, why in refused),
    )
    report = SpyReport(tuple(sorted(outcomes, key=_outcome_key)), settled.sabotaged)
    return replace(played, position=_with_spies(played.position, kept), spies=report)


def play_spies(
    position: Position,
    orders: Sequence[object],
    variant: Variant,
    rules: Rules,
    winter_history: History,
    play: Play,
) -> Adjudication:
    """Spy Diplomacy's step around each phase (`Variant.steps`): spies share spaces, so
    the units' phase is played (`play`) without them, on the variant's board and
    statuses for the phase; spies are placed in the variant's start phase, a spy not
    placed drawn from the game's `Rules.spy_seed`."""
    phase = position.phase
    return play_with_spies(
        position,
        orders,
        variant.board_for(phase),
        variant.statuses(rules, phase),
        phase == variant.start,
        rules.spy_seed,
        play,
    )


def settle(
    position: Position, orders: Sequence[Order], accepted: Mapping[Spy, SpyOrder]
) -> Settled:
    """The orders the units follow (rules/004):

    - a unit sharing its space with a foreign spy that gives it an order obeys that
      order instead of its owner's;
    - "If more than one Spy gives orders to the same unit, that unit is deemed to have
      ambiguous orders, and is listed in the results as having been ordered to Hold.
      (However, if all of the Spies issue the same order, then that order is used.)";
    - a spy of the unit's own power protecting it: "The unit will follow the orders
      given by the owning player, ignoring all orders (if any) from foreign Spies."

    `accepted`: the legal order of each spy (`spy_checks.check_spy_orders`).
    """
    given: dict[str, list[Sabotage]] = {}
    protected: set[str] = set()
    outcomes: list[SpyOutcome] = []
    for spy_order in accepted.values():
        if isinstance(spy_order, Sabotage):
            given.setdefault(spy_order.spy.province, []).append(spy_order)
        else:
            if isinstance(spy_order, Protect):
                protected.add(spy_order.spy.province)
            outcomes.append(SpyOutcome(spy_order, True))
    if not given:
        return Settled(tuple(orders), tuple(outcomes), ())
    followed: dict[Unit, tuple[MovementOrder, tuple[Spy, ...]]] = {}
    for province, sabotages in sorted(given.items()):
        if province in protected:
            outcomes.extend(SpyOutcome(s, False, SpyReason.PROTECTED) for s in sabotages)
            continue
        unit = position.unit_by_province[province]
        distinct = {s.order for s in sabotages}
        agreed = len(distinct) == 1
        obeyed = sabotages[0].order if agreed else Hold(unit)
        followed[unit] = (obeyed, tuple(sorted(s.spy for s in sabotages)))
        reason = None if agreed else SpyReason.AMBIGUOUS
        outcomes.extend(SpyOutcome(s, agreed, reason) for s in sabotages)
    kept: list[Order] = []
    written: dict[Unit, list[Order]] = {}
    for order in orders:
        target = None if isinstance(order, Waive) else _unit_ordered(order.unit, position)
        if target is not None and target in followed:
            written.setdefault(target, []).append(order)
        else:
            kept.append(order)
    kept.extend(obeyed for obeyed, _ in followed.values())
    sabotaged = tuple(
        Sabotaged(tuple(written.get(target, ())), obeyed, by)
        for target, (obeyed, by) in sorted(followed.items())
    )
    return Settled(tuple(kept), tuple(outcomes), sabotaged)


def _unit_ordered(named: Unit, position: Position) -> Unit | None:
    """The unit standing where an order names one of its power's units: the owner's
    orders for a sabotaged unit are set aside whatever type they name."""
    unit = position.unit_by_province.get(named.location.province)
    return unit if unit is not None and unit.power == named.power else None


def _spies_after(
    position: Position,
    accepted: Mapping[Spy, SpyOrder],
    board: Board,
    placing: bool,
    seed: int,
) -> tuple[list[Spy], list[SpyOutcome]]:
    """Where the spies stand after the phase: moved ("A Spy's move always succeeds"),
    or placed at the start (Y1-Y2), with the outcomes of the drawn placements."""
    spies: list[Spy] = []
    for spy in position.spies:
        order = accepted.get(spy)
        spies.append(Spy(spy.power, order.destination) if isinstance(order, SpyMove) else spy)
    if not placing:
        return spies, []
    placed = {o.spy.power: o.spy for o in accepted.values() if isinstance(o, PlaceSpy)}
    defaults: list[SpyOutcome] = []
    have = {spy.power for spy in spies}
    drawn = _drawn_homes(board, seed)
    for power in board.powers:
        if power in have:
            continue
        chosen = placed.get(power)
        if chosen is None:
            # Y2: a power that selected no home centre gets its spy in one drawn at
            # random; a fixed choice (the first in alphabetical order) would tell
            # every player where it stands.
            chosen = Spy(power, drawn[power])
            defaults.append(SpyOutcome(PlaceSpy(chosen), True, SpyReason.UNORDERED))
        spies.append(chosen)
    return spies, defaults


def _drawn_homes(board: Board, seed: int) -> dict[Power, str]:
    """One home centre per power, drawn from `seed`: each power draws in the board's
    order whether or not it needs the draw, so one power's placement never changes
    where another's spy is drawn. `getrandbits` of a `Random` seeded by an int gives the
    same bits on every Python version."""
    rng = random.Random(seed)
    drawn = {}
    for power in board.powers:
        homes = sorted(board.home_centres[power])
        drawn[power] = homes[rng.getrandbits(32) % len(homes)]
    return drawn


def _with_spies(position: Position, spies: Iterable[Spy]) -> Position:
    return Position(
        position.phase,
        position.units,
        position.ownership,
        position.dislodged,
        position.standoffs,
        position.variant,
        position.homes,
        spies,
    )


def _outcome_key(outcome: SpyOutcome) -> tuple[str, str, str]:
    spy = outcome.order.spy
    return spy.power, spy.province, str(outcome.order)
