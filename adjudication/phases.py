"""One phase of the game, start to finish: the engine's entry point.

`adjudicate` reads as a pipeline: validate -> default orders -> resolve -> execute ->
next phase. In a movement phase whose orders are all legal, the usual case, the first
steps are one: the resolver's layout sees at a glance that most orders are legal and
only the others are validated in full (`movement.resolve_legal_movement`); when one
is illegal, the phase takes the long way.

The calendar (rules/000 §7.6, §11, §13): Spring movement, (Spring retreats), Fall
movement, (Fall retreats), Winter adjustments. Skipped, as
`interop/PHASES.md` says: a retreat phase with no dislodged unit that can retreat,
and an adjustment phase in which no power can build or must remove. A dislodged
unit with nowhere to go is disbanded at the end of the movement phase.

Centre ownership changes when a Fall is complete with its retreats (rules/000 §13.1):
a unit standing in a supply centre takes it for its power; a vacant centre keeps its
owner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from adjudication.adjustments import adjustments_needed, resolve_adjustments
from adjudication.board import Board
from adjudication.game_end import EndKind, GameEnd, check_game_end
from adjudication.maps import STANDARD
from adjudication.movement import MovementResult, resolve_legal_movement_placed, resolve_movement
from adjudication.orders import Hold, Order, Waive, order_power
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Dislodgement, Position, unit_place_order
from adjudication.rejections import Rejection, RejectReason
from adjudication.retreats import resolve_retreats
from adjudication.rules import Rules
from adjudication.units import Phase, PhaseKind, Power, Season, Unit, quick_init
from adjudication.validate import validate_all

# Enum members as module constants: read off the enum class (`Season.SPRING`) they
# cost ten times as much, and every phase reads several.
_MOVEMENT, _RETREAT, _ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT
_SPRING, _FALL, _WINTER = Season.SPRING, Season.FALL, Season.WINTER

_phase = lru_cache(maxsize=1024)(Phase)
"""`Phase(year, season, kind)`, made once: phases are frozen, and a game asks for the
same few again and again."""

__all__ = ["Adjudication", "EndKind", "GameEnd", "adjudicate", "update_ownership"]


@quick_init
@dataclass(frozen=True, slots=True)
class Adjudication:
    """The result of playing one phase.

    - `phase`: the phase that was played.
    - `outcomes`: one per order given, plus one per default applied (unordered units,
      civil-disorder removals, unused builds), sorted by power and unit.
    - `position`: the next phase to play, skipped phases already passed over.
    - `game_end`: set when the game ended with this phase.
    - `dislodged`: movement phases: every unit dislodged, with where it may retreat
      (empty when it was disbanded at once).
    """

    phase: Phase
    outcomes: tuple[Outcome, ...]
    position: Position
    game_end: GameEnd | None = None
    dislodged: tuple[Dislodgement, ...] = ()


def adjudicate(
    position: Position,
    orders: Iterable[Order],
    board: Board = STANDARD,
    rules: Rules = Rules(),  # noqa: B008 - Rules is frozen, sharing it is safe
    winter_history: Sequence[Mapping[str, Power]] = (),
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
    """
    given = tuple(orders)
    if position.phase.kind is _MOVEMENT:
        # Usually every order is legal: then validation is done on the way.
        found = resolve_legal_movement_placed(position, given, board, rules)
        if found is not None:
            result, places = found
            return _after_movement(
                position, result, given, [], board, rules, winter_history, places
            )
    rejections = validate_all(given, position, board)
    if rejections:
        refused = [_refused(given[i], r) for i, r in sorted(rejections.items())]
        accepted = [o for i, o in enumerate(given) if i not in rejections]
    else:
        refused, accepted = [], list(given)
    play = {
        PhaseKind.MOVEMENT: _play_movement,
        PhaseKind.RETREAT: _play_retreats,
        PhaseKind.ADJUSTMENT: _play_adjustments,
    }[position.phase.kind]
    return play(position, accepted, refused, board, rules, winter_history)


def _play_movement(
    position: Position,
    accepted: list[Order],
    refused: list[Outcome],
    board: Board,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
) -> Adjudication:
    result = resolve_movement(position, accepted, board, rules)
    return _after_movement(position, result, accepted, refused, board, rules, winter_history)


def _after_movement(
    position: Position,
    result: MovementResult,
    accepted: Sequence[Order],
    refused: list[Outcome],
    board: Board,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
    places: list[tuple[Power, str]] | None = None,
) -> Adjudication:
    """The movement phase's outcomes in canonical order and the phase that follows.

    `places`: the power and province of each accepted order's unit, when the layout
    found them; the outcomes then sort by these instead of reading each outcome's order.
    """
    listed = _movement_outcomes(position, result, accepted, refused)
    if places is not None and not refused and board.codes_sort_as_places:
        # Each outcome is for a different unit; the defaults come after the orders.
        for outcome in listed[len(places) :]:
            places.append(_power_and_province(outcome))
        ranked = sorted(range(len(listed)), key=places.__getitem__)
        outcomes = tuple([listed[i] for i in ranked])
    else:
        # With no order refused, each outcome is for a different unit.
        outcomes = _sorted(listed, by_province=not refused and board.codes_sort_as_places)
    # Already sorted (`MovementResult.dislodged`): sorting again would compare the
    # dataclasses field by field in Python, for nothing.
    dislodged = result.dislodged
    units = result.units
    retreating = tuple(d for d in dislodged if d.retreats) if dislodged else ()
    if retreating:
        following = _phase(position.phase.year, position.phase.season, _RETREAT)
        # Parts the engine made, in order already (ownership from a position, the
        # units and the dislodged sorted): the constructor's checks and sorts are spared.
        nxt = Position.of_canonical(
            following,
            units,
            position.ownership,
            retreating,
            result.standoffs,
            result.unit_by_province,
        )
        return Adjudication(position.phase, outcomes, nxt, None, dislodged)
    # Units with nowhere to go are simply not in `units`: disbanded with the move.
    nxt, end = _end_of_season(
        position, units, board, rules, winter_history, result.unit_by_province
    )
    return Adjudication(position.phase, outcomes, nxt, end, dislodged)


def _play_retreats(
    position: Position,
    accepted: list[Order],
    refused: list[Outcome],
    board: Board,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
) -> Adjudication:
    result = resolve_retreats(position, accepted, board)
    # A unit whose only order was refused is disbanded like an unordered one, but the
    # refused order's outcome already speaks for it.
    tried = _named_units(refused)
    kept = [
        o
        for o in result.outcomes
        if not (o.reason is Reason.UNORDERED and _place(o.order) in tried)
    ]
    units = tuple(sorted(result.units, key=unit_place_order))
    nxt, end = _end_of_season(position, units, board, rules, winter_history)
    return Adjudication(position.phase, _sorted([*kept, *refused]), nxt, end)


def _play_adjustments(
    position: Position,
    accepted: list[Order],
    refused: list[Outcome],
    board: Board,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
) -> Adjudication:
    result = resolve_adjustments(position, accepted, board)
    year = position.phase.year
    spring = _phase(year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    nxt = Position(spring, result.units, position.ownership)
    end = check_game_end(
        nxt, winter_history, board, rules, fall_completed=False, completed_year=year
    )
    return Adjudication(position.phase, _sorted([*result.outcomes, *refused]), nxt, end)


def update_ownership(
    ownership: Mapping[str, Power], units: Iterable[Unit], board: Board
) -> dict[str, Power]:
    """Centre ownership after a Fall with its retreats (rules/000 §13.1): a unit in a
    supply centre takes it; vacant centres keep their owner."""
    updated = dict(ownership)
    centres = board.supply_centres
    for unit in units:
        province = unit.location.province
        if province in centres:
            updated[province] = unit.power
    return updated


def _refused(order: Order, rejection: Rejection) -> Outcome:
    missing = rejection.reason in (RejectReason.NO_SUCH_UNIT, RejectReason.NOT_YOUR_UNIT)
    return Outcome(order, False, Reason.NO_SUCH_UNIT if missing else Reason.ILLEGAL)


def _place(order: Order) -> tuple[Power, str]:
    """Whose unit an order is for and where it stands ("~" for a waive)."""
    return (order_power(order), "~" if isinstance(order, Waive) else order.unit.province)


def _named_units(outcomes: Iterable[Outcome]) -> set[tuple[Power, str]]:
    return {_place(o.order) for o in outcomes}


def _end_of_season(
    position: Position,
    units: tuple[Unit, ...],
    board: Board,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]],
    unit_by_province: Mapping[str, Unit] | None = None,
) -> tuple[Position, GameEnd | None]:
    """The position after a season's movement (and retreats): the next phase, with
    ownership updated after a Fall, and whether the game ended there.

    `units` are in canonical order, one to a province (`unit_by_province` finds them,
    when the caller has it), and the ownership comes from a position, in order
    already: `Position.of_canonical` spares the checks and sorts."""
    year = position.phase.year
    if position.phase.season is _SPRING:
        fall = _phase(year, _FALL, _MOVEMENT)
        return Position.of_canonical(
            fall, units, position.ownership, unit_by_province=unit_by_province
        ), None

    ownership = update_ownership(position.ownership, units, board)
    if len(ownership) != len(position.ownership):  # a first owner: its centre was appended
        ownership = dict(sorted(ownership.items()))
    winter = Position.of_canonical(
        _phase(year, _WINTER, _ADJUSTMENT), units, ownership, unit_by_province=unit_by_province
    )
    skipped = not adjustments_needed(winter, board)
    spring = _phase(year + 1, _SPRING, _MOVEMENT)
    nxt = winter.at_phase(spring) if skipped else winter
    end = check_game_end(
        nxt,
        winter_history,
        board,
        rules,
        fall_completed=True,
        completed_year=year if skipped else None,
    )
    return nxt, end


def _movement_outcomes(
    position: Position,
    result: MovementResult,
    accepted: Sequence[Order],
    refused: list[Outcome],
) -> list[Outcome]:
    """The resolver's outcomes, then the default orders'. A unit with no legal order
    holds (the resolver needs no order for that); its outcome is a hold, UNORDERED,
    unless its orders were illegal, when their own outcomes speak for it.

    Validation leaves at most one order per unit, each naming a unit of its power as
    it stands, so the resolver took the orders as given: it finds each unit by
    province, and its outcomes line up with the orders by index.
    """
    outcomes = list(result.outcomes)
    units = position.units
    if len(accepted) < len(units):
        ordered = {o.unit.location.province for o in accepted}
        tried = _named_units(refused)
        attacked_from = {d.unit.location.province: d.attacker_from for d in result.dislodged}
        for unit in units:
            province = unit.location.province
            if province in ordered or (unit.power, province) in tried:
                continue
            attacker = attacked_from.get(province)
            outcomes.append(
                Outcome(Hold(unit), True, Reason.UNORDERED)
                if attacker is None
                else Outcome(Hold(unit), False, Reason.DISLODGED, attacker)
            )
    outcomes.extend(refused)
    return outcomes


def _place_key(outcome: Outcome) -> tuple[str, str]:
    """Whose order and where its unit stands, as `str(location)` spells it."""
    order = outcome.order
    if type(order) is Waive:
        return order.power, "~"
    unit = order.unit
    location = unit.location
    coast = location.coast
    return unit.power, f"{location.province}/{coast}" if coast else location.province


def _sort_key(outcome: Outcome) -> tuple[str, str, str]:
    return (*_place_key(outcome), str(outcome.order))


def _sorted(outcomes: Sequence[Outcome], by_province: bool = False) -> tuple[Outcome, ...]:
    """Outcomes in a canonical order, so equal inputs give equal results however the
    orders were listed: by power, then place (`str` of the unit's location), then the
    order's text. Callers list refused orders last, so of two identical orders the one
    that took effect comes first.

    `by_province`: the orders name different provinces, on a board whose codes sort
    like places (`Board.codes_sort_as_places`), so power and province decide alone.
    Otherwise the order's text, costly to build, is built only when two outcomes
    share a place.
    """
    if by_province:
        return tuple(sorted(outcomes, key=_power_and_province))
    keys = [_place_key(o) for o in outcomes]
    if len(set(keys)) < len(keys):
        return tuple(sorted(outcomes, key=_sort_key))
    ranked = sorted(zip(keys, range(len(keys)), strict=True))
    return tuple([outcomes[i] for _, i in ranked])


_power_and_province = attrgetter("order.unit.power", "order.unit.location.province")
