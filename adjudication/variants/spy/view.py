"""What a power may know of the spies (rules/004, Spy Diplomacy): "Only the owner of a
spy is told its location", and "No indication of the sabotage is given in the
results". For the per-power views (issue 12): a view of a Spy game is made of these,
and the outcomes every power reads (`Adjudication.outcomes`) need nothing taken out:
they already list a sabotaged unit with the order it followed, as if its owner had
given it (reading Y7).
"""

from __future__ import annotations

from dataclasses import replace

from adjudication.model.board import Board
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Power
from adjudication.model.variant import Views
from adjudication.model.views import PowerView, PublicView
from adjudication.play.views import year_end_counts
from adjudication.variants.spy.orders import SpyOutcome, SpyReason, SpyReport


def spies_seen_by(position: Position, power: Power) -> tuple[Spy, ...]:
    """The spies `power` is told of: its own."""
    return tuple(spy for spy in position.spies if spy.power == power)


def position_seen_by(position: Position, power: Power) -> Position:
    """`position` as `power` may know it of spies: its own spy only (the units and
    centres are public in Spy Diplomacy)."""
    return _with_spies(position, spies_seen_by(position, power))


def result_seen_by(result: Adjudication, power: Power) -> Adjudication:
    """The phase as `power` may know it: the outcomes as every power reads them (Y7),
    the position after it with its own spy only, and its own spy orders' outcomes."""
    return replace(
        result,
        position=position_seen_by(result.position, power),
        spies=spy_report_for(result.spies, power),
    )


def public_result(result: Adjudication) -> Adjudication:
    """The results the game channel may post: the outcomes (Y7), the position with no
    spy ("Only the owner of a spy is told its location"), and no record of the spies."""
    return replace(result, position=_with_spies(result.position, ()), spies=None)


def _with_spies(position: Position, spies: tuple[Spy, ...]) -> Position:
    if spies == position.spies:
        return position
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


def spy_report_for(report: object | None, power: Power) -> SpyReport | None:
    """What `power` learns of the spies' orders (`report`, a phase's
    `Adjudication.spies`): the outcomes of its own spy's, and no record of any sabotage
    (its owner knows what it ordered; whose spy it was, and whether one was there, it
    is not told)."""
    if not isinstance(report, SpyReport):
        return None
    own = tuple(_masked(o) for o in report.outcomes if o.order.spy.power == power)
    return replace(report, outcomes=own, sabotaged=())


def _masked(outcome: SpyOutcome) -> SpyOutcome:
    """A saboteur learns that its order was not followed, not why: "protected" or
    "ambiguous" would tell it of another spy in the space."""
    if outcome.reason in (SpyReason.PROTECTED, SpyReason.AMBIGUOUS):
        return replace(outcome, reason=None)
    return outcome


def _power_view(
    before: Position, result: Adjudication, power: Power, board: Board, watched: frozenset[str]
) -> PowerView:
    """What `power` may know of a phase of Spy Diplomacy: all but the other powers'
    spies."""
    return PowerView(power, result_seen_by(result, power))


def _public_view(before: Position, result: Adjudication, board: Board) -> PublicView:
    """What the game channel may post of a phase of Spy Diplomacy: the results without
    the spies, with the centre chart at the end of each year."""
    counts = year_end_counts(before, result, board)
    return PublicView(result.phase, counts, result.game_end, public_result(result))


SPY_VIEWS = Views(power=_power_view, public=_public_view)
"""Spy Diplomacy's views (`Variant.views`)."""
