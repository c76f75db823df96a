"""A phase played under the Masters Rules: the engine's pipeline
(`adjudication.play.phases`) with the written orders settled first, the minor powers'
and annexed home centres on the board, and the adjustment phase of MR3-MR6.

`adjudicate_written` is the entry for a game whose players write orders by
Variable Control; the Masters step (`play_masters`) sends a Masters game's plain
orders here, each written by its own power.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Order, order_power
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, PhaseKind, Power, Season
from adjudication.model.variant import History, Play, PowerStatus, Variant
from adjudication.play.adjustments import adjustments_needed
from adjudication.play.game_end import check_game_end
from adjudication.play.phases import four_steps
from adjudication.variants.masters.adjust import play_adjustments
from adjudication.variants.masters.control import settle
from adjudication.variants.masters.minors import is_rebel, minor_powers
from adjudication.variants.masters.written import Written, WrittenOutcome


@dataclass(frozen=True, slots=True)
class MastersAdjudication:
    """A phase's result (`adjudication`) and what became of each written line."""

    adjudication: Adjudication
    written: tuple[WrittenOutcome, ...]


def play_masters(
    position: Position,
    orders: Sequence[object],
    variant: Variant,
    rules: Rules,
    winter_history: History,
    play: Play,
) -> Adjudication:
    """The Masters Rules' step (`Variant.steps`; the registry gives it to every
    variant, rules/003: "may be used ... in combination" on any game): when the game's
    rules play any of them, chosen once per phase, the phase is played here with each
    order written by its own power; else it goes on down the pipeline (`play`)."""
    if not rules.masters.played:
        return play(position, orders)
    # The steps before this one left only the units' orders (Spy Diplomacy's step took
    # the spies' out).
    return play_orders(position, cast("Sequence[Order]", orders), variant, rules, winter_history)


def play_orders(
    position: Position,
    orders: Iterable[Order],
    variant: Variant,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]] = (),
) -> Adjudication:
    """The phase with each order written by its own power (no Variable Control)."""
    written = [Written(order, order_power(order)) for order in orders]
    return adjudicate_written(position, written, variant, rules, winter_history).adjudication


def in_disorder(
    position: Position, board: Board, masters: MastersRules, disorder: Collection[Power] = ()
) -> frozenset[Power]:
    """The powers in civil disorder: the minor powers (MR1 c) of the variant's
    `board`, the rebels (MR3 a) and the Great Powers `disorder` names (players gone;
    the service knows them)."""
    powers = set(disorder)
    if masters.minor_powers:
        powers.update(minor_powers(board))
    powers.update(u.power for u in position.units if is_rebel(u.power))
    # A rebel whose one unit is dislodged is in disorder still: its retreat is written.
    powers.update(d.unit.power for d in position.dislodged if is_rebel(d.unit.power))
    powers.update(p for p in position.ownership.values() if is_rebel(p))
    return frozenset(powers)


_boards: dict[tuple[int, tuple[tuple[str, Power], ...]], tuple[Board, Board]] = {}


def masters_board(board: Board, masters: MastersRules, homes: Mapping[str, Power]) -> Board:
    """`board` with the minor powers' home centres (MR1 b) and the annexed ones
    (MR4 c; an annexed centre is no longer its former power's home, M13)."""
    key = (id(board), tuple(sorted(homes.items())) if masters.minor_powers or homes else ())
    cached = _boards.get(key)
    if cached is not None and cached[0] is board:
        return cached[1]
    centres = {p: set(c) for p, c in board.home_centres.items()}
    if masters.minor_powers:
        for power, centre in minor_powers(board).items():
            centres[power] = {centre}
    for centre, power in homes.items():
        for held in centres.values():
            held.discard(centre)
        centres.setdefault(power, set()).add(centre)
    played = replace(board, home_centres={p: frozenset(c) for p, c in centres.items()})
    _boards[key] = (board, played)
    return played


def adjudicate_written(
    position: Position,
    written: Iterable[Written],
    variant: Variant,
    rules: Rules,
    winter_history: Sequence[Mapping[str, Power]] = (),
    disorder: Collection[Power] = (),
) -> MastersAdjudication:
    """Play `position`'s phase under `rules.masters` with the lines `written`.

    `winter_history` is as for `adjudicate`; with MR4 it must hold last year's
    winter (the ownership "in the previous Adjustments phase"). `disorder`: Great
    Powers in civil disorder, whose units players may write for (MR2 a).
    """
    if position.variant != variant.name:
        raise ValueError(
            f"a position of the {position.variant!r} variant played as {variant.name!r}"
        )
    masters = rules.masters
    phase = position.phase
    base = variant.board_for(phase)
    board = masters_board(base, masters, position.homes)
    cd = in_disorder(position, base, masters, disorder)
    statuses = _statuses(variant, rules, phase, cd)
    lines = list(written)
    if phase.kind is PhaseKind.ADJUSTMENT:
        return _adjustments(position, lines, variant, board, rules, cd, winter_history)
    orders, outcomes = settle(lines, position, board, cd, masters.variable_control)
    played = four_steps(position, orders, board, statuses, rules, winter_history)
    nxt = played.position
    if position.homes:
        nxt = _with_homes(nxt, position.homes)
    nxt = _winter_kept(position, nxt, board, masters, played.game_end is None, cd)
    return MastersAdjudication(replace(played, position=nxt), tuple(outcomes))


def _with_homes(position: Position, homes: Mapping[str, Power]) -> Position:
    return Position(
        position.phase,
        position.units,
        position.ownership,
        position.dislodged,
        position.standoffs,
        position.variant,
        homes,
    )


def _winter_kept(
    before: Position,
    nxt: Position,
    board: Board,
    masters: MastersRules,
    open_game: bool,
    cd: Collection[Power],
) -> Position:
    """The Winter the pipeline skips because no power can place a build is played
    when a power with a surplus may use it otherwise: rebels, annexation or aid
    (M15)."""
    if not open_game:
        return nxt
    if before.phase.season is not Season.FALL or nxt.phase.season is not Season.SPRING:
        return nxt
    if not _opens_winter(nxt, board, masters, cd):
        return nxt
    return nxt.at_phase(Phase(before.phase.year, Season.WINTER, PhaseKind.ADJUSTMENT))


def _opens_winter(
    position: Position, board: Board, masters: MastersRules, cd: Collection[Power]
) -> bool:
    """M15: a Great Power not in disorder has a surplus it may spend on rebels,
    an annexation or aid."""
    if not (masters.rebellion or masters.annexation or masters.foreign_aid):
        return False
    return any(position.adjustment_of(p) > 0 for p in board.powers if p not in cd)


def winter_played(
    winter: Position, variant: Variant, rules: Rules, disorder: Collection[Power] = ()
) -> bool:
    """Whether the engine plays the adjustment phase `winter` (PHASES.md passes over
    one in which nobody adjusts): a power may build or must remove, on the board with
    the minor powers' and annexed home centres, or a Great Power not in disorder may
    use a surplus otherwise (M15). `disorder`: as for `adjudicate_written`, the Great
    Powers in disorder when the Fall before it was played."""
    masters = rules.masters
    base = variant.board_for(winter.phase)
    board = masters_board(base, masters, winter.homes)
    cd = in_disorder(winter, base, masters, disorder)
    statuses = _statuses(variant, rules, winter.phase, cd)
    return adjustments_needed(winter, board, statuses) or _opens_winter(winter, board, masters, cd)


def _statuses(
    variant: Variant, rules: Rules, phase: Phase, cd: Collection[Power]
) -> dict[Power, PowerStatus]:
    statuses = dict(variant.statuses(rules, phase))
    if not rules.masters.variable_control:  # nobody orders them: they hold, are disbanded
        statuses.update(dict.fromkeys(cd, PowerStatus.CONTROLLABLE))
    return statuses


def _adjustments(
    position: Position,
    lines: list[Written],
    variant: Variant,
    board: Board,
    rules: Rules,
    cd: frozenset[Power],
    winter_history: Sequence[Mapping[str, Power]],
) -> MastersAdjudication:
    masters = rules.masters
    owned_before: Mapping[str, Power] = {}
    if masters.annexation and position.phase.year > variant.start.year:
        if not winter_history:
            raise ValueError("MR4 Annexation needs last winter's ownership (winter_history)")
        owned_before = winter_history[-1]
    adjusted = play_adjustments(position, lines, board, masters, cd, owned_before)
    homes = {**position.homes, **adjusted.annexed}
    year = position.phase.year
    spring = Phase(year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    nxt = Position(
        spring, adjusted.units, position.ownership, variant=position.variant, homes=homes
    )
    end = check_game_end(
        nxt, winter_history, board, rules, fall_completed=False, completed_year=year
    )
    outcomes = tuple(sorted(adjusted.outcomes, key=_outcome_key))
    played = Adjudication(position.phase, outcomes, nxt, end)
    return MastersAdjudication(played, adjusted.written)


def _outcome_key(outcome: Outcome) -> tuple[str, str]:
    return order_power(outcome.order), str(outcome.order)
