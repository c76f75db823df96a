"""One phase of the game, start to finish: the engine's entry point.

`adjudicate` plays every phase the same way, in four steps:

1. **validate**: each order is checked against the position (`adjudication.play.validate`);
   an illegal one is not followed (rules/000 §7.4) and keeps its own outcome;
2. **default orders**: a unit left without a legal order gets the one the rules give it
   (it holds; a dislodged unit is disbanded; unused builds are waived, owed removals
   chosen by the civil-disorder rule);
3. **resolve**: the movement resolver decides the moves, supports and convoys; in a
   retreat phase, retreats to one province bounce;
4. **execute**: the units after the phase, then the calendar: the next phase, centre
   ownership after a Fall, and whether the game ended.

The calendar (rules/000 §7.6, §11, §13): Spring movement, (Spring retreats), Fall
movement, (Fall retreats), Winter adjustments. Skipped, as `interop/PHASES.md` says: a
retreat phase with no dislodged unit that can retreat, and an adjustment phase in
which no power can build or must remove. A dislodged unit with nowhere to go is
disbanded at the end of the movement phase.

Where a variant's rules plug in (`adjudication.model.variant`; the core knows no
variant, and the standard game is the variant with no hooks of its own):

- around the whole phase, its steps (`Variant.steps`, then `Variant.unit_steps`),
  each given the rest of the pipeline to play: Spy Diplomacy's spies, the Masters
  Rules (the registry gives every variant their step), Kriegsplomacy's espionage
  orders played as holds;
- legal moves per unit kind: `Board.can_move` and `Board.can_reach_province`, read by
  `validate_movement.MovementChecks.move` and `.support`, the layout's landing
  (`reach.fleet_destination`) and the retreat options (`reach.retreat_options`); a
  variant's own kind of unit (rules/004's plane) brings its rules (`Board.kinds`);
- what stands off: `movement._Reading._stands_off`, and head-to-head battles as the
  layout pairs them (`layout.Layout._lay_out_orders`);
- who owns a centre: `update_ownership`;
- what may be built where: `adjustments.build_sites`;
- what ends the game: `game_end.check_game_end`, and the variant's own victory.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import cast

from adjudication.maps.rulebook import RULEBOOK_GAME
from adjudication.model.board import Board
from adjudication.model.orders import MovementOrder, Order, RetreatOrder, Waive, order_power
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.result import Adjudication, CoinToss, EndKind, Event, GameEnd
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, PhaseKind, Power, Season, Unit
from adjudication.model.variant import (
    History,
    PhaseStep,
    PowerStatus,
    SideUnits,
    SoloCentres,
    Variant,
)
from adjudication.play import adjustments, movement, retreats
from adjudication.play.game_end import check_game_end
from adjudication.play.validate import validate_all

__all__ = ["adjudicate", "four_steps", "update_ownership"]


def adjudicate(
    position: Position,
    orders: Iterable[object],
    variant: Variant = RULEBOOK_GAME,
    rules: Rules = Rules(),  # noqa: B008 - Rules is frozen, sharing it is safe
    winter_history: History = (),
) -> Adjudication:
    """Play `position`'s phase with `orders` and return what happened.

    Illegal orders are not followed (rules/000 §7.4): the unit holds in a movement
    phase, is disbanded in a retreat phase, and the order's outcome is ILLEGAL
    (NO_SUCH_UNIT when it names no unit of that power). Units without orders hold
    (rules/000 §14.3), dislodged units without orders are disbanded, missing removals
    follow the civil-disorder rule, unused builds are waived.

    `winter_history`: centre ownership of the earlier winters, oldest first, one per
    year up to last year, for the stalemate rule (rules/004 rule 6); the winter this
    phase completes is added here. Leave it empty when that rule is not played.

    `variant` is the game's (`adjudication.variants`; by default the rulebook's game); a
    position of another variant is refused (ValueError): its units and phases mean
    something else. The variant's steps (`Variant.steps`, then `Variant.unit_steps`)
    wrap the four steps, outermost first: each may play the phase its own way (Spy
    Diplomacy's spies, the Masters Rules), or hand it on. Orders that are not the
    units' (a spy's) are read only by a step that knows them.
    """
    if position.variant != variant.name:
        raise ValueError(
            f"a position of the {position.variant!r} variant played as {variant.name!r}"
        )
    steps = variant.steps + variant.unit_steps
    return _stepped(steps, position, tuple(orders), variant, rules, winter_history)


def _stepped(
    steps: tuple[PhaseStep, ...],
    position: Position,
    orders: Sequence[object],
    variant: Variant,
    rules: Rules,
    winter_history: History,
) -> Adjudication:
    """The phase through `steps`, each handed the rest as its `play`; after the last,
    the four steps on the variant's board."""
    if not steps:
        # Every step has taken out the orders that are not the units' (a variant
        # without steps has none): what is left is the units' orders.
        return _played(position, cast("Sequence[Order]", orders), variant, rules, winter_history)
    step, rest = steps[0], steps[1:]

    def play(pos: Position, given: Sequence[object]) -> Adjudication:
        return _stepped(rest, pos, given, variant, rules, winter_history)

    return step(position, orders, variant, rules, winter_history, play)


def _played(
    position: Position,
    orders: Sequence[Order],
    variant: Variant,
    rules: Rules,
    winter_history: History,
) -> Adjudication:
    if variant.by_phase:
        return _played_by_phase(position, orders, variant, rules, winter_history)
    return four_steps(
        position, orders, variant.board, variant.statuses(rules), rules, winter_history
    )


def _played_by_phase(
    position: Position,
    orders: Iterable[Order],
    variant: Variant,
    rules: Rules,
    winter_history: History,
) -> Adjudication:
    """A phase of a variant whose rules change with the phase (World War I): its board
    and statuses for this phase, no 18-centre solo when a side's units decide, and the
    events and victory the variant checks after every phase."""
    phase = position.phase
    side_units = variant.victory if isinstance(variant.victory, SideUnits) else None
    played = four_steps(
        position,
        orders,
        variant.board_for(phase),
        variant.statuses(rules, phase),
        rules,
        winter_history,
        # A side's units (World War I) or a match (One-on-one) decide, never 18 centres.
        solo=isinstance(variant.victory, SoloCentres),
    )
    events: tuple[Event, ...] = ()
    join = variant.join
    nxt = played.position
    # W2: the coin is flipped when the Fall of the toss year ends, after its retreats.
    if (
        join is not None
        and phase.year == join.toss_year
        and phase.season is Season.FALL
        and nxt.phase.season is not Season.FALL
    ):
        events = (CoinToss(join.power, variant.toss_winner(rules), join.at),)
    end = played.game_end
    if side_units is not None:
        # The variant's victory beats the short game's year limit and a stalemate, as
        # a solo does in the standard game.
        end = _side_with_units(variant, rules, nxt, side_units.units) or end
    if not events and end is played.game_end:
        return played
    return replace(played, game_end=end, events=events)


def _side_with_units(variant: Variant, rules: Rules, nxt: Position, needed: int) -> GameEnd | None:
    """W4: a side (one player's countries, the joined power with the toss winner from
    the join) with `needed` units on the board wins; the powers are the winners."""
    counts: dict[Power, int] = {}
    for unit in nxt.units:
        counts[unit.power] = counts.get(unit.power, 0) + 1
    for side in variant.holdings_at(rules, nxt.phase):
        if sum(counts.get(power, 0) for power in side) >= needed:
            return GameEnd(EndKind.SIDE_UNITS, tuple(sorted(side)))
    return None


def four_steps(
    position: Position,
    orders: Iterable[Order],
    board: Board,
    statuses: Mapping[Power, PowerStatus],
    rules: Rules,
    winter_history: History,
    solo: bool = True,
) -> Adjudication:
    """The four steps on `board` with `statuses` (powers no player orders): the
    pipeline after the variant's steps, and what a step that plays the phase its own
    way (the Masters Rules') plays it with. `solo`: whether one power's centres can win
    the game."""
    given = tuple(orders)
    kind = position.phase.kind
    # 1. Validate.
    rejections = validate_all(given, position, board)
    if statuses:
        rejections = _refuse_unordered_powers(given, statuses, rejections)
    if rejections:
        accepted = [order for i, order in enumerate(given) if i not in rejections]
        refused = [_refused(given[i], rejection) for i, rejection in sorted(rejections.items())]
    else:
        accepted, refused = list(given), []
    # 2. Default orders. Validation accepted only orders of the phase's kind (the casts
    # tell mypy so); the defaults are of that kind too.
    if kind is PhaseKind.MOVEMENT:
        defaults = movement.default_orders(position, cast("list[MovementOrder]", accepted))
    elif kind is PhaseKind.RETREAT:
        defaults = retreats.default_orders(position, cast("list[RetreatOrder]", accepted))
    else:
        defaults = adjustments.default_orders(position, accepted, board, statuses)
    played = [*accepted, *(order for order, _ in defaults)]
    # 3. Resolve, and 4. execute.
    if kind is PhaseKind.MOVEMENT:
        moved = movement.resolve_movement(
            position, cast("list[MovementOrder]", played), board, rules
        )
        if statuses:
            moved = _dummies_disbanded(moved, statuses)
        if board.kinds:
            moved = _kinds_disbanded(moved, board)
        outcomes = _reported(moved.outcomes, defaults, refused)
        nxt, end = _after_movement(position, moved, board, rules, winter_history, statuses, solo)
        return Adjudication(position.phase, outcomes, nxt, end, moved.dislodged)
    if kind is PhaseKind.RETREAT:
        retreated = retreats.resolve_retreats(position, played, board)
        outcomes = _reported(retreated.outcomes, defaults, refused)
        nxt, end = _end_of_season(
            position, retreated.units, board, rules, winter_history, statuses, solo
        )
        return Adjudication(position.phase, outcomes, nxt, end)
    adjusted = adjustments.resolve_adjustments(position, played)
    outcomes = _reported(adjusted.outcomes, defaults, refused)
    nxt, end = _after_adjustments(position, adjusted.units, board, rules, winter_history)
    return Adjudication(position.phase, outcomes, nxt, end)


def update_ownership(
    ownership: Mapping[str, Power], units: Iterable[Unit], board: Board
) -> dict[str, Power]:
    """Centre ownership after a Fall with its retreats (rules/000 §13.1): a unit in a
    supply centre takes it; vacant centres keep their owner. A plane takes none: the
    centre keeps its owner (rules/004, P6): a unit of a variant's kind takes one only
    when its kind claims centres."""
    if board.kinds:
        kinds = board.kinds
        units = [u for u in units if u.type not in kinds or kinds[u.type].claims_centres]
    updated = dict(ownership)
    centres = board.supply_centres
    for unit in units:
        province = unit.location.province
        if province in centres:
            updated[province] = unit.power
    return updated


def _refuse_unordered_powers(
    given: Sequence[Order],
    statuses: Mapping[Power, PowerStatus],
    rejections: dict[int, Rejection],
) -> dict[int, Rejection]:
    """`rejections` and every order for a power no player orders: a dummy (rules/000
    §14.2, "Italian units hold in position ... but do not support each other") or a
    neutral power."""
    refused = dict(rejections)
    for i, order in enumerate(given):
        power = order_power(order)
        status = statuses.get(power)
        if status is not None:
            refused[i] = Rejection(
                RejectReason.POWER_NOT_ORDERED,
                f"No one orders {power.title()}'s units: it is {_STATUS_WORDS[status]}.",
            )
    return refused


_STATUS_WORDS = {
    PowerStatus.DUMMY: "in civil disorder for the whole game (rules/000 §14.2)",
    PowerStatus.NEUTRAL: "neutral",
    PowerStatus.CONTROLLABLE: "in civil disorder (rules/003 MR1 c)",
}


def _dummies_disbanded(
    moved: movement.MovementResult, statuses: Mapping[Power, PowerStatus]
) -> movement.MovementResult:
    """rules/000 §14.2: "If they are forced to retreat, they are disbanded": a dummy's
    dislodged unit has no retreat (it is not in `moved.units` already)."""
    if not any(d.unit.power in statuses and d.retreats for d in moved.dislodged):
        return moved
    dislodged = tuple(
        replace(d, retreats=()) if d.unit.power in statuses else d for d in moved.dislodged
    )
    return replace(moved, dislodged=dislodged)


def _kinds_disbanded(moved: movement.MovementResult, board: Board) -> movement.MovementResult:
    """A dislodged unit of a variant's kind that does not retreat loses its retreats
    (rules/004: "A plane dislodged by an attack cannot retreat; it must be disbanded";
    it is already not in `moved.units`)."""
    kinds = board.kinds

    def kept(unit: Unit) -> bool:
        kind = kinds.get(unit.type)
        return kind is None or kind.retreats

    if all(kept(d.unit) or not d.retreats for d in moved.dislodged):
        return moved
    dislodged = tuple(d if kept(d.unit) else replace(d, retreats=()) for d in moved.dislodged)
    return replace(moved, dislodged=dislodged)


def _refused(order: Order, rejection: Rejection) -> Outcome:
    missing = rejection.reason in (RejectReason.NO_SUCH_UNIT, RejectReason.NOT_YOUR_UNIT)
    return Outcome(order, False, Reason.NO_SUCH_UNIT if missing else Reason.ILLEGAL)


def _reported(
    outcomes: Sequence[Outcome],
    defaults: Sequence[tuple[Order, Reason]],
    refused: Sequence[Outcome],
) -> tuple[Outcome, ...]:
    """The phase's outcomes as reported, in canonical order: those of the orders played
    (the accepted ones, then the defaults, as the resolver returns them), each default
    marked with its reason, then those of the refused orders.

    A unit whose own orders were refused holds or is disbanded all the same, but its
    refused orders report it: its default is not reported again.
    """
    if not defaults and not refused:
        return _in_canonical_order(outcomes)
    reported = list(outcomes[: len(outcomes) - len(defaults)])
    tried = {_place_key(outcome.order)[:2] for outcome in refused}
    for outcome, (order, reason) in zip(outcomes[len(reported) :], defaults, strict=True):
        if reason is Reason.UNORDERED and _place_key(order)[:2] in tried:
            continue
        if outcome.succeeded and outcome.reason is None:
            outcome = Outcome(order, True, reason)
        reported.append(outcome)
    reported.extend(refused)
    return _in_canonical_order(reported)


def _after_movement(
    position: Position,
    moved: movement.MovementResult,
    board: Board,
    rules: Rules,
    winter_history: History,
    statuses: Mapping[Power, PowerStatus],
    solo: bool,
) -> tuple[Position, GameEnd | None]:
    """The retreat phase, when a dislodged unit has somewhere to go; else the end of
    the season (units with nowhere to go are simply not in `moved.units`)."""
    retreating = tuple(d for d in moved.dislodged if d.retreats)
    if not retreating:
        return _end_of_season(position, moved.units, board, rules, winter_history, statuses, solo)
    phase = position.phase
    retreat_phase = Phase(phase.year, phase.season, PhaseKind.RETREAT)
    return Position(
        retreat_phase,
        moved.units,
        position.ownership,
        retreating,
        moved.standoffs,
        position.variant,
    ), None


def _end_of_season(
    position: Position,
    units: Iterable[Unit],
    board: Board,
    rules: Rules,
    winter_history: History,
    statuses: Mapping[Power, PowerStatus],
    solo: bool,
) -> tuple[Position, GameEnd | None]:
    """The position after a season's movement (and retreats): the next phase, with
    ownership updated after a Fall, and whether the game ended there (`solo`: whether
    one power's centres can win it)."""
    year = position.phase.year
    if position.phase.season is Season.SPRING:
        fall = Phase(year, Season.FALL, PhaseKind.MOVEMENT)
        return Position(fall, units, position.ownership, variant=position.variant), None
    ownership = update_ownership(position.ownership, units, board)
    winter_phase = Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT)
    winter = Position(winter_phase, units, ownership, variant=position.variant)
    skipped = not adjustments.adjustments_needed(winter, board, statuses)
    if skipped:
        winter = winter.at_phase(Phase(year + 1, Season.SPRING, PhaseKind.MOVEMENT))
    end = check_game_end(
        winter,
        winter_history,
        board,
        rules,
        fall_completed=True,
        completed_year=year if skipped else None,
        solo=solo,
    )
    return winter, end


def _after_adjustments(
    position: Position,
    units: Iterable[Unit],
    board: Board,
    rules: Rules,
    winter_history: History,
) -> tuple[Position, GameEnd | None]:
    """Next year's Spring, and whether the game ended with the year (the short game)."""
    year = position.phase.year
    spring = Phase(year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    nxt = Position(spring, units, position.ownership, variant=position.variant)
    end = check_game_end(
        nxt, winter_history, board, rules, fall_completed=False, completed_year=year
    )
    return nxt, end


def _in_canonical_order(outcomes: Sequence[Outcome]) -> tuple[Outcome, ...]:
    """Outcomes in a canonical order, so that equal inputs give equal results however
    the orders were listed: by power, then where the unit stands (province, then
    coast), then the order's text. Callers list refused orders last, so of two
    identical orders the one that took effect comes first.

    The order's text is costly to build, so it is built only when two outcomes share
    a place (a unit given several orders, or several waives).
    """
    places = [_place_key(outcome.order) for outcome in outcomes]
    if len(set(places)) < len(places):
        return tuple(sorted(outcomes, key=lambda o: (*_place_key(o.order), str(o.order))))
    ranked = sorted(range(len(outcomes)), key=places.__getitem__)
    return tuple([outcomes[i] for i in ranked])


def _place_key(order: Order) -> tuple[Power, str, str]:
    """Whose unit an order is for and where it stands: province, coast ("~" for a waive)."""
    if isinstance(order, Waive):
        return order.power, "~", ""
    location = order.unit.location
    return order.unit.power, location.province, location.coast or ""
